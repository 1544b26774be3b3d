import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  authenticateData,
  createTestClient,
  FakeBrowser,
  FakeTransport,
  ok,
  PUBLIC_TOKEN,
  STATE_KEY,
  settle,
  signInWithAccessToken,
} from '../../test/fakes';
import { resolveEnvironment } from '../environment';
import { APIError } from '../errors';
import { BACKOFF_BASE_MS, BACKOFF_EXPONENT_CAP, backoffDelay, JITTER_MS, REFRESH_INTERVAL_MS } from './refreshTiming';
import { SessionManager, type SessionUpdate } from './sessionManager';
import { applyAuthenticateResponse } from './sessionWrites';

const refreshes = (transport: FakeTransport) => transport.find('POST', '/sessions/authenticate').length;

// The client loads the background refresh on demand; loaded here first, the runner's (real-time) module loading
// cannot fall behind the fake clock. sessionRefresh.lazy.test.ts covers the loading itself.
beforeAll(async () => {
  await import('./sessionRefresh');
});
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

describe('constants', () => {
  it('are the specified values', () => {
    expect(REFRESH_INTERVAL_MS).toBe(180_000);
    expect(BACKOFF_BASE_MS).toBe(2000);
    expect(BACKOFF_EXPONENT_CAP).toBe(7);
    expect(JITTER_MS).toBe(175);
  });

  it('backoffDelay doubles per attempt from 4000 ms, caps at 256000 ms, and jitters by ±175 ms', () => {
    const none = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => backoffDelay(n, none))).toEqual([
      4000, 8000, 16000, 32000, 64000, 128000, 256000, 256000, 256000,
    ]);
    expect(backoffDelay(1, () => 0)).toBe(3825);
    expect(backoffDelay(1, () => 0.999999)).toBe(4175);
    expect(backoffDelay(3, () => 0.25)).toBe(15913); // 15912.5, in whole milliseconds
    expect(backoffDelay(9, () => 0)).toBe(255_825);
  });
});

