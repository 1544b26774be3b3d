import {
  type LatchkeyFlowError,
  type PasswordUserType,
  type UsePasswordStrengthReturn,
  useBootstrap,
  usePasswordFlow,
  usePasswordStrength,
  useSignInStore,
} from '@latchkey/hooks';
import type { BootstrapData } from '@latchkey/sdk';
import { useCallback, useId, useRef, useState } from 'react';
import { useMessages } from '../../../messages/index';
import { passwordMessages } from '../messages';

/** Which of the screen's three forms shows: the user search's answer. */
export type PasswordCreateOrLoginVariant = PasswordUserType;

/** The action a button started, while its request runs. */
export type PasswordCreateOrLoginAction =
  | 'submit'
  | 'forgotPassword'
  | 'emailLink'
  | 'emailCode'
  | 'createPasswordInstead';

/** What `usePasswordCreateOrLoginScreen` returns: the state of the PasswordCreateOrLogin screen's parts. */
export interface UsePasswordCreateOrLoginScreenReturn {
  /**
   * `password`: an existing user logs in ('Log In'). `new`: a new user chooses an emailed link/code or sets a
   * password. `passwordless`: the automatic email is going out, with 'Create a password instead'. Emitted as
   * `data-variant` on the root.
   */
  variant: PasswordCreateOrLoginVariant;
  /** The searched email, shown read-only. */
  email: string;
  /** The password typed so far. */
  password: string;
  setPassword: (value: string) => void;
  /** The password is shown as text. Emitted as `data-visible` on the input and the toggle. */
  isPasswordVisible: boolean;
  togglePasswordVisibility: () => void;
  /** The live strength check (variant `new` only; idle otherwise). Emitted as `data-status` on the strength part. */
  strength: Pick<UsePasswordStrengthReturn, 'status' | 'result'>;
  /** The project's LUDS settings (bootstrap `passwordConfig`), null under the zxcvbn policy. */
  passwordConfig: BootstrapData['passwordConfig'];
  /**
   * Continue can be pressed: not while a request runs, and for a new user only once the strength check of the
   * current password reports `valid_password`. Emitted as `disabled` / `data-disabled` on the submit.
   */
  canSubmit: boolean;
  /** The button whose request is running, or null. Emitted as `data-pending` on that button. */
  pendingAction: PasswordCreateOrLoginAction | null;
  /** The error under the password field (wrong password, weak password, network…). Emitted as `data-invalid`. */
  error: LatchkeyFlowError | null;
  /** A new user may be emailed a login link instead (the `emailMagicLinks` product). */
  hasEmailLinkAlternative: boolean;
  /** A new user may be emailed a login code instead (the `otp` product with the `email` method). */
  hasEmailCodeAlternative: boolean;
  /** Logs in (`password`) or creates the account (`new`); → PasswordConfirmation. */
  submit: () => Promise<void>;
  /** 'Forgot Password?': emails a reset link; → PasswordForgot. */
  forgotPassword: () => Promise<void>;
  /** 'Email me a login link': → EmailConfirmation. */
  sendEmailLink: () => Promise<void>;
  /** 'Email me a login code': → OTPAuthenticate. */
  sendEmailCode: () => Promise<void>;
  /** 'Create a password instead': emails a set-password link; → PasswordSetNew. */
  createPasswordInstead: () => Promise<void>;
  /** The back arrow: → Main (the email is kept). */
  back: () => void;
  /** Element ids that tie the parts together (labels, `aria-describedby`). */
  ids: { email: string; password: string; error: string; feedback: string };
}

/**
 * The PasswordCreateOrLogin screen's state: the user type and email from the `<SignIn>`'s store, the password
 * flow (`usePasswordFlow`), and, for a new user, the live strength check (`usePasswordStrength`).
 */
export function usePasswordCreateOrLoginScreen(): UsePasswordCreateOrLoginScreenReturn {
  const storedType = useSignInStore((state) => state.formState.passwordState.type);
  const products = useSignInStore((state) => state.config.products);
  const otpMethods = useSignInStore((state) => state.config.otpOptions.methods);
  const back = useSignInStore((state) => state.back);
  const { passwordConfig } = useBootstrap();
  const flow = usePasswordFlow();
  const variant: PasswordCreateOrLoginVariant = storedType ?? 'password';
  const [password, setPasswordValue] = useState('');
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [pendingAction, setPendingAction] = useState<PasswordCreateOrLoginAction | null>(null);
  const strength = usePasswordStrength({ password: variant === 'new' ? password : '', email: flow.email });
  const id = useId();
  const t = useMessages(passwordMessages);

  const { reset: resetFlow, error } = flow;
  const setPassword = useCallback(
    (value: string) => {
      setPasswordValue(value);
      // A new attempt: the last refusal no longer describes what is typed.
      if (error) resetFlow();
    },
    [error, resetFlow],
  );

  // One request at a time: a second click before the first re-render must not send a second email.
  const inFlight = useRef(false);
  const running = useCallback(
    (action: PasswordCreateOrLoginAction, step: () => Promise<unknown>) => async () => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPendingAction(action);
      try {
        await step();
      } finally {
        inFlight.current = false;
        setPendingAction(null);
      }
    },
    [],
  );

  const isStrongEnough = strength.status === 'done' && strength.result?.valid_password === true;
  const canSubmit = pendingAction === null && (variant !== 'new' || isStrongEnough);
  const { login, create } = flow;
  const submit = running('submit', async () => {
    if (variant === 'new') {
      if (isStrongEnough) await create(password);
    } else await login(password);
  });

  return {
    variant,
    email: flow.email,
    password,
    setPassword,
    isPasswordVisible,
    togglePasswordVisibility: () => setPasswordVisible((visible) => !visible),
    strength,
    passwordConfig,
    canSubmit,
    pendingAction,
    error: withRequiredText(error, t('password.required')),
    hasEmailLinkAlternative: products.includes('emailMagicLinks'),
    hasEmailCodeAlternative:
      !products.includes('emailMagicLinks') && products.includes('otp') && otpMethods.includes('email'),
    submit,
    forgotPassword: running('forgotPassword', flow.forgotPassword),
    sendEmailLink: running('emailLink', flow.sendMagicLink),
    sendEmailCode: running('emailCode', flow.sendOtp),
    createPasswordInstead: running('createPasswordInstead', flow.createPasswordInstead),
    back,
    ids: { email: `${id}-email`, password: `${id}-password`, error: `${id}-error`, feedback: `${id}-feedback` },
  };
}

/** The flow's client-side `required` error, worded by the catalogue (`password.required`) so `strings` reach it. */
export function withRequiredText(error: LatchkeyFlowError | null, text: string): LatchkeyFlowError | null {
  return error?.type === 'required' ? { ...error, message: text } : error;
}
