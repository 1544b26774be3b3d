import { forwardRef } from 'react';
import { Spinner, type SpinnerProps } from '../../../components/Spinner';
import { type MessageId, useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart } from '../../../screens/shared/screenParts';
import { passwordMessages } from '../messages';
import { createPasswordFieldParts } from '../passwordFieldParts';
import {
  type PasswordCreateOrLoginAction,
  type UsePasswordCreateOrLoginScreenReturn,
  usePasswordCreateOrLoginScreen,
} from './usePasswordCreateOrLoginScreen';

export * from './usePasswordCreateOrLoginScreen';

const NAME = 'PasswordCreateOrLoginScreen';
const { Provider, useScreenContext: useScreen } = createScreenContext<UsePasswordCreateOrLoginScreenReturn>(NAME);

/** Provides the screen's state (`usePasswordCreateOrLoginScreen()`, or a fixed value) to its parts. */
export const PasswordCreateOrLoginScreenProvider = Provider;

const SCOPE = 'password-create-or-login';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Alternatives = createPart(SCOPE, 'alternatives', 'div');
const AlternativeButton = createPart(SCOPE, 'alternative', 'button');
const Divider = createPart(SCOPE, 'divider', 'div');
const SetPasswordText = createPart(SCOPE, 'set-password-text', 'p');
const Label = createPart(SCOPE, 'label', 'label');
const Input = createPart(SCOPE, 'email-input', 'input');
const ForgotPassword = createPart(SCOPE, 'forgot-password', 'button');
const CreatePasswordInstead = createPart(SCOPE, 'create-password-instead', 'button');

const pending = (screen: UsePasswordCreateOrLoginScreenReturn, action: PasswordCreateOrLoginAction) =>
  screen.pendingAction === action;

const field = createPasswordFieldParts({
  name: NAME,
  scope: SCOPE,
  useScreen,
  passwordLabelId: 'password.passwordLabel',
  passwordLabelField: 'password',
  isNewPassword: (screen) => screen.variant === 'new',
  isSubmitting: (screen) => pending(screen, 'submit'),
});

/**
 * The screen's container (`data-scope="password-create-or-login" data-part="root"`, `data-variant="password|new|
 * passwordless"`, `data-pending` while a request runs).
 */
export const PasswordCreateOrLoginScreenRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function PasswordCreateOrLoginScreenRoot(props, ref) {
    const screen = useScreen();
    return (
      <Root
        data-variant={screen.variant}
        data-pending={screen.pendingAction !== null ? '' : undefined}
        {...props}
        ref={ref}
      />
    );
  },
);

/** The back arrow to Main (`data-scope="password-create-or-login" data-part="back"`). */
export const PasswordCreateOrLoginScreenBack = createBackPart(NAME, SCOPE, useScreen);

/**
 * The heading: 'Log In' (password); 'Choose how you would like to create your account.' (new, with an emailed
 * alternative) or 'Finish creating your account by setting a password.' (new, passwords only); 'Sending you a
 * login email...' (passwordless).
 */
export const PasswordCreateOrLoginScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function PasswordCreateOrLoginScreenTitle(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    let id: MessageId = 'password.login.title';
    if (screen.variant === 'passwordless') id = 'password.passwordless.title';
    else if (screen.variant === 'new') {
      id = hasAlternative(screen) ? 'password.new.title' : 'password.setPassword.title';
    }
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t(id)}
      </Title>
    );
  },
);

function hasAlternative(screen: UsePasswordCreateOrLoginScreenReturn): boolean {
  return screen.hasEmailLinkAlternative || screen.hasEmailCodeAlternative;
}

/**
 * A new user's emailed alternative (`data-part="alternatives"`): 'Email me a login link' (`emailMagicLinks`) or
 * 'Email me a login code' (email passcodes), each a `data-part="alternative"` button with `data-kind="link|code"`
 * and `data-pending` while sending, then the 'or' divider (`data-part="divider"`). Nothing for other variants or
 * when neither product is configured.
 */
export const PasswordCreateOrLoginScreenAlternatives = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function PasswordCreateOrLoginScreenAlternatives(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    if (screen.variant !== 'new' || !hasAlternative(screen)) return null;
    const isLink = screen.hasEmailLinkAlternative;
    const action: PasswordCreateOrLoginAction = isLink ? 'emailLink' : 'emailCode';
    const isPending = pending(screen, action);
    return (
      <Alternatives {...props} ref={ref}>
        {props.children ?? (
          <>
            <AlternativeButton
              type="button"
              data-kind={isLink ? 'link' : 'code'}
              disabled={screen.pendingAction !== null}
              aria-busy={isPending || undefined}
              data-pending={isPending ? '' : undefined}
              onClick={() => void (isLink ? screen.sendEmailLink() : screen.sendEmailCode())}
            >
              {t(isLink ? 'password.new.emailLink' : 'password.new.emailCode')}
              {isPending ? <Spinner /> : null}
            </AlternativeButton>
            <Divider>{t('password.new.divider')}</Divider>
          </>
        )}
      </Alternatives>
    );
  },
);

