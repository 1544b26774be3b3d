import {
  type LatchkeyFlowError,
  type PasswordResetTokenType,
  type UsePasswordResetReturn,
  type UsePasswordStrengthReturn,
  useBootstrap,
  usePasswordReset,
  usePasswordStrength,
} from '@latchkey/hooks';
import type { BootstrapData } from '@latchkey/sdk';
import { useCallback, useId, useRef, useState } from 'react';
import { useMessages } from '../../../messages/index';
import { passwordMessages } from '../messages';
import { withRequiredText } from '../PasswordCreateOrLogin/usePasswordCreateOrLoginScreen';

/** What `usePasswordResetFormScreen` returns: the state of the PasswordResetForm screen's parts. */
export interface UsePasswordResetFormScreenReturn {
  /**
   * `logging-in`: the link was a `login` link (`stytch_token_type=login`), exchanged at once ('Logging in...').
   * `form`: 'Reset your password'. Emitted as `data-view` on the root.
   */
  view: 'logging-in' | 'form';
  /** `usePasswordReset()`'s status. Emitted as `data-status` on the root. */
  status: UsePasswordResetReturn['status'];
  /** The link's token type, or null when the page has no token. */
  tokenType: PasswordResetTokenType | null;
  /** The new password typed so far. */
  password: string;
  setPassword: (value: string) => void;
  /** The password is shown as text. Emitted as `data-visible` on the input and the toggle. */
  isPasswordVisible: boolean;
  togglePasswordVisibility: () => void;
  /** The live strength check of the new password. */
  strength: Pick<UsePasswordStrengthReturn, 'status' | 'result'>;
  /** The project's LUDS settings (bootstrap `passwordConfig`), null under the zxcvbn policy. */
  passwordConfig: BootstrapData['passwordConfig'];
  /** Submit can be pressed: the strength check reports `valid_password` and nothing runs. */
  canSubmit: boolean;
  /** The new password is being set. Emitted as `data-pending` on the submit button. */
  isSubmitting: boolean;
  /** A login link is being exchanged ('Logging in...'). Emitted as `data-pending` on 'Login without a password'. */
  isLoggingIn: boolean;
  /** Why the reset or the login failed. Emitted as `data-invalid` on the input. */
  error: LatchkeyFlowError | null;
  /** Sets the new password (→ PasswordConfirmation inside `<SignIn>`). */
  submit: () => Promise<void>;
  /** 'Login without a password': signs in with the emailed token as a magic link (→ LoginSuccess). */
  loginWithoutPassword: () => Promise<void>;
  /** Element ids that tie the parts together (labels, `aria-describedby`). */
  ids: { password: string; error: string; feedback: string };
}

/**
 * The PasswordResetForm screen's state: the reset link's token (`usePasswordReset`: the `<SignIn>`'s stored token,
 * else the page URL's `token` and `stytch_token_type`) and the live strength check of the new password.
 */
export function usePasswordResetFormScreen(): UsePasswordResetFormScreenReturn {
  const reset = usePasswordReset();
  const { passwordConfig } = useBootstrap();
  const [password, setPasswordValue] = useState('');
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const strength = usePasswordStrength({ password });
  const id = useId();
  const t = useMessages(passwordMessages);
  // A login link is exchanged from the first render on; it never shows the form, even when it fails.
  const [view] = useState<UsePasswordResetFormScreenReturn['view']>(() =>
    reset.tokenType === 'login' ? 'logging-in' : 'form',
  );

  const isSubmitting = reset.status === 'submitting';
  const isLoggingIn = reset.status === 'logging_in';
  const isStrongEnough = strength.status === 'done' && strength.result?.valid_password === true;
  const canSubmit = isStrongEnough && !isSubmitting && !isLoggingIn;

  const inFlight = useRef(false);
  const once = useCallback(
    (step: () => Promise<unknown>) => async () => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        await step();
      } finally {
        inFlight.current = false;
      }
    },
    [],
  );
  const { submit: submitPassword, loginWithoutPassword } = reset;

  return {
    view,
    status: reset.status,
    tokenType: reset.tokenType,
    password,
    setPassword: setPasswordValue,
    isPasswordVisible,
    togglePasswordVisibility: () => setPasswordVisible((visible) => !visible),
    strength,
    passwordConfig,
    canSubmit,
    isSubmitting,
    isLoggingIn,
    error: withRequiredText(reset.error, t('password.required')),
    submit: once(async () => {
      if (canSubmit) await submitPassword(password);
    }),
    loginWithoutPassword: once(loginWithoutPassword),
    ids: { password: `${id}-password`, error: `${id}-error`, feedback: `${id}-feedback` },
  };
}
