import { ASYNC_TIMEOUT, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authorizeSearch, CALLBACK, idpEnvironment, navigatedTo, setRoles, signIn } from '../../../test/idp';
import { wrapperFor } from '../../../test/wrappers';
import type { LatchkeyEvent } from '../../events';
import { idpClientName } from './idpFlow';
import { type AuthorizeStatus, useAuthorize } from './useAuthorize';

const waitLong = { timeout: ASYNC_TIMEOUT };
const NO_SESSION = 'No active session detected. Please log in to continue.';

/** The calls the client sent to the authorize endpoints, as `path status`. */
const authorizeCalls = (env: TestEnvironment) =>
  env.requests
    .filter((request) => request.path.startsWith('/idp/oauth/authorize'))
    .map(({ path, status }) => `${path} ${status}`);

/** `useAuthorize` on `search`, with spies for navigation and the callbacks, recording every status rendered. */
function renderAuthorize(env: TestEnvironment, search: string, reactStrictMode = false) {
  const navigate = vi.fn<(url: string) => void>();
  const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
  const onError = vi.fn();
  const statuses: AuthorizeStatus[] = [];
  const rendered = renderHook(
    () => {
      const flow = useAuthorize({ search, navigate, onEvent, onError });
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

  it('asks for a sign-in without a session, reports it once, and starts once the user has signed in', async () => {
    const env = await idpEnvironment();
    const flow = renderAuthorize(env, authorizeSearch(), true);
    expect(flow.result.current).toMatchObject({
      status: 'error',
      error: { type: 'no_active_session', message: NO_SESSION },
    });
    await waitFor(() => expect(flow.onError).toHaveBeenCalledTimes(1), waitLong);
    expect(flow.onError).toHaveBeenCalledWith({ type: 'no_active_session', message: NO_SESSION });
    expect(authorizeCalls(env)).toEqual([]);

    // Signing in on the same page (the kits show a sign-in form) starts the flow: exactly one preflight.
    await act(() => signIn(env));
    await waitFor(() => expect(flow.result.current.status).toBe('consent'), waitLong);
    expect(flow.result.current.error).toBeNull();
    expect(authorizeCalls(env)).toEqual(['/idp/oauth/authorize/start 200']);
    expect(flow.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);
    expect(flow.onError).toHaveBeenCalledTimes(1);
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

    const scope = renderAuthorize(env, authorizeSearch({ scope: 'openid calendar' }));
    await waitFor(() => expect(scope.result.current.status).toBe('error'), waitLong);
    expect(scope.result.current.error).toMatchObject({
      type: 'invalid_scope',
      message: 'The client notes may not request the scope "calendar".',
    });
    expect(scope.navigate).not.toHaveBeenCalled();
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
    expect(flow.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_COMPLETE']);
    expect(flow.onEvent.mock.calls[1]?.[0].data).toMatchObject({
      redirect_uri: flow.navigate.mock.calls[0]?.[0],
      authorization_code: query.code,
    });
    const submits = env.requests.filter((request) => request.path === '/idp/oauth/authorize/submit');
    expect(submits).toHaveLength(1);
    expect(submits[0]?.body).toMatchObject({ client_id: 'notes', consent_granted: true, state: 'state-123' });
    expect(flow.statuses).toEqual(['loading', 'consent', 'submitting', 'complete']);
    expect(flow.onError).not.toHaveBeenCalled();

    // Clicking again after the flow ended does nothing.
    await act(() => flow.result.current.allow());
    expect(env.requests.filter((request) => request.path === '/idp/oauth/authorize/submit')).toHaveLength(1);
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
    expect(flow.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED']);
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
    expect(firstParty.eventTypes()).toEqual(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_COMPLETE']);
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

describe('idpClientName', () => {
  it("is the client's name, else the redirect URI's host, else 'The App'", () => {
    expect(idpClientName('Notes', 'https://notes.example.com/callback')).toBe('Notes');
    expect(idpClientName('', 'https://notes.example.com:8443/callback')).toBe('notes.example.com:8443');
    expect(idpClientName(undefined, 'https://notes.example.com/callback')).toBe('notes.example.com');
    expect(idpClientName(undefined, 'not a url')).toBe('The App');
    expect(idpClientName(undefined, undefined)).toBe('The App');
  });
});
