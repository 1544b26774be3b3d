import type { IdpLogoutParams } from '@latchkey/sdk';
import { findDuplicateLogoutParams, findMissingLogoutParam, parseOAuthLogoutParams } from '@latchkey/sdk/idp';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import { useFlowContext, useLatest } from '../../flowContext';
import {
  defaultIsFramed,
  defaultNavigate,
  framedPageError,
  type IdpFlowOptions,
  invalidRequestError,
  isRequestedRedirect,
  unrequestedRedirectError,
  useInitialSearch,
  useMounted,
} from './idpFlow';

/**
 * Where the logout flow is: `loading` (preflight), `confirm` ('Log out?' with 'Yes' and
 * 'No'), `logging_out` (the session is being revoked), `denied` (after 'No': 'You have not been logged out. You may
 * close this page.'), `complete` (the browser is leaving for the application), `logged_out` (logged out, and the
 * request named no `post_logout_redirect_uri`: 'You have been logged out. You may close this page.'), `error` (see
 * `error`).
 */
export type LogoutStatus = 'loading' | 'confirm' | 'logging_out' | 'denied' | 'complete' | 'logged_out' | 'error';

/** What `useLogout` returns. */
export interface UseLogoutReturn {
  status: LogoutStatus;
  /**
   * A missing parameter (`missing_parameter`), a parameter given more than once (`duplicate_parameter`), the
   * confirmation inside a frame (`framed_page`: no 'Yes' is offered there), or the provider's refusal of the
   * preflight; else null.
   */
  error: LatchkeyFlowError | null;
  /**
   * The logout request read from the query string (each parameter optional, RP-Initiated Logout 1.0 §2); null when
   * it names no client (neither `client_id` nor `id_token_hint`) or gives a parameter more than once.
   */
  params: IdpLogoutParams | null;
  /**
   * 'Yes': revokes the session (`forceClear`, so it ends here even if the provider cannot be reached; a failure is
   * ignored), then sends the browser to the application's post-logout URI, or, when the request has none, status
   * `logged_out`. Ignored outside `confirm`.
   */
  confirm(): Promise<void>;
  /** 'No': status `denied`; the session stays. Ignored outside `confirm`. */
  decline(): void;
  /**
   * The way back to the application after 'No': the site (origin, then `/`) of its post-logout redirect URI once the
   * provider has verified it; null before, or when the request named none.
   */
  clientUrl: string | null;
}

type Phase = 'idle' | 'preflight' | 'confirm' | 'logging_out' | 'done';

interface LogoutState {
  status: LogoutStatus;
  error: LatchkeyFlowError | null;
  clientUrl?: string | null;
}

/** The site of a verified post-logout redirect URI (`https://app.example/`), or null. */
function siteOf(uri: string | undefined): string | null {
  if (uri === undefined) return null;
  try {
    const { origin } = new URL(uri);
    return origin === 'null' ? null : `${origin}/`;
  } catch {
    return null;
  }
}

/**
 * The logout screen of the project acting as an identity provider (a request with
 * `post_logout_redirect_uri`; OpenID Connect RP-Initiated Logout 1.0): checks the request with the
 * provider, asks 'Log out?' when the provider wants the user to confirm (no valid `id_token_hint` for this user),
 * then ends the session and returns to the application (with its `state`), or, when the request has no
 * `post_logout_redirect_uri`, says 'You have been logged out. You may close this page.' (status `logged_out`). Every
 * parameter is optional, but the request must name its client: `client_id`, or an `id_token_hint` (whose audience is
 * the client), and give each parameter once (RP-Initiated Logout 1.0 §2 uses OAuth 2.0's parameter rules, RFC 6749
 * §3.1): a repeated one stops the flow with `duplicate_parameter` before anything is sent. Inside a frame
 * (`isFramed`) 'Log out?' is not offered: the flow stops with `framed_page` (RFC 9700 §4.16). Works without a
 * session too: there is then nothing to revoke.
 */
