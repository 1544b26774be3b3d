import { describe, expect, it } from 'vitest';
import { FakeBrowser, STATE_KEY } from '../../test/fakes';
import { resolveEnvironment } from '../environment';
import { type CookieOptions, cookieNames, cookieWriterParts } from './sessionCookies';
import { SessionCookieWriter } from './sessionCookieWriter';

const EXPIRES_AT = '2030-01-01T00:00:00.000Z';

function cookiesOn(origin: string, options: CookieOptions = {}, browser = new FakeBrowser(origin)) {
  return {
    browser,
    cookies: new SessionCookieWriter(resolveEnvironment(browser.tab()), options, STATE_KEY, cookieWriterParts(options)),
  };
}

describe('SessionCookieWriter', () => {
  it('defaults to the spec names', () => {
    expect(cookieNames({})).toEqual({
      opaque: 'stytch_session',
      jwt: 'stytch_session_jwt',
      intermediate: 'stytch_intermediate_session_token',
    });
  });

  it.each([
    ['http://localhost:3000', false],
    ['http://127.0.0.1:3000', false],
    ['http://127.12.0.3', false],
    ['http://[::1]:8080', false],
    ['https://app.example.com', true],
    ['https://localhost.example.com', true],
  ])('on %s sets Secure = %s', (origin, secure) => {
    const { browser, cookies } = cookiesOn(origin);
    cookies.writeSession('token', 'jwt', EXPIRES_AT);
    expect(browser.cookies.find('stytch_session')?.attributes.secure).toBe(secure);
    expect(browser.cookies.find('stytch_session_jwt')?.attributes.expires).toEqual(new Date(EXPIRES_AT));
  });

  it('records each domain once and clears all of them, with and without a domain, on both paths', () => {
    const browser = new FakeBrowser('https://app.example.com');
    const first = cookiesOn('', { availableToSubdomains: true }, browser).cookies;
    first.writeSession('token', 'jwt', EXPIRES_AT);
    first.writeSession('token', 'jwt', EXPIRES_AT);
    const second = cookiesOn('', { availableToSubdomains: true, domain: '.example.com', path: '/app' }, browser);
    second.cookies.writeSession('token', 'jwt', EXPIRES_AT);
    expect(second.cookies.seenDomains()).toEqual(['app.example.com', '.example.com']);
    // The second configuration's write removed the first one's copies: one copy of each name.
    expect(browser.cookies.cookies.size).toBe(2);
    // Copies left behind some other way (another tab's older code, a cookie written by hand).
    browser.cookies.set('stytch_session', 'older', { path: '/', domain: 'app.example.com' });
    browser.cookies.set('stytch_session', 'host-only', { path: '/' });
    expect(browser.cookies.cookies.size).toBe(4);

    second.cookies.removeAll();
    expect(browser.cookies.cookies.size).toBe(0);
    const combos = new Set(browser.cookies.removals.map((r) => `${r.name}|${r.domain ?? ''}|${r.path}`));
    for (const name of ['stytch_session', 'stytch_session_jwt', 'stytch_intermediate_session_token']) {
      for (const domain of ['', 'app.example.com', '.example.com']) {
        for (const path of ['/app', '/']) expect(combos).toContain(`${name}|${domain}|${path}`);
      }
    }
  });

  it('without a JWT writes only the opaque token and removes a stale JWT cookie', () => {
    const { browser, cookies } = cookiesOn('https://app.example.com');
    cookies.writeSession('token', 'jwt', EXPIRES_AT);
    cookies.writeSession('token-2', undefined, undefined);
    expect(browser.cookies.find('stytch_session')).toMatchObject({ value: 'token-2' });
    expect(browser.cookies.find('stytch_session')?.attributes.expires).toBeUndefined();
    expect(browser.cookies.find('stytch_session_jwt')).toBeUndefined();
  });

  it('warns instead of throwing when the cookie jar refuses', () => {
    const browser = new FakeBrowser();
    const refusing = {
      get: () => undefined,
      set: () => {
        throw new Error('blocked');
      },
      remove: () => {
        throw new Error('blocked');
      },
    };
    const cookies = new SessionCookieWriter(
      resolveEnvironment(browser.tab({ cookies: refusing })),
      {},
      STATE_KEY,
      cookieWriterParts({}),
    );
    expect(() => cookies.writeSession('token', 'jwt', EXPIRES_AT)).not.toThrow();
    expect(() => cookies.removeAll()).not.toThrow();
    expect(browser.logs.warn.length).toBeGreaterThan(0);
  });
});
