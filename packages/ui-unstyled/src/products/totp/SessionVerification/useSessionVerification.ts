import { type LatchkeyFlowError, type OtpCodeInputProps, useOtpCode } from '@latchkey/hooks';
import { useCallback, useEffect, useId, useState } from 'react';
import { loadErrorMessages, useMessages } from '../../../messages/index';
import { totpMessages } from '../messages';

/**
 * What a hook with a `verify` step gives `useSessionVerification`: the provider wants this session to prove the second
 * factor before a change (`useTotpEnrollment`, `usePasskeyRegistration`, `usePasskeys`).
 */
export interface SessionVerificationSource {
  /** Why the last code was refused, or null. */
  error: LatchkeyFlowError | null;
  /** The code is being checked, or the change it allows runs. */
  isVerifying: boolean;
  /** Proves a 6-digit code from the authenticator app, then retries the change; resolves true once it is made. */
  verifyAndRetry: (code: string) => Promise<boolean>;
  /** The same with a recovery code. */
  recoverAndRetry: (recoveryCode: string) => Promise<boolean>;
  /** A code from the app or a recovery code can prove it (the user has a confirmed app); default true. */
  canVerifyWithTotp?: boolean;
  /** One of the user's passkeys can prove it; default false. */
  canVerifyWithPasskey?: boolean;
  /** Proves it with a passkey (the browser's prompt on this session), then retries the change. */
  verifyWithPasskeyAndRetry?: () => Promise<boolean>;
  /** Gives up the change. */
  cancelVerification: () => void;
}

/** What `useSessionVerification` returns: the state of the "Confirm it's you" parts. */
export interface UseSessionVerificationReturn {
  /** `code`: the six boxes of a code from the app; `recovery`: a recovery code. Emitted as `data-mode`. */
  mode: 'code' | 'recovery';
  /** A code can prove it: the code boxes (or the recovery code) and the switch show. Emitted as `data-code`. */
  showCode: boolean;
  /** A passkey can prove it: 'Use a passkey' shows. Emitted as `data-passkey`. */
  showPasskey: boolean;
  /** 'Use a passkey': the browser's passkey prompt proves this session, then the change runs again. */
  startPasskey: () => void;
  /** The passkey's prompt is open or the change it allows runs ('Waiting for your passkey...'). */
  isPasskeyPending: boolean;
  /** One entry per box: the digit or ''. */
  digits: string[];
  getDigitProps: (index: number) => OtpCodeInputProps;
  /** All six boxes are filled ('Continue' is enabled then). */
  isCodeComplete: boolean;
  /** 'Continue' of the code: proves the six digits, then the change runs again. */
  submitCode: () => void;
  /** The recovery code typed so far. */
  recoveryCode: string;
  setRecoveryCode: (value: string) => void;
  /** 'Continue' of the recovery code. */
  submitRecoveryCode: () => void;
  /** 'Use a recovery code' / 'Use your authenticator app instead'. */
  switchMode: () => void;
  /** The code is being checked or the change runs: the controls are disabled. Emitted as `data-pending`. */
  isVerifying: boolean;
  /** Why the last code was refused (role alert). */
  error: LatchkeyFlowError | null;
  /** Back: the change is not made. */
  back: () => void;
  /** Ids tying the parts together. */
  ids: { error: string; codeLabel: string; recoveryInput: string };
}

/**
 * The state of "Confirm it's you" over `source`: the code boxes (focused when it mounts, submitted at the sixth
 * digit), or a recovery code, and the way back. Mount it when the hook goes to its `verify` step.
 */
export function useSessionVerification(source: SessionVerificationSource): UseSessionVerificationReturn {
  const { verifyAndRetry, recoverAndRetry, cancelVerification, verifyWithPasskeyAndRetry } = source;
  const showCode = source.canVerifyWithTotp ?? true;
  const showPasskey = (source.canVerifyWithPasskey ?? false) && verifyWithPasskeyAndRetry !== undefined;
  // Set by 'Use a passkey' until its proof ends, so the button, not 'Continue', says what is waiting.
  const [hasStartedPasskey, setStartedPasskey] = useState(false);
  const t = useMessages(totpMessages);
  const id = useId();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [recoveryCode, setRecoveryCode] = useState('');
  const getAriaLabel = useCallback(
    (index: number, count: number) => t('totp.digitLabel', { index: index + 1, count }),
    [t],
  );
  const submit = async (value: string) => {
    // A refused code empties the boxes (and focuses the first) for the next try; the error says why.
    if (!(await verifyAndRetry(value))) code.clear();
  };
  const code = useOtpCode({ onComplete: (value) => void submit(value), getAriaLabel });
  // The step asks for a code first: its first box takes the focus (clear focuses it; with no code to give, 'Use a
  // passkey' takes it); outside a <SignIn> nobody else loads the error texts' chunk, which ErrorMessage waits for.
  const clearCode = code.clear;
  useEffect(() => {
    void loadErrorMessages();
    if (mode === 'code' && showCode) clearCode();
  }, [mode, clearCode, showCode]);
  return {
    mode,
    showCode,
    showPasskey,
    startPasskey: () => {
      if (!verifyWithPasskeyAndRetry) return;
      setStartedPasskey(true);
      void verifyWithPasskeyAndRetry().finally(() => setStartedPasskey(false));
    },
    isPasskeyPending: hasStartedPasskey && source.isVerifying,
    digits: code.digits,
    getDigitProps: code.getInputProps,
    isCodeComplete: code.isComplete,
    submitCode: () => {
      if (code.isComplete) void submit(code.value);
    },
    recoveryCode,
    setRecoveryCode,
    submitRecoveryCode: () => {
      if (recoveryCode.trim() !== '') void recoverAndRetry(recoveryCode);
    },
    switchMode: () => setMode((current) => (current === 'code' ? 'recovery' : 'code')),
    isVerifying: source.isVerifying,
    error: source.error,
    back: cancelVerification,
    ids: { error: `${id}-error`, codeLabel: `${id}-code-label`, recoveryInput: `${id}-recovery` },
  };
}
