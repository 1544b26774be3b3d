import type { PasswordsStrengthCheckResponse } from '@latchkey/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import { useLatchkeyClient } from '../../LatchkeyProvider';
import { passwordStrengthQueryOptions } from '../../queryOptions';
import { useLatchkeyQueryClient } from '../../useLatchkeyQueryClient';

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

/**
 * The live strength check of a password being typed (spec §4: re-runs on each change, debounced): one
 * `passwords.strengthCheck` per pause in typing, cached per password by react-query.
 */
export function usePasswordStrength({
  password,
  email,
  debounceMs = 300,
}: UsePasswordStrengthOptions): UsePasswordStrengthReturn {
  const client = useLatchkeyClient();
  const queryClient = useLatchkeyQueryClient();
  // Debounced one primitive at a time: a fresh object each render would restart the timer forever.
  const checkedPassword = useDebouncedValue(password, debounceMs);
  const checkedEmail = useDebouncedValue(email, debounceMs);
  const isSettled = checkedPassword === password && checkedEmail === email;
  const query = useQuery(
    {
      ...passwordStrengthQueryOptions(
        client,
        checkedEmail === undefined ? { password: checkedPassword } : { password: checkedPassword, email: checkedEmail },
      ),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );

  if (password === '') return { status: 'idle', result: null, isChecking: false, error: null };
  const isChecking = !isSettled || query.isFetching;
  if (isChecking) return { status: 'checking', result: query.data ?? null, isChecking: true, error: null };
  if (query.isError) return { status: 'error', result: null, isChecking: false, error: toFlowError(query.error) };
  return { status: 'done', result: query.data ?? null, isChecking: false, error: null };
}
