// @latchkey/server against the real provider, in-process (its fetch handler) and once over real HTTP: sessions
// come from the provider's own sign-in routes (an email passcode read from its development inbox).
import { createProvider, type Provider, serveProvider } from '@latchkey/provider';
import { type TestProvider as HarnessProvider, startProvider } from '@latchkey/provider/testing';
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLatchkeyServer,
  isLatchkeyServerError,
  type LatchkeyServerErrorCode,
  type LatchkeyServerOptions,
  parseCookie,
  readSessionCookies,
} from '../src/index';
import { signInByPasscode } from './signIn';

const PROVIDER_URL = 'http://127.0.0.1:8787';
const MINUTE = 60_000;

/** A fetch into the provider's handler that counts the JWKS fetches (what a server on the network would see). */
function providerFetch(getProvider: () => Provider) {
  const counts = { jwks: 0, server: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(String(input), init);
    const path = new URL(request.url).pathname;
    if (path === '/.well-known/jwks.json') counts.jwks += 1;
    if (path.startsWith('/v1/')) counts.server += 1;
    return getProvider().fetch(request, { remoteAddress: '127.0.0.1' });
  };
  return { fetch, counts };
}

function serverFor(testProvider: HarnessProvider, overrides: Partial<LatchkeyServerOptions> = {}) {
  const wire = providerFetch(() => testProvider.provider);
  const server = createLatchkeyServer({
    providerUrl: PROVIDER_URL,
    projectId: testProvider.projectId,
    secretKey: testProvider.secretKey,
    fetch: wire.fetch,
    now: () => testProvider.clock.now(),
    ...overrides,
  });
  return { server, counts: wire.counts };
}

