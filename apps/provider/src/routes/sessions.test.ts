import type { AuthenticationFactor } from '@latchkey/sdk/contract';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { authenticateResponse, expectedUser } from '../../test/authenticateResponse';
import { errorBody, expectSchemaError, REQUEST_ID } from '../../test/expectError';
import { appWithRoutes, providerDeps, rowById, signIn } from '../../testing/fixtures';
import { iso, PUBLIC_TOKEN, startProvider, type TestProvider } from '../../testing/harness';
import { sha256Hex } from '../services/secrets';
import { authenticateResponseFields, optionalSession, recordAuthentication, touchSession } from '../services/sessions';

const MINUTE = 60_000;
const PROJECT_ID = 'project-test-latchkey-playground';
const ISSUER = `latchkey/${PROJECT_ID}`;
const SESSION_CLAIM = 'https://stytch.com/session';

// The messages are quoted from the specification, not taken from the catalogue under test.
const USER_UNAUTHENTICATED = errorBody(
  401,
  'user_unauthenticated',
  'Must have an active session to call this method. Have you logged in yet?',
);
const SESSION_NOT_FOUND = errorBody(404, 'session_not_found', 'Session not found.');

/** The sessions row of `sessionId`. */
const sessionRow = (testProvider: TestProvider, sessionId: string) => rowById(testProvider, 'sessions', sessionId);

async function jwks(testProvider: TestProvider) {
  const response = await testProvider.call('GET', '/.well-known/jwks.json');
  expect(response.status).toBe(200);
  return response.json as { keys: { kid: string; alg: string; kty: string; crv: string; use: string }[] };
}

