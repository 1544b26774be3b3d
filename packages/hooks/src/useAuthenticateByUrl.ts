import type { AccountReset, AuthenticateByUrlResult, AuthenticateTokenType } from '@latchkey/sdk';
import { useEffect, useRef, useState } from 'react';
import { accountResetOf } from './accountReset';
import { type LatchkeyFlowError, toFlowError } from './errors';
import type { SignInCallbacks } from './events';
import { resolveSessionDuration, useFlowContext } from './flowContext';

/** Options of `useAuthenticateByUrl`. */
export interface UseAuthenticateByUrlOptions extends SignInCallbacks {
  /** The session's lifetime; default the `<SignIn>`'s `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
}

/**
 * The type of a link's token that the SDK leaves to the page (`handled: false`: a password-reset link, whose token
 * the new-password form sends), which is the hook's status then.
 */
export type DeferredUrlTokenType = Extract<AuthenticateByUrlResult, { handled: false }>['tokenType'];

/** What `useAuthenticateByUrl` returns. */
export interface UseAuthenticateByUrlReturn {
  /**
   * `none`: the page URL carries no token. `authenticating`: the token is being exchanged. `success`: signed in.
   * `reset_password`: a password-reset link; show the new-password form with `token`. `error`: see `error`.
   */
  status: 'none' | 'authenticating' | 'success' | DeferredUrlTokenType | 'error';
  /** The `stytch_token_type` of the URL, or null. */
  tokenType: AuthenticateTokenType | null;
  /** The reset token when `status` is `reset_password` (the only token a caller still needs), else null. */
  token: string | null;
  error: LatchkeyFlowError | null;
  /**
   * What the provider's pre-hijacking reset removed when this sign-in (a link, or a social sign-in whose provider
   * confirms the address) proved an address someone else had signed up with (the answer's `account_reset`), else
   * null. Inside a `<SignIn>` the success screen says it; a landing page of its own should tell the user too.
   */
  accountReset: AccountReset | null;
}

/**
 * The landing page of emailed links and redirects: on mount, exchanges the URL's `token` once
 * (`client.authenticateByUrl`, which also removes it from the address bar). Inside a `<SignIn>`, a sign-in moves
 * to LoginSuccess, a reset link to PasswordResetForm and a refusal to the Error screen.
 */
export function useAuthenticateByUrl(options: UseAuthenticateByUrlOptions = {}): UseAuthenticateByUrlReturn {
  const { onEvent, onError, sessionDurationMinutes } = options;
  const ctx = useFlowContext({ onEvent, onError });
  // Read synchronously, so the first render already says whether there is anything to authenticate.
  const [state, setState] = useState<UseAuthenticateByUrlReturn>(() => {
    const found = ctx.client.parseAuthenticateUrl();
    return found
      ? { status: 'authenticating', tokenType: found.tokenType, token: null, error: null, accountReset: null }
      : { status: 'none', tokenType: null, token: null, error: null, accountReset: null };
  });
  // A token works once: StrictMode's second effect run (and any re-run) must not send it again.
  const started = useRef(false);
  const duration = resolveSessionDuration(ctx, sessionDurationMinutes);

  useEffect(() => {
    if (started.current || state.status !== 'authenticating') return;
    started.current = true;
    ctx.client.authenticateByUrl({ session_duration_minutes: duration }).then(
      (result) => {
        if (result === null) {
          setState({ status: 'none', tokenType: null, token: null, error: null, accountReset: null });
        } else if (!result.handled) {
          setState({
            status: result.tokenType,
            tokenType: result.tokenType,
            token: result.token,
            error: null,
            accountReset: null,
          });
          ctx.dispatch({ type: 'resetTokenReceived', token: result.token, tokenType: result.tokenType });
        } else {
          const accountReset = accountResetOf(result.data);
          setState({
            status: 'success',
            tokenType: result.tokenType,
            token: null,
            error: null,
            accountReset: accountReset ?? null,
          });
          ctx.authenticated(result.data, { type: 'loginSucceeded', accountReset });
        }
      },
      (caught: unknown) => {
        const error = toFlowError(caught);
        setState((previous) => ({ ...previous, status: 'error', token: null, error }));
        ctx.fail(error);
        ctx.dispatch({ type: 'failed', descriptor: { messageId: error.type, message: error.message } });
      },
    );
  }, [ctx, duration, state.status]);

  return state;
}
