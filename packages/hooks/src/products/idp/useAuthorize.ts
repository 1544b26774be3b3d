import type { IdpAuthorizeParams, IdpClient, IdpScopeResult } from '@latchkey/sdk';
import { findMissingAuthorizeParam, parseOAuthAuthorizeParams } from '@latchkey/sdk/idp';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import { useFlowContext, useLatest } from '../../flowContext';
import { useSession } from '../../useSession';
import {
  defaultNavigate,
  type IdpFlowOptions,
  idpClientName,
  missingParameterError,
  noActiveSessionError,
  STANDARD_IDP_SCOPES,
  useInitialSearch,
  useMounted,
} from './idpFlow';

/**
 * Where the authorize flow is (spec §4 Authorize flow): `loading` (spinner; preflight), `consent` (the consent
 * screen), `submitting` (the decision is being sent), `redirecting` (leaving for the client), `denied` (the user
 * denied: 'Access to the application was denied.'), `complete`, `error` (see `error`).
 */
export type AuthorizeStatus = 'loading' | 'consent' | 'submitting' | 'redirecting' | 'denied' | 'complete' | 'error';

/** What `useAuthorize` returns. */
export interface UseAuthorizeReturn {
  status: AuthorizeStatus;
  /**
   * Why the flow stopped, with the text to show: a missing parameter (`missing_parameter`), no signed-in user
   * (`no_active_session`), or the provider's refusal (its `error_type` and `error_message`). Null otherwise.
   */
  error: LatchkeyFlowError | null;
  /** The authorize request read from the query string; null when a required parameter is missing. */
  params: IdpAuthorizeParams | null;
  /** The application asking for access, once the preflight answered; else null. */
  client: IdpClient | null;
  /** The client's name, else the redirect URI's host, else 'The App' (spec §2). */
  clientName: string;
  /** The requested scopes this user may grant (`is_grantable`), in the provider's order. */
  grantableScopes: IdpScopeResult[];
  /** The requested scopes this user may not grant ('You cannot grant {clientName}'s request to:'). */
  ungrantableScopes: IdpScopeResult[];
  /** Any requested scope outside the standard ones (openid profile email phone full_access offline_access). */
  hasCustomScopes: boolean;
  /** 'Allow': sends `consent_granted: true`. Ignored outside the consent screen or while a decision is sent. */
  allow(): Promise<void>;
  /** 'Deny': sends `consent_granted: false`, then status `denied` while the browser leaves. Ignored like `allow`. */
  deny(): Promise<void>;
}

type Phase = 'idle' | 'awaiting_session' | 'preflight' | 'consent' | 'submitting' | 'done';

interface AuthorizeState {
  status: AuthorizeStatus;
  error: LatchkeyFlowError | null;
  client: IdpClient | null;
  scopeResults: IdpScopeResult[];
}

const EMPTY: Omit<AuthorizeState, 'status'> = { error: null, client: null, scopeResults: [] };

/**
 * The consent screen of the project acting as an identity provider (spec §2 IDPConsent, §4 Authorize flow): reads
 * the authorize request from the query string, asks the provider what the signed-in user is asked to grant, and
 * sends the user's decision; the browser then goes back to the application with a code (or `access_denied`).
 * When consent is not needed it decides on its own (`consent_granted: false`, the provider's remembered grant).
 * If nobody is signed in it stops with 'No active session detected. Please log in to continue.' and starts over
 * once a session appears (a sign-in on the same page).
 */
