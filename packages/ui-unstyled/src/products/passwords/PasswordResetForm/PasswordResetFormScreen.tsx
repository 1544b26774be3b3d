import { forwardRef } from 'react';
import { Spinner, type SpinnerProps } from '../../../components/Spinner';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { passwordMessages } from '../messages';
import { createPasswordFieldParts } from '../passwordFieldParts';
import { type UsePasswordResetFormScreenReturn, usePasswordResetFormScreen } from './usePasswordResetFormScreen';

export * from './usePasswordResetFormScreen';

const NAME = 'PasswordResetFormScreen';
const { Provider, useScreenContext: useScreen } = createScreenContext<UsePasswordResetFormScreenReturn>(NAME);

/** Provides the PasswordResetForm screen's state (`usePasswordResetFormScreen()`, or a fixed value) to its parts. */
export const PasswordResetFormScreenProvider = Provider;

const SCOPE = 'password-reset-form';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const LoginWithoutPassword = createPart(SCOPE, 'login-without-password', 'button');

const field = createPasswordFieldParts({
  name: NAME,
  scope: SCOPE,
  useScreen,
  passwordLabelId: 'password.newPasswordLabel',
  isNewPassword: () => true,
  isSubmitting: (screen) => screen.isSubmitting,
});

/**
 * The screen's container (`data-scope="password-reset-form" data-part="root"`, `data-view="logging-in|form"`,
 * `data-status="logging_in|form|submitting|success|error"`).
 */
export const PasswordResetFormScreenRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function PasswordResetFormScreenRoot(props, ref) {
    const screen = useScreen();
    return <Root data-view={screen.view} data-status={screen.status} {...props} ref={ref} />;
  },
);

/** The heading: 'Logging in...' for a login link, else 'Reset your password'. */
export const PasswordResetFormScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function PasswordResetFormScreenTitle(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t(screen.view === 'logging-in' ? 'password.loggingIn' : 'password.reset.title')}
      </Title>
    );
  },
);

/** The spinner while a login link is exchanged (`data-part="spinner"`); nothing otherwise. */
export const PasswordResetFormScreenSpinner = forwardRef<HTMLSpanElement, SpinnerProps>(
  function PasswordResetFormScreenSpinner(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    if (screen.view !== 'logging-in' || !screen.isLoggingIn) return null;
    return <Spinner data-scope={SCOPE} data-part="spinner" label={t('password.loggingIn')} {...props} ref={ref} />;
  },
);

/** The `<form>` (`data-part="form"`, `data-invalid` with an error); Enter submits once the password is valid. */
export const PasswordResetFormScreenForm = field.Form;

/** The password's `<label>` ('New password'). */
export const PasswordResetFormScreenPasswordLabel = field.PasswordLabel;

/** A wrapper for the password input and its toggle (`data-part="password-field"`). */
export const PasswordResetFormScreenPasswordField = field.PasswordField;

/**
 * The new password `<input>` (`data-part="password-input"`, `autocomplete="new-password"`, required,
 * `data-visible`, `aria-invalid`/`data-invalid`, `aria-describedby` the error and the strength feedback).
 */
export const PasswordResetFormScreenPasswordInput = field.PasswordInput;

/** The show/hide toggle ('Show password' / 'Hide password', `data-part="visibility-toggle"`, `data-visible`). */
export const PasswordResetFormScreenVisibilityToggle = field.VisibilityToggle;

/** The strength check of the new password (`data-part="strength"`): meter or LUDS rows, then the feedback. */
export const PasswordResetFormScreenStrength = field.Strength;

/** Why the reset or the login failed (`data-part="error"`, role alert); nothing without an error. */
export const PasswordResetFormScreenError = field.Error;

/**
 * 'Continue' (`data-part="submit"`): disabled (`data-disabled`) until the strength check reports `valid_password`,
 * with a spinner (`data-pending`, `aria-busy`) while the password is being set.
 */
export const PasswordResetFormScreenSubmit = field.Submit;

