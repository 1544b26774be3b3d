// Cookie tossing: another subdomain (user content on evil.example.com) sets its own session cookie for the parent
// domain, and the browser sends the name twice to app.example.com. Which copy comes first depends on the paths the
// attacker picks, and cookie stores keep one of them (Next.js: the last), so @latchkey/server refuses a session
// cookie it sees twice with different values. The sessions are real: two users signed in on the real provider.
import type { Provider } from '@latchkey/provider';
import { type TestProvider as HarnessProvider, startProvider } from '@latchkey/provider/testing';
import { describe, expect, it } from 'vitest';
import {
  type CookieStore,
  createLatchkeyServer,
  isLatchkeyServerError,
  type LatchkeyServerOptions,
  parseCookie,
  readSessionCookies,
} from '../src/index';
import { signInByPasscode } from './signIn';

const PROVIDER_URL = 'http://127.0.0.1:8787';
/** Each test signs two users in on a provider it starts: generous, for a busy machine. */
const TIMEOUT_MS = 120_000;

/** A fetch into the provider's handler that counts the calls, to show a refusal costs none. */
function serverFor(testProvider: HarnessProvider, overrides: Partial<LatchkeyServerOptions> = {}) {
  const counts = { jwks: 0, server: 0 };
  const provider = (): Provider => testProvider.provider;
  const server = createLatchkeyServer({
    providerUrl: PROVIDER_URL,
    projectId: testProvider.projectId,
    secretKey: testProvider.secretKey,
    now: () => testProvider.clock.now(),
    fetch: async (input, init) => {
      const request = new Request(String(input), init);
      const path = new URL(request.url).pathname;
      if (path === '/.well-known/jwks.json') counts.jwks += 1;
      if (path.startsWith('/v1/')) counts.server += 1;
      return provider().fetch(request, { remoteAddress: '127.0.0.1' });
    },
    ...overrides,
  });
  return { server, counts };
}

/** The victim and the attacker, each with a real, valid session. */
async function twoSessions() {
  const testProvider = await startProvider();
  const victim = await signInByPasscode(testProvider, 'victim@example.com');
  const attacker = await signInByPasscode(testProvider, 'attacker@example.com');
  return { testProvider, victim, attacker };
}

/** The error `promise` rejects with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, but the call succeeded');
}

/** The same Cookie header as its text, as Headers and as a Request. */
function sourcesOf(cookie: string) {
  return {
    string: cookie,
    headers: new Headers({ cookie }),
    request: new Request('https://app.example.com/account', { headers: { cookie } }),
  };
}

function expectAmbiguous(error: unknown, name: string) {
  expect(isLatchkeyServerError(error, 'ambiguous_session_cookie')).toBe(true);
  const { message } = error as Error;
  expect(message).toContain(`the cookie "${name}" more than once with different values`);
  expect(message).toContain('parent domain');
  expect(message).toContain('__Host-');
}

