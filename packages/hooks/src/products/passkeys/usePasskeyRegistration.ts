import { APIUnreachableError, NoSessionError, type WebAuthnRegisterResponse } from '@latchkey/sdk';
import { useCallback, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { resolveSessionDuration, useFlowContext, useLatest } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import {
  canProveWithPasskey,
  canProveWithTotp,
  needsSecondFactorProof,
  PROOF_FLIGHT,
  passkeyProof,
  recoveryCodeProof,
  type TotpProof,
  totpCodeProof,
} from '../totp/totpCalls';
import { toTotpError } from '../totp/totpErrors';
import { toPasskeyLoginError, toPasskeyRegistrationError } from './passkeyErrors';
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
   * `skipped`: the user chose 'Skip'. `error`: see `error`. `verify`: under multi-factor sign-in, the provider wants
   * this session to prove the second factor before a passkey is added (a code from the authenticator app, a recovery
   * code or one of the user's passkeys: `canVerifyWithTotp`, `canVerifyWithPasskey`; `error` holds why the last proof
   * failed). `verifying`: that proof is checked, then the creation runs again.
   */
  status: 'idle' | 'checking' | 'registering' | 'registered' | 'skipped' | 'error' | 'verify' | 'verifying';
  /**
   * The spec's text: no signed-in user, a duplicate passkey, or 'Your Passkey was not created…'; on status `verify`,
   * the TOTP product's text for a refused code, or the passkey sign-in's for a failed passkey.
   */
  error: LatchkeyFlowError | null;
  /** Status `verify`: the user has a confirmed authenticator app, so `verifyAndRetry` and `recoverAndRetry` can prove it. */
  canVerifyWithTotp: boolean;
  /** Status `verify`: the user has a passkey (or security key), so `verifyWithPasskeyAndRetry` can prove it. */
  canVerifyWithPasskey: boolean;
  /** The change status `verify` retries once this session proved the second factor (`'register'`); else null. */
  pendingChange: 'register' | null;
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
  /**
   * Status `verify`: proves the second factor on this session with a 6-digit code from the authenticator app
   * (`totps.authenticate`), then creates the passkey again. Resolves true once created; a wrong code stays on
   * `verify` with `error`.
   */
  verifyAndRetry(code: string): Promise<boolean>;
  /** Status `verify` with a recovery code instead (`totps.recover`; each code works once), then the same retry. */
  recoverAndRetry(recoveryCode: string): Promise<boolean>;
  /**
   * Status `verify` with one of the user's passkeys instead: the browser's passkey prompt on this session
   * (`webauthn.authenticate`, which the provider adds to it), then the same retry. A cancelled or refused prompt stays
   * on `verify` with `error`; nothing is sent when `canVerifyWithPasskey` is false.
   */
  verifyWithPasskeyAndRetry(): Promise<boolean>;
  /** Status `verify`: gives up adding the passkey; back to `idle` (a code still being checked creates nothing). */
  cancelVerification(): void;
}

interface LocalState {
  status: UsePasskeyRegistrationReturn['status'];
  error: LatchkeyFlowError | null;
  registration: WebAuthnRegisterResponse | null;
}

const IDLE: LocalState = { status: 'idle', error: null, registration: null };
const VERIFY: LocalState = { status: 'verify', error: null, registration: null };

/**
 * Passkey registration after login: needs an authenticated
 * user, checked by fetching the user; create leads to success, skip records a skip and leads to success, a failure
 * sets the error message and stays. A session that must prove the second factor first goes to status `verify`.
 */
