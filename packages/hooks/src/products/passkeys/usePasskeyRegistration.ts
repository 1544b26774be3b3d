import { APIUnreachableError, NoSessionError, type WebAuthnRegisterResponse } from '@latchkey/sdk';
import { useCallback, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { resolveSessionDuration, useFlowContext, useLatest } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { toPasskeyRegistrationError } from './passkeyErrors';
import { PASSKEY_TRANSITIONS } from './transitions';

/** Options of `usePasskeyRegistration`. Inside a `<SignIn>`, the store's `onEvent`/`onError` are called as well. */
export interface UsePasskeyRegistrationOptions extends SignInCallbacks {
  /** The session's lifetime after the passkey joins it; default the store's `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
}

/** What `usePasskeyRegistration` returns. */
export interface UsePasskeyRegistrationReturn {
  /**
   * `checking`: fetching the user. `registering`: the ceremony is running. `registered`: a passkey was created.
   * `skipped`: the user chose 'Skip'. `error`: see `error`.
   */
  status: 'idle' | 'checking' | 'registering' | 'registered' | 'skipped' | 'error';
  /** The spec's text: no signed-in user, a duplicate passkey, or 'Your Passkey was not created…'. */
  error: LatchkeyFlowError | null;
  /** The provider's answer to the last creation (its `webauthn_registration_id`), or null. */
  registration: WebAuthnRegisterResponse | null;
  /**
   * 'Create a Passkey': checks that a user is signed in by fetching them, then creates a passkey
   * (`is_passkey: true`). Resolves true once created.
   */
  register(): Promise<boolean>;
  /** 'Skip': records the skip (and, inside a `<SignIn>`, goes to PasskeyRegistrationSuccess). */
  skip(): void;
  /** Back to `idle` ('Set up another Passkey'). */
  reset(): void;
}

interface LocalState {
  status: UsePasskeyRegistrationReturn['status'];
  error: LatchkeyFlowError | null;
  registration: WebAuthnRegisterResponse | null;
}

const IDLE: LocalState = { status: 'idle', error: null, registration: null };

/**
 * Passkey registration after login: needs an authenticated
 * user, checked by fetching the user; create leads to success, skip records a skip and leads to success, a failure
 * sets the error message and stays.
 */
export function usePasskeyRegistration(options: UsePasskeyRegistrationOptions = {}): UsePasskeyRegistrationReturn {
  const ctx = useFlowContext({ onEvent: options.onEvent, onError: options.onError }, PASSKEY_TRANSITIONS);
  const optionsRef = useLatest(options);
  const [state, setState] = useState<LocalState>(IDLE);

  const register = useCallback(async () => {
    const fail = (error: LatchkeyFlowError) => {
      setState({ status: 'error', error, registration: null });
      ctx.dispatch({ type: 'passkeyFailed', descriptor: { messageId: error.type, message: error.message } });
      ctx.fail(error);
      return false;
    };
    setState({ status: 'checking', error: null, registration: null });
    try {
      // The user is fetched first; without a session the SDK refuses before any request.
      await ctx.client.user.get();
    } catch (caught) {
      // No session, or one the provider refuses: there is no user to add a passkey to. A network failure says so.
      return fail(
        caught instanceof APIUnreachableError
          ? toFlowError(caught)
          : toPasskeyRegistrationError(caught instanceof NoSessionError ? caught : new NoSessionError()),
      );
    }
    setState((previous) => ({ ...previous, status: 'registering' }));
    try {
      const registration = await ctx.client.webauthn.register({
        is_passkey: true,
        session_duration_minutes: resolveSessionDuration(ctx, optionsRef.current.sessionDurationMinutes),
      });
      ctx.dispatch({
        type: 'passkeyRegistered',
        skipped: false,
        registrationId: registration.webauthn_registration_id,
      });
      setState({ status: 'registered', error: null, registration });
      return true;
    } catch (caught) {
      return fail(toPasskeyRegistrationError(caught));
    }
  }, [ctx, optionsRef]);

  const skip = useCallback(() => {
    ctx.dispatch({ type: 'passkeyRegistered', skipped: true });
    setState({ status: 'skipped', error: null, registration: null });
  }, [ctx]);

  const reset = useCallback(() => setState(IDLE), []);

  // A second call while the first is in flight (a double click) starts one ceremony.
  const verbs = useSingleFlightVerbs({ register });
  return { ...state, ...verbs, skip, reset };
}
