import {
  APIError,
  type IdpAuthorizeParams,
  type IdpAuthorizeStartResponse,
  type IdpAuthorizeSubmitResponse,
  type IdpClient,
  type IdpReauthenticationReason,
  type IdpScopeResult,
  type User,
} from '@latchkey/sdk';
import { findDuplicateAuthorizeParams, findMissingAuthorizeParam, parseOAuthAuthorizeParams } from '@latchkey/sdk/idp';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import { useFlowContext, useLatest } from '../../flowContext';
import { useLatchkeyQueryClient } from '../../useLatchkeyQueryClient';
import { useSession } from '../../useSession';
import {
  defaultIsFramed,
  defaultNavigate,
  framedPageError,
  type IdpFlowOptions,
  idpClientName,
  invalidRequestError,
  isRequestedRedirect,
  keepLoginTicketInAddress,
  NO_SESSION_ERROR_TYPES,
  noActiveSessionError,
  STANDARD_IDP_SCOPES,
  unrequestedRedirectError,
  useInitialSearch,
  useMounted,
} from './idpFlow';
import { authorizePreflightQueryOptions } from './queryOptions';

/**
 * Where the authorize flow is: `loading` (spinner; preflight), `consent` (the consent
 * screen), `submitting` (the decision is being sent), `redirecting` (leaving for the client: with a code, or with
 * an error the provider sends there), `denied` (the user denied: 'Access to the application was denied.'),
 * `complete`, `reauthenticate` (the provider asks for a fresh sign-in: the session was ended, see
 * `reauthenticationReason`), `error` (see `error`; `no_active_session` waits for a sign-in).
 */
export type AuthorizeStatus =
  | 'loading'
  | 'consent'
  | 'submitting'
  | 'redirecting'
  | 'denied'
  | 'complete'
  | 'reauthenticate'
  | 'error';

/** What `useAuthorize` returns. */
export interface UseAuthorizeReturn {
  status: AuthorizeStatus;
  /**
   * Why the flow stopped, with the text to show: a missing parameter (`missing_parameter`), a parameter given more
   * than once (`duplicate_parameter`, RFC 6749 §3.1), no signed-in user (`no_active_session`), the consent screen
   * inside a frame (`framed_page`: no 'Allow' is offered there), or the provider's refusal (its `error_type` and
   * `error_message`). Null otherwise.
   */
  error: LatchkeyFlowError | null;
  /**
   * The flow waits for a sign-in: nobody is signed in (`error.type === 'no_active_session'`) or the provider asked for
   * a fresh one (`status === 'reauthenticate'`). Show a sign-in form; the flow starts again by itself once a session
   * appears.
   */
  signInRequired: boolean;
  /**
   * Why the provider asked for a fresh sign-in (status `reauthenticate`): `login` (the application asked for one,
   * `prompt=login`), `max_age` (the last sign-in is older than the application accepts) or `id_token_hint` (the
   * application expects another user). Null otherwise.
   */
  reauthenticationReason: IdpReauthenticationReason | null;
  /**
   * The authorize request read from the query string; null when a required parameter is missing or a parameter is
   * given more than once.
   */
  params: IdpAuthorizeParams | null;
  /**
   * The application asking for access, once the provider has verified it and its redirect URI: from the preflight,
   * and also while the flow waits for a sign-in (so the sign-in step can name it); else null.
   */
  client: IdpClient | null;
  /** The signed-in user the consent screen asks (the preflight's `user`); null outside the consent screen. */
  user: User | null;
  /**
   * The host of the request's redirect URI (where the browser goes back to) once the provider has verified it (a
   * `client` is known); else null.
   */
  clientDomain: string | null;
  /** The client's name, else the redirect URI's host, else 'The App'. */
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
  /**
   * 'Not you?': ends the session (`forceClear`, so it ends here even if the provider cannot be reached) and goes back
   * to the sign-in step; the flow starts again once someone signs in. Ignored outside the consent screen.
   */
  signOut(): Promise<void>;
}

type Phase = 'idle' | 'preflight' | 'reauthenticating' | 'awaiting_session' | 'consent' | 'submitting' | 'done';

interface AuthorizeState {
  status: AuthorizeStatus;
  error: LatchkeyFlowError | null;
  client: IdpClient | null;
  user: User | null;
  scopeResults: IdpScopeResult[];
  reason: IdpReauthenticationReason | null;
}

