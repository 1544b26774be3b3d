// `__Host-` and `__Secure-` cookie names, in jsdom's `document.cookie`: its cookie store applies the browsers' prefix
// rules (a prefixed cookie without Secure is dropped, a `__Host-` one with a Domain or another path too, and so is a
// removal that breaks them), and, like Chromium and Firefox, accepts Secure cookies from http://localhost.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createTestClient, FakeBrowser, ok, STATE_KEY, signInWithAccessToken } from '../../test/fakes';
import { documentCookieJar, resolveEnvironment } from '../environment';
import { type CookieOptions, cookieWriterParts } from './sessionCookies';
import { SessionCookieWriter } from './sessionCookieWriter';

/** The part of jsdom used here (the repository has no types for it). */
interface StoredCookie {
  key: string;
  value: string;
  domain: string | null;
  path: string | null;
  secure: boolean;
  hostOnly: boolean | null;
}
interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url: string },
  ) => {
    window: { document: Document };
    cookieJar: { getCookiesSync(url: string, options: { allPaths: boolean }): StoredCookie[] };
  };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as JsdomModule;

const EXPIRES_AT = '2030-01-01T00:00:00.000Z';
const HOST_NAMES = { opaqueTokenCookieName: '__Host-app_session', jwtCookieName: '__Host-app_session_jwt' };

