import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  authenticateData,
  createTestClient,
  type FakeAnswer,
  FakeBrowser,
  FakeTransport,
  makeSession,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  STATE_KEY,
  settle,
  signInWithAccessToken,
} from '../../test/fakes';
import { resolveEnvironment } from '../environment';
import { REFRESH_INTERVAL_MS } from './refreshTiming';
import { REFRESH_LEASE_MS, RefreshLock } from './tabSync';

const LEASE_KEY = `${STATE_KEY}::refresh_lease`;

function twoTabs(browser = new FakeBrowser()) {
  const transport = new FakeTransport().on('POST', '/sessions/authenticate', () => ok(authenticateData()));
  return {
    browser,
    transport,
    first: createTestClient({ browser, transport }),
    second: createTestClient({ browser, transport }),
  };
}

const refreshes = (transport: FakeTransport) => transport.find('POST', '/sessions/authenticate').length;

// The client loads the background refresh on demand; loaded here first, the runner's (real-time) module loading
// cannot fall behind the fake clock. sessionRefresh.lazy.test.ts covers the loading itself.
beforeAll(async () => {
  await import('./sessionRefresh');
});
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

describe('two tabs of one browser', () => {
  it('follow each other on sign-in and sign-out, and tell their subscribers', async () => {
    const { first, second } = twoTabs();
    const listener = vi.fn();
    second.client.session.subscribe(listener);
    const data = authenticateData();

    await signInWithAccessToken(first, data);
    await settle();
    expect(second.client.session.getSnapshot()).toEqual({ session: data.session, user: data.user, fromCache: false });
    expect(listener).toHaveBeenCalledTimes(1);

    first.transport.once('POST', '/sessions/revoke', ok());
    await first.client.session.revoke();
    await settle();
    expect(second.client.session.getSnapshot()).toEqual({ session: null, user: null, fromCache: false });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a user change in one tab reaches the other', async () => {
    const { first, second } = twoTabs();
    await signInWithAccessToken(first);
    const renamed = makeUser({ untrusted_metadata: { theme: 'dark' } });
    await signInWithAccessToken(first, authenticateData({ user: renamed }));
    await settle();
    expect(second.client.session.getSnapshot().user).toEqual(renamed);
  });

  it('refresh once per interval between them (Web Locks)', async () => {
    const { first, transport } = twoTabs();
    await signInWithAccessToken(first);
    await settle();
    for (let interval = 1; interval <= 4; interval++) {
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
      expect(refreshes(transport)).toBe(interval - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshes(transport)).toBe(interval);
    }
  });

  it('refresh once per interval between them without Web Locks (storage lease)', async () => {
    const browser = new FakeBrowser();
    browser.locks = undefined;
    const { first, transport } = twoTabs(browser);
    await signInWithAccessToken(first);
    await settle();
    for (let interval = 1; interval <= 4; interval++) {
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
      expect(refreshes(transport)).toBe(interval);
    }
    expect(browser.values.has(LEASE_KEY)).toBe(false);
  });

  it.each([
    ['Web Locks', true],
    ['the storage lease', false],
  ])('while one tab waits for its refresh answer, the other does not send its own (%s)', async (_name, hasLocks) => {
    const browser = new FakeBrowser();
    if (!hasLocks) browser.locks = undefined;
    // A slow provider: each answer takes 5 s, so both tabs' timers fire while the first refresh is in flight.
    const transport = new FakeTransport().on(
      'POST',
      '/sessions/authenticate',
      () => new Promise((resolve) => setTimeout(() => resolve(ok(authenticateData())), 5000)),
    );
    const first = createTestClient({ browser, transport });
    const deaf = { subscribeToStorage: () => () => {}, openBroadcastChannel: () => undefined };
    const second = createTestClient({ browser, transport, env: deaf });
    await signInWithAccessToken(first);
    await signInWithAccessToken(second);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 5000);
    expect(refreshes(transport)).toBe(1);
  });

  it('a tab whose timer fires soon after the other refreshed skips and waits for the rest of the interval', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    // The second tab hears nothing of the first one's changes, so only the shared refreshed_at can stop it.
    const first = createTestClient({ browser, transport });
    await signInWithAccessToken(first);
    const deaf = { subscribeToStorage: () => () => {}, openBroadcastChannel: () => undefined };
    const second = createTestClient({ browser, transport, env: deaf });
    await settle(); // the second tab's start-up refresh (it found the session cookie)
    expect(refreshes(transport)).toBe(1);
    expect(second.client.session.getInfo().fromCache).toBe(false);

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes(transport)).toBe(2);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes(transport)).toBe(3);
  });

  it('a refreshed_at ahead of the clock (a tab whose clock ran fast) does not stop the refreshes', async () => {
    const { browser, transport, first } = twoTabs();
    await signInWithAccessToken(first);
    await settle();
    const before = refreshes(transport);
    // Another tab stored a time a year ahead: taken at its word, the next refresh would wait a year (or, past
    // setTimeout's 2^31 ms, fire at once in a loop that never refreshes).
    browser.tab().storage?.setItem(`${STATE_KEY}::refreshed_at`, String(Date.now() + 365 * 86_400_000));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 5000);
    expect(refreshes(transport)).toBe(before + 1);
    expect(Number(browser.values.get(`${STATE_KEY}::refreshed_at`))).toBeLessThanOrEqual(Date.now());
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes(transport)).toBe(before + 2);
  });

  it('a late user.get() answer for user A is not stored with the session B another tab signed in meanwhile', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport();
    const first = createTestClient({ browser, transport });
    const second = createTestClient({ browser, transport });
    const userA = makeUser({ roles: ['admin'] });
    await signInWithAccessToken(first, authenticateData({ user: userA }));
    let release: (answer: FakeAnswer) => void = () => {};
    transport.once('GET', '/users/me', () => new Promise<FakeAnswer>((resolve) => (release = resolve)));
    const fetched = first.client.user.get();
    await vi.waitFor(() => expect(transport.find('GET', '/users/me')).toHaveLength(1));

    const userB = makeUser({ user_id: 'user-test-0002', roles: ['viewer'] });
    const dataB = authenticateData({
      user: userB,
      session: makeSession({ session_id: 'session-test-0002', user_id: userB.user_id }),
      session_token: 'session-token-b',
    });
    await signInWithAccessToken(second, dataB);
    await settle();
    release(ok({ ...userA }));
    expect(await fetched).toEqual(userA);
    await settle();

    for (const tab of [first, second]) {
      expect(tab.client.session.getSnapshot()).toEqual({ session: dataB.session, user: userB, fromCache: false });
    }
    expect(JSON.parse(browser.values.get(STATE_KEY) ?? 'null')).toEqual({ session: dataB.session, user: userB });
  });

  it('a refresh of a revoked session does not sign out the session another tab signed in while it was out', async () => {
    const browser = new FakeBrowser();
    const held: ((answer: FakeAnswer) => void)[] = [];
    const transport = new FakeTransport().on(
      'POST',
      '/sessions/authenticate',
      () => new Promise<FakeAnswer>((resolve) => held.push(resolve)),
    );
    const first = createTestClient({ browser, transport });
    const second = createTestClient({ browser, transport });
    await signInWithAccessToken(first);
    await settle();
    // The first tab's background refresh of session A goes out and waits for its answer.
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(held).toHaveLength(1);

    // The second tab signs out; the answer for A (refused) makes the first tab ask again, without a session.
    transport.once('POST', '/sessions/revoke', ok());
    await second.client.session.revoke();
    await settle();
    held[0]?.(apiError(401, 'unauthorized_credentials'));
    await settle();
    expect(held).toHaveLength(2);

    // The second tab signs in as B before that retry is refused: the refusal is not about B.
    const dataB = authenticateData({
      session: makeSession({ session_id: 'session-test-0002' }),
      session_token: 'session-token-b',
    });
    await signInWithAccessToken(second, dataB);
    await settle();
    held[1]?.(apiError(401, 'unauthorized_credentials'));
    await settle();

    for (const tab of [first, second]) expect(tab.client.session.getSync()).toEqual(dataB.session);
    expect(JSON.parse(browser.values.get(STATE_KEY) ?? 'null')?.session).toEqual(dataB.session);
    expect(browser.cookies.get('stytch_session')).toBe('session-token-b');
  });

  it('hear of changes through the BroadcastChannel when storage events do not arrive', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport();
    const first = createTestClient({ browser, transport });
    const second = createTestClient({ browser, transport, env: { subscribeToStorage: () => () => {} } });
    const data = authenticateData();

    await signInWithAccessToken(first, data);
    await settle();
    expect(second.client.session.getSync()).toEqual(data.session);
    transport.once('POST', '/sessions/revoke', ok());
    await first.client.session.revoke();
    await settle();
    expect(second.client.session.getSync()).toBeNull();
  });

  it('work without a BroadcastChannel', async () => {
    const browser = new FakeBrowser();
    const env = { openBroadcastChannel: () => undefined };
    const first = createTestClient({ browser, env });
    const second = createTestClient({ browser, env });
    await signInWithAccessToken(first);
    await settle();
    expect(second.client.session.getSync()).not.toBeNull();
  });
});