const EMPTY: Omit<AuthorizeState, 'status'> = { error: null, client: null, user: null, scopeResults: [], reason: null };

/** The client a no-session refusal names (`error_details.client`: Latchkey's provider sends it), else null. */
function clientOfRefusal(error: LatchkeyFlowError): IdpClient | null {
  if (!(error.cause instanceof APIError)) return null;
  const client = error.cause.error_details?.client;
  return typeof client === 'object' && client !== null && typeof (client as IdpClient).client_id === 'string'
    ? (client as IdpClient)
    : null;
}

/**
 * The login ticket a no-session refusal carries when the request wants a fresh sign-in (`prompt=login`, `max_age`:
 * `error_details.login_ticket`, Latchkey's provider), else undefined: sent with the calls after the sign-in, it proves
 * that sign-in answered the request, so the user signs in once.
 */
function ticketOfRefusal(error: LatchkeyFlowError): string | undefined {
  if (!(error.cause instanceof APIError)) return undefined;
  const ticket = error.cause.error_details?.login_ticket;
  return typeof ticket === 'string' && ticket !== '' ? ticket : undefined;
}

/** The host of `uri`, or null when it is not an absolute URL. */
function hostOf(uri: string): string | null {
  try {
    return new URL(uri).host || null;
  } catch {
    return null;
  }
}

/**
 * The consent screen of the project acting as an identity provider: reads
 * the authorize request from the query string and asks the provider about it first, signed in or not (the provider
 * checks the client and the redirect URI before the session). A request that gives a parameter more than once
 * (`resource` aside) stops before that with `duplicate_parameter` (RFC 6749 §3.1, §4.1.2.1): nothing is sent and the
 * browser stays. Then:
 * - an answer with only `redirect_uri` (an error the provider returns to the client once its redirect URI is verified,
 *   such as `invalid_scope`, or `login_required` for `prompt=none`) sends the browser there at once (`redirecting`);
 * - nobody signed in: 'No active session detected. Please log in to continue.', and the flow starts again once a
 *   session appears (a sign-in on the same page);
 * - `reauthentication_required` (`prompt=login`, `max_age`, an `id_token_hint` naming another user): the session is
 *   ended (`forceClear`), the answer's `login_ticket` is kept (and put in the page's address), and after the sign-in
 *   the flow starts again with it;
 * - otherwise the consent screen, whose decision is sent; the browser goes back to the application with a code (or
 *   `access_denied`). When consent is not needed it decides on its own (`consent_granted: false`). Inside a frame
 *   (`isFramed`) the consent screen is not offered: the flow stops with `framed_page` (RFC 9700 §4.16).
 */
