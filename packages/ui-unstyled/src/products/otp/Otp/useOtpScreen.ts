import {
  formatPhoneNumber,
  type LatchkeyFlowError,
  type OtpCodeInputProps,
  type OtpMethod,
  type ResendStatus,
  useCountdown,
  useOtpCode,
  useOtpFlow,
  useResend,
  useSignInStore,
} from '@latchkey/hooks';
import { useCallback, useEffect, useId, useState } from 'react';
import { useMessages } from '../../../messages/index';
import { otpMessages } from '../messages';

/** What `useOtpScreen` returns: the state of the passcode screen's parts. */
export interface UseOtpScreenReturn {
  /** Where the code went: emitted as `data-method="email|sms|whatsapp"` on the root. */
  method: OtpMethod;
  /**
   * `verifyEmail`: the code proves the signed-in user's new address right after a password sign-up ('Verify your
   * email address'; no back arrow). `signIn` otherwise. Emitted as `data-purpose` on the root.
   */
  purpose: 'signIn' | 'verifyEmail';
  /** The destination as shown: the email, or the phone number in international format. */
  destination: string;
  /** One entry per box: the digit or ''. */
  digits: string[];
  /** Props of box `index`: value, handlers, ref, `aria-label` 'Digit n of 6'. */
  getDigitProps: (index: number) => OtpCodeInputProps;
  /** The code is being checked: 'Verifying passcode...' and a progress bar show. Emitted as `data-verifying`. */
  isVerifying: boolean;
  /** The code was refused (shown under the boxes). Emitted as `data-invalid` on the code input. */
  codeError: LatchkeyFlowError | null;
  /** The id of the code's error, which describes the boxes. */
  codeErrorId: string;
  /** Time left as 'm:ss'. */
  remainingTime: string;
  /** The code has expired: 'Your code has expired.' Emitted as `data-expired` on the countdown. */
  isExpired: boolean;
  /** The resend link: emitted as `data-status="initial|sending|sent|waiting"`. */
  resendStatus: ResendStatus;
  /** Sends a new code (new method id, countdown restarted). */
  resend: () => void;
  /** The resend failed (shown under the countdown). */
  resendError: LatchkeyFlowError | null;
  /** The back arrow shows (not in the passwordless password flow, nor when verifying a new address). */
  canGoBack: boolean;
  /** Back to Main. */
  back: () => void;
}

/** The passcode screen's state: the code sent (from the store), the boxes, countdown and resend. */
export function useOtpScreen(): UseOtpScreenReturn {
  const t = useMessages(otpMessages);
  const otpState = useSignInStore((state) => state.formState.otpState);
  const isPasswordless = useSignInStore((state) => state.isPasswordless);
  const back = useSignInStore((state) => state.back);
  // One flow error, two places to show it: under the boxes for a code, under the countdown for a resend.
  const [lastAction, setLastAction] = useState<'authenticate' | 'resend' | null>(null);
  const flow = useOtpFlow();
  const { authenticate: authenticateCode, resend: resendCode } = flow;

  const getAriaLabel = useCallback(
    (index: number, count: number) => t('otp.digitLabel', { index: index + 1, count }),
    [t],
  );
  const code = useOtpCode({
    onComplete: async (value) => {
      setLastAction('authenticate');
      const isAuthenticated = await authenticateCode(value);
      if (!isAuthenticated) code.clear();
    },
    getAriaLabel,
  });

  const countdown = useCountdown(flow.expiresAt);
  const resend = useResend(async () => {
    setLastAction('resend');
    // useResend goes back to 'initial' when this throws; the flow keeps the error itself.
    if (!(await resendCode())) throw new Error('resend failed');
  });

  const codeErrorId = `${useId()}-otp-error`;
  const destination = useDisplayDestination(otpState.type, otpState.otpDestination);
  const purpose = otpState.purpose === 'verifyEmail' ? 'verifyEmail' : 'signIn';
  return {
    method: otpState.type,
    purpose,
    destination,
    digits: code.digits,
    getDigitProps: code.getInputProps,
    isVerifying: flow.status === 'verifying',
    // One message at a time: once the code has expired, 'Your code has expired.' replaces a wrong-code error.
    codeError: lastAction === 'authenticate' && !countdown.isExpired ? flow.error : null,
    codeErrorId,
    remainingTime: countdown.formatted,
    isExpired: countdown.isExpired,
    resendStatus: resend.status,
    resend: () => void resend.resend(),
    resendError: lastAction === 'resend' ? flow.error : null,
    // Verifying a new address: the user is signed in already; Main would offer them a sign-in.
    canGoBack: !isPasswordless && purpose === 'signIn',
    back,
  };
}

/** Phone numbers in international format once the phone library has loaded; emails as they are. */
function useDisplayDestination(method: OtpMethod, destination: string): string {
  const [formatted, setFormatted] = useState<{ from: string; text: string } | null>(null);
  useEffect(() => {
    // Only phone numbers load the phone library: an email passcode never downloads it.
    if (method === 'email') return;
    let isCurrent = true;
    void formatPhoneNumber(destination).then((text) => {
      if (isCurrent) setFormatted({ from: destination, text });
    });
    return () => {
      isCurrent = false;
    };
  }, [method, destination]);
  return formatted?.from === destination ? formatted.text : destination;
}
