import type { TotpsAuthenticateResponse } from '@latchkey/sdk';
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { LatchkeyFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { useFlowContext, useStoreSlice } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { isSecondFactorPending } from './secondFactor';
import { recoveryCodeProof, totpCodeProof } from './totpCalls';
import { toTotpError } from './totpErrors';
import { TOTP_TRANSITIONS } from './transitions';

/** Options of `useTotpFlow`. Inside a `<SignIn>`, the store's `sessionOptions`, `onEvent` and `onError` apply too. */
export interface UseTotpFlowOptions extends SignInCallbacks {
  /** The session's lifetime once the second factor is accepted; default the store's `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
  /** The client's `cookieOptions.istCookieName`, when it changed the intermediate session cookie's name. */
  intermediateCookieName?: string;
}

/** What `useTotpFlow` returns. */
export interface UseTotpFlowReturn {
  /** `verifying`: a code is being checked. `success`: signed in with both factors. `error`: see `error`. */
  status: 'idle' | 'verifying' | 'success' | 'error';
  /** Why the last code was refused, with a text to show (wrong code, used recovery code, lockout, expired sign-in). */
  error: LatchkeyFlowError | null;
  /** Which entry shows: the authenticator app's 6-digit code, or a recovery code. Inside `<SignIn>`, by screen. */
  mode: 'code' | 'recovery';
  /** A first factor was accepted and the sign-in waits for a second one (read from the SDK's cookies). */
  isPending: boolean;
  /** Checks a 6-digit code from the authenticator app; resolves true once signed in. */
  authenticate(code: string): Promise<boolean>;
  /** Checks a recovery code (each works once); resolves true once signed in. */
  recover(recoveryCode: string): Promise<boolean>;
  /** Switches between the code entry and the recovery-code entry (the error is cleared). */
  setMode(mode: 'code' | 'recovery'): void;
  /** Clears the error and goes back to `idle`. */
  reset(): void;
}

interface LocalState {
  status: UseTotpFlowReturn['status'];
  error: LatchkeyFlowError | null;
  mode: 'code' | 'recovery';
}

const IDLE: LocalState = { status: 'idle', error: null, mode: 'code' };

/**
 * The second-factor step of a multi-factor sign-in (or adding a factor to a session): `authenticate(code)` with the
 * authenticator app's code, or `recover(recoveryCode)`. Inside a `<SignIn>` it moves from TotpAuthenticate /
 * TotpRecoveryCode to LoginSuccess (whose AUTHENTICATE_FLOW_COMPLETE tells the host; the spec's four `onEvent` types
 * stay the only ones).
 */
export function useTotpFlow(options: UseTotpFlowOptions = {}): UseTotpFlowReturn {
  const { onEvent, onError, sessionDurationMinutes, intermediateCookieName } = options;
  const ctx = useFlowContext({ onEvent, onError }, TOTP_TRANSITIONS);
  const [state, setState] = useState<LocalState>(IDLE);
  const screenMode = useStoreSlice(
    ctx.store,
    (s) => (s.screen === 'TotpRecoveryCode' ? 'recovery' : s.screen === 'TotpAuthenticate' ? 'code' : null),
    null,
  );
  const readPending = () => isSecondFactorPending(ctx.client, intermediateCookieName);
  const isPending = useSyncExternalStore(ctx.client.session.subscribe, readPending, () => false);

  const fail = useCallback(
    (error: LatchkeyFlowError) => {
      setState((previous) => ({ ...previous, status: 'error', error }));
      ctx.fail(error);
      return false;
    },
    [ctx],
  );

  const complete = useCallback(
    async (call: () => Promise<TotpsAuthenticateResponse>) => {
      setState((previous) => ({ ...previous, status: 'verifying', error: null }));
      try {
        await call();
        setState((previous) => ({ ...previous, status: 'success', error: null }));
        ctx.dispatch({ type: 'totpAuthenticated' });
        return true;
      } catch (caught) {
        return fail(toTotpError(caught));
      }
    },
    [ctx, fail],
  );

  const authenticate = useCallback(
    async (code: string) => {
      const proof = totpCodeProof(ctx, code, sessionDurationMinutes);
      return typeof proof === 'function' ? complete(proof) : fail(proof);
    },
    [ctx, complete, fail, sessionDurationMinutes],
  );

  const recover = useCallback(
    async (recoveryCode: string) => {
      const proof = recoveryCodeProof(ctx, recoveryCode, sessionDurationMinutes);
      return typeof proof === 'function' ? complete(proof) : fail(proof);
    },
    [ctx, complete, fail, sessionDurationMinutes],
  );

  const setMode = useCallback(
    (mode: 'code' | 'recovery') => {
      setState({ status: 'idle', error: null, mode });
      ctx.dispatch({ type: 'totpModeChanged', mode });
    },
    [ctx],
  );

  const reset = useCallback(() => setState((previous) => ({ ...previous, status: 'idle', error: null })), []);

  // A second call while the first is in flight (a double click on Continue) sends nothing more.
  const verbs = useSingleFlightVerbs({ authenticate, recover });
  return {
    status: state.status,
    error: state.error,
    mode: screenMode ?? state.mode,
    isPending,
    ...verbs,
    setMode,
    reset,
  };
}
