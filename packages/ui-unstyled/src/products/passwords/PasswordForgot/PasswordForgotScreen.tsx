import { forwardRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createErrorPart } from '../../../screens/shared/screenParts';
import { createEmailSentParts, createScreen } from '../emailSentScreen';
import { passwordMessages } from '../messages';
import { type UsePasswordForgotScreenReturn, usePasswordForgotScreen } from './usePasswordForgotScreen';

export * from './usePasswordForgotScreen';

const SCOPE = 'password-forgot';
const { useScreen, parts } = createEmailSentParts<UsePasswordForgotScreenReturn>({
  name: 'PasswordForgotScreen',
  scope: SCOPE,
  titleId: 'password.forgot.title',
  descriptionId: 'password.forgot.description',
});
const Resend = createPart(SCOPE, 'resend', 'button');
const LoginWithoutPassword = createPart(SCOPE, 'login-without-password', 'button');

/** Provides the PasswordForgot screen's state (`usePasswordForgotScreen()`, or a fixed value) to its parts. */
export const PasswordForgotScreenProvider = parts.Provider;

/** The screen's container (`data-scope="password-forgot" data-part="root"`). */
export const PasswordForgotScreenRoot = parts.Root;

/** The back arrow to Main (`data-part="back"`). */
export const PasswordForgotScreenBack = parts.Back;

/** The heading 'Forgot password?'. */
export const PasswordForgotScreenTitle = parts.Title;

/** 'A link to reset your password was sent to you at {email}.' */
export const PasswordForgotScreenDescription = parts.Description;

/**
 * 'Resend email' (`data-part="resend"`, `data-status="initial|sending|sent|waiting"`): sends the reset email
 * again and shows the success toast 'Email resent'; disabled while sending and while 'sent'.
 */
export const PasswordForgotScreenResend = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasswordForgotScreenResend(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    const isSending = screen.resendStatus === 'sending';
    return (
      <Resend
        type="button"
        disabled={isSending || screen.resendStatus === 'sent'}
        aria-busy={isSending || undefined}
        data-status={screen.resendStatus}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => void screen.resend())}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('password.resendEmail')}
            {isSending ? <Spinner label={t('password.resendingEmail')} /> : null}
          </>
        )}
      </Resend>
    );
  },
);

/**
 * 'Login without a password' (`data-part="login-without-password"`, `data-pending` while sending): emails a login
 * link or passcode instead. Nothing when neither magic links nor email passcodes are configured.
 */
export const PasswordForgotScreenLoginWithoutPassword = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasswordForgotScreenLoginWithoutPassword(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    if (!screen.canLoginWithoutPassword) return null;
    const isPending = screen.isLoggingInWithoutPassword;
    return (
      <LoginWithoutPassword
        type="button"
        disabled={isPending}
        aria-busy={isPending || undefined}
        data-pending={isPending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => void screen.loginWithoutPassword())}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('password.loginWithoutPassword')}
            {isPending ? <Spinner /> : null}
          </>
        )}
      </LoginWithoutPassword>
    );
  },
);

/** Why the last email failed (`data-part="error"`, role alert); nothing without an error. */
export const PasswordForgotScreenError = createErrorPart('PasswordForgotScreenError', SCOPE, useScreen, (s) => ({
  error: s.error,
}));

/** The default layout: back, title, description, resend, login without a password, error. */
export function PasswordForgotScreenLayout() {
  return (
    <PasswordForgotScreenRoot>
      <PasswordForgotScreenBack />
      <PasswordForgotScreenTitle />
      <PasswordForgotScreenDescription />
      <PasswordForgotScreenResend />
      <PasswordForgotScreenLoginWithoutPassword />
      <PasswordForgotScreenError />
    </PasswordForgotScreenRoot>
  );
}

/**
 * The PasswordForgot screen: 'Forgot password?', where the reset link went, 'Resend email' (toast 'Email
 * resent') and 'Login without a password'. Inside `<SignIn>`. For another layout: `usePasswordForgotScreen()`,
 * `<PasswordForgotScreen.Provider value>` and the parts.
 */
export const PasswordForgotScreen = createScreen('PasswordForgotScreen', usePasswordForgotScreen, {
  ...parts,
  Layout: PasswordForgotScreenLayout,
  Resend: PasswordForgotScreenResend,
  LoginWithoutPassword: PasswordForgotScreenLoginWithoutPassword,
  Error: PasswordForgotScreenError,
});