export function usePasskeyRegistration(options: UsePasskeyRegistrationOptions = {}): UsePasskeyRegistrationReturn {
  const ctx = useFlowContext({ onEvent: options.onEvent, onError: options.onError }, PASSKEY_TRANSITIONS);
  const optionsRef = useLatest(options);
  const [state, setState] = useState<LocalState>(IDLE);
  // Which ways status `verify` offers, read from the user when the provider refused the creation.
  const [ways, setWays] = useState({ totp: false, passkey: false });

  // Bumped by `reset`, `skip` and `cancelVerification`: a proof answered after them retries nothing.
  const attempt = useRef(0);

  /** Fetches the user, then runs the ceremony. `isRetry`: after a proved code (the status stays `verifying`). */
  const create = useCallback(
    async (isRetry: boolean) => {
      const fail = (error: LatchkeyFlowError) => {
        setState({ status: 'error', error, registration: null });
        ctx.dispatch({ type: 'passkeyFailed', descriptor: { messageId: error.type, message: error.message } });
        ctx.fail(error);
        return false;
      };
      if (!isRetry) setState({ status: 'checking', error: null, registration: null });
      // Skip (or reset, or cancel) while the user is fetched: no ceremony after all.
      const started = attempt.current;
      try {
        // The user is fetched first; without a session the SDK refuses before any request.
        await ctx.client.user.get();
        if (attempt.current !== started) return false;
      } catch (caught) {
        if (attempt.current !== started) return false;
        // No session, or one the provider refuses: there is no user to add a passkey to. A network failure says so.
        return fail(
          caught instanceof APIUnreachableError
            ? toFlowError(caught)
            : toPasskeyRegistrationError(caught instanceof NoSessionError ? caught : new NoSessionError()),
        );
      }
      if (!isRetry) setState((previous) => ({ ...previous, status: 'registering' }));
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
        // Under multi-factor sign-in, a session that never proved the second factor (one started before the user's
        // app or passkey existed) must prove it first: the verify step asks for it, no error.
        const canProve = { totp: canProveWithTotp(ctx), passkey: canProveWithPasskey(ctx) };
        if (needsSecondFactorProof(caught) && (canProve.totp || canProve.passkey)) {
          setWays(canProve);
          setState(VERIFY);
          return false;
        }
        return fail(toPasskeyRegistrationError(caught));
      }
    },
    [ctx, optionsRef],
  );

  const register = useCallback(() => create(false), [create]);

  /**
   * Status `verify`: the proof (a wrong code or a failed passkey stays on the step with its error, `toError`'s text),
   * then the creation once more.
   */
  const proveAndRetry = useCallback(
    async (proof: TotpProof | (() => Promise<unknown>), toError: (caught: unknown) => LatchkeyFlowError) => {
      if (state.status !== 'verify') return false;
      if (typeof proof !== 'function') {
        setState({ ...VERIFY, error: proof });
        ctx.fail(proof);
        return false;
      }
      const current = ++attempt.current;
      setState({ status: 'verifying', error: null, registration: null });
      try {
        await proof();
      } catch (caught) {
        if (current !== attempt.current) return false;
        const error = toError(caught);
        setState({ ...VERIFY, error });
        ctx.fail(error);
        return false;
      }
      // Cancelled while the code was checked: the session is proved, but the user no longer wants the passkey.
      if (current !== attempt.current) return false;
      return create(true);
    },
    [ctx, state.status, create],
  );

  const verifyAndRetry = useCallback(
    (code: string) => proveAndRetry(totpCodeProof(ctx, code, optionsRef.current.sessionDurationMinutes), toTotpError),
    [ctx, optionsRef, proveAndRetry],
  );
  const recoverAndRetry = useCallback(
    (recoveryCode: string) =>
      proveAndRetry(recoveryCodeProof(ctx, recoveryCode, optionsRef.current.sessionDurationMinutes), toTotpError),
    [ctx, optionsRef, proveAndRetry],
  );
  const verifyWithPasskeyAndRetry = useCallback(async () => {
    if (!ways.passkey) return false;
    return proveAndRetry(passkeyProof(ctx, optionsRef.current.sessionDurationMinutes), toPasskeyLoginError);
  }, [ctx, ways.passkey, optionsRef, proveAndRetry]);
  const cancelVerification = useCallback(() => {
    attempt.current += 1;
    setState((previous) => (previous.status === 'verify' || previous.status === 'verifying' ? IDLE : previous));
  }, []);

  const skip = useCallback(() => {
    attempt.current += 1;
    ctx.dispatch({ type: 'passkeyRegistered', skipped: true });
    setState({ status: 'skipped', error: null, registration: null });
  }, [ctx]);

  const reset = useCallback(() => {
    attempt.current += 1;
    setState(IDLE);
  }, []);

  // A second call while the first is in flight (a double click) starts one ceremony, or checks one code.
  const verbs = useSingleFlightVerbs(
    { register, verifyAndRetry, recoverAndRetry, verifyWithPasskeyAndRetry },
    PROOF_FLIGHT,
  );
  const isVerifyStep = state.status === 'verify' || state.status === 'verifying';
  return {
    ...state,
    canVerifyWithTotp: isVerifyStep && ways.totp,
    canVerifyWithPasskey: isVerifyStep && ways.passkey,
    pendingChange: isVerifyStep ? 'register' : null,
    ...verbs,
    skip,
    reset,
    cancelVerification,
  };
}