describe('background refresh', () => {
  it('runs exactly 180000 ms after sign-in, not before, then every 180000 ms, sending {}', async () => {
    const tab = createTestClient();
    tab.transport.on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    await signInWithAccessToken(tab);

    await vi.advanceTimersByTimeAsync(179_999);
    expect(refreshes(tab.transport)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(tab.transport)).toBe(1);
    expect(tab.transport.last().body).toEqual({});
    await vi.advanceTimersByTimeAsync(179_999);
    expect(refreshes(tab.transport)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(tab.transport)).toBe(2);
  });

  it('restarts the interval when the session changes', async () => {
    const tab = createTestClient();
    tab.transport.on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    await signInWithAccessToken(tab);
    await vi.advanceTimersByTimeAsync(100_000);
    await signInWithAccessToken(tab);
    await vi.advanceTimersByTimeAsync(179_999);
    expect(refreshes(tab.transport)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(tab.transport)).toBe(1);
  });

  it('retries failures after 4000, 8000, … 256000 ms, then every 256000 ms while the session is held', async () => {
    const tab = createTestClient();
    tab.transport.on('POST', '/sessions/authenticate', 'network-error');
    await signInWithAccessToken(tab);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes(tab.transport)).toBe(1);

    let expected = 1;
    for (const delay of [4000, 8000, 16000, 32000, 64000, 128000, 256000, 256000, 256000]) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(refreshes(tab.transport)).toBe(expected);
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshes(tab.transport)).toBe(++expected);
    }
    expect(tab.client.session.getSync()).not.toBeNull();
  });

  it('a success after failures goes back to the normal interval', async () => {
    const tab = createTestClient();
    tab.transport.once('POST', '/sessions/authenticate', 'network-error');
    tab.transport.on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    await signInWithAccessToken(tab);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 4000);
    expect(refreshes(tab.transport)).toBe(2);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(refreshes(tab.transport)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(tab.transport)).toBe(3);
  });

  it('applies the jitter: 175 ms early with random 0, up to 175 ms late with random near 1', async () => {
    for (const [random, early, due] of [
      [0, 3824, 3825],
      [0.999999, 4174, 4175],
    ] as const) {
      const browser = new FakeBrowser();
      browser.random = () => random;
      const tab = createTestClient({ browser });
      tab.transport.on('POST', '/sessions/authenticate', 'network-error');
      await signInWithAccessToken(tab);
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
      await vi.advanceTimersByTimeAsync(early);
      expect(refreshes(tab.transport)).toBe(1);
      await vi.advanceTimersByTimeAsync(due - early);
      expect(refreshes(tab.transport)).toBe(2);
      tab.client.destroy();
    }
  });

  it('an unrecoverable error clears state and cookies in every tab and stops the retries', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport().on(
      'POST',
      '/sessions/authenticate',
      apiError(401, 'unauthorized_credentials'),
    );
    const first = createTestClient({ browser, transport });
    const second = createTestClient({ browser, transport });
    await signInWithAccessToken(first);
    await settle();
    expect(second.client.session.getSync()).not.toBeNull();

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await settle();
    expect(refreshes(transport)).toBe(1);
    expect(first.client.session.getSync()).toBeNull();
    expect(second.client.session.getSync()).toBeNull();
    expect(browser.values.get(STATE_KEY)).toBe('null');
    expect(browser.cookies.find('stytch_session')).toBeUndefined();
    expect(browser.cookies.find('stytch_session_jwt')).toBeUndefined();

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshes(transport)).toBe(1);
  });

  it('clears the session itself when the refresh function rejects with an unrecoverable error type', async () => {
    const browser = new FakeBrowser();
    const environment = resolveEnvironment(browser.tab());
    const data = authenticateData() as unknown as SessionUpdate;
    const config = { environment, publicToken: PUBLIC_TOKEN, stateKey: STATE_KEY, cookieOptions: {} };
    const manager = new SessionManager({ ...config, hasCustomApiEndpoint: false });
    applyAuthenticateResponse(manager, data);
    const refresh = vi.fn(() => Promise.reject(new APIError({ error_type: 'invalid_secret_authentication' })));
    manager.start(refresh);
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(manager.getSnapshot().session).toBeNull();
    expect(browser.values.get(STATE_KEY)).toBe('null');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    manager.destroy();
  });

  it('stops retrying once the session is gone', async () => {
    const tab = createTestClient();
    tab.transport.on('POST', '/sessions/authenticate', 'network-error');
    await signInWithAccessToken(tab);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    tab.transport.once('POST', '/sessions/revoke', ok());
    await tab.client.session.revoke();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshes(tab.transport)).toBe(1);
  });

  it('with keepSessionAlive sends the duration of the last authentication; without it sends {}', async () => {
    const alive = createTestClient({ options: { keepSessionAlive: true } });
    alive.transport.on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    await signInWithAccessToken(alive, authenticateData(), 60);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(alive.transport.last().body).toEqual({ session_duration_minutes: 60 });

    await alive.client.session.authenticate({ session_duration_minutes: 90 });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(alive.transport.last().body).toEqual({ session_duration_minutes: 90 });
    alive.client.destroy();

    const plain = createTestClient();
    plain.transport.on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    await signInWithAccessToken(plain, authenticateData(), 60);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(plain.transport.last().body).toEqual({});
  });
});

describe('catch-up after sleep', () => {
  it('refreshes at once on wake when the refresh is overdue, and not when it is not', async () => {
    const tab = createTestClient();
    tab.transport.on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    await signInWithAccessToken(tab);

    await vi.advanceTimersByTimeAsync(100_000);
    tab.browser.wake();
    await settle();
    expect(refreshes(tab.transport)).toBe(0);

    // The machine slept: the clock moved on but the (throttled) timer has not fired.
    vi.setSystemTime(Date.now() + 100_000);
    tab.browser.wake();
    await settle();
    expect(refreshes(tab.transport)).toBe(1);
  });

  it('does not bring a backoff retry forward', async () => {
    const tab = createTestClient();
    tab.transport.on('POST', '/sessions/authenticate', 'network-error');
    await signInWithAccessToken(tab);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 2000);
    tab.browser.wake();
    await settle();
    expect(refreshes(tab.transport)).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(refreshes(tab.transport)).toBe(2);
  });
});