/** 'Finish creating your account by setting a password.' under the alternatives (new user with an alternative). */
export const PasswordCreateOrLoginScreenSetPasswordText = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function PasswordCreateOrLoginScreenSetPasswordText(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    if (screen.variant !== 'new' || !hasAlternative(screen)) return null;
    return (
      <SetPasswordText {...props} ref={ref}>
        {props.children ?? t('password.setPassword.title')}
      </SetPasswordText>
    );
  },
);

/** The `<form>` (`data-part="form"`, `data-invalid` with an error); Enter submits (log in or create). */
export const PasswordCreateOrLoginScreenForm = field.Form;

/** The email's `<label>` ('Email', `data-part="label"`, `data-field="email"`). */
export const PasswordCreateOrLoginScreenEmailLabel = forwardRef<HTMLLabelElement, PartProps<'label'>>(
  function PasswordCreateOrLoginScreenEmailLabel(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    return (
      <Label htmlFor={screen.ids.email} data-field="email" {...props} ref={ref}>
        {props.children ?? t('password.emailLabel')}
      </Label>
    );
  },
);

/** The searched email, read-only, `autocomplete="username"` for password managers. */
export const PasswordCreateOrLoginScreenEmailInput = forwardRef<HTMLInputElement, PartProps<'input'>>(
  function PasswordCreateOrLoginScreenEmailInput(props, ref) {
    const screen = useScreen();
    return (
      <Input
        id={screen.ids.email}
        type="email"
        name="email"
        autoComplete="username"
        readOnly
        value={screen.email}
        {...props}
        ref={ref}
      />
    );
  },
);

/** The password's `<label>` ('Password', `data-part="label"`, `data-field="password"`). */
export const PasswordCreateOrLoginScreenPasswordLabel = field.PasswordLabel;

/** A wrapper for the password input and its toggle (`data-part="password-field"`), for the kit to overlay them. */
export const PasswordCreateOrLoginScreenPasswordField = field.PasswordField;

/**
 * The password `<input>` (`data-part="password-input"`): required, `current-password` or `new-password`
 * autocomplete, `data-visible` while shown, `aria-invalid`/`data-invalid` and `aria-describedby` the error and
 * the strength feedback.
 */
export const PasswordCreateOrLoginScreenPasswordInput = field.PasswordInput;

/** The show/hide toggle ('Show password' / 'Hide password', `data-part="visibility-toggle"`, `data-visible`). */
export const PasswordCreateOrLoginScreenVisibilityToggle = field.VisibilityToggle;

/**
 * The strength check of a new user's password (`data-part="strength"`, `data-status`, `data-policy`): the meter or
 * the LUDS rows, then the feedback. Nothing for other variants.
 */
export const PasswordCreateOrLoginScreenStrength = field.Strength;

/** The error under the password field (`data-part="error"`, role alert); nothing without an error. */
export const PasswordCreateOrLoginScreenError = field.Error;

/** 'Forgot Password?' (existing users only): emails a reset link (`data-pending` while sending). */
export const PasswordCreateOrLoginScreenForgotPassword = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasswordCreateOrLoginScreenForgotPassword(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    if (screen.variant !== 'password') return null;
    const isPending = pending(screen, 'forgotPassword');
    return (
      <ForgotPassword
        type="button"
        disabled={screen.pendingAction !== null}
        aria-busy={isPending || undefined}
        data-pending={isPending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => void screen.forgotPassword())}
        ref={ref}
      >
        {props.children ?? t('password.forgotPasswordLink')}
      </ForgotPassword>
    );
  },
);

/**
 * 'Continue' (`data-part="submit"`): disabled (`data-disabled`) until it can be pressed — for a new user until
 * the strength check reports `valid_password` — and with a spinner (`data-pending`, `aria-busy`) while it runs.
 */
export const PasswordCreateOrLoginScreenSubmit = field.Submit;

/** The spinner of the passwordless variant, while its automatic email goes out (`data-part="spinner"`). */
export const PasswordCreateOrLoginScreenSpinner = forwardRef<HTMLSpanElement, SpinnerProps>(
  function PasswordCreateOrLoginScreenSpinner(props, ref) {
    const screen = useScreen();
    if (screen.variant !== 'passwordless') return null;
    return <Spinner data-scope={SCOPE} data-part="spinner" {...props} ref={ref} />;
  },
);

/** 'Create a password instead' (passwordless only): emails a set-password link (`data-pending` while sending). */
export const PasswordCreateOrLoginScreenCreatePasswordInstead = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasswordCreateOrLoginScreenCreatePasswordInstead(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    if (screen.variant !== 'passwordless') return null;
    const isPending = pending(screen, 'createPasswordInstead');
    return (
      <CreatePasswordInstead
        type="button"
        disabled={screen.pendingAction !== null}
        aria-busy={isPending || undefined}
        data-pending={isPending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => void screen.createPasswordInstead())}
        ref={ref}
      >
        {props.children ?? t('password.createPasswordInstead')}
      </CreatePasswordInstead>
    );
  },
);