export function useAuthorize(options: IdpFlowOptions = {}): UseAuthorizeReturn {
  const { onEvent, onError } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const navigate = useLatest(options.navigate ?? defaultNavigate);
  const search = useInitialSearch(options.search);
  const request = useMemo(() => {
    const query = new URLSearchParams(search);
    return { params: parseOAuthAuthorizeParams(query), missing: findMissingAuthorizeParam(query) };
  }, [search]);
  const hasSession = useSession((snapshot) => snapshot.session !== null);
  const mounted = useMounted();
  const [state, setState] = useState<AuthorizeState>(() => {
    if (request.missing) return { ...EMPTY, status: 'error', error: missingParameterError(request.missing) };
    if (!hasSession) return { ...EMPTY, status: 'error', error: noActiveSessionError() };
    return { ...EMPTY, status: 'loading' };
  });
  // Read synchronously by the verbs, so a second click while a decision is sent is ignored.
  const phase = useRef<Phase>('idle');
  const consentRequired = useRef(false);

  const stop = useCallback(
    (error: LatchkeyFlowError) => {
      setState((current) => ({ ...current, status: 'error', error }));
      ctx.fail(error);
    },
    [ctx],
  );

  const submit = useCallback(
    async (consentGranted: boolean) => {
      phase.current = 'submitting';
      setState((current) => ({ ...current, status: 'submitting', error: null }));
      try {
        const answer = await ctx.client.idp.oauthAuthorizeSubmit({
          ...request.params,
          consent_granted: consentGranted,
        });
        if (!mounted.current) return;
        phase.current = 'done';
        if (answer.redirect_uri) {
          setState((current) => ({ ...current, status: 'redirecting' }));
          navigate.current(answer.redirect_uri);
        }
        const denied = consentRequired.current && !consentGranted;
        setState((current) => ({ ...current, status: denied ? 'denied' : 'complete' }));
        ctx.emit({
          type: denied ? 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED' : 'OAUTH_AUTHORIZE_FLOW_COMPLETE',
          data: answer,
        });
      } catch (caught) {
        phase.current = 'done';
        stop(toFlowError(caught));
      }
    },
    [ctx, request, mounted, navigate, stop],
  );

  const start = useCallback(async () => {
    phase.current = 'preflight';
    setState({ ...EMPTY, status: 'loading' });
    ctx.emit({ type: 'OAUTH_AUTHORIZE_FLOW_START', data: request.params });
    try {
      const answer = await ctx.client.idp.oauthAuthorizeStart(request.params);
      if (!mounted.current) return;
      consentRequired.current = answer.consent_required;
      setState({
        ...EMPTY,
        status: answer.consent_required ? 'consent' : 'submitting',
        client: answer.client,
        scopeResults: answer.scope_results,
      });
      if (answer.consent_required) {
        phase.current = 'consent';
        return;
      }
      await submit(false);
    } catch (caught) {
      // A session the provider no longer knows is cleared by the client (unrecoverable error): the user is asked
      // to sign in, and the flow starts over when they have.
      if (ctx.client.session.getSync() === null) {
        phase.current = 'awaiting_session';
        stop(noActiveSessionError());
        return;
      }
      phase.current = 'done';
      stop(toFlowError(caught));
    }
  }, [ctx, request, mounted, submit, stop]);

  useEffect(() => {
    // Once per mount (StrictMode runs effects twice) and again only when a session appears while waiting for one.
    if (phase.current !== 'idle' && phase.current !== 'awaiting_session') return;
    if (request.missing) {
      phase.current = 'done';
      stop(missingParameterError(request.missing));
      return;
    }
    if (!hasSession) {
      if (phase.current === 'idle') {
        phase.current = 'awaiting_session';
        stop(noActiveSessionError());
      }
      return;
    }
    void start();
  }, [hasSession, request, start, stop]);

  const decide = useCallback(
    async (consentGranted: boolean) => {
      if (phase.current !== 'consent') return;
      await submit(consentGranted);
    },
    [submit],
  );
  const allow = useCallback(() => decide(true), [decide]);
  const deny = useCallback(() => decide(false), [decide]);

  const scopes = useMemo(
    () => ({
      grantable: state.scopeResults.filter((result) => result.is_grantable),
      ungrantable: state.scopeResults.filter((result) => !result.is_grantable),
    }),
    [state.scopeResults],
  );

  return {
    status: state.status,
    error: state.error,
    params: request.missing ? null : request.params,
    client: state.client,
    clientName: idpClientName(state.client?.client_name, request.params.redirect_uri),
    grantableScopes: scopes.grantable,
    ungrantableScopes: scopes.ungrantable,
    hasCustomScopes: request.params.scopes.some((scope) => !STANDARD_IDP_SCOPES.includes(scope)),
    allow,
    deny,
  };
}
