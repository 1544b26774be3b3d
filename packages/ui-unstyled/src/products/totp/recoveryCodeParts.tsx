// biome-ignore-all lint/correctness/noComponentHookFactories: every factory here runs once, at module level, never during a render, so each component keeps a stable identity.
// Internal: the recovery-code field as both places that take a recovery code make it, the sign-in's TotpRecoveryCode
// screen and "Confirm it's you" (SessionVerification). Its own module: the passkey screens' chunk, which shows
// "Confirm it's you", does not bring the sign-in screen. Each screen re-exports or places the parts under its names.
import { forwardRef } from 'react';
import { useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { totpMessages } from './messages';

/** What a recovery-code field reads from its screen's state. */
export interface RecoveryCodeFieldState {
  /** The input's id (its label's `htmlFor`). */
  id: string;
  /** The code typed so far. */
  value: string;
  setValue: (value: string) => void;
  /** The code is being checked: the input is read-only. */
  isPending: boolean;
  /** The id of the error that describes the input after a refusal, else undefined. */
  errorId: string | undefined;
}

/**
 * The field's `<label>` 'Recovery code' (`data-scope="<scope>" data-part="<part>"`), for the input `useState()` names.
 */
export function createRecoveryCodeLabel(
  scope: string,
  part: string,
  useState: () => Pick<RecoveryCodeFieldState, 'id'>,
) {
  const Label = createPart(scope, part, 'label');
  const RecoveryCodeLabel = forwardRef<HTMLLabelElement, PartProps<'label'>>(function RecoveryCodeLabel(props, ref) {
    const state = useState();
    const t = useMessages(totpMessages);
    return (
      <Label htmlFor={state.id} {...props} ref={ref}>
        {props.children ?? t('totpRecovery.label')}
      </Label>
    );
  });
  RecoveryCodeLabel.displayName = `${scope}.${part}`;
  return RecoveryCodeLabel;
}

/**
 * The recovery-code input (`data-scope="<scope>" data-part="<part>"`): text, `autocomplete="one-time-code"`, no
 * capitals or spell check, the placeholder, read-only while the code is checked, `aria-invalid` and described by the
 * error after a refusal. `defaults` go before the caller's props (a `name`, `autoFocus`).
 */
export function createRecoveryCodeInput(
  scope: string,
  part: string,
  useState: () => RecoveryCodeFieldState,
  defaults: PartProps<'input'> = {},
) {
  const Input = createPart(scope, part, 'input');
  const RecoveryCodeInput = forwardRef<HTMLInputElement, PartProps<'input'>>(function RecoveryCodeInput(props, ref) {
    const state = useState();
    const t = useMessages(totpMessages);
    return (
      <Input
        id={state.id}
        type="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('totpRecovery.placeholder')}
        value={state.value}
        readOnly={state.isPending}
        aria-invalid={state.errorId ? true : undefined}
        aria-describedby={state.errorId}
        {...defaults}
        {...props}
        onChange={composeEventHandlers(props.onChange, (event) => state.setValue(event.currentTarget.value))}
        ref={ref}
      />
    );
  });
  RecoveryCodeInput.displayName = `${scope}.${part}`;
  return RecoveryCodeInput;
}
