import type { PasswordsStrengthCheckResponse } from '@latchkey/sdk';
import { useEffect, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import { useLatchkeyClient } from '../../latchkeyContext';

/** Options of `usePasswordStrength`. */
export interface UsePasswordStrengthOptions {
  /** The password being typed. */
  password: string;
  /** The user's email, so the check can penalise passwords built from it. */
  email?: string;
  /** How long typing must pause before a check is sent; default 300 ms (the spec leaves it open). */
  debounceMs?: number;
}

/** What `usePasswordStrength` returns. */
export interface UsePasswordStrengthReturn {
  /**
   * `idle`: empty password, nothing checked. `checking`: waiting for the pause in typing or for the answer.
   * `done`: `result` is about the current password. `error`: see `error`.
   */
  status: 'idle' | 'checking' | 'done' | 'error';
  /**
   * The provider's strength result (score, feedback, `valid_password`, `strength_policy`, `breached_password`).
   * While `checking` it is still the previous password's, so a strength bar does not flicker; only trust
   * `valid_password` when `status` is `done`.
   */
  result: PasswordsStrengthCheckResponse | null;
  isChecking: boolean;
  error: LatchkeyFlowError | null;
}

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The answer (or refusal) of the last check that came back, with what it was about. */
interface CheckOutcome {
  password: string;
  email: string | undefined;
  result: PasswordsStrengthCheckResponse | null;
  error: LatchkeyFlowError | null;
}

/** How long after a check refused for its rate (429 `too_many_requests`) it is sent again, doubling to the last. */
export const STRENGTH_RETRY_DELAYS_MS: readonly number[] = [2_000, 4_000, 8_000, 16_000, 30_000];

/**
 * The live strength check of a password being typed (re-runs on each change, debounced): one
 * `passwords.strengthCheck` per pause in typing. Only the latest check counts (an older answer arriving late is
 * dropped), and no answer is cached: the password lives only in this hook's state.
 * (`passwordStrengthQueryOptions` offers the same check to an app's own react-query cache.)
 *
 * A check the provider refused for its rate (429 `too_many_requests`: many people typing behind one address) is sent
 * again after STRENGTH_RETRY_DELAYS_MS while the password stays the same, and the status stays `checking`: submit
 * waits for a `valid_password` answer (the spec), so a refusal must not leave it disabled for good. Any other refusal
 * is `error` and not retried.
 */
export function usePasswordStrength({
  password,
  email,
  debounceMs = 300,
}: UsePasswordStrengthOptions): UsePasswordStrengthReturn {
  const client = useLatchkeyClient();
  // Debounced one primitive at a time: a fresh object each render would restart the timer forever.
  const checkedPassword = useDebouncedValue(password, debounceMs);
  const checkedEmail = useDebouncedValue(email, debounceMs);
  const isSettled = checkedPassword === password && checkedEmail === email;
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);

  useEffect(() => {
    if (checkedPassword === '') return;
    let isCurrent = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const input =
      checkedEmail === undefined ? { password: checkedPassword } : { password: checkedPassword, email: checkedEmail };
    const check = (attempt: number) => {
      client.passwords.strengthCheck(input).then(
        (result) => {
          if (isCurrent) setOutcome({ password: checkedPassword, email: checkedEmail, result, error: null });
        },
        (error: unknown) => {
          if (!isCurrent) return;
          const flowError = toFlowError(error);
          const delay = STRENGTH_RETRY_DELAYS_MS[Math.min(attempt, STRENGTH_RETRY_DELAYS_MS.length - 1)];
          if (flowError.type === 'too_many_requests' && delay !== undefined) {
            retry = setTimeout(() => check(attempt + 1), delay);
            return;
          }
          setOutcome({ password: checkedPassword, email: checkedEmail, result: null, error: flowError });
        },
      );
    };
    check(0);
    return () => {
      isCurrent = false;
      clearTimeout(retry);
    };
  }, [client, checkedPassword, checkedEmail]);

  if (password === '') return { status: 'idle', result: null, isChecking: false, error: null };
  const isAnswered = isSettled && outcome?.password === password && outcome.email === email;
  // While checking, the previous answer stays (a strength bar does not flicker); a refusal is never shown as one.
  if (!isAnswered) return { status: 'checking', result: outcome?.result ?? null, isChecking: true, error: null };
  if (outcome.error) return { status: 'error', result: null, isChecking: false, error: outcome.error };
  return { status: 'done', result: outcome.result, isChecking: false, error: null };
}