describe('POST /sessions/authenticate', () => {
  it('answers user_unauthenticated when the request carries no session token', async () => {
    const { call } = await startProvider();
    const response = await call('POST', '/sessions/authenticate', { body: {} });
    expect(response.status).toBe(401);
    expect(response.json).toEqual(USER_UNAUTHENTICATED);
  });

  it('answers session_not_found for a token it never issued', async () => {
    const { call } = await startProvider();
    const response = await call('POST', '/sessions/authenticate', { body: {}, sessionToken: 'made-up-token' });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(SESSION_NOT_FOUND);
  });

  it('answers session_not_found for a revoked session and leaves it revoked', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId } = await signIn(testProvider);
    const revokedAt = testProvider.clock.now();
    await testProvider.provider.database.db
      .updateTable('sessions')
      .set({ revoked_at: revokedAt })
      .where('session_id', '=', sessionId)
      .execute();
    const before = await sessionRow(testProvider, sessionId);
    testProvider.clock.advance(1000);
    const response = await testProvider.call('POST', '/sessions/authenticate', {
      body: { session_duration_minutes: 60 },
      sessionToken,
    });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(SESSION_NOT_FOUND);
    expect(await sessionRow(testProvider, sessionId)).toEqual(before);
  });

  it('keeps a session alive until its expiry and refuses it from that instant on', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider, { durationMinutes: 30 });
    testProvider.clock.advance(30 * MINUTE - 1);
    expect((await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken })).status).toBe(200);
    testProvider.clock.advance(1);
    const response = await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(SESSION_NOT_FOUND);
  });

  it('answers the full AuthenticateResponse with the same session token', async () => {
    const testProvider = await startProvider();
    const started = testProvider.clock.now();
    const { userId, emailId, sessionId, sessionToken } = await signIn(testProvider, {
      email: 'ada@example.com',
      durationMinutes: 60,
    });
    testProvider.clock.advance(3 * MINUTE);
    const response = await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken });
    expect(response.status).toBe(200);
    const factor: AuthenticationFactor = {
      type: 'otp',
      delivery_method: 'email',
      last_authenticated_at: iso(started),
      email_factor: { email_id: emailId as string, email_address: 'ada@example.com' },
    };
    expect(response.json).toEqual({
      data: authenticateResponse({
        userId,
        user: expectedUser(userId, {
          created_at: iso(started),
          emails: [{ email_id: emailId, email: 'ada@example.com', verified: true }],
        }),
        factors: [factor],
        startedAt: started,
        lastAccessedAt: started + 3 * MINUTE,
        expiresAt: started + 60 * MINUTE,
        sessionId,
        sessionToken,
        userAgent: 'vitest',
      }),
    });
  });

  it('never extends the expiry on a refresh without a duration, with {} or with no body', async () => {
    const testProvider = await startProvider();
    const started = testProvider.clock.now();
    const { sessionToken, sessionId } = await signIn(testProvider, { durationMinutes: 30 });
    for (const options of [{ body: {} }, { rawBody: '' }]) {
      testProvider.clock.advance(10 * MINUTE);
      const response = await testProvider.call('POST', '/sessions/authenticate', { ...options, sessionToken });
      expect(response.status).toBe(200);
      expect(response.json.data.session.expires_at).toBe(iso(started + 30 * MINUTE));
      const row = await sessionRow(testProvider, sessionId);
      expect(row.expires_at).toBe(started + 30 * MINUTE);
      expect(row.last_accessed_at).toBe(testProvider.clock.now());
    }
  });

  it('writes last_accessed_at at most once a minute on refreshes without a duration, and answers what is stored', async () => {
    const testProvider = await startProvider();
    const started = testProvider.clock.now();
    const { sessionToken, sessionId } = await signIn(testProvider, { durationMinutes: 30 });
    const refresh = () => testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken });
    const before = await sessionRow(testProvider, sessionId);
    testProvider.clock.advance(59_999);
    const early = await refresh();
    expect(early.status).toBe(200);
    expect(early.json.data.session.last_accessed_at).toBe(iso(started));
    expect(await sessionRow(testProvider, sessionId)).toEqual(before);
    testProvider.clock.advance(1);
    const late = await refresh();
    expect(late.json.data.session.last_accessed_at).toBe(iso(started + MINUTE));
    expect(await sessionRow(testProvider, sessionId)).toEqual({ ...before, last_accessed_at: started + MINUTE });
    // An explicit duration always writes, at once.
    testProvider.clock.advance(1_000);
    const extended = await testProvider.call('POST', '/sessions/authenticate', {
      body: { session_duration_minutes: 60 },
      sessionToken,
    });
    expect(extended.json.data.session.last_accessed_at).toBe(iso(started + MINUTE + 1_000));
    expect((await sessionRow(testProvider, sessionId)).expires_at).toBe(started + MINUTE + 1_000 + 60 * MINUTE);
  });

  it('sets the expiry to now + session_duration_minutes when one is given, shorter or longer', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId } = await signIn(testProvider, { durationMinutes: 30 });
    testProvider.clock.advance(10 * MINUTE);
    for (const minutes of [120, 5, 527_040]) {
      const response = await testProvider.call('POST', '/sessions/authenticate', {
        body: { session_duration_minutes: minutes },
        sessionToken,
      });
      expect(response.status).toBe(200);
      const expected = testProvider.clock.now() + minutes * MINUTE;
      expect(response.json.data.session.expires_at).toBe(iso(expected));
      expect((await sessionRow(testProvider, sessionId)).expires_at).toBe(expected);
    }
  });

  it.each([
    [1, 'Too small: expected number to be >=5'],
    [4, 'Too small: expected number to be >=5'],
    [527_041, 'Too big: expected number to be <=527040'],
    [1e9, 'Too big: expected number to be <=527040'],
    [5.5, 'Invalid input: expected int, received number'],
    ['60', 'Invalid input: expected number, received string'],
  ])('refuses session_duration_minutes %j with a schema error and changes nothing', async (value, message) => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId } = await signIn(testProvider);
    const before = await sessionRow(testProvider, sessionId);
    testProvider.clock.advance(MINUTE);
    const response = await testProvider.call('POST', '/sessions/authenticate', {
      body: { session_duration_minutes: value },
      sessionToken,
    });
    expectSchemaError(response, [{ dataPath: '.session_duration_minutes', message }]);
    expect(await sessionRow(testProvider, sessionId)).toEqual(before);
  });
});

describe('POST /sessions/revoke', () => {
  it('revokes the session at once: the same token then gives session_not_found', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId } = await signIn(testProvider);
    const response = await testProvider.call('POST', '/sessions/revoke', { rawBody: '', sessionToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ data: { request_id: REQUEST_ID, status_code: 200 } });
    expect((await sessionRow(testProvider, sessionId)).revoked_at).toBe(testProvider.clock.now());
    const after = await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken });
    expect(after.status).toBe(404);
    expect(after.json).toEqual(SESSION_NOT_FOUND);
    const again = await testProvider.call('POST', '/sessions/revoke', { sessionToken });
    expect(again.json).toEqual(SESSION_NOT_FOUND);
  });

  it("revokes only the caller's session, not the user's other sessions", async () => {
    const testProvider = await startProvider();
    const first = await signIn(testProvider, { email: 'ada@example.com' });
    const second = await signIn(testProvider, { email: 'ada@example.com' });
    expect(second.userId).toBe(first.userId);
    await testProvider.call('POST', '/sessions/revoke', { sessionToken: first.sessionToken });
    const response = await testProvider.call('POST', '/sessions/authenticate', {
      body: {},
      sessionToken: second.sessionToken,
    });
    expect(response.status).toBe(200);
    expect(response.json.data.session.session_id).toBe(second.sessionId);
  });

  it('answers user_unauthenticated without a session token', async () => {
    const { call } = await startProvider();
    const response = await call('POST', '/sessions/revoke');
    expect(response.status).toBe(401);
    expect(response.json).toEqual(USER_UNAUTHENTICATED);
  });
});

