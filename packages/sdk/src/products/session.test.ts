import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  authenticateData,
  basicCredentials,
  createTestClient,
  FakeBrowser,
  FakeTransport,
  makeSession,
  makeUser,
  ok,
  rejectionOf,
  STATE_KEY,
  settle,
  signInWithAccessToken,
} from '../../test/fakes';
import { APIError, APIUnreachableError, InvalidResponseError, UsageError } from '../errors';

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

describe('reading the session', () => {
  it('getSync, getInfo, getTokens and getSnapshot reflect the signed-in state, and null when signed out', async () => {
    const tab = createTestClient();
    expect(tab.client.session.getSync()).toBeNull();
    expect(tab.client.session.getInfo()).toEqual({ session: null, fromCache: false });
    expect(tab.client.session.getTokens()).toBeNull();

    const data = authenticateData();
    await signInWithAccessToken(tab, data);
    expect(tab.client.session.getSync()).toEqual(data.session);
    expect(tab.client.session.getInfo()).toEqual({ session: data.session, fromCache: false });
    expect(tab.client.session.getTokens()).toEqual({
      session_token: data.session_token,
      session_jwt: data.session_jwt,
    });
    expect(tab.client.session.getSnapshot()).toEqual({ session: data.session, user: data.user, fromCache: false });
  });

  it('onChange calls back with the session on a session change, not on a user-only change, until unsubscribed', async () => {
    const tab = createTestClient();
    const callback = vi.fn();
    const unsubscribe = tab.client.session.onChange(callback);
    const data = authenticateData();
    await signInWithAccessToken(tab, data);
    expect(callback).toHaveBeenLastCalledWith(data.session);

    await signInWithAccessToken(
      tab,
      authenticateData({ session: data.session as never, user: makeUser({ roles: ['admin'] }) }),
    );
    expect(callback).toHaveBeenCalledTimes(1);

    unsubscribe();
    tab.transport.once('POST', '/sessions/revoke', ok());
    await tab.client.session.revoke();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(() => tab.client.session.onChange('nope' as never)).toThrow(
      'Invalid call to session.onChange: callback must be a function',
    );
  });
});

