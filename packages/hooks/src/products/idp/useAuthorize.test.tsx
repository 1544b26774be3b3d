import type { IdpAuthorizeParams } from '@latchkey/sdk';
import { ASYNC_TIMEOUT, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authorizeSearch,
  CALLBACK,
  IDP_CONFIG,
  idpEnvironment,
  idTokenFor,
  navigatedTo,
  setRoles,
  signIn,
} from '../../../test/idp';
import { wrapperFor } from '../../../test/wrappers';
import type { LatchkeyEvent } from '../../events';
import { LatchkeyProvider } from '../../LatchkeyProvider';
import { createLatchkeyQueryClient } from '../../useLatchkeyQueryClient';
import {
  defaultIsFramed,
  FRAMED_PAGE_MESSAGE,
  type IdpFlowOptions,
  INVALID_REQUEST_MESSAGE,
  idpClientName,
} from './idpFlow';
import { authorizePreflightQueryOptions, idpQueryKeys } from './queryOptions';
import { type AuthorizeStatus, useAuthorize } from './useAuthorize';

const waitLong = { timeout: ASYNC_TIMEOUT };
const NO_SESSION = 'No active session detected. Please log in to continue.';

/** The calls the client sent to the authorize endpoints, as `path status`. */
const authorizeCalls = (env: TestEnvironment) =>
  env.requests
    .filter((request) => request.path.startsWith('/idp/oauth/authorize'))
    .map(({ path, status }) => `${path} ${status}`);

/**
 * `useAuthorize` on `search`, with spies for navigation and the callbacks, recording every status rendered; `options`
 * adds to them (`isFramed`).
 */
function renderAuthorize(
  env: TestEnvironment,
  search: string | undefined,
  reactStrictMode = false,
  options: Pick<IdpFlowOptions, 'isFramed'> = {},
) {
  const navigate = vi.fn<(url: string) => void>();
  const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
  const onError = vi.fn();
  const statuses: AuthorizeStatus[] = [];
  const rendered = renderHook(
    () => {
      const flow = useAuthorize({ search, navigate, onEvent, onError, ...options });
      if (statuses.at(-1) !== flow.status) statuses.push(flow.status);
      return flow;
    },
    { wrapper: wrapperFor(env), reactStrictMode },
  );
  const eventTypes = () => onEvent.mock.calls.map(([event]) => event.type);
  return { ...rendered, navigate, onEvent, onError, statuses, eventTypes };
}

