// @vitest-environment node
// createClient on a server (no window, no document, nothing injected): an inert client for server rendering. It
// sends nothing, reads no storage, starts no timer, and its session is "none yet" (null, unconfirmed).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './client';
import { ServerEnvironmentError } from './errors';

const TOKEN = 'public-token-test-server-client';

/** Spies on everything a client could reach on the platform; `storageReads` counts `localStorage` look-ups. */
function watchPlatform() {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network')));
  const setTimeout = vi.spyOn(globalThis, 'setTimeout');
  const setInterval = vi.spyOn(globalThis, 'setInterval');
  let storageReads = 0;
  const trap = { configurable: true, get: () => void storageReads++ };
  Object.defineProperty(globalThis, 'localStorage', trap);
  Object.defineProperty(globalThis, 'sessionStorage', trap);
  return {
    fetch,
    setTimeout,
    setInterval,
    storageReads: () => storageReads,
    restore() {
      vi.restoreAllMocks();
      Reflect.deleteProperty(globalThis, 'localStorage');
      Reflect.deleteProperty(globalThis, 'sessionStorage');
    },
  };
}

let platform: ReturnType<typeof watchPlatform> | undefined;
afterEach(() => platform?.restore());

describe('createClient on a server', () => {
  it('returns a client that sends nothing, reads no storage, starts no timer and has no session yet', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    platform = watchPlatform();
    const warn = vi.spyOn(console, 'warn');
    const client = createClient(TOKEN, { apiBaseUrl: 'http://127.0.0.1:8787' });

    expect(client.session.getSnapshot()).toEqual({ session: null, user: null, fromCache: true });
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
    // The project's defaults: nothing was read.
    expect(client.bootstrap.getSync()).toMatchObject({ passwordConfig: null });
    // A page's settings wait for no answer that cannot come.
    await expect(client.bootstrap.getAsync()).resolves.toBe(client.bootstrap.getSync());
    // A call made anyway fails at once, without a request: unreachable, because of the server.
    const failure = await client.otps.email.loginOrCreate('ada@example.com').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'APIUnreachableError', cause: expect.any(ServerEnvironmentError) });
    client.events.log('server_render');
    await new Promise((resolve) => setImmediate(resolve));

    expect(platform.fetch).not.toHaveBeenCalled();
    expect(platform.setTimeout).not.toHaveBeenCalled();
    expect(platform.setInterval).not.toHaveBeenCalled();
    expect(platform.storageReads()).toBe(0);
    // One client per request: a second one for the same token is no mistake there.
    createClient(TOKEN).destroy();
    expect(warn).not.toHaveBeenCalled();
    client.destroy();
  });

  it("reports the server's initialSession, unconfirmed, and still sends nothing", () => {
    platform = watchPlatform();
    const session = {
      session_id: 'session-test-1',
      user_id: 'user-test-1',
      started_at: '2026-01-01T00:00:00Z',
      last_accessed_at: '2026-01-01T00:00:00Z',
      expires_at: '2026-01-01T01:00:00Z',
      attributes: { ip_address: '', user_agent: '' },
      authentication_factors: [],
      roles: [],
    };
    const client = createClient(TOKEN, { initialSession: { session } });
    expect(client.session.getSnapshot()).toEqual({
      session: { ...session, custom_claims: null },
      user: null,
      fromCache: true,
    });
    expect(platform.fetch).not.toHaveBeenCalled();
    expect(platform.setTimeout).not.toHaveBeenCalled();
    expect(platform.storageReads()).toBe(0);
    client.destroy();
  });
});
