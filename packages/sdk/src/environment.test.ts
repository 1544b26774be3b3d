// @vitest-environment jsdom
// The browser defaults, in jsdom: what createClient uses when nothing is injected.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticateData, FakeTransport, makeSession, ok, PUBLIC_TOKEN, STATE_KEY } from '../test/fakes';
import { createClient } from './client';
import { documentCookieJar, resolveEnvironment, serializeCookie } from './environment';

afterEach(() => {
  const jar = documentCookieJar(document);
  for (const name of document.cookie.split('; ').map((pair) => pair.split('=')[0])) {
    if (name) jar.remove(decodeURIComponent(name), { path: '/' });
  }
  localStorage.clear();
});

/** A cookie as another page of the site could write it, not through the jar. */
function setRawCookie(text: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test writes what the jar would never write.
  document.cookie = text;
}

describe('browser environment', () => {
  it('writes cookies with the attributes the session needs and reads them back decoded', () => {
    const jar = documentCookieJar(document);
    jar.set('stytch_session', 'token with spaces;=', {
      path: '/',
      sameSite: 'Lax',
      expires: new Date(Date.now() + 60_000),
    });
    expect(jar.get('stytch_session')).toBe('token with spaces;=');
    expect(document.cookie).toContain('stytch_session=token%20with%20spaces%3B%3D');
    jar.remove('stytch_session', { path: '/' });
    expect(jar.get('stytch_session')).toBeUndefined();
  });

  it('reads a cookie by its name as sent: not a nameless cookie, nor a name that only decodes to it', () => {
    const jar = documentCookieJar(document);
    // What another subdomain could set for the parent domain, to be read in place of the session cookie.
    setRawCookie('stytch_sessionX; path=/');
    setRawCookie('stytch%5Fsession=tossed; path=/');
    expect(document.cookie).toContain('stytch%5Fsession=tossed');
    expect(jar.get('stytch_session')).toBeUndefined();
    jar.set('stytch_session', 'mine', { path: '/', sameSite: 'Lax' });
    expect(jar.get('stytch_session')).toBe('mine');
    setRawCookie('stytch%5Fsession=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
    setRawCookie('stytch_sessionX; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  });

  it('answers no cookie when two copies of the name hold different values (a sibling subdomain tossed one)', () => {
    // `document.cookie` as a browser lists it when another subdomain set `stytch_session` for the parent domain on a
    // longer path: that copy first (RFC 6265 §5.4). Taking the first copy would send its token and store the answer's
    // session over the user's own; `@latchkey/server` refuses such a pair too.
    const jar = (cookie: string) => documentCookieJar({ cookie } as Document);
    expect(jar('stytch_session=tossed; other=1; stytch_session=mine').get('stytch_session')).toBeUndefined();
    expect(jar('stytch_session=tossed; other=1; stytch_session=mine').get('other')).toBe('1');
    // The same value twice is one answer, and an empty copy (a removal another page wrote) does not count.
    expect(jar('stytch_session=same; stytch_session=same').get('stytch_session')).toBe('same');
    expect(jar('stytch_session=; stytch_session=mine').get('stytch_session')).toBe('mine');
    expect(jar('stytch_session=mine').get('stytch_session')).toBe('mine');
  });

  it("names the device's time zone by Temporal where the runtime has it, without building an Intl formatter", () => {
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Paris' } });
    try {
      expect(resolveEnvironment().timezone()).toBe('Europe/Paris');
      expect(formatter).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      formatter.mockRestore();
    }
  });

  it("names the device's time zone by Intl where there is no Temporal", () => {
    vi.stubGlobal('Temporal', undefined);
    try {
      expect(resolveEnvironment().timezone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('serialises every cookie attribute', () => {
    expect(
      serializeCookie('a b', 'v', {
        expires: new Date('2030-01-02T03:04:05Z'),
        path: '/app',
        domain: 'example.com',
        sameSite: 'Lax',
        secure: true,
      }),
    ).toBe('a%20b=v; expires=Wed, 02 Jan 2030 03:04:05 GMT; path=/app; domain=example.com; samesite=lax; secure');
  });

  it('uses localStorage, the page location and history by default', () => {
    const env = resolveEnvironment();
    env.storage.setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(env.location.origin).toBe(window.location.origin);
    env.replaceUrl('/authenticate?next=1');
    expect(window.location.pathname + window.location.search).toBe('/authenticate?next=1');
    expect(env.randomUUID()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("hears other tabs' storage changes to localStorage only", () => {
    const env = resolveEnvironment();
    const listener = vi.fn();
    const stop = env.subscribeToStorage(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'x', newValue: '1', storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'y', newValue: '2', storageArea: sessionStorage }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'z', newValue: '3', storageArea: localStorage }));
    expect(listener.mock.calls).toEqual([[{ key: 'x', newValue: '1' }]]);
  });

  it('lets one environment field be replaced and keeps the other defaults', () => {
    const fetch = vi.fn();
    const env = resolveEnvironment({ fetch });
    expect(env.fetch).toBe(fetch);
    expect(env.storage).toBe(window.localStorage);
  });

  it('creates a client where reading localStorage throws (site data blocked), keeping the state in memory', async () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const transport = new FakeTransport();
    transport.once('POST', '/sessions/exchange_access_token', ok(authenticateData()));
    try {
      const client = createClient(PUBLIC_TOKEN, {
        apiBaseUrl: 'http://localhost:8787',
        environment: { fetch: transport.fetch },
      });
      await client.session.exchangeAccessToken({ access_token: 'access-token-1', session_duration_minutes: 30 });
      expect(client.session.getSync()?.session_id).toBe(makeSession().session_id);
      // Other tabs' news still arrives (a storage event from a cleared storage area).
      window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: 'null', storageArea: null }));
      expect(client.session.getSync()).toBeNull();
      client.destroy();
    } finally {
      blocked.mockRestore();
    }
    expect(localStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('creates a client in a browser without anything injected', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createClient('public-token-test-jsdom', { apiBaseUrl: 'http://localhost:8787' });
    await expect(client.users.search('ada@example.com')).rejects.toThrow('Unable to contact our servers.');
    expect(fetch).toHaveBeenCalledWith(
      `http://localhost:8787/sdk/v1/projects/bootstrap/public-token-test-jsdom`,
      expect.objectContaining({ credentials: 'include' }),
    );
    // The unreachable bootstrap is logged once and the defaults apply.
    expect(logged.mock.calls[0]?.[0]).toBe('Unable to load the project settings (bootstrap); using defaults.');
    client.destroy();
    fetch.mockRestore();
    logged.mockRestore();
  });
});