describe('useAuthorize', () => {
  it("stops with 'Required parameter is missing: …' for a missing client_id or redirect_uri, sending nothing", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const noClient = renderAuthorize(env, authorizeSearch({ client_id: null }));
    expect(noClient.result.current).toMatchObject({
      status: 'error',
      error: {
        type: 'missing_parameter',
        message: 'Required parameter is missing: client_id. Please reach out to the application developer.',
      },
      params: null,
      client: null,
      clientName: 'localhost:5174',
    });
    await waitFor(() => expect(noClient.onError).toHaveBeenCalledTimes(1), waitLong);
    expect(noClient.onError).toHaveBeenCalledWith(noClient.result.current.error);

    // An empty value is missing too; without a redirect URI the client name is 'The App'.
    const noRedirect = renderAuthorize(env, authorizeSearch({ redirect_uri: '' }));
    expect(noRedirect.result.current).toMatchObject({
      status: 'error',
      error: {
        type: 'missing_parameter',
        message: 'Required parameter is missing: redirect_uri. Please reach out to the application developer.',
      },
      clientName: 'The App',
    });
    await waitFor(() => expect(noRedirect.onError).toHaveBeenCalledTimes(1), waitLong);
    await env.settled();
    expect(authorizeCalls(env)).toEqual([]);
    expect(noClient.eventTypes()).toEqual([]);
    expect(noClient.navigate).not.toHaveBeenCalled();
  });

  it('stops a request that gives a parameter more than once (RFC 6749 §3.1), sending nothing; one value each works', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    // The first values are a valid request of `notes`: a parser that read them would get a code for evil.example's
    // state, or send it to the second redirect URI on another reading.
    const query = new URLSearchParams(authorizeSearch({ state: null }));
    query.append('client_id', 'dashboard');
    query.append('redirect_uri', 'https://evil.example/cb');
    query.append('state', 's1');
    query.append('state', 's2');
    const duplicated = renderAuthorize(env, `?${query}`, true);
    expect(duplicated.result.current).toMatchObject({
      status: 'error',
      error: { type: 'duplicate_parameter', message: INVALID_REQUEST_MESSAGE },
      params: null,
      client: null,
      clientDomain: null,
      // No host of a redirect URI the request gives twice.
      clientName: 'The App',
    });
    await waitFor(() => expect(duplicated.onError).toHaveBeenCalledTimes(1), waitLong);
    expect(duplicated.onError).toHaveBeenCalledWith({ type: 'duplicate_parameter', message: INVALID_REQUEST_MESSAGE });
    // Allow does nothing: there is no consent to give.
    await act(() => duplicated.result.current.allow());
    await env.settled();
    expect(authorizeCalls(env)).toEqual([]);
    expect(duplicated.navigate).not.toHaveBeenCalled();
    expect(duplicated.eventTypes()).toEqual([]);
    expect(duplicated.statuses).toEqual(['error']);

    // One repeated optional parameter is enough, even with an empty value.
    const emptyState = renderAuthorize(env, `${authorizeSearch()}&state=`);
    expect(emptyState.result.current.error).toMatchObject({ type: 'duplicate_parameter' });
    await env.settled();
    expect(authorizeCalls(env)).toEqual([]);
    expect(emptyState.navigate).not.toHaveBeenCalled();

    // The same request with one value each gets its consent screen, then the code.
    const single = renderAuthorize(env, authorizeSearch());
    await waitFor(() => expect(single.result.current.status).toBe('consent'), waitLong);
    await act(() => single.result.current.allow());
    await waitFor(() => expect(single.result.current.status).toBe('complete'), waitLong);
    expect(navigatedTo(single.navigate.mock.calls[0]?.[0]).base).toBe(CALLBACK);
    expect(navigatedTo(single.navigate.mock.calls[0]?.[0]).query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(single.onError).not.toHaveBeenCalled();
  });

  it('asks the provider first without a session, then for a sign-in; reports it once and starts again once signed in', async () => {
    const env = await idpEnvironment();
    const flow = renderAuthorize(env, authorizeSearch(), true);
    // The provider checks the client and the redirect URI before the session: the preflight goes first.
    expect(flow.result.current.status).toBe('loading');
    await waitFor(() => expect(flow.result.current.status).toBe('error'), waitLong);
    expect(flow.result.current).toMatchObject({
      error: { type: 'no_active_session', message: NO_SESSION },
      signInRequired: true,
      reauthenticationReason: null,
      // The provider verified the client and its redirect URI first: the sign-in step can name the application.
      client: { client_id: 'notes', client_name: 'Notes' },
      clientName: 'Notes',
      clientDomain: 'localhost:5174',
      user: null,
    });
    await waitFor(() => expect(flow.onError).toHaveBeenCalledTimes(1), waitLong);
    expect(flow.onError).toHaveBeenCalledWith({ type: 'no_active_session', message: NO_SESSION });
    expect(authorizeCalls(env)).toEqual(['/idp/oauth/authorize/start 401']);
    expect(flow.navigate).not.toHaveBeenCalled();

    // Signing in on the same page (the kits show a sign-in form) starts the flow again: one more preflight.
    await act(() => signIn(env));
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);
    expect(flow.result.current.error).toBeNull();
    expect(flow.result.current.signInRequired).toBe(false);
    expect(authorizeCalls(env)).toEqual(['/idp/oauth/authorize/start 401', '/idp/oauth/authorize/start 200']);
    expect(flow.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);
    expect(flow.onError).toHaveBeenCalledTimes(1);
  });

  it('an unknown client or redirect URI is an error even signed out: no sign-in is asked, no redirect', async () => {
    const env = await idpEnvironment();
    const flow = renderAuthorize(env, authorizeSearch({ client_id: 'nope' }));
    await waitFor(() => expect(flow.result.current.status).toBe('error'), waitLong);
    expect(flow.result.current.error).toMatchObject({ type: 'oauth_client_not_found' });
    expect(flow.result.current).toMatchObject({ signInRequired: false, client: null, clientDomain: null });
    expect(flow.navigate).not.toHaveBeenCalled();
    // RFC 6749 §4.1.2.1: a redirect URI the client did not register is never named or sent to.
    const evil = renderAuthorize(env, authorizeSearch({ redirect_uri: 'https://evil.example/cb' }));
    await waitFor(() => expect(evil.result.current.status).toBe('error'), waitLong);
    expect(evil.result.current.error).toMatchObject({ type: 'invalid_redirect_uri' });
    expect(evil.result.current).toMatchObject({ signInRequired: false, client: null, clientDomain: null });
    expect(evil.navigate).not.toHaveBeenCalled();
  });

  it("consent names who is signed in; 'Not you?' signs out and asks for a sign-in, and a new sign-in gets the consent again", async () => {
    const env = await idpEnvironment();
    const userId = await signIn(env);
    const flow = renderAuthorize(env, authorizeSearch());
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);
    expect(flow.result.current.user).toMatchObject({ user_id: userId, emails: [{ email: 'ada@example.com' }] });
    // The client's logo, privacy policy and terms (RFC 7591 logo_uri, policy_uri, tos_uri) and its verified domain.
    expect(flow.result.current.client).toMatchObject({
      client_logo_url: 'https://notes.example.com/logo.png',
      client_policy_uri: 'https://notes.example.com/privacy',
      client_tos_uri: 'https://notes.example.com/terms',
    });
    expect(flow.result.current.clientDomain).toBe('localhost:5174');

    await act(() => flow.result.current.signOut());
    await waitFor(() => expect(flow.result.current.signInRequired).toBe(true), waitLong);
    expect(env.client.session.getSync()).toBeNull();
    expect(flow.result.current).toMatchObject({
      user: null,
      clientName: 'Notes',
      error: { type: 'no_active_session' },
    });
    expect(flow.navigate).not.toHaveBeenCalled();
    expect(env.requests.filter((request) => request.path === '/idp/oauth/authorize/submit')).toEqual([]);

    await act(() => signIn(env, 'grace@example.com'));
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);
    expect(flow.result.current.user?.emails[0]?.email).toBe('grace@example.com');
  });

  it('runs the consent preflight through its react-query options (authorizePreflightQueryOptions)', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const queryClient = createLatchkeyQueryClient();
    const keys: unknown[] = [];
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'added') keys.push(event.query.queryKey);
    });
    const { result } = renderHook(() => useAuthorize({ search: authorizeSearch(), navigate: vi.fn() }), {
      wrapper: ({ children }) => (
        <LatchkeyProvider client={env.client} queryClient={queryClient}>
          {children}
        </LatchkeyProvider>
      ),
    });
    await waitFor(() => expect(result.current.status).toBe('consent'), waitLong);
    const sessionId = env.client.session.getSync()?.session_id;
    expect(keys).toEqual([
      idpQueryKeys.authorizePreflight(result.current.params as IdpAuthorizeParams, sessionId ?? null),
    ]);
    expect(keys[0]).toEqual(['latchkey', 'idp', 'authorizePreflight', result.current.params, sessionId]);
    // The factory on its own: the real provider's preflight, never cached, never retried.
    const options = authorizePreflightQueryOptions(env.client, result.current.params as IdpAuthorizeParams);
    expect(options).toMatchObject({ staleTime: 0, gcTime: 0, retry: false });
    const answer = await queryClient.fetchQuery(options);
    expect(answer).toMatchObject({ consent_required: true, client: { client_id: 'notes' } });
  });

  it.each([
    ['signed in', true],
    ['signed out', false],
  ])(
    '%s: an error for the verified redirect URI (invalid_scope) sends the browser there at once',
    async (_label, signedIn) => {
      const env = await idpEnvironment();
      if (signedIn) await signIn(env);
      const flow = renderAuthorize(env, authorizeSearch({ scope: 'openid calendar' }));
      await waitFor(() => expect(flow.navigate).toHaveBeenCalledTimes(1), waitLong);
      // RFC 6749 §4.1.2.1: error, error_description, state and iss (RFC 9207) at the client's redirect URI.
      const { base, query } = navigatedTo(flow.navigate.mock.calls[0]?.[0]);
      expect(base).toBe(CALLBACK);
      expect(query).toMatchObject({ error: 'invalid_scope', state: 'state-123', iss: env.provider.config.publicUrl });
      expect(query.error_description).toEqual(expect.any(String));
      expect(query.code).toBeUndefined();
      await waitFor(() => expect(flow.result.current.status).toBe('redirecting'), waitLong);
      expect(flow.statuses).toEqual(['loading', 'redirecting']);
      expect(flow.onError).not.toHaveBeenCalled();
      // The browser leaves: no flow-complete event (the identity-provider spec, authorize flow, step 5).
      expect(flow.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);
      expect(authorizeCalls(env)).toEqual(['/idp/oauth/authorize/start 200']);
    },
  );

  it('prompt=none with nobody signed in answers login_required at once, without waiting for a sign-in', async () => {
    const env = await idpEnvironment();
    const flow = renderAuthorize(env, authorizeSearch({ prompt: 'none' }));
    await waitFor(() => expect(flow.navigate).toHaveBeenCalledTimes(1), waitLong);
    expect(navigatedTo(flow.navigate.mock.calls[0]?.[0]).query).toMatchObject({
      error: 'login_required',
      state: 'state-123',
      iss: env.provider.config.publicUrl,
    });
    expect(flow.statuses).toEqual(['loading', 'redirecting']);
    expect(flow.result.current.signInRequired).toBe(false);
    expect(flow.onError).not.toHaveBeenCalled();
  });

  it('prompt=login ends the session, keeps the login ticket in the address, and after the sign-in issues the code', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const search = authorizeSearch({ prompt: 'login', client_id: 'dashboard' });
    // The page's own address holds the request (no `search` option): the ticket goes into it.
    window.history.replaceState(null, '', `/oauth/authorize${search}`);
    try {
      const flow = renderAuthorize(env, undefined);
      await waitFor(() => expect(flow.result.current.status).toBe('reauthenticate'), waitLong);
      expect(flow.result.current).toMatchObject({ signInRequired: true, reauthenticationReason: 'login', error: null });
      // The session was ended (forceClear) and the ticket kept in the address, the other parameters untouched.
      await waitFor(() => expect(env.client.session.getSync()).toBeNull(), waitLong);
      expect(env.requests.filter((request) => request.path === '/sessions/revoke')).toHaveLength(1);
      const address = new URLSearchParams(window.location.search);
      const ticket = address.get('login_ticket');
      expect(ticket).toEqual(expect.any(String));
      address.delete('login_ticket');
      expect(`?${address}`).toBe(search);
      expect(flow.navigate).not.toHaveBeenCalled();
      expect(flow.onError).not.toHaveBeenCalled();

      await act(() => signIn(env));
      await waitFor(() => expect(flow.result.current.status).toBe('complete'), waitLong);
      expect(navigatedTo(flow.navigate.mock.calls[0]?.[0]).query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The preflight and the submit after the sign-in carried the ticket.
      const calls = env.requests.filter((request) => request.path.startsWith('/idp/oauth/authorize'));
      expect(calls.map((request) => (request.body as { login_ticket?: string }).login_ticket)).toEqual([
        undefined,
        ticket,
        ticket,
      ]);
      expect(flow.statuses).toEqual(['loading', 'reauthenticate', 'loading', 'submitting', 'complete']);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it("prompt=login with nobody signed in asks for one sign-in, not two: the refusal's ticket is kept and sent after it", async () => {
    const env = await idpEnvironment();
    const search = authorizeSearch({ prompt: 'login', client_id: 'dashboard' });
    window.history.replaceState(null, '', `/oauth/authorize${search}`);
    try {
      const flow = renderAuthorize(env, undefined);
      await waitFor(() => expect(flow.result.current.error?.message).toBe(NO_SESSION), waitLong);
      expect(flow.result.current.signInRequired).toBe(true);
      // The refusal's ticket is in the address, for a sign-in that leaves the page and comes back.
      const ticket = new URLSearchParams(window.location.search).get('login_ticket');
      expect(ticket).toEqual(expect.any(String));

      await act(() => signIn(env));
      await waitFor(() => expect(flow.result.current.status).toBe('complete'), waitLong);
      expect(navigatedTo(flow.navigate.mock.calls[0]?.[0]).query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Never 'reauthenticate': the one sign-in answered the request, and no session was ended.
      expect(flow.statuses).not.toContain('reauthenticate');
      expect(env.requests.filter((request) => request.path === '/sessions/revoke')).toHaveLength(0);
      const calls = env.requests.filter((request) => request.path.startsWith('/idp/oauth/authorize'));
      expect(calls.map((request) => (request.body as { login_ticket?: string }).login_ticket)).toEqual([
        undefined,
        ticket,
        ticket,
      ]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('max_age: a session signed in longer ago must sign in again; a fresh one gets the code', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    env.clock.advance(120_000);
    const flow = renderAuthorize(env, authorizeSearch({ client_id: 'dashboard', max_age: '60' }));
    await waitFor(() => expect(flow.result.current.reauthenticationReason).toBe('max_age'), waitLong);
    await waitFor(() => expect(env.client.session.getSync()).toBeNull(), waitLong);
    // The page's address is not this request's: it is left alone.
    expect(window.location.search).toBe('');
    await act(() => signIn(env));
    await waitFor(() => expect(flow.result.current.status).toBe('complete'), waitLong);
    expect(navigatedTo(flow.navigate.mock.calls[0]?.[0]).query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('id_token_hint of another user: sign in again, never a code for the wrong user', async () => {
    const env = await idpEnvironment();
    const ada = await signIn(env);
    const hint = await idTokenFor(env);
    const grace = await signIn(env, 'grace@example.com');
    expect(grace).not.toBe(ada);
    // `openid` alone: Ada's remembered grant covers it, so her code comes without a consent screen.
    const flow = renderAuthorize(env, authorizeSearch({ id_token_hint: hint, scope: 'openid' }));
    await waitFor(() => expect(flow.result.current.reauthenticationReason).toBe('id_token_hint'), waitLong);
    await waitFor(() => expect(env.client.session.getSync()).toBeNull(), waitLong);

    // Grace signs in again: still not the hint's user, asked again, no code.
    await act(() => signIn(env, 'grace@example.com'));
    await waitFor(
      () => expect(env.requests.filter((request) => request.path === '/sessions/revoke')).toHaveLength(2),
      waitLong,
    );
    await waitFor(() => expect(env.client.session.getSync()).toBeNull(), waitLong);
    expect(flow.result.current.reauthenticationReason).toBe('id_token_hint');
    expect(flow.navigate).not.toHaveBeenCalled();

    // Ada signs in: her code.
    await act(() => signIn(env));
    await waitFor(() => expect(flow.result.current.status).toBe('complete'), waitLong);
    expect(flow.navigate).toHaveBeenCalledTimes(1);
    expect(navigatedTo(flow.navigate.mock.calls[0]?.[0]).query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const codes = await env.provider.database.db.selectFrom('idp_authorization_codes').select('user_id').execute();
    expect(new Set(codes.map((row) => row.user_id))).toEqual(new Set([ada]));
  });

  it('prompt=none with another user than the hint answers login_required and leaves the session alone', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const hint = await idTokenFor(env);
    await signIn(env, 'grace@example.com');
    const flow = renderAuthorize(env, authorizeSearch({ id_token_hint: hint, scope: 'openid', prompt: 'none' }));
    await waitFor(() => expect(flow.navigate).toHaveBeenCalledTimes(1), waitLong);
    expect(navigatedTo(flow.navigate.mock.calls[0]?.[0]).query).toMatchObject({ error: 'login_required' });
    expect(env.client.session.getSync()).not.toBeNull();
    expect(env.requests.some((request) => request.path === '/sessions/revoke')).toBe(false);
  });

  it("shows the provider's message when the preflight is refused, and reports it", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const unknown = renderAuthorize(env, authorizeSearch({ client_id: 'nope' }));
    await waitFor(() => expect(unknown.result.current.status).toBe('error'), waitLong);
    expect(unknown.result.current).toMatchObject({
      error: {
        type: 'oauth_client_not_found',
        message: 'No OAuth client of this project has this client_id.',
        status: 404,
      },
      client: null,
      // No client known: the redirect URI's host names it.
      clientName: 'localhost:5174',
    });
    expect(unknown.onError).toHaveBeenCalledTimes(1);
    expect(unknown.onError).toHaveBeenCalledWith(unknown.result.current.error);
    expect(unknown.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);

    expect(unknown.navigate).not.toHaveBeenCalled();
  });

  it('shows the consent screen with the grantable and ungrantable scopes, and says when custom scopes are asked', async () => {
    const env = await idpEnvironment();
    await setRoles(env, await signIn(env), ['editor']);
    const flow = renderAuthorize(env, authorizeSearch({ scope: 'openid email read:notes delete:notes' }));
    expect(flow.result.current.status).toBe('loading');
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);
    expect(flow.result.current).toMatchObject({
      error: null,
      params: { client_id: 'notes', redirect_uri: CALLBACK, scopes: ['openid', 'email', 'read:notes', 'delete:notes'] },
      client: { client_id: 'notes', client_type: 'public', client_name: 'Notes', client_description: 'A notes app' },
      clientName: 'Notes',
      hasCustomScopes: true,
    });
    // An editor reads notes but may not delete them: that scope is listed apart and cannot be granted.
    expect(flow.result.current.grantableScopes).toEqual([
      { scope: 'openid', is_grantable: true, description: '' },
      { scope: 'email', is_grantable: true, description: '' },
      { scope: 'read:notes', is_grantable: true, description: 'Read your notes' },
    ]);
    expect(flow.result.current.ungrantableScopes).toEqual([
      { scope: 'delete:notes', is_grantable: false, description: 'Delete your notes' },
    ]);
    expect(flow.navigate).not.toHaveBeenCalled();

    // Standard scopes only: no custom scope (the title is 'Sign in to {clientName} with {projectName}').
    const standard = renderAuthorize(env, authorizeSearch({ scope: 'openid profile email phone offline_access' }));
    await waitFor(() => expect(standard.result.current.status).toBe('consent'), waitLong);
    expect(standard.result.current.hasCustomScopes).toBe(false);
    expect(standard.result.current.ungrantableScopes).toEqual([]);
  });

  it('Allow sends the browser back with a code, the state and the issuer, once however often it is clicked', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const flow = renderAuthorize(env, authorizeSearch());
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);

    // Allow, Allow again and Deny while the first is sent: only the first counts.
    let clicks: Promise<unknown> = Promise.resolve();
    act(() => {
      clicks = Promise.all([flow.result.current.allow(), flow.result.current.allow(), flow.result.current.deny()]);
    });
    expect(flow.result.current.status).toBe('submitting');
    await act(() => clicks);
    await waitFor(() => expect(flow.result.current.status).toBe('complete'), waitLong);
    expect(flow.navigate).toHaveBeenCalledTimes(1);
    const { base, query } = navigatedTo(flow.navigate.mock.calls[0]?.[0]);
    expect(base).toBe(CALLBACK);
    expect(query).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: 'state-123',
      iss: env.provider.config.publicUrl,
    });
    // The browser leaves for the client: no flow-complete event (the identity-provider spec, authorize flow, steps 5 and 6).
    expect(flow.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);
    const submits = env.requests.filter((request) => request.path === '/idp/oauth/authorize/submit');
    expect(submits).toHaveLength(1);
    expect(submits[0]?.body).toMatchObject({ client_id: 'notes', consent_granted: true, state: 'state-123' });
    expect(flow.statuses).toEqual(['loading', 'consent', 'submitting', 'complete']);
    expect(flow.onError).not.toHaveBeenCalled();

    // Clicking again after the flow ended does nothing.
    await act(() => flow.result.current.allow());
    expect(env.requests.filter((request) => request.path === '/idp/oauth/authorize/submit')).toHaveLength(1);
  });

  it.each([
    ['a script URL', 'javascript:alert(document.cookie)//'],
    ['another site', 'https://evil.example/callback?code=stolen'],
    ['the same site, another path', 'http://localhost:5174/elsewhere?code=x'],
  ])('never sends the browser to a redirect URI the request did not name (%s)', async (_kind, answered) => {
    // A provider that answers what the reference one never would (RFC 6749 §10.15: no open redirector).
    const env = await startTestEnvironment({
      config: IDP_CONFIG,
      rewriteAnswer: (path, data) => {
        if (path === '/idp/oauth/authorize/submit') data.redirect_uri = answered;
      },
    });
    await signIn(env);
    const flow = renderAuthorize(env, authorizeSearch());
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);
    await act(() => flow.result.current.allow());
    await waitFor(() => expect(flow.result.current.status).toBe('error'), waitLong);
    expect(flow.result.current.error).toMatchObject({ type: 'invalid_redirect_uri' });
    expect(flow.navigate).not.toHaveBeenCalled();
    expect(flow.onError).toHaveBeenCalledTimes(1);
  });

  it('Deny sends the browser back with access_denied, shows denied and grants nothing', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const flow = renderAuthorize(env, authorizeSearch());
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);

    await act(() => flow.result.current.deny());
    await waitFor(() => expect(flow.result.current.status).toBe('denied'), waitLong);
    expect(flow.navigate).toHaveBeenCalledTimes(1);
    const { base, query } = navigatedTo(flow.navigate.mock.calls[0]?.[0]);
    expect(base).toBe(CALLBACK);
    expect(query).toMatchObject({ error: 'access_denied', state: 'state-123', iss: env.provider.config.publicUrl });
    expect(query.code).toBeUndefined();
    // The browser leaves with access_denied: no consent-denied event (the identity-provider spec, authorize flow, step 6).
    expect(flow.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);
    expect(flow.onError).not.toHaveBeenCalled();
    expect((await env.client.user.getConnectedApps()).connected_apps).toEqual([]);
  });

  it('decides on its own when the client needs no consent, and when a grant is remembered', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    // A first-party client: never a consent screen; the submit says consent_granted false.
    const firstParty = renderAuthorize(env, authorizeSearch({ client_id: 'dashboard' }), true);
    await waitFor(() => expect(firstParty.result.current.status).toBe('complete'), waitLong);
    expect(firstParty.statuses).not.toContain('consent');
    expect(firstParty.result.current.client?.client_name).toBe('Dashboard');
    expect(navigatedTo(firstParty.navigate.mock.calls[0]?.[0]).query).toMatchObject({ state: 'state-123' });
    expect(navigatedTo(firstParty.navigate.mock.calls[0]?.[0]).query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(firstParty.navigate).toHaveBeenCalledTimes(1);
    expect(firstParty.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);
    expect(env.requests.filter((request) => request.path === '/idp/oauth/authorize/submit')).toMatchObject([
      { body: { client_id: 'dashboard', consent_granted: false }, status: 200 },
    ]);

    // Once allowed, the same request of a client that asks for consent is answered without asking again.
    const first = renderAuthorize(env, authorizeSearch());
    await waitFor(() => expect(first.result.current.status).toBe('consent'), waitLong);
    await act(() => first.result.current.allow());
    await waitFor(() => expect(first.result.current.status).toBe('complete'), waitLong);
    const again = renderAuthorize(env, authorizeSearch({ state: 'second' }));
    await waitFor(() => expect(again.result.current.status).toBe('complete'), waitLong);
    expect(again.statuses).not.toContain('consent');
    expect(navigatedTo(again.navigate.mock.calls[0]?.[0]).query).toMatchObject({ state: 'second' });
    expect(navigatedTo(again.navigate.mock.calls[0]?.[0]).query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('useAuthorize inside a frame (RFC 6749 §10.13, RFC 9700 §4.16: clickjacking)', () => {
  it("never offers the consent screen framed: an error instead, and 'Allow' does nothing", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const isFramed = vi.fn(() => true);
    const framed = renderAuthorize(env, authorizeSearch(), true, { isFramed });
    await waitFor(() => expect(framed.result.current.status).toBe('error'), waitLong);
    expect(framed.result.current.error).toEqual({ type: 'framed_page', message: FRAMED_PAGE_MESSAGE });
    expect(framed.result.current.signInRequired).toBe(false);
    expect(framed.statuses).not.toContain('consent');
    expect(isFramed).toHaveBeenCalled();
    await waitFor(() => expect(framed.onError).toHaveBeenCalledTimes(1), waitLong);
    expect(framed.onError).toHaveBeenCalledWith({ type: 'framed_page', message: FRAMED_PAGE_MESSAGE });
    await act(() => framed.result.current.allow());
    await act(() => framed.result.current.deny());
    await env.settled();
    expect(authorizeCalls(env)).toEqual(['/idp/oauth/authorize/start 200']);
    expect(framed.navigate).not.toHaveBeenCalled();
    expect((await env.client.user.getConnectedApps()).connected_apps).toEqual([]);
  });

  it('unframed, the same request gets its consent screen', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const isFramed = vi.fn(() => false);
    const flow = renderAuthorize(env, authorizeSearch(), false, { isFramed });
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);
    expect(isFramed).toHaveBeenCalled();
    expect(flow.result.current.error).toBeNull();
  });

  it('a client that needs no consent still decides framed: no button is offered to click', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const flow = renderAuthorize(env, authorizeSearch({ client_id: 'dashboard' }), false, { isFramed: () => true });
    await waitFor(() => expect(flow.result.current.status).toBe('complete'), waitLong);
    expect(flow.statuses).not.toContain('consent');
    expect(flow.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('defaultIsFramed', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is false at the top of the page (jsdom), true when window.top is another window', () => {
    expect(defaultIsFramed()).toBe(false);
    const self = {};
    vi.stubGlobal('window', { self, top: self });
    expect(defaultIsFramed()).toBe(false);
    vi.stubGlobal('window', { self, top: {} });
    expect(defaultIsFramed()).toBe(true);
  });

  it('counts a window.top that cannot be read as framed', () => {
    vi.stubGlobal('window', {
      self: {},
      get top(): never {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      },
    });
    expect(defaultIsFramed()).toBe(true);
  });
});

describe('idpClientName', () => {
  it("is the client's name, else the redirect URI's host, else 'The App'", () => {
    expect(idpClientName('Notes', 'https://notes.example.com/callback')).toBe('Notes');
    expect(idpClientName('', 'https://notes.example.com:8443/callback')).toBe('notes.example.com:8443');
    expect(idpClientName(undefined, 'https://notes.example.com/callback')).toBe('notes.example.com');
    expect(idpClientName(undefined, 'not a url')).toBe('The App');
    expect(idpClientName(undefined, undefined)).toBe('The App');
  });
});