describe('a session cookie sent twice (cookie tossing)', () => {
  it(
    'refuses two different session JWTs in a Cookie header, Headers or a Request, in either order, before any network call',
    async () => {
      const { testProvider, victim, attacker } = await twoSessions();
      const { server, counts } = serverFor(testProvider);
      for (const [first, second] of [
        [attacker, victim],
        [victim, attacker],
      ] as const) {
        const cookie = `stytch_session_jwt=${first.sessionJwt}; theme=dark; stytch_session_jwt=${second.sessionJwt}`;
        const sources = sourcesOf(cookie);
        for (const source of Object.values(sources)) {
          expectAmbiguous(await refusal(server.sessionFromCookies(source)), 'stytch_session_jwt');
          expect(() => readSessionCookies(source)).toThrow(/"stytch_session_jwt" more than once/);
        }
        expectAmbiguous(await refusal(server.sessionFromRequest(sources.request)), 'stytch_session_jwt');
        // Either session cookie in doubt refuses the request: authenticateRequest reads the opaque one, which is
        // single here, but the request is not trusted.
        const withToken = new Request('https://app.example.com/', {
          headers: { cookie: `${cookie}; stytch_session=${victim.sessionToken}` },
        });
        expectAmbiguous(await refusal(server.authenticateRequest(withToken)), 'stytch_session_jwt');
      }
      expect(counts).toEqual({ jwks: 0, server: 0 });
    },
    TIMEOUT_MS,
  );

  it(
    'refuses two different opaque tokens in authenticateRequest, before asking the provider',
    async () => {
      const { testProvider, victim, attacker } = await twoSessions();
      const { server, counts } = serverFor(testProvider);
      const cookie = `stytch_session=${victim.sessionToken}; stytch_session_jwt=${victim.sessionJwt}; stytch_session=${attacker.sessionToken}`;
      for (const source of Object.values(sourcesOf(cookie))) {
        expectAmbiguous(await refusal(server.authenticateRequest(source)), 'stytch_session');
        // The JWT helpers refuse it too, though the JWT cookie beside it is single.
        expectAmbiguous(await refusal(server.sessionFromCookies(source)), 'stytch_session');
      }
      expect(counts).toEqual({ jwks: 0, server: 0 });

      // With one copy, the same requests go through.
      const single = new Request('https://app.example.com/', {
        headers: { cookie: `stytch_session=${victim.sessionToken}; stytch_session_jwt=${victim.sessionJwt}` },
      });
      expect((await server.authenticateRequest(single))?.userId).toBe(victim.userId);
      expect((await server.sessionFromRequest(single))?.userId).toBe(victim.userId);
    },
    TIMEOUT_MS,
  );

  it(
    'accepts the same value twice, empty copies and duplicates of other cookies',
    async () => {
      const { testProvider, victim, attacker } = await twoSessions();
      const { server } = serverFor(testProvider);
      const jwt = victim.sessionJwt;
      for (const cookie of [
        // The same cookie under two paths or domains (an older configuration), holding the same session.
        `stytch_session_jwt=${jwt}; stytch_session_jwt=${jwt}`,
        // The same value once quoted: equal after decoding.
        `stytch_session_jwt="${jwt}"; stytch_session_jwt=${jwt}`,
        // An empty copy is no value.
        `stytch_session_jwt=; stytch_session_jwt=${jwt}; stytch_session_jwt=`,
        // Other names twice, with different values: not ours to judge.
        `theme=dark; stytch_session_jwt=${jwt}; theme=light; xstytch_session_jwt=a; stytch_session_jwt_old=b; xstytch_session_jwt=c`,
      ]) {
        for (const source of Object.values(sourcesOf(cookie))) {
          expect((await server.sessionFromCookies(source))?.userId, cookie).toBe(victim.userId);
        }
      }
      const tokenTwice = `stytch_session=${victim.sessionToken}; stytch_session=${victim.sessionToken}`;
      expect((await server.authenticateRequest(tokenTwice))?.userId).toBe(victim.userId);

      // Renamed cookies: the configured names are checked, the default names are just other cookies.
      const renamed = serverFor(testProvider, {
        cookieNames: { sessionToken: '__Host-app_session', sessionJwt: '__Host-app_session_jwt' },
      }).server;
      const defaultsTwice = `stytch_session_jwt=${jwt}; stytch_session_jwt=${attacker.sessionJwt}`;
      expect(await renamed.sessionFromCookies(`${defaultsTwice}; __Host-app_session_jwt=${jwt}`)).toMatchObject({
        userId: victim.userId,
      });
      expectAmbiguous(
        await refusal(
          renamed.sessionFromCookies(`__Host-app_session_jwt=${jwt}; __Host-app_session_jwt=${attacker.sessionJwt}`),
        ),
        '__Host-app_session_jwt',
      );
    },
    TIMEOUT_MS,
  );

  it('leaves parseCookie as it was: a generic reader where the first copy wins', () => {
    expect(parseCookie('stytch_session=first; stytch_session=second', 'stytch_session')).toBe('first');
    expect(parseCookie('stytch_session=; stytch_session=second', 'stytch_session')).toBeNull();
  });

  it('readSessionCookies answers one value per cookie, and throws for two', () => {
    expect(readSessionCookies('stytch_session=t; stytch_session=t; stytch_session_jwt=j')).toEqual({
      sessionToken: 't',
      sessionJwt: 'j',
    });
    expect(readSessionCookies('stytch_session=; stytch_session=t')).toEqual({ sessionToken: 't', sessionJwt: null });
    expect(readSessionCookies(new Headers({ cookie: 'a=1; a=2' }))).toEqual({ sessionToken: null, sessionJwt: null });
    for (const source of Object.values(sourcesOf('stytch_session=t1; stytch_session=t2'))) {
      expectAmbiguous(
        refusalOf(() => readSessionCookies(source)),
        'stytch_session',
      );
    }
    // An oversized header is not parsed at all, as before.
    expect(readSessionCookies(`stytch_session=a; stytch_session=b; ${'x=y; '.repeat(20_000)}`)).toEqual({
      sessionToken: null,
      sessionJwt: null,
    });
  });

  it(
    'a cookie store cannot show duplicates; a store whose getAll keeps them is checked',
    async () => {
      const { testProvider, victim, attacker } = await twoSessions();
      const { server, counts } = serverFor(testProvider);

      // Next.js's store (`cookies()`, `request.cookies`) parses the header into a Map: the last copy wins, and its
      // getAll(name) answers that one copy only. Nothing is left to detect, so the store's one value is used. This
      // is why the README and the Next.js example pass the Request or `await headers()` instead.
      const nextLike = (pairs: [string, string][]): CookieStore => {
        const parsed = new Map(pairs.map(([name, value]) => [name, { name, value }]));
        return {
          get: (name) => parsed.get(name),
          getAll: (name) => [...parsed.values()].filter((cookie) => cookie.name === name),
        };
      };
      const tossed = nextLike([
        ['stytch_session_jwt', victim.sessionJwt],
        ['stytch_session_jwt', attacker.sessionJwt],
      ]);
      expect((await server.sessionFromCookies(tossed))?.userId).toBe(attacker.userId);
      // The same cookies as a header: refused.
      const header = `stytch_session_jwt=${victim.sessionJwt}; stytch_session_jwt=${attacker.sessionJwt}`;
      expectAmbiguous(await refusal(server.sessionFromCookies(new Headers({ cookie: header }))), 'stytch_session_jwt');

      // A store whose getAll keeps every copy shows the duplicate: refused, before any network call.
      const jwksBefore = counts.jwks;
      const keepsAll: CookieStore = {
        get: (name) => (name === 'stytch_session_jwt' ? { value: victim.sessionJwt } : undefined),
        getAll: (name) => (name === 'stytch_session_jwt' ? [{ value: victim.sessionJwt }, attacker.sessionJwt] : []),
      };
      expectAmbiguous(await refusal(server.sessionFromCookies(keepsAll)), 'stytch_session_jwt');
      expect(counts.jwks).toBe(jwksBefore);
      // One value, however many times, and a getAll that ignores its argument (every cookie), are fine.
      const jwtOnly = (name: string) => (name === 'stytch_session_jwt' ? victim.sessionJwt : null);
      const sameTwice: CookieStore = {
        get: jwtOnly,
        getAll: () => [
          { name: 'stytch_session_jwt', value: victim.sessionJwt },
          { name: 'stytch_session_jwt', value: victim.sessionJwt },
          { name: 'theme', value: 'dark' },
          { name: 'stytch_session', value: victim.sessionToken },
        ],
      };
      expect((await server.sessionFromCookies(sameTwice))?.userId).toBe(victim.userId);
      expect(readSessionCookies(sameTwice)).toEqual({
        sessionToken: victim.sessionToken,
        sessionJwt: victim.sessionJwt,
      });
      // A store with get alone, as before.
      expect((await server.sessionFromCookies({ get: jwtOnly }))?.userId).toBe(victim.userId);
    },
    TIMEOUT_MS,
  );
});

/** What `call` throws (fails the test when it returns). */
function refusalOf(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, but the call returned');
}
