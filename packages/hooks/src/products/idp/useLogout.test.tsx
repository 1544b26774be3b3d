import { ASYNC_TIMEOUT, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  IDP_CONFIG,
  idpEnvironment,
  idTokenFor,
  logoutSearch,
  navigatedTo,
  SIGNED_OUT,
  signIn,
} from '../../../test/idp';
import { wrapperFor } from '../../../test/wrappers';
import type { LatchkeyEvent } from '../../events';
import { useSession } from '../../useSession';
import { FRAMED_PAGE_MESSAGE, type IdpFlowOptions, INVALID_REQUEST_MESSAGE } from './idpFlow';
import { isLogoutRequest } from './isLogoutRequest';
import { type LogoutStatus, useLogout } from './useLogout';

const waitLong = { timeout: ASYNC_TIMEOUT };

/** `useLogout` on `search` beside the session, with spies, recording every status rendered; `options` adds to them. */
function renderLogout(
  env: TestEnvironment,
  search: string,
  reactStrictMode = false,
  options: Pick<IdpFlowOptions, 'isFramed'> = {},
) {
  const navigate = vi.fn<(url: string) => void>();
  const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
  const onError = vi.fn();
  const statuses: LogoutStatus[] = [];
  const rendered = renderHook(
    () => {
      const flow = useLogout({ search, navigate, onEvent, onError, ...options });
      if (statuses.at(-1) !== flow.status) statuses.push(flow.status);
      return { flow, session: useSession((snapshot) => snapshot.session) };
    },
    { wrapper: wrapperFor(env), reactStrictMode },
  );
  const eventTypes = () => onEvent.mock.calls.map(([event]) => event.type);
  return { ...rendered, navigate, onEvent, onError, statuses, eventTypes };
}

const revokeCalls = (env: TestEnvironment) =>
  env.requests.filter((request) => request.path === '/sessions/revoke').map((request) => request.status);