/** The LatchkeyServerError code `promise` rejects with (fails the test if it resolves or throws something else). */
async function codeOf(promise: Promise<unknown>): Promise<LatchkeyServerErrorCode> {
  try {
    await promise;
  } catch (error) {
    if (isLatchkeyServerError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a LatchkeyServerError, but the call succeeded');
}

/** Re-encodes a JWT's payload with `change` applied, keeping the header and the (now wrong) signature. */
function tamper(jwt: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verifySession', () => {
  it("verifies a real session's JWT locally and answers its typed claims", async () => {
    const testProvider = await startProvider();
    const signedIn = await signInByPasscode(testProvider);
    const { server, counts } = serverFor(testProvider);

    const verified = await server.verifySession(signedIn.sessionJwt);
    expect(verified.userId).toBe(signedIn.userId);
    expect(verified.sessionId).toBe(signedIn.sessionId);
    expect(verified.session).toMatchObject({
      session_id: signedIn.sessionId,
      user_id: signedIn.userId,
      expires_at: signedIn.expiresAt,
      roles: ['stytch_user'],
      authentication_factors: [
        expect.objectContaining({ type: 'otp', delivery_method: 'email', email_factor: expect.anything() }),
      ],
    });
    expect(verified.claims).toMatchObject({
      iss: `latchkey/${testProvider.projectId}`,
      aud: testProvider.projectId,
      sub: signedIn.userId,
    });
    // The keys are fetched once and kept: the provider is not asked again.
    await server.verifySession(signedIn.sessionJwt);
    expect(counts).toEqual({ jwks: 1, server: 0 });
  });

  it('answers impersonator_id for a session opened by impersonation, as authenticateSession does', async () => {
    const testProvider = await startProvider();
    const own = await signInByPasscode(testProvider);
    const { server } = serverFor(testProvider);
    // The back end asks for an impersonation token with the secret key; support redeems it through the SDK route.
    const issued = await testProvider.call('POST', '/v1/impersonation_tokens', {
      body: { user_id: own.userId, impersonator_id: 'support-agent-7', reason: 'ticket 4711' },
      origin: null,
      authorization: `Basic ${Buffer.from(`${testProvider.projectId}:${testProvider.secretKey}`).toString('base64')}`,
    });
    expect(issued.status).toBe(200);
    const redeemed = await testProvider.post('/impersonation/authenticate', {
      impersonation_token: issued.json.data.impersonation_token,
    });
    expect(redeemed.status).toBe(200);

    // The JWT's actor claim (RFC 8693 §4.1) is what says who acts: a back end refusing impersonated sessions sees it.
    const verified = await server.verifySession(redeemed.json.data.session_jwt);
    expect(verified.userId).toBe(own.userId);
    expect(verified.claims.act).toEqual({ sub: 'support-agent-7' });
    expect(verified.session.impersonator_id).toBe('support-agent-7');
    const live = await server.authenticateSession(redeemed.json.data.session_token);
    expect(live.session.impersonator_id).toBe(verified.session.impersonator_id);
    // The user's own session has none.
    expect(await server.verifySession(own.sessionJwt)).not.toHaveProperty('session.impersonator_id');
  });

  it('refuses an expired JWT (past exp and the tolerance) with session_expired', async () => {
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    const { server } = serverFor(testProvider, { clockToleranceSeconds: 5 });
    // The JWT lives five minutes; within the tolerance it is still good.
    testProvider.clock.advance(5 * MINUTE + 4_000);
    await expect(server.verifySession(sessionJwt)).resolves.toMatchObject({ claims: { sub: expect.any(String) } });
    testProvider.clock.advance(2_000);
    const error = await server.verifySession(sessionJwt).catch((caught) => caught);
    expect(isLatchkeyServerError(error, 'session_expired')).toBe(true);
    expect(error.message).toBe('The session JWT has expired.');
  });

  it('refuses a JWT that is not valid yet with session_not_yet_valid', async () => {
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    const { server } = serverFor(testProvider, { now: () => testProvider.clock.now() - MINUTE });
    expect(await codeOf(server.verifySession(sessionJwt))).toBe('session_not_yet_valid');
  });

  it('refuses another audience or issuer with wrong_audience / wrong_issuer', async () => {
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    const otherProject = serverFor(testProvider, { audience: 'project-test-someone-else' }).server;
    const audienceError = await otherProject.verifySession(sessionJwt).catch((caught) => caught);
    expect(audienceError.code).toBe('wrong_audience');
    expect(audienceError.message).toBe(
      'The session JWT is for another audience; this server accepts only project-test-someone-else.',
    );
    const otherIssuer = serverFor(testProvider, { issuer: 'latchkey/project-test-someone-else' }).server;
    expect(await codeOf(otherIssuer.verifySession(sessionJwt))).toBe('wrong_issuer');
  });

  it('refuses malformed tokens, tampered payloads and keys the JWKS does not have', async () => {
    const testProvider = await startProvider();
    const { sessionJwt, userId } = await signInByPasscode(testProvider);
    const { server } = serverFor(testProvider);
    expect(await codeOf(server.verifySession(''))).toBe('malformed_token');
    expect(await codeOf(server.verifySession('not-a-jwt'))).toBe('malformed_token');
    expect(await codeOf(server.verifySession('a.b.c'))).toBe('malformed_token');
    expect(await codeOf(server.verifySession(sessionJwt.slice(0, -10)))).toBe('invalid_signature');
    // Someone else's user id in a genuine token: the signature no longer matches.
    const stolen = tamper(sessionJwt, (claims) => {
      claims.sub = `${userId}-other`;
    });
    expect(await codeOf(server.verifySession(stolen))).toBe('invalid_signature');
    // alg "none" is never accepted.
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${sessionJwt.split('.')[1]}.`;
    expect(await codeOf(server.verifySession(unsigned))).toBe('invalid_signature');

    // Well-formed, right claims, signed with a key of our own under the provider's key id: a forgery.
    const { privateKey } = await generateKeyPair('ES256');
    const { kid } = decodeProtectedHeader(sessionJwt);
    const claims = JSON.parse(Buffer.from(sessionJwt.split('.')[1] as string, 'base64url').toString('utf8'));
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: kid as string }).sign(privateKey);
    expect(await codeOf(server.verifySession(forged))).toBe('invalid_signature');
  });

  it('refuses a signed JWT that carries no session claim, or no expiry', async () => {
    // A JWKS served by a tiny local handler, so the test holds the signing key.
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'local-key', alg: 'ES256', use: 'sig' };
    const fetch: typeof globalThis.fetch = async () => Response.json({ keys: [jwk] });
    const server = createLatchkeyServer({ providerUrl: PROVIDER_URL, projectId: 'project-test-local', fetch });
    const sign = (build: (jwt: SignJWT) => SignJWT) =>
      build(new SignJWT({ roles: [] }).setProtectedHeader({ alg: 'ES256', kid: 'local-key' }))
        .setIssuer('latchkey/project-test-local')
        .setAudience('project-test-local')
        .setSubject('user-test-1')
        .setIssuedAt()
        .sign(privateKey);
    const noClaim = await sign((jwt) => jwt.setExpirationTime('5m'));
    const error = await server.verifySession(noClaim).catch((caught) => caught);
    expect(error.code).toBe('malformed_token');
    expect(error.message).toMatch(/lacks the session claim \(https:\/\/stytch\.com\/session\)/);
    const noExpiry = await sign((jwt) => jwt);
    expect(await codeOf(server.verifySession(noExpiry))).toBe('malformed_token');
  });

  it('fetches the JWKS again, once, for an unknown key id after the cooldown, and never during it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const testProvider = await startProvider();
    const first = await signInByPasscode(testProvider);
    let current = testProvider.provider;
    const { fetch, counts } = providerFetch(() => current);
    const server = createLatchkeyServer({
      providerUrl: PROVIDER_URL,
      projectId: testProvider.projectId,
      fetch,
      now: () => testProvider.clock.now(),
    });
    await server.verifySession(first.sessionJwt);
    expect(counts.jwks).toBe(1);

    // The operator replaces the signing key: a provider started on the same database makes a new one.
    const { db } = testProvider.provider.database;
    await db.deleteFrom('signing_keys').execute();
    const restarted = await createProvider({
      db: testProvider.provider.database,
      clock: testProvider.clock,
      secretKey: testProvider.secretKey,
    });
    current = restarted;
    const refreshed = await current.fetch(
      new Request('http://provider.test/sdk/v1/sessions/authenticate', {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${current.config.project.publicToken}:${first.sessionToken}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: '{}',
      }),
      { remoteAddress: '127.0.0.1' },
    );
    const rotatedJwt = ((await refreshed.json()) as { data: { session_jwt: string } }).data.session_jwt;
    expect(decodeProtectedHeader(rotatedJwt).kid).not.toBe(decodeProtectedHeader(first.sessionJwt).kid);

    // Within the cooldown an unknown key id does not reach the provider (a flood of forged kids cannot either).
    expect(await codeOf(server.verifySession(rotatedJwt))).toBe('invalid_signature');
    expect(counts.jwks).toBe(1);

    vi.setSystemTime(Date.now() + 31_000);
    const verified = await server.verifySession(rotatedJwt);
    expect(verified.sessionId).toBe(first.sessionId);
    expect(counts.jwks).toBe(2);
    await server.verifySession(rotatedJwt);
    expect(counts.jwks).toBe(2);
    // Before the harness closes the first provider and drops the database.
    await restarted.close();
  });

  it('stops verifying with a key withdrawn from the JWKS once jwksCacheMaxAgeSeconds has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    const { kid } = decodeProtectedHeader(sessionJwt);
    // The provider's JWKS, without the JWT's key once `withdrawn` (a key taken out after a leak).
    let withdrawn = false;
    let jwksFetches = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await testProvider.provider.fetch(new Request(String(input), init), {
        remoteAddress: '127.0.0.1',
      });
      jwksFetches += 1;
      const { keys } = (await response.json()) as { keys: { kid?: string }[] };
      return Response.json({ keys: keys.filter((key) => !withdrawn || key.kid !== kid) });
    };
    const server = createLatchkeyServer({
      providerUrl: PROVIDER_URL,
      projectId: testProvider.projectId,
      fetch,
      now: () => testProvider.clock.now(),
      jwksCacheMaxAgeSeconds: 120,
    });
    expect((await server.verifySession(sessionJwt)).claims.sub).toBeTruthy();
    withdrawn = true;
    // Within the cache age the withdrawn key still verifies (the JWT itself is valid: the provider's clock stands).
    vi.setSystemTime(Date.now() + 119_000);
    expect((await server.verifySession(sessionJwt)).claims.sub).toBeTruthy();
    expect(jwksFetches).toBe(1);
    // Past it, the JWKS is fetched again and the key is gone.
    vi.setSystemTime(Date.now() + 2_000);
    expect(await codeOf(server.verifySession(sessionJwt))).toBe('invalid_signature');
    expect(jwksFetches).toBe(2);
  });

  it('keeps the default cache age at 5 minutes and checks the duration options', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    const { server, counts } = serverFor(testProvider);
    await server.verifySession(sessionJwt);
    vi.setSystemTime(Date.now() + 5 * MINUTE - 1_000);
    await server.verifySession(sessionJwt);
    expect(counts.jwks).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    await server.verifySession(sessionJwt);
    expect(counts.jwks).toBe(2);
    const projectId = 'project-test-x';
    expect(() =>
      createLatchkeyServer({ providerUrl: PROVIDER_URL, projectId, jwksCacheMaxAgeSeconds: Number.NaN }),
    ).toThrow(/jwksCacheMaxAgeSeconds/);
    expect(() => createLatchkeyServer({ providerUrl: PROVIDER_URL, projectId, jwksCooldownSeconds: -1 })).toThrow(
      /jwksCooldownSeconds/,
    );
  });

  it('fetches a failing JWKS once per cooldown, not once per verification, and recovers after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    let down = true;
    let jwksFetches = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      jwksFetches += 1;
      if (down) return Response.json({ error_type: 'service_unavailable' }, { status: 503 });
      return testProvider.provider.fetch(new Request(String(input), init), { remoteAddress: '127.0.0.1' });
    };
    const server = createLatchkeyServer({
      providerUrl: PROVIDER_URL,
      projectId: testProvider.projectId,
      fetch,
      now: () => testProvider.clock.now(),
    });
    const first = await server.verifySession(sessionJwt).catch((caught) => caught);
    expect(first.code).toBe('unavailable');
    expect(first.message).toMatch(/HTTP 503/);
    for (let i = 0; i < 49; i += 1) expect(await codeOf(server.verifySession(sessionJwt))).toBe('unavailable');
    expect(jwksFetches).toBe(1);

    // The provider recovers; within the cooldown nothing is fetched yet, after it the keys are.
    down = false;
    vi.setSystemTime(Date.now() + 29_000);
    expect(await codeOf(server.verifySession(sessionJwt))).toBe('unavailable');
    expect(jwksFetches).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await server.verifySession(sessionJwt)).claims.sub).toBeTruthy();
    expect(jwksFetches).toBe(2);

    // Cached keys keep verifying while a later fetch fails (an unknown key id past the cooldown after the last
    // success): forged key ids then cost one fetch per cooldown, and the known key is not affected.
    down = true;
    vi.setSystemTime(Date.now() + 31_000);
    const forged = `${Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'forged' })).toString('base64url')}.${sessionJwt.split('.')[1]}.${sessionJwt.split('.')[2]}`;
    for (let i = 0; i < 50; i += 1) expect(await codeOf(server.verifySession(forged))).toBe('unavailable');
    expect(jwksFetches).toBe(3);
    expect((await server.verifySession(sessionJwt)).claims.sub).toBeTruthy();
    expect(jwksFetches).toBe(3);
  });

  it('answers unavailable when the JWKS cannot be fetched', async () => {
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    const down: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const server = createLatchkeyServer({ providerUrl: PROVIDER_URL, projectId: testProvider.projectId, fetch: down });
    expect(await codeOf(server.verifySession(sessionJwt))).toBe('unavailable');
  });
});

describe('authenticateSession', () => {
  it('answers the live session and user for the secret key, with a JWT verifySession accepts', async () => {
    const testProvider = await startProvider();
    const signedIn = await signInByPasscode(testProvider);
    const { server, counts } = serverFor(testProvider);
    const answer = await server.authenticateSession(signedIn.sessionToken);
    expect(answer.userId).toBe(signedIn.userId);
    expect(answer.sessionId).toBe(signedIn.sessionId);
    expect(answer.session.expires_at).toBe(signedIn.expiresAt);
    expect(answer.user.emails).toEqual([expect.objectContaining({ email: 'ada@example.com', verified: true })]);
    expect(counts.server).toBe(1);
    expect((await server.verifySession(answer.sessionJwt)).sessionId).toBe(signedIn.sessionId);
  });

  it('refuses a wrong secret key with invalid_credentials (401), and needs one at all', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signInByPasscode(testProvider);
    const wrong = serverFor(testProvider, { secretKey: `${testProvider.secretKey}x` }).server;
    const error = await wrong.authenticateSession(sessionToken).catch((caught) => caught);
    expect(error.code).toBe('invalid_credentials');
    expect(error.status).toBe(401);
    expect(error.requestId).toMatch(/^request-id-test-/);

    const publicOnly = serverFor(testProvider, { secretKey: testProvider.provider.config.project.publicToken }).server;
    expect(await codeOf(publicOnly.authenticateSession(sessionToken))).toBe('invalid_credentials');

    const { server: keyless, counts } = serverFor(testProvider, { secretKey: undefined });
    expect(await codeOf(keyless.authenticateSession(sessionToken))).toBe('missing_credentials');
    expect(counts.server).toBe(0);
  });

  it('says session_revoked once the user signed out, while the JWT still verifies locally until it expires', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionJwt } = await signInByPasscode(testProvider);
    const revoke = await testProvider.post('/sessions/revoke', {}, sessionToken);
    expect(revoke.status).toBe(200);
    const { server } = serverFor(testProvider);
    const error = await server.authenticateSession(sessionToken).catch((caught) => caught);
    expect(error.code).toBe('session_revoked');
    expect(error.status).toBe(404);
    // The documented difference: a local check cannot see a revocation for up to five minutes.
    await expect(server.verifySession(sessionJwt)).resolves.toBeTruthy();
  });

  it('says session_expired past the absolute expiry, session_not_found for a token never issued', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signInByPasscode(testProvider, 'grace@example.com', 5);
    const { server } = serverFor(testProvider);
    testProvider.clock.advance(5 * MINUTE);
    expect(await codeOf(server.authenticateSession(sessionToken))).toBe('session_expired');
    expect(await codeOf(server.authenticateSession('never-issued'))).toBe('session_not_found');
  });

  it('refuses a JWT or an empty token before asking the provider', async () => {
    const testProvider = await startProvider();
    const { sessionJwt } = await signInByPasscode(testProvider);
    const { server, counts } = serverFor(testProvider);
    expect(await codeOf(server.authenticateSession(sessionJwt))).toBe('malformed_token');
    expect(await codeOf(server.authenticateSession(''))).toBe('malformed_token');
    expect(counts.server).toBe(0);
  });

  it('answers rate_limited with Retry-After once an address used up its wrong keys', async () => {
    const testProvider = await startProvider({
      rateLimits: { secretKeyFailuresPerIp: { limit: 2, windowSeconds: 60 } },
    });
    const { sessionToken } = await signInByPasscode(testProvider);
    const wrong = serverFor(testProvider, { secretKey: `${testProvider.secretKey}x` }).server;
    expect(await codeOf(wrong.authenticateSession(sessionToken))).toBe('invalid_credentials');
    expect(await codeOf(wrong.authenticateSession(sessionToken))).toBe('invalid_credentials');
    const limited = await wrong.authenticateSession(sessionToken).catch((caught) => caught);
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('the session cookies', () => {
  it('reads a Request: sessionFromRequest verifies the JWT cookie, authenticateRequest the opaque one', async () => {
    const testProvider = await startProvider();
    const signedIn = await signInByPasscode(testProvider);
    const { server } = serverFor(testProvider);
    const request = new Request('https://app.example.com/dashboard', {
      headers: {
        cookie: `theme=dark; stytch_session_jwt=${signedIn.sessionJwt}; stytch_session=${signedIn.sessionToken}`,
      },
    });
    expect((await server.sessionFromRequest(request))?.sessionId).toBe(signedIn.sessionId);
    expect((await server.authenticateRequest(request))?.userId).toBe(signedIn.userId);

    const anonymous = new Request('https://app.example.com/', { headers: { cookie: 'theme=dark' } });
    expect(await server.sessionFromRequest(anonymous)).toBeNull();
    expect(await server.authenticateRequest(anonymous)).toBeNull();
    expect(await server.sessionFromRequest(new Request('https://app.example.com/'))).toBeNull();

    const garbage = new Request('https://app.example.com/', { headers: { cookie: 'stytch_session_jwt=garbage' } });
    expect(await codeOf(server.sessionFromRequest(garbage))).toBe('malformed_token');
  });

  it('reads a Next.js-like cookie store and cookies renamed in the SDK', async () => {
    const testProvider = await startProvider();
    const signedIn = await signInByPasscode(testProvider);
    const jar = new Map([
      ['app_session_jwt', { name: 'app_session_jwt', value: signedIn.sessionJwt }],
      ['app_session', { name: 'app_session', value: signedIn.sessionToken }],
    ]);
    const store = { get: (name: string) => jar.get(name) };
    const { server } = serverFor(testProvider, {
      cookieNames: { sessionToken: 'app_session', sessionJwt: 'app_session_jwt' },
    });
    expect((await server.sessionFromCookies(store))?.sessionId).toBe(signedIn.sessionId);
    expect((await server.authenticateRequest(store))?.sessionId).toBe(signedIn.sessionId);
    // Under the default names this store has nothing.
    expect(await serverFor(testProvider).server.sessionFromCookies(store)).toBeNull();
  });

  it('parses Cookie headers defensively', () => {
    expect(parseCookie('a=1; stytch_session=tok%20en; b', 'stytch_session')).toBe('tok en');
    expect(parseCookie('stytch_session="quoted"', 'stytch_session')).toBe('quoted');
    expect(parseCookie('stytch_session=100%', 'stytch_session')).toBe('100%');
    expect(parseCookie('stytch_session=first; stytch_session=second', 'stytch_session')).toBe('first');
    expect(parseCookie('xstytch_session=no; stytch_session_jwt=no', 'stytch_session')).toBeNull();
    expect(parseCookie('stytch_session=', 'stytch_session')).toBeNull();
    expect(parseCookie('', 'stytch_session')).toBeNull();
    expect(parseCookie(`stytch_session=x; ${'a=b; '.repeat(20_000)}`, 'stytch_session')).toBeNull();
    expect(readSessionCookies(new Headers({ cookie: 'stytch_session=t' }))).toEqual({
      sessionToken: 't',
      sessionJwt: null,
    });
    expect(readSessionCookies(undefined)).toEqual({ sessionToken: null, sessionJwt: null });
  });
});

describe('createLatchkeyServer', () => {
  it('refuses a provider URL that would send the secret key in clear, or with credentials in it', () => {
    const projectId = 'project-test-x';
    expect(() => createLatchkeyServer({ providerUrl: 'http://auth.example.com', projectId })).toThrow(/plain http/);
    expect(() =>
      createLatchkeyServer({ providerUrl: 'http://auth.internal', projectId, allowInsecureHttp: true }),
    ).not.toThrow();
    expect(() => createLatchkeyServer({ providerUrl: 'https://u:p@auth.example.com', projectId })).toThrow(
      /credentials/,
    );
    expect(() => createLatchkeyServer({ providerUrl: 'auth.example.com', projectId })).toThrow(/absolute URL/);
    // The JWKS address is checked the same way: whoever can change the keys can sign sessions.
    const providerUrl = 'https://auth.example.com';
    expect(() =>
      createLatchkeyServer({ providerUrl, projectId, jwksUrl: 'http://auth.example.com/.well-known/jwks.json' }),
    ).toThrow(/jwksUrl http:\/\/auth\.example\.com is plain http/);
    expect(() =>
      createLatchkeyServer({ providerUrl, projectId, jwksUrl: 'https://u:p@auth.example.com/.well-known/jwks.json' }),
    ).toThrow(/jwksUrl must not carry credentials/);
    expect(() => createLatchkeyServer({ providerUrl, projectId, jwksUrl: 'jwks.json' })).toThrow(/absolute URL/);
    expect(() =>
      createLatchkeyServer({ providerUrl, projectId, jwksUrl: 'https://keys.example.com/.well-known/jwks.json' }),
    ).not.toThrow();
    expect(() =>
      createLatchkeyServer({ providerUrl, projectId, jwksUrl: 'http://127.0.0.1:8787/.well-known/jwks.json' }),
    ).not.toThrow();
    expect(() =>
      createLatchkeyServer({ providerUrl, projectId, jwksUrl: 'http://auth.internal/jwks', allowInsecureHttp: true }),
    ).not.toThrow();
    expect(() => createLatchkeyServer({ providerUrl: 'https://auth.example.com', projectId: '' })).toThrow(
      /projectId is required/,
    );
  });

  it('works over real HTTP with the global fetch', async () => {
    const testProvider = await startProvider();
    const signedIn = await signInByPasscode(testProvider);
    const running = await serveProvider(testProvider.provider, { port: 0, host: '127.0.0.1' });
    try {
      const server = createLatchkeyServer({
        providerUrl: running.url,
        projectId: testProvider.projectId,
        secretKey: testProvider.secretKey,
        now: () => testProvider.clock.now(),
      });
      expect((await server.verifySession(signedIn.sessionJwt)).userId).toBe(signedIn.userId);
      expect((await server.authenticateSession(signedIn.sessionToken)).sessionId).toBe(signedIn.sessionId);
    } finally {
      await running.close();
    }
  });
});