describe('the session JWT', () => {
  it('is ES256, signed with a key the JWKS publishes, and names the user and the session', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId, userId } = await signIn(testProvider, { durationMinutes: 60 });
    const response = await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken });
    const { session_jwt: jwt, session } = response.json.data;
    const header = decodeProtectedHeader(jwt);
    expect(header).toEqual({ alg: 'ES256', kid: expect.any(String), typ: 'JWT' });
    const { keys } = await jwks(testProvider);
    // The signing key and the next one (published ahead of the rotation that will activate it).
    expect(keys).toHaveLength(2);
    const signing = keys.find((key: { kid?: string }) => key.kid === header.kid);
    expect(signing).toMatchObject({ kid: header.kid, alg: 'ES256', kty: 'EC', crv: 'P-256', use: 'sig' });
    // A public JWKS must never carry the private scalar.
    for (const key of keys) expect(key).not.toHaveProperty('d');
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await jwks(testProvider)), {
      algorithms: ['ES256'],
      audience: PROJECT_ID,
      issuer: ISSUER,
      currentDate: new Date(testProvider.clock.now()),
    });
    const iat = Math.floor(testProvider.clock.now() / 1000);
    expect(payload).toEqual({
      sub: userId,
      aud: PROJECT_ID,
      iss: ISSUER,
      iat,
      nbf: iat,
      exp: iat + 300,
      [SESSION_CLAIM]: {
        id: sessionId,
        started_at: session.started_at,
        last_accessed_at: session.last_accessed_at,
        expires_at: session.expires_at,
        attributes: session.attributes,
        authentication_factors: session.authentication_factors,
      },
      roles: ['stytch_user'],
    });
  });

  it('expires with the session when the session ends within five minutes', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider, { durationMinutes: 30 });
    testProvider.clock.advance(28 * MINUTE);
    const response = await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken });
    const claims = decodeJwt(response.json.data.session_jwt);
    expect(claims.exp).toBe(Date.parse(response.json.data.session.expires_at) / 1000);
    expect((claims.exp as number) - (claims.iat as number)).toBe(120);
  });

  it('is accepted in the Basic-auth password slot in place of the opaque token', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId, userId } = await signIn(testProvider);
    const jwt = (await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken })).json.data
      .session_jwt;
    const me = await testProvider.call('GET', '/users/me', { sessionToken: jwt });
    expect(me.status).toBe(200);
    expect(me.json.data.user_id).toBe(userId);
    // A refresh answers with the session token, which only the opaque token's holder has: a JWT is refused.
    const refreshed = await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken: jwt });
    expect(refreshed.status).toBe(401);
    expect(refreshed.json.error_type).toBe('invalid_session_token');
    expect(refreshed.json.error_message).toBe('Invalid session token.');
    expect((await sessionRow(testProvider, sessionId)).revoked_at).toBeNull();
  });

  it('is refused once its session is revoked, even before the JWT itself expires', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider);
    const jwt = (await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken })).json.data
      .session_jwt;
    await testProvider.call('POST', '/sessions/revoke', { sessionToken });
    const response = await testProvider.call('GET', '/users/me', { sessionToken: jwt });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(SESSION_NOT_FOUND);
  });

  it('is refused after its five minutes even though the session lives on', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider, { durationMinutes: 60 });
    const jwt = (await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken })).json.data
      .session_jwt;
    testProvider.clock.advance(5 * MINUTE);
    expect((await testProvider.call('GET', '/users/me', { sessionToken: jwt })).json).toEqual(SESSION_NOT_FOUND);
    expect((await testProvider.call('GET', '/users/me', { sessionToken })).status).toBe(200);
  });

  it('is refused when tampered with or signed by a key the provider does not hold', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId, userId } = await signIn(testProvider);
    const jwt: string = (await testProvider.call('POST', '/sessions/authenticate', { body: {}, sessionToken })).json
      .data.session_jwt;
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(jwt), sub: 'user-test-someone-else' }),
      'utf8',
    ).toString('base64url');
    const tampered = `${header}.${otherPayload}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    // Same kid, same claims, a stranger's key.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ [SESSION_CLAIM]: { id: sessionId } })
      .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(jwt).kid as string })
      .setSubject(userId)
      .setAudience(PROJECT_ID)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(testProvider.clock.now() / 1000))
      .setExpirationTime(Math.floor(testProvider.clock.now() / 1000) + 300)
      .sign(privateKey);
    for (const token of [tampered, unsigned, forged, 'a.b.c']) {
      const response = await testProvider.call('GET', '/users/me', { sessionToken: token });
      expect(response.status).toBe(404);
      expect(response.json).toEqual(SESSION_NOT_FOUND);
    }
  });
});

describe('touchSession (the refresh and session-change writer)', () => {
  it('never revives a session that expired after it was read, and confirmLive refuses one revoked since', async () => {
    const testProvider = await startProvider();
    const deps = providerDeps(testProvider);
    const { db } = testProvider.provider.database;
    const { sessionId } = await signIn(testProvider, { durationMinutes: 30 });
    const read = await sessionRow(testProvider, sessionId);
    // The refresh read the row a moment before its expiry, and writes after it: a duration must not extend it.
    testProvider.clock.advance(30 * MINUTE);
    await expect(touchSession(db, deps, read, 525_600)).rejects.toMatchObject({ errorType: 'session_not_found' });
    expect((await sessionRow(testProvider, sessionId)).expires_at).toBe(read.expires_at);

    // A live session revoked after it was read: without a duration the write is skipped (the row is fresh), unless
    // the caller asks the database whether it still stands.
    const other = await signIn(testProvider, { durationMinutes: 30 });
    const fresh = await sessionRow(testProvider, other.sessionId);
    await db
      .updateTable('sessions')
      .set({ revoked_at: testProvider.clock.now() })
      .where('session_id', '=', other.sessionId)
      .execute();
    expect((await touchSession(db, deps, fresh, undefined)).session_id).toBe(other.sessionId);
    await expect(touchSession(db, deps, fresh, undefined, true)).rejects.toMatchObject({
      errorType: 'session_not_found',
    });
  });
});

describe('recordAuthentication (the sign-in routes’ session writer)', () => {
  const factor = (emailId: string) => ({
    type: 'otp',
    delivery_method: 'email',
    email_factor: { email_id: emailId, email_address: 'ada@example.com' },
  });

  /** A route that signs `userId` in the way the OTP, magic-link and password routes do. */
  function signInApp(
    testProvider: TestProvider,
    options: { failAfterWrite?: boolean; afterSessionCheck?: () => Promise<void> } = {},
  ) {
    return appWithRoutes(testProvider, (routes) => {
      routes.post('/sdk/v1/test/sign-in', async (c) => {
        const body = (await c.req.json()) as { user_id: string; email_id: string; minutes?: number };
        const deps = c.get('deps');
        const current = await optionalSession(c);
        // What a concurrent request may do between the route's session check and its transaction.
        await options.afterSessionCheck?.();
        const started = await deps.db.transaction().execute(async (trx) => {
          const result = await recordAuthentication(trx, c, {
            userId: body.user_id,
            factor: factor(body.email_id),
            durationMinutes: body.minutes,
            current,
          });
          if (options.failAfterWrite) throw new Error('consume failed');
          return result;
        });
        return c.json({ data: await authenticateResponseFields(c, started) });
      });
    });
  }

  async function post(
    app: ReturnType<typeof signInApp>,
    body: object,
    sessionToken: string = PUBLIC_TOKEN,
  ): Promise<{ status: number; json: any }> {
    const response = await app.fetch(
      new Request('http://provider.test/sdk/v1/test/sign-in', {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${sessionToken}`).toString('base64')}`,
          'content-type': 'application/json',
          'user-agent': 'Mozilla/5.0 test',
        },
        body: JSON.stringify(body),
      }),
      { remoteAddress: '203.0.113.7' },
    );
    return { status: response.status, json: await response.json() };
  }

  it('starts a session with a fresh 256-bit token that is stored only as its SHA-256', async () => {
    const testProvider = await startProvider();
    const { userId, emailId } = await signIn(testProvider, { email: 'ada@example.com' });
    await testProvider.provider.database.db.deleteFrom('sessions').execute();
    const app = signInApp(testProvider);
    const response = await post(app, { user_id: userId, email_id: emailId });
    expect(response.status).toBe(200);
    const { session_token: token, session } = response.json.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await testProvider.provider.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const now = testProvider.clock.now();
    expect(session).toMatchObject({
      user_id: userId,
      started_at: iso(now),
      expires_at: iso(now + 30 * MINUTE),
      attributes: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 test' },
      authentication_factors: [{ ...factor(emailId as string), last_authenticated_at: iso(now) }],
    });
    // The token it answered is a working session token.
    expect((await testProvider.call('GET', '/users/me', { sessionToken: token })).status).toBe(200);
  });

  it('adds the factor to the caller’s live session of the same user, keeping token and expiry', async () => {
    const testProvider = await startProvider();
    const { userId, emailId, sessionToken, sessionId } = await signIn(testProvider, {
      email: 'ada@example.com',
      durationMinutes: 60,
    });
    const before = await sessionRow(testProvider, sessionId);
    testProvider.clock.advance(MINUTE);
    const response = await post(signInApp(testProvider), { user_id: userId, email_id: emailId }, sessionToken);
    expect(response.json.data.session_token).toBe(sessionToken);
    expect(response.json.data.session.session_id).toBe(sessionId);
    expect(response.json.data.session.expires_at).toBe(iso(before.expires_at));
    // The same factor again replaces the earlier entry rather than piling up.
    expect(response.json.data.session.authentication_factors).toEqual([
      { ...factor(emailId as string), last_authenticated_at: iso(testProvider.clock.now()) },
    ]);
    expect(await testProvider.provider.database.db.selectFrom('sessions').select('session_id').execute()).toHaveLength(
      1,
    );
  });

  it('moves the expiry of the continued session to now + an explicit duration', async () => {
    const testProvider = await startProvider();
    const { userId, emailId, sessionToken } = await signIn(testProvider, { email: 'ada@example.com' });
    testProvider.clock.advance(MINUTE);
    const response = await post(
      signInApp(testProvider),
      { user_id: userId, email_id: emailId, minutes: 600 },
      sessionToken,
    );
    expect(response.json.data.session.expires_at).toBe(iso(testProvider.clock.now() + 600 * MINUTE));
  });

  it('starts a separate session when the caller’s session belongs to another user', async () => {
    const testProvider = await startProvider();
    const other = await signIn(testProvider, { email: 'grace@example.com' });
    const { userId, emailId } = await signIn(testProvider, { email: 'ada@example.com' });
    const response = await post(signInApp(testProvider), { user_id: userId, email_id: emailId }, other.sessionToken);
    expect(response.json.data.user_id).toBe(userId);
    expect(response.json.data.session_token).not.toBe(other.sessionToken);
    expect(response.json.data.session.session_id).not.toBe(other.sessionId);
    const otherRow = await sessionRow(testProvider, other.sessionId);
    expect(JSON.parse(otherRow.factors)).toHaveLength(1);
  });

  it('refuses with session_not_found, writing nothing, when the caller’s session is revoked or expires before the write', async () => {
    const testProvider = await startProvider();
    const { db } = testProvider.provider.database;
    for (const end of ['revoked', 'expired'] as const) {
      const { userId, emailId, sessionToken, sessionId } = await signIn(testProvider, { email: 'ada@example.com' });
      const rows = () => db.selectFrom('sessions').selectAll().orderBy('session_id').execute();
      let before: Awaited<ReturnType<typeof rows>> = [];
      const app = signInApp(testProvider, {
        afterSessionCheck: async () => {
          if (end === 'expired') testProvider.clock.advance(30 * MINUTE);
          else {
            await db
              .updateTable('sessions')
              .set({ revoked_at: testProvider.clock.now() })
              .where('session_id', '=', sessionId)
              .execute();
          }
          before = await rows();
        },
      });
      const response = await post(app, { user_id: userId, email_id: emailId, minutes: 60 }, sessionToken);
      expect(response.status, end).toBe(404);
      expect(response.json, end).toEqual(SESSION_NOT_FOUND);
      // No fresh session in place of the dead one, and the dead one is neither revived nor extended.
      expect(await rows(), end).toEqual(before);
      // The same sign-in sent again with the now stale token is not continued from it: it starts a session as if
      // signed out (optionalSession ignores the dead token).
      const again = await post(signInApp(testProvider), { user_id: userId, email_id: emailId }, sessionToken);
      expect(again.status, end).toBe(200);
      expect(again.json.data.session.session_id, end).not.toBe(sessionId);
      expect(again.json.data.session_token, end).not.toBe(sessionToken);
    }
  });

  it('writes nothing when the surrounding transaction fails after it', async () => {
    const testProvider = await startProvider();
    const { userId, emailId } = await signIn(testProvider, { email: 'ada@example.com' });
    await testProvider.provider.database.db.deleteFrom('sessions').execute();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await post(signInApp(testProvider, { failAfterWrite: true }), {
      user_id: userId,
      email_id: emailId,
    });
    errors.mockRestore();
    expect(response.status).toBe(500);
    expect(await testProvider.provider.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});
