import {
  type LatchkeyFlowError,
  type OtpCodeInputProps,
  TOTP_NO_USER_MESSAGE,
  type TotpEnrollmentStep,
  type UseTotpEnrollmentOptions,
  unverifiedIdentifierOf,
  useOtpCode,
  useTotpEnrollment,
} from '@latchkey/hooks';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { loadErrorMessages, useMessages } from '../../../messages/index';
import { totpMessages } from '../messages';
import type { SessionVerificationSource } from '../SessionVerification/useSessionVerification';

/** How long 'Copied' replaces a copy button's text (ms). */
const COPIED_MS = 2000;

/** What `useTotpEnrollmentScreen` returns: the state of the enrolment's parts. */
export interface UseTotpEnrollmentScreenReturn {
  /**
   * start → scan (QR code, key, first code) → save (recovery codes) → done; verify (a code for this session) before
   * removing the app or new recovery codes when the provider asks for it. Emitted as `data-step`.
   */
  step: TotpEnrollmentStep;
  /** Nobody is signed in: the error shows and nothing else does. */
  hasUser: boolean;
  /** The user already has a confirmed app (the start step says so instead of offering a new one). */
  isEnrolled: boolean;
  /** 'Set up authenticator app' is running. */
  isStarting: boolean;
  start: () => void;
  /** The checked QR code data URL, or null. */
  qrCode: string | null;
  /** Why the QR code cannot be shown, or null. */
  qrCodeError: string | null;
  /** The key in groups of four, for manual entry. */
  manualKey: string;
  /** The `otpauth://` link, or null. */
  otpauthUri: string | null;
  /** Copies the key; `copied` says which copy button reads 'Copied'. */
  copyKey: () => void;
  copied: 'key' | 'codes' | null;
  /** The six boxes of the first code (submitted at the sixth digit). */
  digits: string[];
  getDigitProps: (index: number) => OtpCodeInputProps;
  /** The code is being checked (the verify step: also while the change it allows runs). Emitted as `data-pending`. */
  isVerifying: boolean;
  /**
   * The verify step, driven by `useTotpEnrollment`'s (`verifyAndRetry`, `recoverAndRetry`,
   * `verifyWithPasskeyAndRetry`, `cancelVerification`): what `<SessionVerification>` ("Confirm it's you": a code from
   * the app, a recovery code or a passkey, then the change it waits for, and Back) shows. Null on the other steps.
   */
  verification: SessionVerificationSource | null;
  /** The recovery codes to save. */
  recoveryCodes: string[];
  copyCodes: () => void;
  /** Saves the codes as `recovery-codes.txt`. */
  downloadCodes: () => void;
  /** 'I have saved these codes' is ticked (Continue is enabled then). */
  hasSavedCodes: boolean;
  setHasSavedCodes: (value: boolean) => void;
  /** Continue after saving the codes: → done. */
  finish: () => void;
  /** The current error: no user, a refusal, a wrong first code (the verify step's is `verification.error`). */
  error: LatchkeyFlowError | null;
  /**
   * The account's unverified email (or phone) when the provider refused the enrolment with `identifier_not_verified`:
   * the verification shows (a passcode to it), and `start` runs again once it is proved. Null otherwise.
   */
  unverifiedIdentifier: string | null;
  /** The way back: the scan step's to the start step (the verify step has its own, `verification.cancelVerification`). */
  back: () => void;
  /** The back arrow shows (the scan step). */
  canGoBack: boolean;
  /** The user has an app and the step offers its management (start when enrolled, done). */
  canManage: boolean;
  /** Removing the app or issuing new recovery codes is running (the buttons are disabled). */
  isManaging: boolean;
  /** 'Remove authenticator app' was chosen: the warning, 'Remove' and 'Cancel' show. */
  isConfirmingRemove: boolean;
  requestRemove: () => void;
  cancelRemove: () => void;
  /** 'Remove': deletes the app; back to the start step. */
  confirmRemove: () => void;
  /** 'Regenerate recovery codes': a new set, shown in the save step. */
  regenerateRecoveryCodes: () => void;
  /** Ids tying the parts together. */
  ids: { error: string; codes: string; savedCheckbox: string; codeLabel: string };
}

/** Options of `useTotpEnrollmentScreen` (and props of `<TotpEnrollment>`): the hook's, and `onDone`. */
export interface UseTotpEnrollmentScreenOptions extends UseTotpEnrollmentOptions {
  /** Called once the user confirmed they saved the recovery codes (the enrolment is complete). */
  onDone?: () => void;
}

function writeClipboard(text: string): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return clipboard ? clipboard.writeText(text) : Promise.reject(new Error('No clipboard'));
}

