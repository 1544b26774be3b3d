// The background refresh (scheduler, cross-tab lock, wake catch-up) loads only once a session exists: a signed-out
// page neither evaluates its module nor starts it, yet still adopts a sign-in made in another tab, after which (as
// after a sign-in here) the refresh runs on its interval. The real module runs; the mock only counts.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authenticateData,
  createTestClient,
  FakeBrowser,
  FakeTransport,
  ok,
  STATE_KEY,
  settle,
  signInWithAccessToken,
} from '../../test/fakes';
import { REFRESH_INTERVAL_MS } from './refreshTiming';

const loads = vi.hoisted(() => ({ evaluated: 0, started: 0 }));

vi.mock('./sessionRefresh', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./sessionRefresh')>();
  loads.evaluated += 1;
  return {
    ...actual,
    startBackgroundRefresh: (...args: Parameters<typeof actual.startBackgroundRefresh>) => {
      loads.started += 1;
      return actual.startBackgroundRefresh(...args);
    },
  };
});

/** Waits (real time, the fake clock standing still) until the test runner has resolved `count` loads. */
async function startedCount(count: number): Promise<number> {
  for (let i = 0; i < 2000 && loads.started < count; i++) await settle(1);
  return loads.started;
}

const refreshes = (transport: FakeTransport) => transport.find('POST', '/sessions/authenticate').length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  loads.started = 0;
});
afterEach(() => void vi.useRealTimers());

describe('the background refresh loads only once a session exists', () => {
  // First in this file: nothing has evaluated the module yet.
  it('a signed-out client neither loads nor starts it, and listens for no wake-up', async () => {
    const browser = new FakeBrowser();
    browser.values.set(STATE_KEY, 'null');
    const wake = vi.fn(() => () => {});
    createTestClient({ browser, env: { subscribeToWake: wake } });
    createTestClient({ browser, options: { apiBaseUrl: 'http://localhost:8787' } });
    await settle();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(loads.evaluated).toBe(0);
    expect(loads.started).toBe(0);
    expect(wake).not.toHaveBeenCalled();
  });
});

describe('the background refresh, once a session exists', () => {
  // Loaded here first, so the runner's (real-time) module loading cannot fall behind the fake clock.
  beforeAll(async () => {
    await import('./sessionRefresh');
  });

  it('a sign-in in another tab is adopted by a signed-out tab, which then starts its refresh', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    // Each tab's background refresh listens for the page waking up: these count the tabs that started it.
    const wakes = [vi.fn(() => () => {}), vi.fn(() => () => {})];
    const signedOut = createTestClient({ browser, transport, env: { subscribeToWake: wakes[0] } });
    const other = createTestClient({ browser, transport, env: { subscribeToWake: wakes[1] } });
    await settle();
    expect(wakes[0]).not.toHaveBeenCalled();

    const data = authenticateData();
    await signInWithAccessToken(other, data);
    await settle();
    expect(signedOut.client.session.getSnapshot()).toEqual({
      session: data.session,
      user: data.user,
      fromCache: false,
    });
    for (let i = 0; i < 2000 && wakes.some((wake) => wake.mock.calls.length === 0); i++) await settle(1);
    expect(wakes.map((wake) => wake.mock.calls.length)).toEqual([1, 1]);

    // One refresh per interval between both tabs; the signed-out tab's own refresh runs once the other is gone.
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes(transport)).toBe(1);
    other.client.destroy();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes(transport)).toBe(2);
  });

  it('starts after a sign-in in this tab: the first refresh runs 180000 ms later', async () => {
    const tab = createTestClient();
    tab.transport.on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    await settle();
    expect(loads.started).toBe(0);
    await signInWithAccessToken(tab);
    expect(await startedCount(1)).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(refreshes(tab.transport)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(tab.transport)).toBe(1);
  });

  it('with a session at start-up, sends the check at once (not after the download) and then keeps refreshing', async () => {
    const browser = new FakeBrowser();
    const data = authenticateData();
    browser.values.set(STATE_KEY, JSON.stringify({ session: data.session, user: data.user }));
    browser.cookies.set('stytch_session', 'session-token-from-cookie', { path: '/' });
    const transport = new FakeTransport().on('POST', '/sessions/authenticate', () => ok(authenticateData()));
    const { client } = createTestClient({ browser, transport });
    expect(refreshes(transport)).toBe(1);
    expect(await startedCount(1)).toBe(1);
    expect(client.session.getInfo().fromCache).toBe(false);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes(transport)).toBe(2);
  });
});