export function useAuthorize(options: IdpFlowOptions = {}): UseAuthorizeReturn {
  const { onEvent, onError } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const queryClient = useLatchkeyQueryClient();
  const navigate = useLatest(options.navigate ?? defaultNavigate);
  const isFramed = useLatest(options.isFramed ?? defaultIsFramed);
  const search = useInitialSearch(options.search);
  const request = useMemo(() => {
    const query = new URLSearchParams(search);
    // RFC 6749 §3.1: request parameters "MUST NOT be included more than once"; §4.1.2.1: such a request is
    // `invalid_request`. The parser reads only the first value of each, so a repeated one (`resource` aside, RFC 8707)
    // stops the flow before anything is sent, like a missing one.
    const invalid = invalidRequestError(findDuplicateAuthorizeParams(query), findMissingAuthorizeParam(query));
    return { params: parseOAuthAuthorizeParams(query), invalid };
  }, [search]);
  const hasSession = useSession((snapshot) => snapshot.session !== null);
  const mounted = useMounted();
  const [state, setState] = useState<AuthorizeState>(() =>
    request.invalid ? { ...EMPTY, status: 'error', error: request.invalid } : { ...EMPTY, status: 'loading' },
  );
  // Read synchronously by the verbs, so a second click while a decision is sent is ignored.
  const phase = useRef<Phase>('idle');
  const consentRequired = useRef(false);
  // The latest `login_ticket` (a reauthentication answer's, else the query's): sent with every later call.
  const loginTicket = useRef(request.params.login_ticket);
  const hasEmittedStart = useRef(false);

  const currentParams = useCallback(
    (): IdpAuthorizeParams =>
      loginTicket.current === undefined ? request.params : { ...request.params, login_ticket: loginTicket.current },
    [request],
  );

  const stop = useCallback(
    (error: LatchkeyFlowError) => {
      setState((current) => ({ ...current, status: 'error', error, reason: null }));
      ctx.fail(error);
    },
    [ctx],
  );

  /**
   * Nobody is signed in: ask for a sign-in (naming the client the refusal names, if any), and start again once there
   * is a session (the effect below). The refusal's login ticket, if any, is kept (and put in the page's address) as a
   * reauthentication answer's is.
   */
  const awaitSession = useCallback(
    (refusal: LatchkeyFlowError | null) => {
      const client = refusal === null ? null : clientOfRefusal(refusal);
      const ticket = refusal === null ? undefined : ticketOfRefusal(refusal);
      if (ticket !== undefined) {
        loginTicket.current = ticket;
        keepLoginTicketInAddress(ticket, request.params);
      }
      phase.current = 'awaiting_session';
      setState((current) => ({ ...current, client: client ?? current.client, user: null }));
      stop(noActiveSessionError());
    },
    [stop, request],
  );

  /** The provider wants a fresh sign-in: end the session, keep the ticket, wait for the sign-in. */
  const reauthenticate = useCallback(
    async (reason: IdpReauthenticationReason, ticket: string, client: IdpClient | null) => {
      phase.current = 'reauthenticating';
      loginTicket.current = ticket;
      keepLoginTicketInAddress(ticket, request.params);
      setState((current) => ({ ...EMPTY, status: 'reauthenticate', reason, client: client ?? current.client }));
      if (ctx.client.session.getSync() !== null) {
        try {
          // Sessions revoke with forceClear: the session ends on this page even if the call fails.
          await ctx.client.session.revoke({ forceClear: true });
        } catch {
          // Ended here already.
        }
      }
      if (!mounted.current) return;
      phase.current = 'awaiting_session';
    },
    [ctx, request, mounted],
  );

  /**
   * Leaves for `redirectUri` (a code, or an error for the client), only if it is the redirect URI the request named;
   * else the flow ends in an error and the browser stays. Answers whether it left.
   */
  const leave = useCallback(
    (redirectUri: string): boolean => {
      phase.current = 'done';
      if (!isRequestedRedirect(redirectUri, request.params.redirect_uri)) {
        stop(unrequestedRedirectError());
        return false;
      }
      setState((current) => ({ ...current, status: 'redirecting', reason: null }));
      navigate.current(redirectUri);
      return true;
    },
    [navigate, request, stop],
  );

  const submit = useCallback(
    async (consentGranted: boolean) => {
      phase.current = 'submitting';
      setState((current) => ({ ...current, status: 'submitting', error: null }));
      try {
        const answer: IdpAuthorizeSubmitResponse = await ctx.client.idp.oauthAuthorizeSubmit({
          ...currentParams(),
          consent_granted: consentGranted,
        });
        if (!mounted.current) return;
        if (answer.reauthentication_required !== undefined) {
          // Submit runs the start's checks: the session changed since the consent screen showed.
          const { reason, login_ticket } = answer.reauthentication_required;
          await reauthenticate(reason, login_ticket, answer.client ?? null);
          return;
        }
        phase.current = 'done';
        const denied = consentRequired.current && !consentGranted;
        if (answer.redirect_uri && !leave(answer.redirect_uri)) return;
        setState((current) => ({ ...current, status: denied ? 'denied' : 'complete' }));
        // The identity-provider spec, authorize flow, steps 5 and 6: the browser leaves for the redirect URI when the answer has
        // one; only otherwise the consent-denied or flow-complete event.
        if (answer.redirect_uri) return;
        ctx.emit({
          type: denied ? 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED' : 'OAUTH_AUTHORIZE_FLOW_COMPLETE',
          data: answer,
        });
      } catch (caught) {
        const error = toFlowError(caught);
        if (NO_SESSION_ERROR_TYPES.includes(error.type)) {
          awaitSession(error);
          return;
        }
        phase.current = 'done';
        stop(error);
      }
    },
    [ctx, currentParams, mounted, reauthenticate, leave, awaitSession, stop],
  );

  const start = useCallback(async () => {
    phase.current = 'preflight';
    const signedInAtStart = ctx.client.session.getSync() !== null;
    setState({ ...EMPTY, status: 'loading' });
    if (!hasEmittedStart.current) {
      hasEmittedStart.current = true;
      ctx.emit({ type: 'OAUTH_AUTHORIZE_FLOW_START', data: request.params });
    }
    let answer: IdpAuthorizeStartResponse;
    try {
      answer = await queryClient.fetchQuery(authorizePreflightQueryOptions(ctx.client, currentParams()));
    } catch (caught) {
      if (!mounted.current) return;
      const error = toFlowError(caught);
      if (NO_SESSION_ERROR_TYPES.includes(error.type)) {
        // A sign-in that finished while the preflight was on its way: ask again at once, with the session.
        if (!signedInAtStart && ctx.client.session.getSync() !== null) {
          void start();
          return;
        }
        awaitSession(error);
        return;
      }
      phase.current = 'done';
      stop(error);
      return;
    }
    if (!mounted.current) return;
    // RFC 6749 §4.1.2.1, OpenID Connect Core §3.1.2.6: an error for the client (its redirect URI verified), sent
    // there at once; nothing else is in the answer.
    // No flow-complete event: the browser leaves (the identity-provider spec, authorize flow, step 5).
    if (answer.redirect_uri !== undefined) {
      leave(answer.redirect_uri);
      return;
    }
    if (answer.reauthentication_required !== undefined) {
      const { reason, login_ticket } = answer.reauthentication_required;
      await reauthenticate(reason, login_ticket, answer.client ?? null);
      return;
    }
    consentRequired.current = answer.consent_required;
    // RFC 6749 §10.13, RFC 9700 §4.16 (clickjacking): the consent screen is never offered inside a frame, where another
    // site could overlay it and trick the user into 'Allow'. A client that needs no consent decides without a click.
    if (answer.consent_required && isFramed.current()) {
      phase.current = 'done';
      stop(framedPageError());
      return;
    }
    setState({
      ...EMPTY,
      status: answer.consent_required ? 'consent' : 'submitting',
      client: answer.client,
      user: answer.user ?? null,
      scopeResults: answer.scope_results,
    });
    if (answer.consent_required) {
      phase.current = 'consent';
      return;
    }
    await submit(false);
  }, [ctx, queryClient, request, currentParams, mounted, isFramed, leave, reauthenticate, submit, awaitSession, stop]);

  useEffect(() => {
    // Once per mount (StrictMode runs effects twice), signed in or not; again only when a session appears while
    // waiting for one.
    if (phase.current === 'idle') {
      if (request.invalid) {
        phase.current = 'done';
        stop(request.invalid);
        return;
      }
      void start();
      return;
    }
    if (phase.current === 'awaiting_session' && hasSession) void start();
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

  const signOut = useCallback(async () => {
    if (phase.current !== 'consent') return;
    // Not 'awaiting_session' yet: the session ending below must not start the flow again before the sign-in.
    phase.current = 'reauthenticating';
    try {
      // Sessions revoke with forceClear: the session ends on this page even if the call fails.
      await ctx.client.session.revoke({ forceClear: true });
    } catch {
      // Ended here already.
    }
    if (!mounted.current) return;
    awaitSession(null);
  }, [ctx, mounted, awaitSession]);

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
    signInRequired: state.status === 'reauthenticate' || state.error?.type === 'no_active_session',
    reauthenticationReason: state.status === 'reauthenticate' ? state.reason : null,
    params: request.invalid ? null : request.params,
    client: state.client,
    user: state.user,
    clientDomain: state.client === null ? null : hostOf(request.params.redirect_uri),
    // A repeated redirect_uri names no host: its first value may be anyone's.
    clientName: idpClientName(
      state.client?.client_name,
      request.invalid?.type === 'duplicate_parameter' ? undefined : request.params.redirect_uri,
    ),
    grantableScopes: scopes.grantable,
    ungrantableScopes: scopes.ungrantable,
    hasCustomScopes: request.params.scopes.some((scope) => !STANDARD_IDP_SCOPES.includes(scope)),
    allow,
    deny,
    signOut,
  };
}
