import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  authenticateData,
  basicCredentials,
  createTestClient,
  FakeBrowser,
  FakeCookieJar,
  FakeTransport,
  makeSession,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  STATE_KEY,
  settle,
  signInWithAccessToken,
  storedState,
} from '../../test/fakes';
import type { AuthenticateResponse } from '../contract/common';
import { resolveEnvironment } from '../environment';
import { INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS, SessionManager, type SessionSnapshot } from './sessionManager';
import { applyAuthenticateResponse, setIntermediateSessionToken, writeTokens } from './sessionWrites';

// The client loads the background refresh on demand; loaded here first, the runner's (real-time) module loading
// cannot fall behind the fake clock. sessionRefresh.lazy.test.ts covers the loading itself.
beforeAll(async () => {
  await import('./sessionRefresh');
});
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

describe('storage and cookies after a sign-in', () => {
  it('stores {session, user} under the state key and writes both cookies, Lax, expiring with the session', async () => {
    const tab = createTestClient();
    const data = authenticateData();
    await signInWithAccessToken(tab, data);

    expect(storedState(tab.browser)).toEqual({ session: data.session, user: data.user });
    const session = data.session as AuthenticateResponse['session'];
    for (const [name, value] of [
      ['stytch_session', 'session-token-opaque-abc123'],
      ['stytch_session_jwt', 'eyJhbGciOiJFUzI1NiJ9.session.jwt'],
    ]) {
      expect(tab.browser.cookies.find(name as string)).toEqual({
        name,
        value,
        attributes: { expires: new Date(session.expires_at), path: '/', sameSite: 'Lax', secure: false },
      });
    }
    expect(tab.client.session.getTokens()).toEqual({
      session_token: 'session-token-opaque-abc123',
      session_jwt: 'eyJhbGciOiJFUzI1NiJ9.session.jwt',
    });
  });

  it('marks the cookies Secure on an https page, and not on 127.0.0.1', async () => {
    const https = createTestClient({ browser: new FakeBrowser('https://app.example.com') });
    await signInWithAccessToken(https);
    expect(https.browser.cookies.find('stytch_session')?.attributes.secure).toBe(true);

    const loopback = createTestClient({ browser: new FakeBrowser('http://127.0.0.1:5173') });
    await signInWithAccessToken(loopback);
    expect(loopback.browser.cookies.find('stytch_session')?.attributes.secure).toBe(false);
  });

  it('uses the configured names and path, and a domain only with availableToSubdomains', async () => {
    const tab = createTestClient({
      browser: new FakeBrowser('https://app.example.com'),
      options: { cookieOptions: { opaqueTokenCookieName: 'my_session', jwtCookieName: 'my_jwt', path: '/app' } },
    });
    await signInWithAccessToken(tab);
    expect(tab.browser.cookies.find('my_session')?.attributes).toMatchObject({ path: '/app', sameSite: 'Lax' });
    expect(tab.browser.cookies.find('my_jwt')?.attributes.domain).toBeUndefined();
    expect(tab.browser.cookies.find('stytch_session')).toBeUndefined();

    const shared = createTestClient({
      browser: new FakeBrowser('https://app.example.com'),
      options: { cookieOptions: { availableToSubdomains: true } },
    });
    await signInWithAccessToken(shared);
    expect(shared.browser.cookies.find('stytch_session')?.attributes.domain).toBe('app.example.com');

    const configured = createTestClient({
      browser: new FakeBrowser('https://app.example.com'),
      options: { cookieOptions: { availableToSubdomains: true, domain: 'example.com' } },
    });
    await signInWithAccessToken(configured);
    expect(configured.browser.cookies.find('stytch_session_jwt')?.attributes.domain).toBe('example.com');
    expect(JSON.parse(configured.browser.values.get(`${STATE_KEY}::seen_domains`) ?? '[]')).toEqual(['example.com']);
  });

  it('in opaque mode (a token missing) removes the JS cookies but still stores the session and user', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    expect(tab.browser.cookies.find('stytch_session')).toBeDefined();

    const data = authenticateData({ session_jwt: '' });
    await signInWithAccessToken(tab, data);
    expect(tab.browser.cookies.cookies.size).toBe(0);
    expect(tab.client.session.getTokens()).toBeNull();
    expect(tab.client.session.getSync()).toEqual(data.session);
    expect(storedState(tab.browser)).toEqual({ session: data.session, user: data.user });
  });

  it('sign-out removes the cookies of every seen domain (and none) on both paths, and stores "null"', async () => {
    const browser = new FakeBrowser('https://app.example.com');
    // An earlier configuration wrote cookies for another domain and the root path.
    browser.values.set(`${STATE_KEY}::seen_domains`, JSON.stringify(['old.example.com']));
    browser.cookies.set('stytch_session', 'old', { domain: 'old.example.com', path: '/' });
    browser.cookies.set('stytch_session_jwt', 'old', { path: '/' });
    const tab = createTestClient({
      browser,
      options: { cookieOptions: { availableToSubdomains: true, domain: 'example.com', path: '/app' } },
    });
    await signInWithAccessToken(tab);
    tab.transport.once('POST', '/sessions/revoke', ok());
    await tab.client.session.revoke();

    expect(browser.cookies.cookies.size).toBe(0);
    expect(browser.values.get(STATE_KEY)).toBe('null');
    for (const domain of [undefined, 'old.example.com', 'example.com']) {
      for (const path of ['/app', '/']) {
        expect(browser.cookies.removals).toContainEqual({ name: 'stytch_session', path, domain });
        expect(browser.cookies.removals).toContainEqual({ name: 'stytch_session_jwt', path, domain });
      }
    }
  });

  it('keeps working when storage throws (quota, blocked)', async () => {
    const failing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const tab = createTestClient({ env: { storage: failing } });
    const data = authenticateData();
    await signInWithAccessToken(tab, data);
    expect(tab.client.session.getSync()).toEqual(data.session);
    tab.transport.once('POST', '/sessions/revoke', ok());
    await tab.client.session.revoke();
    expect(tab.client.session.getSync()).toBeNull();
  });
});