describe('RefreshLock.runExclusive', () => {
  function sync(browser: FakeBrowser, overrides = {}) {
    return new RefreshLock({
      environment: resolveEnvironment(browser.tab(overrides)),
      publicToken: PUBLIC_TOKEN,
      stateKey: STATE_KEY,
    });
  }

  it('with Web Locks, skips (undefined) while another tab runs the task', async () => {
    const browser = new FakeBrowser();
    const [a, b] = [sync(browser), sync(browser)];
    let release = () => {};
    const running = a.runExclusive(() => new Promise<string>((resolve) => (release = () => resolve('a'))));
    expect(await b.runExclusive(async () => 'b')).toBeUndefined();
    release();
    expect(await running).toBe('a');
    expect(await b.runExclusive(async () => 'b')).toBe('b');
  });

  it('with the lease, skips while another tab holds it, until it expires', async () => {
    const browser = new FakeBrowser();
    browser.locks = undefined;
    const [a, b] = [sync(browser), sync(browser)];
    let release = () => {};
    void a.runExclusive(() => new Promise<void>((resolve) => (release = resolve)));
    expect(JSON.parse(browser.values.get(LEASE_KEY) ?? '{}').until).toBe(Date.now() + REFRESH_LEASE_MS);
    expect(await b.runExclusive(async () => 'b')).toBeUndefined();

    // The holder vanished (tab closed mid-refresh): the lease expires.
    vi.setSystemTime(Date.now() + REFRESH_LEASE_MS + 1);
    expect(await b.runExclusive(async () => 'b')).toBe('b');
    release();
  });

  it('takes no lease for longer than a lease lasts: one written by a clock far ahead is ignored', async () => {
    const browser = new FakeBrowser();
    browser.locks = undefined;
    browser.values.set(
      LEASE_KEY,
      JSON.stringify({ owner: 'a-tab-from-the-future', until: Date.now() + 365 * 86_400_000 }),
    );
    expect(await sync(browser).runExclusive(async () => 'ran')).toBe('ran');
  });

  it('falls back to the lease when the lock manager refuses', async () => {
    const browser = new FakeBrowser();
    const refusing = {
      request: () => Promise.reject(new DOMException('The request is not allowed', 'SecurityError')),
    };
    const a = sync(browser, { locks: refusing });
    expect(await a.runExclusive(async () => 'ran')).toBe('ran');
  });

  it('runs the task when storage is blocked rather than never refreshing', async () => {
    const browser = new FakeBrowser();
    browser.locks = undefined;
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {},
    };
    expect(await sync(browser, { storage: blocked }).runExclusive(async () => 'ran')).toBe('ran');
  });
});