/**
 * 'Login without a password' (`data-part="login-without-password"`): signs in with the emailed token; reads
 * 'Logging in...' (`data-pending`, `aria-busy`) while it runs.
 */
export const PasswordResetFormScreenLoginWithoutPassword = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasswordResetFormScreenLoginWithoutPassword(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    const isPending = screen.isLoggingIn;
    return (
      <LoginWithoutPassword
        type="button"
        disabled={isPending || screen.isSubmitting}
        aria-busy={isPending || undefined}
        data-pending={isPending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => void screen.loginWithoutPassword())}
        ref={ref}
      >
        {props.children ?? t(isPending ? 'password.loggingIn' : 'password.loginWithoutPassword')}
      </LoginWithoutPassword>
    );
  },
);

/**
 * The default layout. A login link: 'Logging in...', spinner, error. Otherwise: 'Reset your password', the new
 * password with toggle, strength, error, Continue, 'Login without a password'.
 */
export function PasswordResetFormScreenLayout() {
  const screen = useScreen();
  if (screen.view === 'logging-in') {
    return (
      <PasswordResetFormScreenRoot>
        <PasswordResetFormScreenTitle />
        <PasswordResetFormScreenSpinner />
        <PasswordResetFormScreenError />
      </PasswordResetFormScreenRoot>
    );
  }
  return (
    <PasswordResetFormScreenRoot>
      <PasswordResetFormScreenTitle />
      <PasswordResetFormScreenForm>
        <PasswordResetFormScreenPasswordLabel />
        <PasswordResetFormScreenPasswordField>
          <PasswordResetFormScreenPasswordInput />
          <PasswordResetFormScreenVisibilityToggle />
        </PasswordResetFormScreenPasswordField>
        <PasswordResetFormScreenStrength />
        <PasswordResetFormScreenError />
        <PasswordResetFormScreenSubmit />
      </PasswordResetFormScreenForm>
      <PasswordResetFormScreenLoginWithoutPassword />
    </PasswordResetFormScreenRoot>
  );
}

/**
 * The reset-password screen: reads the emailed link's token. A `login` link shows 'Logging in...' and
 * signs in at once; otherwise 'Reset your password' with the new password, its strength feedback, Continue and
 * 'Login without a password'. Inside `<ResetPassword>` (or `<SignIn>`). For another layout:
 * `usePasswordResetFormScreen()`, `<PasswordResetFormScreen.Provider value>` and the parts.
 */
export function PasswordResetFormScreen() {
  const value = usePasswordResetFormScreen();
  return (
    <PasswordResetFormScreenProvider value={value}>
      <PasswordResetFormScreenLayout />
    </PasswordResetFormScreenProvider>
  );
}
PasswordResetFormScreen.Provider = PasswordResetFormScreenProvider;
PasswordResetFormScreen.Layout = PasswordResetFormScreenLayout;
PasswordResetFormScreen.Root = PasswordResetFormScreenRoot;
PasswordResetFormScreen.Title = PasswordResetFormScreenTitle;
PasswordResetFormScreen.Spinner = PasswordResetFormScreenSpinner;
PasswordResetFormScreen.Form = PasswordResetFormScreenForm;
PasswordResetFormScreen.PasswordLabel = PasswordResetFormScreenPasswordLabel;
PasswordResetFormScreen.PasswordField = PasswordResetFormScreenPasswordField;
PasswordResetFormScreen.PasswordInput = PasswordResetFormScreenPasswordInput;
PasswordResetFormScreen.VisibilityToggle = PasswordResetFormScreenVisibilityToggle;
PasswordResetFormScreen.Strength = PasswordResetFormScreenStrength;
PasswordResetFormScreen.Error = PasswordResetFormScreenError;
PasswordResetFormScreen.Submit = PasswordResetFormScreenSubmit;
PasswordResetFormScreen.LoginWithoutPassword = PasswordResetFormScreenLoginWithoutPassword;
