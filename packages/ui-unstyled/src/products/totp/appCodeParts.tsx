// biome-ignore-all lint/correctness/noComponentHookFactories: the factory runs once, at module level, never during a render, so each component keeps a stable identity.
// Internal: the six boxes of a code from the authenticator app under their label, as the two places that ask for one
// outside the sign-in make them: the enrolment's first code (TotpEnrollment) and "Confirm it's you"
// (SessionVerification). Each screen exports the digit under its own name.
import { useMessages } from '../../messages/index';
import { createPart } from '../../primitives/createPart';
import { type CodeDigitState, createCodeDigit, digitKeys } from '../../screens/shared/screenParts';
import { totpMessages } from './messages';

/** What the boxes read from their screen's state: the code's, the error that describes them, and the ids. */
export interface AppCodeState extends Omit<CodeDigitState, 'errorId'> {
  /** Why the last code was refused, or null: the boxes are invalid and described by it meanwhile. */
  error: unknown;
  /** `error`: the error part's id; `codeLabel`: the visible label's, which names the group of boxes. */
  ids: { error: string; codeLabel: string };
}

/**
 * The parts of a code from the app in `scope`: `Digit`, one box (`data-part="digit"`, `data-index`, `data-filled`),
 * and `Boxes`, the visible label 'Code from your app' (`data-part="code-label"`) and the group of six boxes it names
 * (`data-part="code-input"`, role group, `data-invalid` and described by the error after a refusal).
 */
export function createAppCodeParts(scope: string, useScreen: () => AppCodeState) {
  const useCodeState = () => {
    const screen = useScreen();
    return { ...screen, errorId: screen.error ? screen.ids.error : undefined };
  };
  const Digit = createCodeDigit(scope, useCodeState);
  const Label = createPart(scope, 'code-label', 'p');
  const Group = createPart(scope, 'code-input', 'div');
  function Boxes() {
    const state = useCodeState();
    const t = useMessages(totpMessages);
    return (
      <>
        <Label id={state.ids.codeLabel}>{t('totpEnrollment.codeLabel')}</Label>
        <Group
          role="group"
          aria-labelledby={state.ids.codeLabel}
          aria-describedby={state.errorId}
          data-invalid={state.errorId ? '' : undefined}
        >
          {digitKeys(state.digits.length).map((key, index) => (
            <Digit key={key} index={index} />
          ))}
        </Group>
      </>
    );
  }
  Boxes.displayName = `${scope}.code-boxes`;
  return { Digit, Boxes };
}
