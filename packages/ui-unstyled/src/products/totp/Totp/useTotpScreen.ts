import {
  type LatchkeyFlowError,
  type OtpCodeInputProps,
  useOtpCode,
  usePasskeySecondFactor,
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
  /**
   * The user has a confirmed authenticator app: the boxes, the code's error and 'Use a recovery code' show. False for
   * a user whose only second factor is a passkey (true while the user's factors are read). Emitted as `data-code`.
   */
  showCode: boolean;
  /** The user has a passkey: 'Use a passkey' shows. Emitted as `data-passkey`. */
  showPasskey: boolean;
  /** 'Use a passkey': the browser's passkey prompt, which completes the sign-in. */
  startPasskey: () => void;
  /** The passkey prompt is open or the passkey is being checked. */
  isPasskeyPending: boolean;
  /** Why the passkey was refused (the specification's passkey texts). */
  passkeyError: LatchkeyFlowError | null;
  /** The id of the passkey's error, which describes 'Use a passkey'. */
  passkeyErrorId: string;
  /** Back to Main (the first factor again). */
  back: () => void;
}

/**
 * The TotpAuthenticate screen's state: six boxes submitting at the sixth digit, the switch to recovery codes, and
 * 'Use a passkey' for a user with a passkey (the provider counts a verified passkey as a second factor). A user
 * without a confirmed authenticator app sees the passkey only.
 */
export function useTotpScreen(): UseTotpScreenReturn {
  const t = useMessages(totpMessages);
  const back = useSignInStore((state) => state.back);
  const flow = useTotpFlow();
  const { authenticate, setMode } = flow;
  const getAriaLabel = useCallback(
    (index: number, count: number) => t('totp.digitLabel', { index: index + 1, count }),
    [t],
  );
  const id = useId();
  const passkey = usePasskeySecondFactor();
  const { authenticate: authenticateWithPasskey } = passkey;
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
    codeErrorId: `${id}-totp-error`,
    switchToRecoveryCode: () => setMode('recovery'),
    // Until the user's factors are read (a tick, or the SDK's session chunk), the boxes show, as for most users.
    showCode: passkey.factors?.totp !== false,
    showPasskey: passkey.factors?.passkey === true,
    startPasskey: () => void authenticateWithPasskey(),
    isPasskeyPending: passkey.status === 'authenticating',
    passkeyError: passkey.error,
    passkeyErrorId: `${id}-totp-passkey-error`,
    back,
  };
}
