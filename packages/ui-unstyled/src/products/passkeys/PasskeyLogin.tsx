// The passkey product's block on the Main screen: 'Login with a Passkey', shown first unless the
// browser offers passkeys in the email field's autofill; the warning banner with the passkey error. In the
// passkey chunk: a page without passkeys never downloads it.
import { type LatchkeyFlowError, type UsePasskeyLoginReturn, usePasskeyLogin, useSignInStore } from '@latchkey/hooks';
import { forwardRef, useEffect } from 'react';
import { ErrorMessage, type ErrorMessageProps } from '../../components/ErrorMessage';
import { Spinner } from '../../components/Spinner';
import { useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { createScreenContext } from '../../screens/shared/screenContext';
import type { MainBlockProps } from '../defineProductKit';
import { passkeyMessages } from './messages';

/** What `usePasskeyLoginForm` returns: the state of the Main screen's passkey parts. */
export interface UsePasskeyLoginFormReturn {
  /**
   * 'Login with a Passkey' shows: false only while passkey autofill on the email field on screen replaces it (the
   * browser supports it and it has not given up).
   */
  showButton: boolean;
  /** The button's ceremony is running: the button is disabled with a spinner. */
  isPending: boolean;
  /** The passkey error the warning banner shows (the sign-in store's error descriptor), or null. */
  warning: LatchkeyFlowError | null;
  /** 'Login with a Passkey'. */
  login: () => void;
}

/**
 * The Main screen's passkey state: `usePasskeyLogin`, with autofill while the Main screen's email field is on screen
 * (its input then carries `autoFillInputProps`, `autocomplete="username webauthn"`, before autofill is armed), and
 * the store's error descriptor as the warning. On another tab (Text first, say), or once autofill has given up,
 * 'Login with a Passkey' shows.
 */
export function usePasskeyLoginForm({
  emailInputProps,
  setEmailInputProps,
  isEmailFieldShown,
}: MainBlockProps = {}): UsePasskeyLoginFormReturn & {
  passkeyLogin: UsePasskeyLoginReturn;
} {
  const hasEmailForm = useSignInStore((state) => state.methods.includes('email'));
  // Autofill is on from the first render where an email field takes its props (Main passes the setter at once; the
  // props themselves arrive by the effect below), so the button never flashes before the field replaces it. The
  // hook arms autofill once the email input is in the page (the Email tab's form can arrive in a chunk of its own
  // after the tab is selected).
  const passkeyLogin = usePasskeyLogin({
    autofill:
      hasEmailForm &&
      isEmailFieldShown !== false &&
      (emailInputProps !== undefined || setEmailInputProps !== undefined),
  });
  const { autoFillInputProps } = passkeyLogin;
  useEffect(() => {
    if (!hasEmailForm || !setEmailInputProps) return;
    setEmailInputProps(autoFillInputProps);
    return () => setEmailInputProps(undefined);
  }, [hasEmailForm, setEmailInputProps, autoFillInputProps]);
  const descriptor = useSignInStore((state) => state.formState.errorDescriptor);
  return {
    showButton: passkeyLogin.showLoginButton,
    isPending: passkeyLogin.status === 'authenticating',
    warning: descriptor ? { type: descriptor.messageId, message: descriptor.message } : null,
    login: () => void passkeyLogin.login(),
    passkeyLogin,
  };
}

const SCOPE = 'passkey-login';
const { Provider, useScreenContext } = createScreenContext<UsePasskeyLoginFormReturn>('PasskeyLoginForm');
const Root = createPart(SCOPE, 'root', 'div');
const Button = createPart(SCOPE, 'button', 'button');

/** Provides the passkey block's state (`usePasskeyLoginForm()`, or a fixed value) to its parts. */
export const PasskeyLoginFormProvider = Provider;

/** The block's container (`data-scope="passkey-login" data-part="root"`). */
export const PasskeyLoginFormRoot = Root;

/** 'Login with a Passkey' (`data-part="button"`, `data-pending`, `aria-busy`); nothing when autofill replaces it. */
export const PasskeyLoginFormButton = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasskeyLoginFormButton(props, ref) {
    const form = useScreenContext();
    const t = useMessages(passkeyMessages);
    if (!form.showButton) return null;
    return (
      <Button
        type="button"
        disabled={form.isPending}
        aria-busy={form.isPending || undefined}
        data-pending={form.isPending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, form.login)}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('passkeyLogin.button')}
            {form.isPending ? <Spinner /> : null}
          </>
        )}
      </Button>
    );
  },
);

/** The warning banner (`data-part="warning"`, role alert) with the passkey error; nothing without one. */
export const PasskeyLoginFormWarning = forwardRef<HTMLParagraphElement, Omit<ErrorMessageProps, 'error'>>(
  function PasskeyLoginFormWarning(props, ref) {
    const form = useScreenContext();
    return <ErrorMessage data-scope={SCOPE} data-part="warning" error={form.warning} {...props} ref={ref} />;
  },
);

/** The default layout: the button, then the warning. */
export function PasskeyLoginFormLayout() {
  return (
    <PasskeyLoginFormRoot>
      <PasskeyLoginFormButton />
      <PasskeyLoginFormWarning />
    </PasskeyLoginFormRoot>
  );
}

/** The passkey block of the Main screen (inside `<SignIn>`, drawn by `MainScreen.Blocks`). */
export function PasskeyLoginForm(props: MainBlockProps) {
  const value = usePasskeyLoginForm(props);
  return (
    <PasskeyLoginFormProvider value={value}>
      <PasskeyLoginFormLayout />
    </PasskeyLoginFormProvider>
  );
}
PasskeyLoginForm.Provider = PasskeyLoginFormProvider;
PasskeyLoginForm.Layout = PasskeyLoginFormLayout;
PasskeyLoginForm.Root = PasskeyLoginFormRoot;
PasskeyLoginForm.Button = PasskeyLoginFormButton;
PasskeyLoginForm.Warning = PasskeyLoginFormWarning;