/** The enrolment's state: `useTotpEnrollment` plus the code boxes, copy and download, and the saved-codes check. */
export function useTotpEnrollmentScreen(options: UseTotpEnrollmentScreenOptions = {}): UseTotpEnrollmentScreenReturn {
  const { onDone, ...hookOptions } = options;
  const t = useMessages(totpMessages);
  const enrollment = useTotpEnrollment(hookOptions);
  const { confirm, acknowledge, reset, remove, regenerateRecoveryCodes } = enrollment;
  const [copied, setCopied] = useState<'key' | 'codes' | null>(null);
  const [hasSavedCodes, setHasSavedCodes] = useState(false);
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  // Outside a <SignIn> nobody else loads the error texts' chunk, which ErrorMessage waits for.
  useEffect(() => {
    void loadErrorMessages();
    return () => clearTimeout(copiedTimer.current);
  }, []);

  const getAriaLabel = useCallback(
    (index: number, count: number) => t('totp.digitLabel', { index: index + 1, count }),
    [t],
  );
  const submit = async (value: string) => {
    // A refused code empties the boxes (and focuses the first) for the next try; the error says why.
    if (!(await confirm(value))) code.clear();
  };
  const code = useOtpCode({ onComplete: (value) => void submit(value), getAriaLabel });

  const copy = (what: 'key' | 'codes', text: string) => {
    void writeClipboard(text).then(
      () => {
        setCopied(what);
        clearTimeout(copiedTimer.current);
        copiedTimer.current = setTimeout(() => setCopied(null), COPIED_MS);
      },
      () => {},
    );
  };

  const noUser: LatchkeyFlowError | null = enrollment.hasUser
    ? null
    : { type: 'totp_no_user', message: TOTP_NO_USER_MESSAGE };
  const isVerifying =
    enrollment.status === 'verifying' ||
    (enrollment.pendingChange !== null && (enrollment.status === 'removing' || enrollment.status === 'regenerating'));
  return {
    step: enrollment.step,
    hasUser: enrollment.hasUser,
    isEnrolled: enrollment.isEnrolled,
    isStarting: enrollment.status === 'checking' || enrollment.status === 'creating',
    start: () => void enrollment.start(),
    qrCode: enrollment.qrCode,
    qrCodeError: enrollment.qrCodeError,
    manualKey: enrollment.manualKey,
    otpauthUri: enrollment.otpauthUri,
    copyKey: () => copy('key', enrollment.secret),
    copied,
    digits: code.digits,
    getDigitProps: code.getInputProps,
    isVerifying,
    verification:
      enrollment.pendingChange === null
        ? null
        : {
            error: enrollment.error,
            isVerifying,
            verifyAndRetry: enrollment.verifyAndRetry,
            recoverAndRetry: enrollment.recoverAndRetry,
            canVerifyWithTotp: enrollment.canVerifyWithTotp,
            canVerifyWithPasskey: enrollment.canVerifyWithPasskey,
            verifyWithPasskeyAndRetry: enrollment.verifyWithPasskeyAndRetry,
            cancelVerification: enrollment.cancelVerification,
          },
    recoveryCodes: enrollment.recoveryCodes,
    copyCodes: () => copy('codes', enrollment.recoveryCodesText),
    downloadCodes: () => downloadText('recovery-codes.txt', enrollment.recoveryCodesText),
    hasSavedCodes,
    setHasSavedCodes,
    finish: () => {
      if (!hasSavedCodes) return;
      acknowledge();
      onDone?.();
    },
    error: enrollment.step === 'verify' ? null : (enrollment.error ?? (enrollment.step === 'start' ? noUser : null)),
    unverifiedIdentifier: enrollment.step === 'start' ? unverifiedIdentifierOf(enrollment.error) : null,
    back: () => {
      code.clear();
      reset();
    },
    canGoBack: enrollment.step === 'scan',
    canManage: enrollment.isEnrolled && (enrollment.step === 'start' || enrollment.step === 'done'),
    isManaging: enrollment.status === 'removing' || enrollment.status === 'regenerating',
    isConfirmingRemove,
    requestRemove: () => setIsConfirmingRemove(true),
    cancelRemove: () => setIsConfirmingRemove(false),
    confirmRemove: () => {
      void remove().then(() => setIsConfirmingRemove(false));
    },
    regenerateRecoveryCodes: () => {
      setHasSavedCodes(false);
      void regenerateRecoveryCodes();
    },
    ids: { error: `${id}-error`, codes: `${id}-codes`, savedCheckbox: `${id}-saved`, codeLabel: `${id}-code-label` },
  };
}

/** Saves `text` as a file through a temporary object URL (nothing when the browser has none). */
function downloadText(name: string, text: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