/**
 * The default layout. Password: back, 'Log In', email, password with toggle, error, 'Forgot Password?',
 * Continue. New: back, heading, the emailed alternative and 'or', the set-password text, email, password with
 * toggle, strength, error, Continue. Passwordless: back, heading, spinner, 'Create a password instead', error.
 */
export function PasswordCreateOrLoginScreenLayout() {
  const screen = useScreen();
  if (screen.variant === 'passwordless') {
    return (
      <PasswordCreateOrLoginScreenRoot>
        <PasswordCreateOrLoginScreenBack />
        <PasswordCreateOrLoginScreenTitle />
        <PasswordCreateOrLoginScreenSpinner />
        <PasswordCreateOrLoginScreenCreatePasswordInstead />
        <PasswordCreateOrLoginScreenError />
      </PasswordCreateOrLoginScreenRoot>
    );
  }
  return (
    <PasswordCreateOrLoginScreenRoot>
      <PasswordCreateOrLoginScreenBack />
      <PasswordCreateOrLoginScreenTitle />
      <PasswordCreateOrLoginScreenAlternatives />
      <PasswordCreateOrLoginScreenSetPasswordText />
      <PasswordCreateOrLoginScreenForm>
        <PasswordCreateOrLoginScreenEmailLabel />
        <PasswordCreateOrLoginScreenEmailInput />
        <PasswordCreateOrLoginScreenPasswordLabel />
        <PasswordCreateOrLoginScreenPasswordField>
          <PasswordCreateOrLoginScreenPasswordInput />
          <PasswordCreateOrLoginScreenVisibilityToggle />
        </PasswordCreateOrLoginScreenPasswordField>
        <PasswordCreateOrLoginScreenStrength />
        <PasswordCreateOrLoginScreenError />
        <PasswordCreateOrLoginScreenForgotPassword />
        <PasswordCreateOrLoginScreenSubmit />
      </PasswordCreateOrLoginScreenForm>
    </PasswordCreateOrLoginScreenRoot>
  );
}

/**
 * The password screen after the user search, in three variants by the stored user
 * type: log in (`password`), create an account (`new`), or the automatic email of a `passwordless` user. Inside
 * `<SignIn>`. For another layout: `usePasswordCreateOrLoginScreen()`, `<PasswordCreateOrLoginScreen.Provider
 * value>` and the parts.
 */
export function PasswordCreateOrLoginScreen() {
  const value = usePasswordCreateOrLoginScreen();
  return (
    <PasswordCreateOrLoginScreenProvider value={value}>
      <PasswordCreateOrLoginScreenLayout />
    </PasswordCreateOrLoginScreenProvider>
  );
}
PasswordCreateOrLoginScreen.Provider = PasswordCreateOrLoginScreenProvider;
PasswordCreateOrLoginScreen.Layout = PasswordCreateOrLoginScreenLayout;
PasswordCreateOrLoginScreen.Root = PasswordCreateOrLoginScreenRoot;
PasswordCreateOrLoginScreen.Back = PasswordCreateOrLoginScreenBack;
PasswordCreateOrLoginScreen.Title = PasswordCreateOrLoginScreenTitle;
PasswordCreateOrLoginScreen.Alternatives = PasswordCreateOrLoginScreenAlternatives;
PasswordCreateOrLoginScreen.SetPasswordText = PasswordCreateOrLoginScreenSetPasswordText;
PasswordCreateOrLoginScreen.Form = PasswordCreateOrLoginScreenForm;
PasswordCreateOrLoginScreen.EmailLabel = PasswordCreateOrLoginScreenEmailLabel;
PasswordCreateOrLoginScreen.EmailInput = PasswordCreateOrLoginScreenEmailInput;
PasswordCreateOrLoginScreen.PasswordLabel = PasswordCreateOrLoginScreenPasswordLabel;
PasswordCreateOrLoginScreen.PasswordField = PasswordCreateOrLoginScreenPasswordField;
PasswordCreateOrLoginScreen.PasswordInput = PasswordCreateOrLoginScreenPasswordInput;
PasswordCreateOrLoginScreen.VisibilityToggle = PasswordCreateOrLoginScreenVisibilityToggle;
PasswordCreateOrLoginScreen.Strength = PasswordCreateOrLoginScreenStrength;
PasswordCreateOrLoginScreen.Error = PasswordCreateOrLoginScreenError;
PasswordCreateOrLoginScreen.ForgotPassword = PasswordCreateOrLoginScreenForgotPassword;
PasswordCreateOrLoginScreen.Submit = PasswordCreateOrLoginScreenSubmit;
PasswordCreateOrLoginScreen.Spinner = PasswordCreateOrLoginScreenSpinner;
PasswordCreateOrLoginScreen.CreatePasswordInstead = PasswordCreateOrLoginScreenCreatePasswordInstead;
