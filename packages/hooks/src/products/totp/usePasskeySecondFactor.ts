import type { User } from '@latchkey/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LatchkeyFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { resolveSessionDuration, useFlowContext } from '../../flowContext';
import { toPasskeyLoginError } from '../passkeys/passkeyErrors';
import { TOTP_SIGN_IN_EXPIRED_MESSAGE } from './totpErrors';
import { TOTP_TRANSITIONS } from './transitions';

/** Options of `usePasskeySecondFactor`. Inside a `<SignIn>`, the store's `sessionOptions` and `onError` apply too. */
export interface UsePasskeySecondFactorOptions extends SignInCallbacks {
  /** The session's lifetime once the passkey is accepted; default the store's `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
}

/** Which second factors the waiting user can give. */
export interface SecondFactors {
  /** A confirmed authenticator app (`totps` with `verified: true`): the code entry and recovery codes. */
  totp: boolean;
  /** A passkey or security key (`webauthn_registrations`): 'Use a passkey'. */
  passkey: boolean;
}

/** What `usePasskeySecondFactor` returns. */
export interface UsePasskeySecondFactorReturn {
  /** `authenticating`: the browser's passkey prompt is open or the assertion is being checked. */
  status: 'idle' | 'authenticating' | 'success' | 'error';
  /** Why the passkey was refused (the passkey texts of the specification; an ended sign-in: the TOTP screen's text). */
  error: LatchkeyFlowError | null;
  /**
   * Which second factors the waiting user has, from the first factor's answer (`client.session.getIntermediateUser()`);
   * null until read. When the page did not see that answer (a reload), both are offered.
   */
  factors: SecondFactors | null;
  /** Completes the sign-in with a passkey (`webauthn.authenticate` with the intermediate session); true once signed in. */
  authenticate(): Promise<boolean>;
  /** Clears the error. */
  reset(): void;
}

/** Which second factors `user` can give; both when the user is unknown. */
export function secondFactorsOf(user: User | null): SecondFactors {
  if (!user) return { totp: true, passkey: true };
  return {
    totp: (user.totps ?? []).some((totp) => totp.verified),
    passkey: (user.webauthn_registrations ?? []).length > 0,
  };
}

function toSecondFactorError(caught: unknown): LatchkeyFlowError {
  const error = toPasskeyLoginError(caught);
  return error.type === 'intermediate_session_not_found' ? { ...error, message: TOTP_SIGN_IN_EXPIRED_MESSAGE } : error;
}

/**
 * A passkey as the second factor of a multi-factor sign-in (the provider counts a verified passkey as one): the
 * TotpAuthenticate screen's 'Use a passkey'. `authenticate()` runs the SDK's `webauthn.authenticate` (`is_passkey`),
 * which completes the waiting sign-in through `/webauthn/authenticate/start/secondary`; success reports
 * `totpAuthenticated` → **LoginSuccess** (whose `AUTHENTICATE_FLOW_COMPLETE` tells the host), failures go to
 * `onError`. `factors` says whether to offer the passkey, the app's code, or both.
 */
export function usePasskeySecondFactor(options: UsePasskeySecondFactorOptions = {}): UsePasskeySecondFactorReturn {
  const { onEvent, onError, sessionDurationMinutes } = options;
  const ctx = useFlowContext({ onEvent, onError }, TOTP_TRANSITIONS);
  const [status, setStatus] = useState<UsePasskeySecondFactorReturn['status']>('idle');
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  const [factors, setFactors] = useState<SecondFactors | null>(null);
  const mountedRef = useRef(true);

  useEffect(() => {
    mountedRef.current = true;
    let active = true;
    ctx.client.session.getIntermediateUser().then(
      (user) => {
        if (active) setFactors(secondFactorsOf(user));
      },
      () => {
        if (active) setFactors(secondFactorsOf(null));
      },
    );
    return () => {
      active = false;
      mountedRef.current = false;
    };
  }, [ctx]);

  const authenticate = useCallback(async () => {
    setStatus('authenticating');
    setError(null);
    try {
      await ctx.client.webauthn.authenticate({
        is_passkey: true,
        session_duration_minutes: resolveSessionDuration(ctx, sessionDurationMinutes),
      });
      if (mountedRef.current) setStatus('success');
      ctx.dispatch({ type: 'totpAuthenticated' });
      return true;
    } catch (caught) {
      const flowError = toSecondFactorError(caught);
      if (mountedRef.current) {
        setError(flowError);
        setStatus('error');
      }
      ctx.fail(flowError);
      return false;
    }
  }, [ctx, sessionDurationMinutes]);

  const reset = useCallback(() => {
    setError(null);
    setStatus('idle');
  }, []);

  return { status, error, factors, authenticate, reset };
}