describe('intermediate session token', () => {
  it('is stored for 10 minutes in its own cookie, replacing the session cookies; a full session removes it', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    const data = authenticateData({ session_token: '', session_jwt: '', intermediate_session_token: 'ist-123' });
    await signInWithAccessToken(tab, data);

    const ist = tab.browser.cookies.find('stytch_intermediate_session_token');
    expect(INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS).toBe(600_000);
    expect(ist?.value).toBe('ist-123');
    expect(ist?.attributes.expires?.getTime()).toBe(Date.now() + 600_000);
    expect(ist?.attributes).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(tab.browser.cookies.find('stytch_session')).toBeUndefined();
    expect(tab.browser.cookies.find('stytch_session_jwt')).toBeUndefined();

    await signInWithAccessToken(tab);
    expect(tab.browser.cookies.find('stytch_intermediate_session_token')).toBeUndefined();
    expect(tab.browser.cookies.find('stytch_session')?.value).toBe('session-token-opaque-abc123');
  });

  it('an intermediate token clears session cookies and survives the start-up rule', () => {
    const browser = new FakeBrowser();
    const environment = resolveEnvironment(browser.tab({ fetch: new FakeTransport().fetch }));
    const config = { environment, publicToken: PUBLIC_TOKEN, stateKey: STATE_KEY, cookieOptions: {} };
    browser.cookies.set('stytch_session_jwt', 'jwt', { path: '/' });
    const manager = new SessionManager({ ...config, hasCustomApiEndpoint: false });
    setIntermediateSessionToken(manager, 'ist-456');
    expect(browser.cookies.find('stytch_session_jwt')).toBeUndefined();

    const reloaded = new SessionManager({ ...config, hasCustomApiEndpoint: false });
    reloaded.start(() => Promise.resolve());
    expect(reloaded.getIntermediateSessionToken()).toBe('ist-456');
    reloaded.destroy();
  });
});

describe('tokens from updateSession, before the cookie writer has loaded', () => {
  function manager() {
    const browser = new FakeBrowser();
    const environment = resolveEnvironment(browser.tab({ fetch: new FakeTransport().fetch }));
    const config = { environment, publicToken: PUBLIC_TOKEN, stateKey: STATE_KEY, cookieOptions: {} };
    return { browser, manager: new SessionManager({ ...config, hasCustomApiEndpoint: false }) };
  }

  it('are what the readers answer at once, and what the cookies hold once written', async () => {
    const { browser, manager: session } = manager();
    browser.cookies.set('stytch_intermediate_session_token', 'ist-1', { path: '/' });
    session.updateTokens('backend-token', undefined);
    expect(session.getSessionToken()).toBe('backend-token');
    // Without a JWT there is no pair to answer, and the tokens replace a waiting intermediate session.
    expect(session.getTokens()).toBeNull();
    expect(session.getIntermediateSessionToken()).toBeUndefined();
    await vi.waitFor(() => expect(browser.cookies.find('stytch_session')?.value).toBe('backend-token'));
    expect(browser.cookies.find('stytch_intermediate_session_token')).toBeUndefined();
    expect(session.pendingTokens).toBeUndefined();
  });

  it('lose to a sign-in or a sign-out that came first: their late write changes nothing', async () => {
    const { browser, manager: session } = manager();
    session.updateTokens('backend-token', 'backend-jwt');
    const given = session.pendingTokens;
    if (!given) throw new Error('no pending tokens');
    applyAuthenticateResponse(session, authenticateData() as never);
    writeTokens(session, given);
    await settle();
    expect(browser.cookies.find('stytch_session')?.value).toBe('session-token-opaque-abc123');
    expect(session.getSessionToken()).toBe('session-token-opaque-abc123');
  });
});