describe('session.authenticate', () => {
  it('sends {} or {session_duration_minutes}, stores the answer and strips __user', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    const extended = authenticateData({ session: makeSession({ session_id: 'session-test-0002' }) });
    tab.transport.once('POST', '/sessions/authenticate', ok({ ...extended, __user: makeUser() }));
    tab.transport.once('POST', '/sessions/authenticate', ok(extended));

    const answer = await tab.client.session.authenticate({ session_duration_minutes: 60 });
    expect(tab.transport.last().body).toEqual({ session_duration_minutes: 60 });
    expect(answer).not.toHaveProperty('__user');
    expect(answer.session).toEqual(extended.session);
    expect(tab.client.session.getSync()?.session_id).toBe('session-test-0002');

    await tab.client.session.authenticate();
    expect(tab.transport.last().rawBody).toBe('{}');
  });

  it('rejects a non-number duration with the spec message', async () => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.session.authenticate({ session_duration_minutes: '60' as never }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('Invalid call to session.authenticate: session_duration_minutes must be a number');
    expect(transport.find('POST', '/sessions/authenticate')).toEqual([]);
  });

  it('on an unrecoverable error clears the session, then rethrows', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    tab.transport.once('POST', '/sessions/authenticate', apiError(404, 'session_not_found'));
    const error = await rejectionOf(tab.client.session.authenticate());
    expect(error).toBeInstanceOf(APIError);
    expect(error.error_type).toBe('session_not_found');
    expect(tab.client.session.getSync()).toBeNull();
    expect(tab.browser.values.get(STATE_KEY)).toBe('null');
    expect(tab.browser.cookies.find('stytch_session')).toBeUndefined();
  });

  it('keeps the session on a recoverable error', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    tab.transport.once('POST', '/sessions/authenticate', 'network-error');
    expect(await rejectionOf(tab.client.session.authenticate())).toBeInstanceOf(APIUnreachableError);
    tab.transport.once('POST', '/sessions/authenticate', apiError(500, 'internal_server_error'));
    expect(await rejectionOf(tab.client.session.authenticate())).toBeInstanceOf(APIError);
    expect(tab.client.session.getSync()).not.toBeNull();
    expect(tab.browser.cookies.find('stytch_session')).toBeDefined();
  });

  it('an answer without session or user is an invalid response and signs nobody out', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    tab.transport.once('POST', '/sessions/authenticate', ok({ user_id: 'user-test-0001' }));
    const error = await rejectionOf(tab.client.session.authenticate());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    expect(tab.client.session.getSync()).not.toBeNull();
  });

  it('retries once with the new token when another tab signed in during the call', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport();
    const first = createTestClient({ browser, transport });
    const second = createTestClient({ browser, transport });
    await signInWithAccessToken(first);

    const oldAnswer = authenticateData();
    const newSession = makeSession({ session_id: 'session-test-0002' });
    const newAnswer = authenticateData({ session: newSession, session_token: 'session-token-second' });
    transport.once('POST', '/sessions/authenticate', async () => {
      // Another tab signs in while this answer is on its way.
      await signInWithAccessToken(second, newAnswer);
      await settle();
      return ok(oldAnswer);
    });
    transport.once('POST', '/sessions/authenticate', ok(newAnswer));

    const answer = await first.client.session.authenticate();
    const sent = transport.find('POST', '/sessions/authenticate');
    expect(sent).toHaveLength(2);
    expect(basicCredentials(sent[0]!)[1]).toBe('session-token-opaque-abc123');
    expect(basicCredentials(sent[1]!)[1]).toBe('session-token-second');
    expect(answer.session.session_id).toBe('session-test-0002');
    expect(first.client.session.getSync()?.session_id).toBe('session-test-0002');
    expect(browser.cookies.find('stytch_session')?.value).toBe('session-token-second');
  });

  it('does not sign out a session that arrived while a failing call for the old one was in flight', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport();
    const first = createTestClient({ browser, transport });
    const second = createTestClient({ browser, transport });
    await signInWithAccessToken(first);

    const newAnswer = authenticateData({
      session: makeSession({ session_id: 'session-test-0002' }),
      session_token: 'session-token-second',
    });
    transport.once('POST', '/sessions/authenticate', async () => {
      await signInWithAccessToken(second, newAnswer);
      await settle();
      return apiError(404, 'session_not_found');
    });
    transport.once('POST', '/sessions/authenticate', ok(newAnswer));

    await first.client.session.authenticate();
    expect(first.client.session.getSync()?.session_id).toBe('session-test-0002');
    expect(browser.cookies.find('stytch_session')?.value).toBe('session-token-second');
  });
});

describe('session.revoke', () => {
  it('a refresh answered before the sign-out but arriving after it does not sign the tab back in', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    let answerRefresh: (() => void) | undefined;
    tab.transport.once(
      'POST',
      '/sessions/authenticate',
      () =>
        new Promise((resolve) => {
          answerRefresh = () => resolve(ok(authenticateData()));
        }),
    );
    tab.transport.once('POST', '/sessions/authenticate', apiError(401, 'unauthorized_credentials'));
    tab.transport.once('POST', '/sessions/revoke', ok());
    const refresh = tab.client.session.authenticate().catch((error: unknown) => error);
    await settle();
    await tab.client.session.revoke({ forceClear: true });
    expect(tab.client.session.getSync()).toBeNull();
    answerRefresh?.();
    await refresh;
    await settle();
    expect(tab.client.session.getSync()).toBeNull();
    expect(tab.client.session.getSnapshot().user).toBeNull();
    expect(tab.browser.cookies.cookies.size).toBe(0);
  });

  it('sends no body and clears the session on success', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    tab.transport.once('POST', '/sessions/revoke', ok());
    await tab.client.session.revoke();
    expect(tab.transport.last().rawBody).toBeNull();
    expect(tab.client.session.getSync()).toBeNull();
    expect(tab.browser.values.get(STATE_KEY)).toBe('null');
    expect(tab.browser.cookies.cookies.size).toBe(0);
  });

  it('on a recoverable failure keeps the session unless forceClear, and rethrows either way', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    tab.transport.on('POST', '/sessions/revoke', 'network-error');
    expect(await rejectionOf(tab.client.session.revoke())).toBeInstanceOf(APIUnreachableError);
    expect(tab.client.session.getSync()).not.toBeNull();
    expect(tab.browser.cookies.find('stytch_session')).toBeDefined();

    expect(await rejectionOf(tab.client.session.revoke({ forceClear: true }))).toBeInstanceOf(APIUnreachableError);
    expect(tab.client.session.getSync()).toBeNull();
    expect(tab.browser.cookies.cookies.size).toBe(0);
  });

  it('on an unrecoverable failure clears the session and rethrows', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    tab.transport.once('POST', '/sessions/revoke', apiError(401, 'unauthorized_credentials'));
    const error = await rejectionOf(tab.client.session.revoke());
    expect(error.error_type).toBe('unauthorized_credentials');
    expect(tab.client.session.getSync()).toBeNull();
  });

  it('validates forceClear', async () => {
    const { client } = createTestClient();
    const error = await rejectionOf(client.session.revoke({ forceClear: 'yes' as never }));
    expect(error.message).toBe('Invalid call to session.revoke: forceClear must be a boolean');
  });
});