/** A page at `url`: jsdom's document (its cookie store) and a fake tab whose cookies are that document's. */
function pageAt(url: string) {
  const dom = new JSDOM('', { url });
  const jar = documentCookieJar(dom.window.document);
  const browser = new FakeBrowser(new URL(url).origin);
  /** Every live cookie of the page's host, whatever its path, with its attributes. */
  const stored = () =>
    dom.cookieJar
      .getCookiesSync(url, { allPaths: true })
      .map(({ key, value, domain, path, secure, hostOnly }) => ({
        name: key,
        value,
        domain,
        path: path ?? '/',
        secure: secure === true,
        hostOnly: hostOnly === true,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const writer = (options: CookieOptions) =>
    new SessionCookieWriter(
      resolveEnvironment(browser.tab({ cookies: jar })),
      options,
      STATE_KEY,
      cookieWriterParts(options),
    );
  return { dom, jar, browser, stored, writer, document: dom.window.document };
}

describe('__Host- and __Secure- cookie names', () => {
  it('the page refuses a __Host- cookie without Secure, and a removal without Secure (what the writer must avoid)', () => {
    const page = pageAt('http://localhost:3000/');
    page.jar.set('__Host-app_session', 'token', { path: '/', sameSite: 'Lax', secure: false });
    expect(page.document.cookie).toBe('');
    page.jar.set('__Host-app_session', 'token', { path: '/', sameSite: 'Lax', secure: true });
    expect(page.document.cookie).toBe('__Host-app_session=token');
    page.jar.remove('__Host-app_session', { path: '/' });
    expect(page.document.cookie).toBe('__Host-app_session=token');
  });

  it.each(['http://localhost:3000/', 'http://127.0.0.1:5173/', 'https://app.example.com/'])(
    'on %s writes __Host- names Secure, host-only, on path /',
    (url) => {
      const page = pageAt(url);
      page.writer(HOST_NAMES).writeSession('token', 'jwt', EXPIRES_AT);
      const host = new URL(url).hostname;
      expect(page.stored()).toEqual([
        { name: '__Host-app_session', value: 'token', domain: host, path: '/', secure: true, hostOnly: true },
        { name: '__Host-app_session_jwt', value: 'jwt', domain: host, path: '/', secure: true, hostOnly: true },
      ]);
      expect(page.document.cookie).toBe('__Host-app_session=token; __Host-app_session_jwt=jwt');
      expect(page.browser.logs.warn).toEqual([]);
    },
  );

  it('writes __Secure- names Secure on localhost too, with the configured path', () => {
    const page = pageAt('http://localhost:3000/app/');
    const options = { opaqueTokenCookieName: '__Secure-app_session', jwtCookieName: 'app_session_jwt', path: '/app' };
    page.writer(options).writeSession('token', 'jwt', EXPIRES_AT);
    expect(page.stored()).toEqual([
      expect.objectContaining({ name: '__Secure-app_session', path: '/app', secure: true, hostOnly: true }),
      // A name without a prefix keeps the loopback rule: not Secure on http://localhost.
      expect.objectContaining({ name: 'app_session_jwt', path: '/app', secure: false, hostOnly: true }),
    ]);
    page.writer(options).removeAll();
    expect(page.stored()).toEqual([]);
  });

  it('with availableToSubdomains, a domain and a path, writes __Host- names host-only on / and warns once', () => {
    const page = pageAt('https://app.example.com/app/');
    const options: CookieOptions = {
      ...HOST_NAMES,
      jwtCookieName: '__Secure-app_session_jwt',
      availableToSubdomains: true,
      domain: 'example.com',
      path: '/app',
    };
    const cookies = page.writer(options);
    cookies.writeSession('token', 'jwt', EXPIRES_AT);
    cookies.writeSession('token-2', 'jwt-2', EXPIRES_AT);
    expect(page.stored()).toEqual([
      {
        name: '__Host-app_session',
        value: 'token-2',
        domain: 'app.example.com',
        path: '/',
        secure: true,
        hostOnly: true,
      },
      // A __Secure- name may have a Domain and a path: it keeps them.
      {
        name: '__Secure-app_session_jwt',
        value: 'jwt-2',
        domain: 'example.com',
        path: '/app',
        secure: true,
        hostOnly: false,
      },
    ]);
    // The host-only cookie's domain is not recorded: only the __Secure- one's.
    expect(cookies.seenDomains()).toEqual(['example.com']);

    expect(page.browser.logs.warn).toHaveLength(1);
    expect(page.browser.logs.warn[0]).toEqual([
      "Latchkey writes __Host- cookies host-only on path '/', as the prefix requires: cookieOptions availableToSubdomains, domain and path do not apply to them.",
    ]);

    // Another write, an intermediate token and a sign-out add no second warning, and leave no cookie behind.
    cookies.writeIntermediate('ist');
    cookies.writeSession('token-3', 'jwt-3', EXPIRES_AT);
    cookies.removeAll();
    expect(page.stored()).toEqual([]);
    expect(page.browser.logs.warn).toHaveLength(1);
  });

  it('warns for __Host- names alone, and only when the options ask for what the prefix forbids', () => {
    const plain = pageAt('https://app.example.com/');
    plain.writer({ availableToSubdomains: true, path: '/' }).writeSession('token', 'jwt', EXPIRES_AT);
    expect(plain.browser.logs.warn).toEqual([]);
    const slash = pageAt('https://app.example.com/');
    slash.writer({ ...HOST_NAMES, path: '/' }).writeSession('token', 'jwt', EXPIRES_AT);
    expect(slash.browser.logs.warn).toEqual([]);
    const both = pageAt('http://localhost:3000/');
    both.writer({ ...HOST_NAMES, availableToSubdomains: true }).writeSession('token', 'jwt', EXPIRES_AT);
    expect(both.browser.logs.warn).toHaveLength(1);
    expect((both.browser.logs.warn[0] as [string])[0]).toContain(
      "Latchkey writes __Host- cookies host-only on path '/'",
    );
    expect(both.stored().map(({ name, secure, hostOnly, path }) => ({ name, secure, hostOnly, path }))).toEqual([
      { name: '__Host-app_session', secure: true, hostOnly: true, path: '/' },
      { name: '__Host-app_session_jwt', secure: true, hostOnly: true, path: '/' },
    ]);
  });

  it('a client on http://localhost signs in and out with __Host- cookie names', async () => {
    const page = pageAt('http://localhost:3000/');
    const tab = createTestClient({
      browser: page.browser,
      env: { cookies: page.jar },
      options: { cookieOptions: { ...HOST_NAMES, availableToSubdomains: true } },
    });
    await signInWithAccessToken(tab);
    expect(page.document.cookie).toBe(
      '__Host-app_session=session-token-opaque-abc123; __Host-app_session_jwt=eyJhbGciOiJFUzI1NiJ9.session.jwt',
    );
    expect(page.stored().every(({ secure, hostOnly, path }) => secure && hostOnly && path === '/')).toBe(true);

    tab.transport.once('POST', '/sessions/revoke', ok());
    await tab.client.session.revoke();
    expect(page.document.cookie).toBe('');
    expect(page.stored()).toEqual([]);
    expect(tab.client.session.getSync()).toBeNull();
    expect(page.browser.logs.warn).toHaveLength(1);
  });
});

describe('one copy of each session cookie', () => {
  it('a write removes the copies an earlier configuration left under another domain or on the other path', () => {
    const page = pageAt('https://app.example.com/account');
    // An earlier configuration: shared with subdomains, on the parent domain.
    page.writer({ availableToSubdomains: true, domain: 'example.com' }).writeSession('old', 'old-jwt', EXPIRES_AT);
    // …and a host-only copy on '/', written before that.
    page.jar.set('stytch_session', 'older', { path: '/', sameSite: 'Lax', secure: true });
    expect(page.document.cookie.split('; ').filter((pair) => pair.startsWith('stytch_session='))).toHaveLength(2);

    // Today's configuration: host-only, under /account. The browser then sends one copy of each name.
    page.writer({ path: '/account' }).writeSession('new', 'new-jwt', EXPIRES_AT);
    expect(page.document.cookie).toBe('stytch_session=new; stytch_session_jwt=new-jwt');
    expect(page.stored().map(({ name, hostOnly, path }) => ({ name, hostOnly, path }))).toEqual([
      { name: 'stytch_session', hostOnly: true, path: '/account' },
      { name: 'stytch_session_jwt', hostOnly: true, path: '/account' },
    ]);
  });

  it('turning availableToSubdomains on replaces the host-only copy with the domain one', () => {
    const page = pageAt('https://app.example.com/');
    page.writer({}).writeSession('host-only', 'host-only-jwt', EXPIRES_AT);
    page
      .writer({ availableToSubdomains: true, domain: 'example.com' })
      .writeSession('shared', 'shared-jwt', EXPIRES_AT);
    expect(page.document.cookie).toBe('stytch_session=shared; stytch_session_jwt=shared-jwt');
    expect(page.stored().every(({ hostOnly, domain }) => !hostOnly && domain === 'example.com')).toBe(true);
  });

  it('a path changed since a write: the copy under the old path goes with the next write, and at sign-out', () => {
    const page = pageAt('https://app.example.com/app/account');
    page.writer({ path: '/app' }).writeSession('old', 'old-jwt', EXPIRES_AT);
    const today = page.writer({});
    today.writeSession('new', 'new-jwt', EXPIRES_AT);
    expect(page.document.cookie).toBe('stytch_session=new; stytch_session_jwt=new-jwt');
    expect(today.seenPaths()).toEqual(['/app']);
    // A copy under the old path written again by an older tab: signing out removes it too.
    page.writer({ path: '/app' }).writeSession('older-tab', 'older-tab-jwt', EXPIRES_AT);
    today.removeAll();
    expect(page.document.cookie).toBe('');
  });
});