describe('start-up rule', () => {
  function cache(browser: FakeBrowser) {
    const data = authenticateData();
    browser.values.set(STATE_KEY, JSON.stringify({ session: data.session, user: data.user }));
    return data;
  }

  it('with no session cookie and the default endpoint, drops the cached state in this tab and sends nothing', async () => {
    const browser = new FakeBrowser();
    const data = cache(browser);
    const { client, transport } = createTestClient({ browser });

    expect(client.session.getSnapshot()).toEqual({ session: null, user: null, fromCache: false });
    // Storage is left alone: the tabs that can see the cookie are not told.
    expect(storedState(browser)).toEqual({ session: data.session, user: data.user });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(transport.find('POST', '/sessions/authenticate')).toEqual([]);
  });

  it('a page outside cookieOptions.path (it cannot see the cookie) does not sign out the tabs under that path', async () => {
    const browser = new FakeBrowser('https://app.example.com');
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    const options = { cookieOptions: { path: '/app' } };
    const app = createTestClient({ browser, transport, options });
    const data = authenticateData();
    await signInWithAccessToken(app, data);
    const stored = browser.values.get(STATE_KEY);
    const heard: string[] = [];
    app.client.session.subscribe(() => heard.push('notified'));

    // A page at /: its jar holds none of the /app cookies.
    const outside = createTestClient({ browser, transport, options, env: { cookies: new FakeCookieJar() } });
    expect(outside.client.session.getSync()).toBeNull();
    await settle();

    expect(app.client.session.getSync()).toEqual(data.session);
    expect(browser.values.get(STATE_KEY)).toBe(stored);
    expect(heard).toEqual([]);
    expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it('with no cache and no cookie, writes nothing and sends nothing', async () => {
    const { browser, transport } = createTestClient();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(browser.values.has(STATE_KEY)).toBe(false);
    expect(transport.find('POST', '/sessions/authenticate')).toEqual([]);
  });

  it('with a custom endpoint but no cookie and no stored session (a signed-out page load), sends nothing', async () => {
    const transport = new FakeTransport().on(
      'POST',
      '/sessions/authenticate',
      apiError(401, 'unauthorized_credentials'),
    );
    const { client, browser } = createTestClient({ transport, options: { apiBaseUrl: 'http://localhost:8787' } });

    expect(client.session.getSnapshot()).toEqual({ session: null, user: null, fromCache: false });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // Only the bootstrap (and telemetry) went out: no call at all.
    expect(transport.calls).toEqual([]);
    expect(transport.find('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).toHaveLength(1);
    expect(browser.values.has(STATE_KEY)).toBe(false);
  });

  it('with a custom endpoint and the stored state "null" (after a sign-out), sends nothing', async () => {
    const browser = new FakeBrowser();
    browser.values.set(STATE_KEY, 'null');
    const { transport } = createTestClient({ browser, options: { apiBaseUrl: 'http://localhost:8787' } });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(transport.calls).toEqual([]);
  });

  it('with a custom endpoint, keeps the cache (fromCache) and refreshes at once, even without a cookie', async () => {
    const browser = new FakeBrowser();
    const data = cache(browser);
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', ok(data));
    const { client } = createTestClient({ browser, transport, options: { apiBaseUrl: 'http://localhost:8787' } });

    expect(client.session.getInfo()).toEqual({ session: data.session, fromCache: true });
    await settle(); // no timer advanced: the refresh is not scheduled, it is sent at once
    expect(transport.find('POST', '/sessions/authenticate')).toHaveLength(1);
    expect(transport.last().url).toBe('http://localhost:8787/sdk/v1/sessions/authenticate');
    expect(transport.last().body).toEqual({});
    expect(client.session.getInfo()).toEqual({ session: data.session, fromCache: false });
  });

  it('with a session cookie, refreshes at once with that token', async () => {
    const browser = new FakeBrowser();
    const data = cache(browser);
    browser.cookies.set('stytch_session', 'session-token-from-cookie', { path: '/' });
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', ok(data));
    const { client } = createTestClient({ browser, transport });

    expect(client.session.getInfo().fromCache).toBe(true);
    await settle();
    const sent = transport.find('POST', '/sessions/authenticate');
    expect(sent).toHaveLength(1);
    expect(basicCredentials(sent[0]!)).toEqual([PUBLIC_TOKEN, 'session-token-from-cookie']);
    expect(client.session.getInfo().fromCache).toBe(false);
  });

  it('clears the cache when the start-up refresh answers with an unrecoverable error', async () => {
    const browser = new FakeBrowser();
    cache(browser);
    browser.cookies.set('stytch_session', 'revoked-token', { path: '/' });
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', apiError(404, 'session_not_found'));
    const { client } = createTestClient({ browser, transport });
    await settle();
    expect(client.session.getSync()).toBeNull();
    expect(browser.values.get(STATE_KEY)).toBe('null');
    expect(browser.cookies.find('stytch_session')).toBeUndefined();
  });
});

describe('subscribers (useSyncExternalStore)', () => {
  it('a refresh that changes only last_accessed_at does not notify and keeps the snapshot object', async () => {
    const tab = createTestClient();
    const data = authenticateData();
    await signInWithAccessToken(tab, data);
    const session = data.session as AuthenticateResponse['session'];
    const later = { ...session, last_accessed_at: new Date(Date.now() + 180_000).toISOString() };
    tab.transport.on('POST', '/sessions/authenticate', ok(authenticateData({ session: later })));
    const listener = vi.fn();
    tab.client.session.subscribe(listener);
    const before = tab.client.session.getSnapshot();

    await vi.advanceTimersByTimeAsync(180_000);
    expect(tab.transport.find('POST', '/sessions/authenticate')).toHaveLength(1);
    expect(listener).not.toHaveBeenCalled();
    expect(tab.client.session.getSnapshot()).toBe(before);
    // Imperative readers still get the newest value.
    expect(tab.client.session.getSync()?.last_accessed_at).toBe(later.last_accessed_at);
  });

  it('a real change notifies once with a new snapshot', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    const listener = vi.fn();
    tab.client.session.subscribe(listener);
    const extended = makeSession({ expires_at: new Date(Date.now() + 60 * 60_000).toISOString() });
    tab.transport.once('POST', '/sessions/authenticate', ok(authenticateData({ session: extended })));
    await tab.client.session.authenticate({ session_duration_minutes: 60 });

    expect(listener).toHaveBeenCalledTimes(1);
    const snapshot: SessionSnapshot = listener.mock.calls[0]![0];
    expect(snapshot).toBe(tab.client.session.getSnapshot());
    expect(snapshot).toEqual({ session: extended, user: makeUser(), fromCache: false });
  });

  it('keeps the identity of the part that did not change, so selectors stay stable', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    const before = tab.client.session.getSnapshot();
    const extended = makeSession({ expires_at: new Date(Date.now() + 60 * 60_000).toISOString() });
    await signInWithAccessToken(tab, authenticateData({ session: extended }));
    const after = tab.client.session.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.session).toEqual(extended);
    expect(after.user).toBe(before.user);
  });

  it('the first update after a cache load notifies even when nothing changed', async () => {
    const browser = new FakeBrowser();
    const data = authenticateData();
    browser.values.set(STATE_KEY, JSON.stringify({ session: data.session, user: data.user }));
    browser.cookies.set('stytch_session', 'session-token-opaque-abc123', { path: '/' });
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', ok(data));
    const { client } = createTestClient({ browser, transport });
    const listener = vi.fn();
    client.session.subscribe(listener);

    await settle();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toEqual({ session: data.session, user: data.user, fromCache: false });
    await client.session.authenticate();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a throwing subscriber does not stop the others', async () => {
    const tab = createTestClient();
    tab.client.session.subscribe(() => {
      throw new Error('boom');
    });
    const listener = vi.fn();
    tab.client.session.subscribe(listener);
    await signInWithAccessToken(tab);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tab.browser.logs.error).toHaveLength(1);
  });
});

describe('destroy', () => {
  it('stops the refresh timer and no longer follows other tabs', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    const first = createTestClient({ browser, transport });
    const second = createTestClient({ browser, transport });
    await signInWithAccessToken(first);
    await settle();
    expect(second.client.session.getSync()).not.toBeNull();

    second.client.destroy();
    transport.once('POST', '/sessions/revoke', ok());
    await first.client.session.revoke();
    await settle();
    expect(second.client.session.getSync()).not.toBeNull();

    first.client.destroy();
    await signInWithAccessToken(first);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(transport.find('POST', '/sessions/authenticate')).toEqual([]);
  });
});
