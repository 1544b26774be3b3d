import {
  type LatchkeyFlowError,
  type OtpCodeInputProps,
  useOtpCode,
  useSignInStore,
  useTotpFlow,
} from '@latchkey/hooks';
import { useCallback, useId } from 'react';
import { useMessages } from '../../../messages/index';
import { totpMessages } from '../messages';

/** What `useTotpScreen` returns: the state of the authenticator-app code screen's parts. */
export interface UseTotpScreenReturn {
  /** One entry per box: the digit or ''. */
  digits: string[];
  /** Props of box `index`: value, handlers, ref, `aria-label` 'Digit n of 6'. */
  getDigitProps: (index: number) => OtpCodeInputProps;
  /** The code is being checked: 'Verifying code...' shows. Emitted as `data-verifying`. */
  isVerifying: boolean;
  /** The code was refused (wrong code, lockout, expired sign-in). Emitted as `data-invalid` on the code input. */
  codeError: LatchkeyFlowError | null;
  /** The id of the code's error, which describes the boxes. */
  codeErrorId: string;
  /** 'Use a recovery code': → TotpRecoveryCode. */
  switchToRecoveryCode: () => void;
  /** Back to Main (the first factor again). */
  back: () => void;
}

/** The TotpAuthenticate screen's state: six boxes submitting at the sixth digit, and the switch to recovery codes. */
export function useTotpScreen(): UseTotpScreenReturn {
  const t = useMessages(totpMessages);
  const back = useSignInStore((state) => state.back);
  const flow = useTotpFlow();
  const { authenticate, setMode } = flow;
  const getAriaLabel = useCallback(
    (index: number, count: number) => t('totp.digitLabel', { index: index + 1, count }),
    [t],
  );
  const code = useOtpCode({
    onComplete: async (value) => {
      if (!(await authenticate(value))) code.clear();
    },
    getAriaLabel,
  });
  return {
    digits: code.digits,
    getDigitProps: code.getInputProps,
    isVerifying: flow.status === 'verifying',
    codeError: flow.error,
    codeErrorId: `${useId()}-totp-error`,
    switchToRecoveryCode: () => setMode('recovery'),
    back,
  };
}