export function useLogout(options: IdpFlowOptions = {}): UseLogoutReturn {
  const { onEvent, onError } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const navigate = useLatest(options.navigate ?? defaultNavigate);
  const isFramed = useLatest(options.isFramed ?? defaultIsFramed);
  const search = useInitialSearch(options.search);
  const request = useMemo(() => {
    const query = new URLSearchParams(search);
    // RP-Initiated Logout 1.0 §2 with RFC 6749 §3.1: no parameter more than once; the parser reads only the first
    // value of each, so a repeated one stops the flow before anything is sent, like a missing client.
    const invalid = invalidRequestError(findDuplicateLogoutParams(query), findMissingLogoutParam(query));
    return { params: parseOAuthLogoutParams(query), invalid };
  }, [search]);
  const mounted = useMounted();
  const [state, setState] = useState<LogoutState>(() =>
    request.invalid ? { status: 'error', error: request.invalid } : { status: 'loading', error: null },
  );
  const phase = useRef<Phase>('idle');
  // Where to go after logging out: the provider's answer (with `state`), absent without a post_logout_redirect_uri.
  const redirectUri = useRef<string | undefined>(undefined);

  const stop = useCallback(
    (error: LatchkeyFlowError) => {
      phase.current = 'done';
      setState({ status: 'error', error });
      ctx.fail(error);
    },
    [ctx],
  );

  const logOut = useCallback(async () => {
    phase.current = 'logging_out';
    setState({ status: 'logging_out', error: null });
    if (ctx.client.session.getSync() !== null) {
      try {
        await ctx.client.session.revoke({ forceClear: true });
      } catch {
        // A failed revoke is ignored; forceClear has already ended the session on this page.
      }
    }
    if (!mounted.current) return;
    phase.current = 'done';
    const target = redirectUri.current;
    if (target && !isRequestedRedirect(target, request.params.post_logout_redirect_uri)) {
      // Logged out here all the same; the browser stays rather than go where the request did not ask.
      stop(unrequestedRedirectError());
      return;
    }
    if (target) navigate.current(target);
    setState({ status: target ? 'complete' : 'logged_out', error: null });
    ctx.emit({ type: 'OAUTH_LOGOUT_FLOW_COMPLETE', data: { redirect_uri: target ?? null } });
  }, [ctx, mounted, navigate, request, stop]);

  useEffect(() => {
    // Once per mount (StrictMode runs effects twice).
    if (phase.current !== 'idle') return;
    if (request.invalid) {
      stop(request.invalid);
      return;
    }
    phase.current = 'preflight';
    ctx.emit({ type: 'OAUTH_LOGOUT_FLOW_START', data: request.params });
    void (async () => {
      try {
        const answer = await ctx.client.idp.oauthLogoutStart(request.params);
        if (!mounted.current) return;
        redirectUri.current = answer.redirect_uri;
        if (answer.consent_required) {
          // RFC 6749 §10.13, RFC 9700 §4.16 (clickjacking): 'Log out?' is never offered inside a frame, where another
          // site could overlay it and trick the user into 'Yes'.
          if (isFramed.current()) {
            stop(framedPageError());
            return;
          }
          phase.current = 'confirm';
          // The way back only to the site the request named.
          const requested = isRequestedRedirect(answer.redirect_uri ?? '', request.params.post_logout_redirect_uri);
          setState({ status: 'confirm', error: null, clientUrl: requested ? siteOf(answer.redirect_uri) : null });
          return;
        }
        await logOut();
      } catch (caught) {
        stop(toFlowError(caught));
      }
    })();
  }, [ctx, request, mounted, isFramed, logOut, stop]);

  const confirm = useCallback(async () => {
    if (phase.current !== 'confirm') return;
    await logOut();
  }, [logOut]);

  const decline = useCallback(() => {
    if (phase.current !== 'confirm') return;
    phase.current = 'done';
    setState((current) => ({ ...current, status: 'denied', error: null }));
    ctx.emit({ type: 'OAUTH_LOGOUT_FLOW_DENIED', data: request.params });
  }, [ctx, request]);

  return {
    status: state.status,
    error: state.error,
    params: request.invalid ? null : request.params,
    confirm,
    decline,
    clientUrl: state.clientUrl ?? null,
  };
}
