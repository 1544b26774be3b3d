import { useCallback, useEffect, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from './errors';

/** The resend link reads 'Code sent' for 2 seconds. */
export const RESEND_SENT_MS = 2000;

/** The resend link's states: initial, sending, sent, waiting, back to initial on error. */
export type ResendStatus = 'initial' | 'sending' | 'sent' | 'waiting';

/** Options of `useResend`. */
export interface UseResendOptions {
  /** How long the status stays 'sent' before 'waiting'. Default 2000 ms. */
  sentMs?: number;
}

/** What `useResend` returns. */
export interface UseResendReturn {
  /** 'initial' → 'sending' → 'sent' (for `sentMs`) → 'waiting'; back to 'initial' when the resend fails. */
  status: ResendStatus;
  /** Why the last resend threw (not set when `resendFn` resolved false), cleared by the next one. */
  error: LatchkeyFlowError | null;
  /** Calls the resend function unless one is running or just succeeded; resolves true on success. */
  resend: () => Promise<boolean>;
}

/**
 * State of a 'Resend code' link around the caller's resend function. The resend fails when `resendFn` rejects
 * (then `error` holds why) or resolves `false` (as `useOtpFlow().resend` does; its own `error` holds why).
 */
export function useResend(resendFn: () => Promise<unknown>, options: UseResendOptions = {}): UseResendReturn {
  const { sentMs = RESEND_SENT_MS } = options;
  const [status, setStatus] = useState<ResendStatus>('initial');
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  const statusRef = useRef<ResendStatus>('initial');
  const resendFnRef = useRef(resendFn);
  resendFnRef.current = resendFn;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const moveTo = useCallback((next: ResendStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  const resend = useCallback(async (): Promise<boolean> => {
    // A second click while sending, or while 'Code sent' shows, would send a second code.
    if (statusRef.current === 'sending' || statusRef.current === 'sent') return false;
    moveTo('sending');
    setError(null);
    try {
      // Flow hooks such as `useOtpFlow().resend` report their own error and resolve false instead of throwing.
      if ((await resendFnRef.current()) === false) {
        moveTo('initial');
        return false;
      }
    } catch (caught) {
      setError(toFlowError(caught));
      moveTo('initial');
      return false;
    }
    moveTo('sent');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => moveTo('waiting'), sentMs);
    return true;
  }, [moveTo, sentMs]);

  return { status, error, resend };
}
