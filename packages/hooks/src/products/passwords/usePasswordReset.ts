import { urlWithoutToken } from '@latchkey/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { accountResetOf } from '../../accountReset';
import { type LatchkeyFlowError, toFlowError, validationError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { type FlowContext, resolveSessionDuration, useFlowContext } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { PASSWORD_TRANSITIONS } from './transitions';
import { PASSWORD_REQUIRED_MESSAGE } from './usePasswordFlow';

/** The two tokens a password-reset email carries (`stytch_token_type`). */
export type PasswordResetTokenType = 'reset_password' | 'login';

/** Options of `usePasswordReset`. */
export interface UsePasswordResetOptions extends SignInCallbacks {
  /** The token; default: the `<SignIn>`'s stored reset token, else the page URL's `token`. */
  token?: string;
  /** The token's type; default `reset_password` with `token`, else the stored or URL type. */
  tokenType?: PasswordResetTokenType;
  /** The session's lifetime; default the `<SignIn>`'s `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
}

/** What `usePasswordReset` returns. */
export interface UsePasswordResetReturn {
  /**
   * `logging_in`: a `login` token (or `loginWithoutPassword`) is being exchanged. `form`: waiting for the new
   * password. `submitting`: the new password is being set. `success`: signed in. `error`: see `error`.
   */
  status: 'logging_in' | 'form' | 'submitting' | 'success' | 'error';
  error: LatchkeyFlowError | null;
  tokenType: PasswordResetTokenType | null;
  /** Sets the new password with the reset token and signs the user in. Resolves true on success. */
  submit(password: string): Promise<boolean>;
  /** 'Login without a password': signs in with the token as a magic link. Resolves true on success. */
  loginWithoutPassword(): Promise<boolean>;
}

interface ResetToken {
  token: string;
  tokenType: PasswordResetTokenType | null;
  /** The page URL carries this token, so it must leave the address bar once consumed. */
  isInUrl: boolean;
}

function findToken(ctx: FlowContext, options: UsePasswordResetOptions): ResetToken {
  const inUrl = ctx.client.parseAuthenticateUrl();
  const urlToken =
    inUrl && (inUrl.tokenType === 'reset_password' || inUrl.tokenType === 'login')
      ? { token: inUrl.token, tokenType: inUrl.tokenType }
      : null;
  const stored = ctx.store?.getState().formState.resetPasswordState;
  const found: Omit<ResetToken, 'isInUrl'> =
    options.token !== undefined
      ? { token: options.token, tokenType: options.tokenType ?? 'reset_password' }
      : stored && stored.token !== ''
        ? { token: stored.token, tokenType: options.tokenType ?? stored.tokenType }
        : urlToken
          ? { token: urlToken.token, tokenType: options.tokenType ?? urlToken.tokenType }
          : { token: '', tokenType: options.tokenType ?? null };
  return { ...found, isInUrl: urlToken !== null && urlToken.token === found.token };
}

/** So a reload cannot replay a consumed token (the SDK's `authenticateByUrl` does the same). */
function removeTokenFromUrl(): void {
  if (typeof window === 'undefined') return;
  window.history.replaceState(window.history.state, '', urlWithoutToken(window.location.href));
}

/**
 * The reset page: reads `stytch_token_type` and `token`. A `login` token is authenticated as a magic
 * link at once; otherwise the new password is submitted (`passwords.resetByEmail`). Inside a `<SignIn>`, success
 * goes to PasswordConfirmation (new password) or LoginSuccess (magic link).
 */
export function usePasswordReset(options: UsePasswordResetOptions = {}): UsePasswordResetReturn {
  const { onEvent, onError, sessionDurationMinutes } = options;
  const ctx = useFlowContext({ onEvent, onError }, PASSWORD_TRANSITIONS);
  const [source] = useState(() => findToken(ctx, options));
  const [state, setState] = useState<{ status: UsePasswordResetReturn['status']; error: LatchkeyFlowError | null }>(
    () => ({ status: source.tokenType === 'login' ? 'logging_in' : 'form', error: null }),
  );
  const duration = resolveSessionDuration(ctx, sessionDurationMinutes);

  const fail = useCallback(
    (error: LatchkeyFlowError) => {
      setState({ status: 'error', error });
      ctx.fail(error);
      return false;
    },
    [ctx],
  );

  const loginWithoutPassword = useCallback(async (): Promise<boolean> => {
    setState({ status: 'logging_in', error: null });
    try {
      const response = await ctx.client.magicLinks.authenticate(source.token, { session_duration_minutes: duration });
      setState({ status: 'success', error: null });
      ctx.authenticated(response, { type: 'loginSucceeded', accountReset: accountResetOf(response) });
      return true;
    } catch (caught) {
      return fail(toFlowError(caught));
    } finally {
      // Sent once, the token is spent (or refused): like authenticateByUrl, never leave it to be replayed.
      if (source.isInUrl) removeTokenFromUrl();
    }
  }, [ctx, source, duration, fail]);

  const submit = useCallback(
    async (password: string): Promise<boolean> => {
      if (password === '') return fail(validationError('required', PASSWORD_REQUIRED_MESSAGE));
      setState({ status: 'submitting', error: null });
      try {
        const response = await ctx.client.passwords.resetByEmail({
          token: source.token,
          password,
          session_duration_minutes: duration,
        });
        // Only a success spends a reset token: after a weak password the user tries again with the same link.
        if (source.isInUrl) removeTokenFromUrl();
        setState({ status: 'success', error: null });
        ctx.authenticated(response, { type: 'passwordAuthenticated', accountReset: accountResetOf(response) });
        return true;
      } catch (caught) {
        return fail(toFlowError(caught));
      }
    },
    [ctx, source, duration, fail],
  );

  // A `login` token signs in at once; StrictMode's second effect run must not send it twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || source.tokenType !== 'login') return;
    started.current = true;
    void loginWithoutPassword();
  }, [source, loginWithoutPassword]);

  // A second call while the first is in flight (a double click on Continue) sends nothing more.
  const verbs = useSingleFlightVerbs({ submit, loginWithoutPassword });
  return { status: state.status, error: state.error, tokenType: source.tokenType, ...verbs };
}
