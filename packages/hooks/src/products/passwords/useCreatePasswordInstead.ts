import { useCallback, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import { useFlowContext, useStoreSlice, watchScreen } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { resolvePasswordSettings, sendResetEmail } from './sendResetEmail';
import { PASSWORD_TRANSITIONS } from './transitions';

/** What `useCreatePasswordInstead` returns. */
export interface UseCreatePasswordInsteadReturn {
  /** `sending` while the set-password email is on its way; `error`: see `error`. */
  status: 'idle' | 'sending' | 'sent' | 'error';
  /** Why the last email could not be sent, or null. */
  error: LatchkeyFlowError | null;
  /** Emails a set-password link to the passwordless user of the sign-in (→ PasswordSetNew). */
  createPasswordInstead(): Promise<boolean>;
}

/**
 * 'Create a password instead' on a passwordless user's EmailConfirmation: the one step of the password
 * flow that screen needs, on its own so the magic-link screens do not carry the whole `usePasswordFlow`.
 */
export function useCreatePasswordInstead(): UseCreatePasswordInsteadReturn {
  const ctx = useFlowContext(undefined, PASSWORD_TRANSITIONS);
  const email = useStoreSlice(ctx.store, (state) => state.formState.passwordState.email, '');
  const [state, setState] = useState<Omit<UseCreatePasswordInsteadReturn, 'createPasswordInstead'>>({
    status: 'idle',
    error: null,
  });
  const createPasswordInstead = useCallback(async () => {
    // After the back arrow the answer moves nothing: the user has left the screen the email was asked from.
    const watch = watchScreen(ctx.store);
    setState({ status: 'sending', error: null });
    try {
      await sendResetEmail(ctx, email, resolvePasswordSettings(ctx, undefined));
      setState({ status: 'sent', error: null });
      if (watch.isCurrent()) ctx.dispatch({ type: 'passwordResetSent', reason: 'setNew', email });
      return true;
    } catch (caught) {
      const error = toFlowError(caught);
      setState({ status: 'error', error });
      ctx.fail(error);
      return false;
    } finally {
      watch.stop();
    }
  }, [ctx, email]);
  // A second call while the first is in flight (a double click) sends one reset email.
  const verbs = useSingleFlightVerbs({ createPasswordInstead });
  return { ...state, ...verbs };
}