describe('session.exchangeAccessToken and session.attest', () => {
  it('exchangeAccessToken sends access_token and duration, stores the session and strips __user', async () => {
    const tab = createTestClient();
    const data = authenticateData();
    tab.transport.once('POST', '/sessions/exchange_access_token', ok({ ...data, __user: data.user }));
    const answer = await tab.client.session.exchangeAccessToken({
      access_token: 'access-token-1',
      session_duration_minutes: 60,
    });
    expect(tab.transport.last().body).toEqual({ access_token: 'access-token-1', session_duration_minutes: 60 });
    expect(answer).not.toHaveProperty('__user');
    expect(tab.client.session.getSync()).toEqual(data.session);
  });

  it('exchangeAccessToken validates its arguments with the spec messages', async () => {
    const { client, transport } = createTestClient();
    const missingToken = await rejectionOf(
      client.session.exchangeAccessToken({ session_duration_minutes: 60 } as never),
    );
    expect(missingToken.message).toBe('Invalid call to session.exchangeAccessToken: access_token must be a string');
    const missingDuration = await rejectionOf(client.session.exchangeAccessToken({ access_token: 'a' } as never));
    expect(missingDuration.message).toBe(
      'Invalid call to session.exchangeAccessToken: session_duration_minutes must be a number',
    );
    expect(transport.calls).toEqual([]);
  });

  it('attest sends the caller object as-is and stores the session', async () => {
    const tab = createTestClient();
    const data = authenticateData();
    tab.transport.once('POST', '/sessions/attest', ok(data));
    const options = { profile_id: 'profile-1', token: 'jwt-from-idp', session_duration_minutes: 30 };
    await tab.client.session.attest(options);
    expect(tab.transport.last().body).toEqual(options);
    expect(tab.client.session.getSync()).toEqual(data.session);
  });

  it('attest validates profile_id and token', async () => {
    const { client } = createTestClient();
    expect((await rejectionOf(client.session.attest({ token: 't' } as never))).message).toBe(
      'Invalid call to session.attest: profile_id must be a string',
    );
    expect((await rejectionOf(client.session.attest({ profile_id: 'p' } as never))).message).toBe(
      'Invalid call to session.attest: token must be a string',
    );
  });
});

describe('session.updateSession', () => {
  it('writes the cookies without a request; authenticate then sends the new token', async () => {
    const tab = createTestClient();
    tab.client.session.updateSession({ session_token: 'backend-token', session_jwt: 'backend-jwt' });
    expect(tab.transport.calls).toEqual([]);
    // The client answers with the tokens at once; the cookies follow once their writer's chunk has loaded.
    expect(tab.client.session.getTokens()).toEqual({ session_token: 'backend-token', session_jwt: 'backend-jwt' });
    await vi.waitFor(() =>
      expect(tab.browser.cookies.find('stytch_session')).toMatchObject({
        value: 'backend-token',
        attributes: { sameSite: 'Lax', path: '/' },
      }),
    );
    expect(tab.browser.cookies.find('stytch_session_jwt')?.value).toBe('backend-jwt');

    tab.transport.once('POST', '/sessions/authenticate', ok(authenticateData()));
    await tab.client.session.authenticate();
    expect(basicCredentials(tab.transport.last())[1]).toBe('backend-token');
  });

  it('validates session_token', () => {
    const { client } = createTestClient();
    expect(() => client.session.updateSession({} as never)).toThrow(
      'Invalid call to session.updateSession: session_token must be a string',
    );
  });
});