describe('useLogout', () => {
  it("stops with 'Required parameter is missing: client_id' when the request names no client", async () => {
    const env = await idpEnvironment();
    // RP-Initiated Logout 1.0 §2: post_logout_redirect_uri without id_token_hint needs client_id.
    const noClient = renderLogout(env, logoutSearch({ client_id: null }));
    expect(noClient.result.current.flow).toMatchObject({
      status: 'error',
      error: {
        type: 'missing_parameter',
        message: 'Required parameter is missing: client_id. Please reach out to the application developer.',
      },
      params: null,
    });
    await waitFor(() => expect(noClient.onError).toHaveBeenCalledTimes(1), waitLong);
    await env.settled();
    expect(env.requests.filter((request) => request.path === '/oauth/logout/start')).toEqual([]);
    expect(noClient.eventTypes()).toEqual([]);
  });

  it('stops a request that gives a parameter more than once, sending nothing and keeping the session', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    // RP-Initiated Logout 1.0 §2 with RFC 6749 §3.1: no parameter more than once.
    const query = new URLSearchParams(logoutSearch());
    query.append('client_id', 'dashboard');
    query.append('post_logout_redirect_uri', 'https://evil.example/bye');
    query.append('state', 's2');
    const duplicated = renderLogout(env, `?${query}`, true);
    expect(duplicated.result.current.flow).toMatchObject({
      status: 'error',
      error: { type: 'duplicate_parameter', message: INVALID_REQUEST_MESSAGE },
      params: null,
      clientUrl: null,
    });
    await waitFor(() => expect(duplicated.onError).toHaveBeenCalledTimes(1), waitLong);
    // 'Yes' does nothing: there is nothing to confirm.
    await act(() => duplicated.result.current.flow.confirm());
    await env.settled();
    expect(env.requests.filter((request) => request.path === '/oauth/logout/start')).toEqual([]);
    expect(revokeCalls(env)).toEqual([]);
    expect(duplicated.result.current.session).not.toBeNull();
    expect(duplicated.navigate).not.toHaveBeenCalled();
    expect(duplicated.eventTypes()).toEqual([]);

    // One value each: the confirmation.
    const single = renderLogout(env, logoutSearch());
    await waitFor(() => expect(single.result.current.flow.status).toBe('confirm'), waitLong);
    expect(single.onError).not.toHaveBeenCalled();
  });

  it("inside a frame never offers 'Log out?': an error instead, 'Yes' does nothing (RFC 9700 §4.16)", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const framed = renderLogout(env, logoutSearch(), true, { isFramed: () => true });
    await waitFor(() => expect(framed.result.current.flow.status).toBe('error'), waitLong);
    expect(framed.result.current.flow.error).toEqual({ type: 'framed_page', message: FRAMED_PAGE_MESSAGE });
    expect(framed.statuses).not.toContain('confirm');
    await waitFor(() => expect(framed.onError).toHaveBeenCalledTimes(1), waitLong);
    await act(() => framed.result.current.flow.confirm());
    await env.settled();
    expect(revokeCalls(env)).toEqual([]);
    expect(framed.result.current.session).not.toBeNull();
    expect(framed.navigate).not.toHaveBeenCalled();

    // Unframed: the confirmation.
    const isFramed = vi.fn(() => false);
    const unframed = renderLogout(env, logoutSearch(), false, { isFramed });
    await waitFor(() => expect(unframed.result.current.flow.status).toBe('confirm'), waitLong);
    expect(isFramed).toHaveBeenCalled();
  });

  it("without post_logout_redirect_uri logs out and says 'You have been logged out' (status logged_out)", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const logout = renderLogout(env, logoutSearch({ post_logout_redirect_uri: null }));
    await waitFor(() => expect(logout.result.current.flow.status).toBe('confirm'), waitLong);
    expect(logout.result.current.flow.params).toEqual({ client_id: 'notes', state: 'bye-789' });
    await act(() => logout.result.current.flow.confirm());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('logged_out'), waitLong);
    expect(logout.result.current.session).toBeNull();
    expect(revokeCalls(env)).toEqual([200]);
    expect(logout.navigate).not.toHaveBeenCalled();
    expect(logout.eventTypes()).toEqual(['OAUTH_LOGOUT_FLOW_START', 'OAUTH_LOGOUT_FLOW_COMPLETE']);
    expect(logout.onEvent.mock.calls[1]?.[0].data).toEqual({ redirect_uri: null });
    expect(logout.onError).not.toHaveBeenCalled();
  });

  it('id_token_hint alone names the client: logs out without asking and without a redirect', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const idToken = await idTokenFor(env);
    const logout = renderLogout(env, `?${new URLSearchParams({ id_token_hint: idToken })}`);
    await waitFor(() => expect(logout.result.current.flow.status).toBe('logged_out'), waitLong);
    expect(logout.result.current.flow.params).toEqual({ id_token_hint: idToken });
    expect(logout.statuses).not.toContain('confirm');
    expect(logout.result.current.session).toBeNull();
    expect(logout.navigate).not.toHaveBeenCalled();
    const starts = env.requests.filter((request) => request.path === '/oauth/logout/start');
    expect(starts.map((request) => request.body)).toEqual([{ id_token_hint: idToken }]);
  });

  it('id_token_hint and post_logout_redirect_uri without client_id: back to the application with its state', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const idToken = await idTokenFor(env);
    const logout = renderLogout(env, logoutSearch({ client_id: null, id_token_hint: idToken }));
    await waitFor(() => expect(logout.result.current.flow.status).toBe('complete'), waitLong);
    expect(navigatedTo(logout.navigate.mock.calls[0]?.[0])).toEqual({ base: SIGNED_OUT, query: { state: 'bye-789' } });
    expect(logout.result.current.session).toBeNull();
  });

  it("'Yes' ends the session and returns to the application's post-logout URI with its state", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const logout = renderLogout(env, logoutSearch(), true);
    expect(logout.result.current.flow.status).toBe('loading');
    // No ID token names the user: they are asked.
    await waitFor(() => expect(logout.result.current.flow.status).toBe('confirm'), waitLong);
    expect(logout.result.current.flow.params).toEqual({
      client_id: 'notes',
      post_logout_redirect_uri: SIGNED_OUT,
      state: 'bye-789',
    });
    expect(logout.result.current.session).not.toBeNull();
    expect(logout.navigate).not.toHaveBeenCalled();
    expect(env.requests.filter((request) => request.path === '/oauth/logout/start')).toHaveLength(1);

    let confirming: Promise<unknown> = Promise.resolve();
    act(() => {
      confirming = Promise.all([logout.result.current.flow.confirm(), logout.result.current.flow.confirm()]);
    });
    expect(logout.result.current.flow.status).toBe('logging_out');
    await act(() => confirming);
    await waitFor(() => expect(logout.result.current.flow.status).toBe('complete'), waitLong);
    expect(logout.result.current.session).toBeNull();
    expect(revokeCalls(env)).toEqual([200]);
    expect(logout.navigate).toHaveBeenCalledTimes(1);
    expect(navigatedTo(logout.navigate.mock.calls[0]?.[0])).toEqual({
      base: SIGNED_OUT,
      query: { state: 'bye-789' },
    });
    expect(logout.eventTypes()).toEqual(['OAUTH_LOGOUT_FLOW_START', 'OAUTH_LOGOUT_FLOW_COMPLETE']);
    expect(logout.onError).not.toHaveBeenCalled();
  });

  it("'No' keeps the session and stays on the page", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const logout = renderLogout(env, logoutSearch());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('confirm'), waitLong);

    act(() => logout.result.current.flow.decline());
    expect(logout.result.current.flow).toMatchObject({ status: 'denied', error: null });
    expect(logout.eventTypes()).toEqual(['OAUTH_LOGOUT_FLOW_START', 'OAUTH_LOGOUT_FLOW_DENIED']);
    // 'Yes' after 'No' does nothing.
    await act(() => logout.result.current.flow.confirm());
    await env.settled();
    expect(logout.result.current.flow.status).toBe('denied');
    expect(logout.result.current.session).not.toBeNull();
    expect(revokeCalls(env)).toEqual([]);
    expect(logout.navigate).not.toHaveBeenCalled();
  });

  it('logs out without asking when the ID token hint names the signed-in user', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const idToken = await idTokenFor(env);
    const logout = renderLogout(env, logoutSearch({ id_token_hint: idToken }));
    await waitFor(() => expect(logout.result.current.flow.status).toBe('complete'), waitLong);
    expect(logout.statuses).not.toContain('confirm');
    expect(logout.result.current.session).toBeNull();
    expect(revokeCalls(env)).toEqual([200]);
    expect(navigatedTo(logout.navigate.mock.calls[0]?.[0])).toEqual({
      base: SIGNED_OUT,
      query: { state: 'bye-789' },
    });
    expect(logout.eventTypes()).toEqual(['OAUTH_LOGOUT_FLOW_START', 'OAUTH_LOGOUT_FLOW_COMPLETE']);
  });

  it('ignores a failed revoke: the session ends on the page and the browser still goes back', async () => {
    const env = await idpEnvironment();
    const userId = await signIn(env);
    const logout = renderLogout(env, logoutSearch());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('confirm'), waitLong);
    // The provider no longer knows the session (revoked elsewhere): its revoke is refused.
    await env.provider.database.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', userId)
      .execute();

    await act(() => logout.result.current.flow.confirm());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('complete'), waitLong);
    expect(revokeCalls(env)).toHaveLength(1);
    expect(revokeCalls(env)[0]).not.toBe(200);
    expect(logout.result.current.session).toBeNull();
    expect(logout.navigate).toHaveBeenCalledTimes(1);
    expect(logout.onError).not.toHaveBeenCalled();
  });

  it("shows the provider's refusal of a post-logout URI the client did not register", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    const logout = renderLogout(env, logoutSearch({ post_logout_redirect_uri: 'https://evil.example/bye' }));
    await waitFor(() => expect(logout.result.current.flow.status).toBe('error'), waitLong);
    expect(logout.result.current.flow.error).toMatchObject({ type: 'invalid_post_logout_redirect_uri', status: 400 });
    expect(logout.result.current.flow.error?.message).not.toBe('');
    expect(logout.onError).toHaveBeenCalledWith(logout.result.current.flow.error);
    expect(logout.navigate).not.toHaveBeenCalled();
    expect(logout.result.current.session).not.toBeNull();
  });

  it('logs out but never sends the browser to a post-logout URI the request did not name', async () => {
    // A provider that answers what the reference one never would (RFC 6749 §10.15: no open redirector).
    const env = await startTestEnvironment({
      config: IDP_CONFIG,
      rewriteAnswer: (path, data) => {
        if (path === '/oauth/logout/start') data.redirect_uri = 'https://evil.example/phish?state=bye-789';
      },
    });
    await signIn(env);
    const logout = renderLogout(env, logoutSearch());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('confirm'), waitLong);
    // No way back to a site the request did not name.
    expect(logout.result.current.flow.clientUrl).toBeNull();
    await act(() => logout.result.current.flow.confirm());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('error'), waitLong);
    expect(logout.result.current.flow.error).toMatchObject({ type: 'invalid_redirect_uri' });
    expect(logout.navigate).not.toHaveBeenCalled();
    // Logged out here all the same.
    expect(logout.result.current.session).toBeNull();
    expect(revokeCalls(env)).toEqual([200]);
  });

  it('without a session asks, then returns to the application without a revoke', async () => {
    const env = await idpEnvironment();
    const logout = renderLogout(env, logoutSearch());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('confirm'), waitLong);
    await act(() => logout.result.current.flow.confirm());
    await waitFor(() => expect(logout.result.current.flow.status).toBe('complete'), waitLong);
    expect(revokeCalls(env)).toEqual([]);
    expect(logout.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('isLogoutRequest', () => {
  it('is true when the query has post_logout_redirect_uri (the logout flow), else false (authorize)', () => {
    expect(isLogoutRequest('?client_id=notes&post_logout_redirect_uri=https%3A%2F%2Fa.example%2F')).toBe(true);
    expect(isLogoutRequest('client_id=notes&post_logout_redirect_uri=')).toBe(true);
    expect(isLogoutRequest('?client_id=notes&redirect_uri=https%3A%2F%2Fa.example%2F')).toBe(false);
    expect(isLogoutRequest('')).toBe(false);
  });
});
