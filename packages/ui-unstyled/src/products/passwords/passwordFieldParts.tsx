// biome-ignore-all lint/correctness/noComponentHookFactories: the factory runs once per screen, at module level, never during a render, so each component keeps a stable identity.
// Internal: the password form the PasswordCreateOrLogin and PasswordResetForm screens share — the form, the
// password's label, field wrapper, input and show/hide toggle, the strength check, the error and Continue. Not
// exported from the package: each screen file re-exports the parts under its own public names.
import { type FormEvent, forwardRef } from 'react';
import { ErrorMessage, type ErrorMessageProps } from '../../components/ErrorMessage';
import { Spinner } from '../../components/Spinner';
import { type MessageId, useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { useFocusAfterFailedSubmit } from '../../screens/shared/useFocusAfterFailedSubmit';
import { passwordMessages } from './messages';
import type { UsePasswordCreateOrLoginScreenReturn } from './PasswordCreateOrLogin/usePasswordCreateOrLoginScreen';
import { PasswordInput, PasswordVisibilityToggle, type PasswordVisibilityToggleProps } from './PasswordInput';
import { PasswordStrength, type PasswordStrengthProps } from './PasswordStrength';

/**
 * What the password parts read from a screen's state: the password fields of the PasswordCreateOrLogin state, which
 * the PasswordResetForm state repeats, with only the element ids both screens have.
 */
export type PasswordFieldState = Pick<
  UsePasswordCreateOrLoginScreenReturn,
  | 'password'
  | 'setPassword'
  | 'isPasswordVisible'
  | 'togglePasswordVisibility'
  | 'strength'
  | 'passwordConfig'
  | 'canSubmit'
  | 'error'
  | 'submit'
> & { ids: Pick<UsePasswordCreateOrLoginScreenReturn['ids'], 'password' | 'error' | 'feedback'> };

/** How one screen's password form differs from the other's. */
export interface PasswordFieldPartsOptions<State extends PasswordFieldState> {
  /** The screen component's name (`PasswordResetFormScreen`), for display names. */
  name: string;
  /** The `data-scope` of every part (`password-reset-form`). */
  scope: string;
  /** The screen's context hook. */
  useScreen: () => State;
  /** The password label's message. */
  passwordLabelId: MessageId;
  /** The password label's `data-field`, when the screen has other labels to tell it from (none when absent). */
  passwordLabelField?: string;
  /**
   * A new password is being chosen: `new-password` autocomplete (else `current-password`), the strength check
   * shows and describes the input.
   */
  isNewPassword: (screen: State) => boolean;
  /** Continue's request is running (`data-pending`, `aria-busy`, its spinner). */
  isSubmitting: (screen: State) => boolean;
}

/**
 * Makes the parts of a screen's password form: `Form`, `PasswordLabel`, `PasswordField`, `PasswordInput`,
 * `VisibilityToggle`, `Strength`, `Error` and `Submit`, each tagged with the screen's `data-scope`.
 */
export function createPasswordFieldParts<State extends PasswordFieldState>(options: PasswordFieldPartsOptions<State>) {
  const { name, scope, useScreen, isNewPassword, isSubmitting } = options;
  const FormPart = createPart(scope, 'form', 'form');
  const LabelPart = createPart(scope, 'label', 'label');
  const PasswordField = createPart(scope, 'password-field', 'div');
  const SubmitPart = createPart(scope, 'submit', 'button');

  const Form = forwardRef<HTMLFormElement, PartProps<'form'>>(function Form(props, ref) {
    const screen = useScreen();
    // A refused password puts the focus back in the field (the disabled Continue would leave it on the page body).
    const markSubmitted = useFocusAfterFailedSubmit(isSubmitting(screen), Boolean(screen.error));
    return (
      <FormPart
        noValidate
        data-invalid={screen.error ? '' : undefined}
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          if (!screen.canSubmit) return;
          markSubmitted(event.currentTarget);
          void screen.submit();
        })}
        ref={ref}
      />
    );
  });
  Form.displayName = `${name}Form`;

  const PasswordLabel = forwardRef<HTMLLabelElement, PartProps<'label'>>(function PasswordLabel(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    return (
      <LabelPart htmlFor={screen.ids.password} data-field={options.passwordLabelField} {...props} ref={ref}>
        {props.children ?? t(options.passwordLabelId)}
      </LabelPart>
    );
  });
  PasswordLabel.displayName = `${name}PasswordLabel`;

  const PasswordInputPart = forwardRef<HTMLInputElement, PartProps<'input'>>(function PasswordInputPart(props, ref) {
    const screen = useScreen();
    const isNew = isNewPassword(screen);
    const describedBy = [screen.error ? screen.ids.error : null, isNew ? screen.ids.feedback : null]
      .filter(Boolean)
      .join(' ');
    return (
      <PasswordInput
        data-scope={scope}
        data-part="password-input"
        id={screen.ids.password}
        name="password"
        autoComplete={isNew ? 'new-password' : 'current-password'}
        required
        isVisible={screen.isPasswordVisible}
        value={screen.password}
        aria-invalid={screen.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-invalid={screen.error ? '' : undefined}
        {...props}
        onChange={composeEventHandlers(props.onChange, (event) => screen.setPassword(event.target.value))}
        ref={ref}
      />
    );
  });
  PasswordInputPart.displayName = `${name}PasswordInput`;

  const VisibilityToggle = forwardRef<HTMLButtonElement, Omit<PasswordVisibilityToggleProps, 'isVisible' | 'onToggle'>>(
    function VisibilityToggle(props, ref) {
      const screen = useScreen();
      return (
        <PasswordVisibilityToggle
          data-scope={scope}
          data-part="visibility-toggle"
          isVisible={screen.isPasswordVisible}
          onToggle={screen.togglePasswordVisibility}
          inputId={screen.ids.password}
          {...props}
          ref={ref}
        />
      );
    },
  );
  VisibilityToggle.displayName = `${name}VisibilityToggle`;

  const Strength = forwardRef<HTMLDivElement, Omit<PasswordStrengthProps, 'strength' | 'passwordConfig'>>(
    function Strength(props, ref) {
      const screen = useScreen();
      if (!isNewPassword(screen)) return null;
      return (
        <PasswordStrength
          data-scope={scope}
          data-part="strength"
          strength={screen.strength}
          passwordConfig={screen.passwordConfig}
          feedbackId={screen.ids.feedback}
          {...props}
          ref={ref}
        />
      );
    },
  );
  Strength.displayName = `${name}Strength`;

  const FieldError = forwardRef<HTMLParagraphElement, Omit<ErrorMessageProps, 'error'>>(
    function FieldError(props, ref) {
      const screen = useScreen();
      return (
        <ErrorMessage
          id={screen.ids.error}
          data-scope={scope}
          data-part="error"
          error={screen.error}
          {...props}
          ref={ref}
        />
      );
    },
  );
  FieldError.displayName = `${name}Error`;

  const Submit = forwardRef<HTMLButtonElement, PartProps<'button'>>(function Submit(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    const isPending = isSubmitting(screen);
    return (
      <SubmitPart
        type="submit"
        disabled={!screen.canSubmit}
        aria-busy={isPending || undefined}
        data-pending={isPending ? '' : undefined}
        data-disabled={screen.canSubmit ? undefined : ''}
        {...props}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('password.continue')}
            {isPending ? <Spinner label={t('password.submitting')} /> : null}
          </>
        )}
      </SubmitPart>
    );
  });
  Submit.displayName = `${name}Submit`;

  return {
    Form,
    PasswordLabel,
    PasswordField,
    PasswordInput: PasswordInputPart,
    VisibilityToggle,
    Strength,
    Error: FieldError,
    Submit,
  };
}
