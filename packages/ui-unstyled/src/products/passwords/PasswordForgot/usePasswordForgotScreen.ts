import { type LatchkeyFlowError, type ResendStatus, usePasswordFlow, useResend, useSignInStore } from '@latchkey/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMessages } from '../../../messages/index';
import { useToast } from '../../../screens/shared/screenContext';
import { passwordMessages } from '../messages';

/** What `usePasswordForgotScreen` returns: the state of the PasswordForgot screen's parts. */
export interface UsePasswordForgotScreenReturn {
  /** Where the reset link went. */
  email: string;
  /**
   * 'Resend email': `initial` → `sending` → `sent` (2 s, toast 'Email resent') → `waiting`; back to `initial` on
   * failure. Emitted as `data-status` on the resend button.
   */
  resendStatus: ResendStatus;
  /** Sends the reset email again; the screen stays and a success toast reads 'Email resent'. */
  resend: () => Promise<void>;
  /** 'Login without a password' is offered: magic links or email passcodes are configured. */
  canLoginWithoutPassword: boolean;
  /** Emails a login link (→ EmailConfirmation) or a passcode (→ OTPAuthenticate), as configured. */
  loginWithoutPassword: () => Promise<void>;
  /** The login email is being sent. Emitted as `data-pending` on that button. */
  isLoggingInWithoutPassword: boolean;
  /** Why the last resend or login email failed. */
  error: LatchkeyFlowError | null;
  /** The back arrow: → Main. */
  back: () => void;
}

/** The PasswordForgot screen's state: the stored email, the password flow's reset and login emails, the toaster. */
export function usePasswordForgotScreen(): UsePasswordForgotScreenReturn {
  const t = useMessages(passwordMessages);
  const toast = useToast();
  // 'Resend email' toasts: a toaster that loads its code on demand (the themed kit's sonner) starts now.
  useEffect(() => {
    toast.preload?.();
  }, [toast]);
  const products = useSignInStore((state) => state.config.products);
  const otpMethods = useSignInStore((state) => state.config.otpOptions.methods);
  const back = useSignInStore((state) => state.back);
  const flow = usePasswordFlow();
  const resender = useResend(flow.resendResetEmail);
  const [isLoggingIn, setLoggingIn] = useState(false);
  const inFlight = useRef(false);

  const hasMagicLinks = products.includes('emailMagicLinks');
  const hasEmailOtp = products.includes('otp') && otpMethods.includes('email');
  const { sendMagicLink, sendOtp } = flow;
  const { resend: resendEmail } = resender;

  const resend = useCallback(async () => {
    if (await resendEmail()) toast.show({ type: 'success', message: t('password.emailResent') });
  }, [resendEmail, toast, t]);

  const loginWithoutPassword = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoggingIn(true);
    try {
      if (hasMagicLinks) await sendMagicLink();
      else if (hasEmailOtp) await sendOtp();
    } finally {
      inFlight.current = false;
      setLoggingIn(false);
    }
  }, [hasMagicLinks, hasEmailOtp, sendMagicLink, sendOtp]);

  return {
    email: flow.email,
    resendStatus: resender.status,
    resend,
    canLoginWithoutPassword: hasMagicLinks || hasEmailOtp,
    loginWithoutPassword,
    isLoggingInWithoutPassword: isLoggingIn,
    error: flow.error ?? resender.error,
    back,
  };
}
