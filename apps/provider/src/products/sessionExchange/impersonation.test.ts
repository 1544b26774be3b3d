import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { authenticateResponse, expectedUser } from '../../../test/authenticateResponse';
import { errorBody, expectError, expectSchemaError, REQUEST_ID } from '../../../test/expectError';
import { signIn, snapshotRows } from '../../../testing/fixtures';
import { type CallResult, iso, START, startProvider, type TestProvider } from '../../../testing/harness';
import { sha256Hex } from '../../services/secrets';
import { SESSION_CLAIM } from '../../services/signer';
import { addVerifiedTotp, secretKeyAuthorization } from './testing';

const MINUTE = 60_000;
const ADMIN = 'admin-grace@example.com';

/** `POST /v1/impersonation_tokens` as the project's back end makes it: no Origin, the secret key. */
function issue(t: TestProvider, body: unknown, authorization = secretKeyAuthorization(t.projectId, t.secretKey)) {
  return t.call('POST', '/v1/impersonation_tokens', { body, origin: null, authorization });
}

async function issueFor(t: TestProvider, userId: string, impersonatorId = ADMIN): Promise<string> {
  const response = await issue(t, { user_id: userId, impersonator_id: impersonatorId, reason: 'ticket 42' });
  expect(response.status).toBe(200);
  return response.json.data.impersonation_token;
}

const redeem = (t: TestProvider, body: Record<string, unknown>, sessionToken?: string): Promise<CallResult> =>
  t.post('/impersonation/authenticate', body, sessionToken);

function impersonatedFactor(at: number, impersonatorId = ADMIN) {
  return {
    type: 'impersonated',
    delivery_method: 'impersonation',
    last_authenticated_at: iso(at),
    impersonated_factor: { impersonator_id: impersonatorId },
  };
}

describe('POST /v1/impersonation_tokens', () => {
  it('issues a five-minute token for a user, storing only its hash with who and why', async () => {
    const t = await startProvider();
    const { userId } = await signIn(t, { email: 'ada@example.com' });
    const response = await issue(t, { user_id: userId, impersonator_id: ADMIN, reason: 'ticket 42' });
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      impersonation_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_at: iso(START + 5 * MINUTE),
    });
    const rows = await t.provider.database.db.selectFrom('impersonation_tokens').selectAll().execute();
    expect(rows).toEqual([
      {
        token_hash: sha256Hex(response.json.data.impersonation_token),
        project_id: t.projectId,
        user_id: userId,
        impersonator_id: ADMIN,
        reason: 'ticket 42',
        created_at: START,
        expires_at: START + 5 * MINUTE,
        consumed_at: null,
      },
    ]);
  });

  it('refuses without the secret key, from a browser, for an unknown user, and a malformed body', async () => {
    const t = await startProvider();
    const { userId } = await signIn(t, { email: 'ada@example.com' });
    const body = { user_id: userId, impersonator_id: ADMIN };
    const wrong = await issue(t, body, secretKeyAuthorization(t.projectId, 'not-the-key'));
    expect(wrong.status).toBe(401);
    expect(wrong.json.error_type).toBe('invalid_secret_authentication');
    const publicToken = await issue(
      t,
      body,
      `Basic ${Buffer.from(`${t.provider.config.project.publicToken}:x`).toString('base64')}`,
    );
    expect(publicToken.json.error_type).toBe('invalid_secret_authentication');
    // The SDK's own credentials (Basic public token) from a browser.
    const browser = await t.call('POST', '/v1/impersonation_tokens', { body });
    expect(browser.status).toBe(403);
    expect(browser.json).toEqual(
      errorBody(
        403,
        'origin_not_allowed',
        'Server calls are not answered to browsers: the secret key must never be sent from one.',
      ),
    );
    expectError(await issue(t, { user_id: 'user-test-nobody', impersonator_id: ADMIN }), 404, 'user_not_found');
    expectSchemaError(await issue(t, { user_id: userId }), ['.impersonator_id']);
    expectSchemaError(await issue(t, { ...body, impersonator_id: '' }), ['.impersonator_id']);
    expectSchemaError(await issue(t, { ...body, extra: 1 }), ['']);
    expect(await t.provider.database.db.selectFrom('impersonation_tokens').selectAll().execute()).toEqual([]);
  });
});

describe('POST /impersonation/authenticate', () => {
  it('opens a marked, 60-minute session with the impersonated factor, __user and act in the JWT', async () => {
    const t = await startProvider();
    const { userId, emailId, sessionId } = await signIn(t, { email: 'ada@example.com' });
    const token = await issueFor(t, userId);
    t.clock.advance(MINUTE);
    const now = START + MINUTE;

    const response = await redeem(t, { impersonation_token: token });
    expect(response.status).toBe(200);
    const user = expectedUser(userId, { emails: [{ email_id: emailId, email: 'ada@example.com', verified: true }] });
    const expected = authenticateResponse({
      userId,
      user,
      factors: [impersonatedFactor(now)],
      startedAt: now,
      expiresAt: now + 60 * MINUTE,
    });
    expect(response.json.data).toEqual({
      ...expected,
      session: { ...expected.session, impersonator_id: ADMIN },
      __user: user,
    });
    const session = response.json.data.session;
    expect(session.session_id).not.toBe(sessionId);
    const row = await t.provider.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('session_id', '=', session.session_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      impersonator_id: ADMIN,
      token_hash: sha256Hex(response.json.data.session_token),
      expires_at: now + 60 * MINUTE,
    });

    // The JWT: sub is the user, act names the impersonator (RFC 8693 §4.1).
    const jwks = (await t.call('GET', '/.well-known/jwks.json')).json;
    const { payload } = await jwtVerify(response.json.data.session_jwt, createLocalJWKSet(jwks), {
      audience: t.projectId,
      issuer: `latchkey/${t.projectId}`,
      currentDate: new Date(now),
    });
    expect(payload.sub).toBe(userId);
    expect(payload.act).toEqual({ sub: ADMIN });
    expect((payload[SESSION_CLAIM] as { id: string }).id).toBe(session.session_id);

    // The session works, a refresh keeps the mark and the JWT claim.
    const refreshed = await t.post('/sessions/authenticate', {}, response.json.data.session_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.data.session.impersonator_id).toBe(ADMIN);
    const again = await jwtVerify(refreshed.json.data.session_jwt, createLocalJWKSet(jwks), {
      currentDate: new Date(now),
    });
    expect(again.payload.act).toEqual({ sub: ADMIN });
    // The user's own sessions carry neither.
    const own = await t.post(
      '/sessions/authenticate',
      {},
      (await signIn(t, { email: 'ada@example.com' })).sessionToken,
    );
    expect(own.json.data.session).not.toHaveProperty('impersonator_id');
    const ownJwt = await jwtVerify(own.json.data.session_jwt, createLocalJWKSet(jwks), { currentDate: new Date(now) });
    expect(ownJwt.payload).not.toHaveProperty('act');
  });

  it('caps the lifetime at 60 minutes: a shorter duration is kept, a longer one and any refresh are capped', async () => {
    const t = await startProvider();
    const { userId } = await signIn(t);
    const short = await redeem(t, { impersonation_token: await issueFor(t, userId), session_duration_minutes: 15 });
    expect(short.json.data.session.expires_at).toBe(iso(START + 15 * MINUTE));
    const long = await redeem(t, { impersonation_token: await issueFor(t, userId), session_duration_minutes: 600 });
    expect(long.json.data.session.expires_at).toBe(iso(START + 60 * MINUTE));

    // A refresh asking for a day, or a sign-in adding a factor, never takes it past started_at + 60 minutes.
    t.clock.advance(30 * MINUTE);
    const refreshed = await t.post(
      '/sessions/authenticate',
      { session_duration_minutes: 1440 },
      long.json.data.session_token,
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.data.session.expires_at).toBe(iso(START + 60 * MINUTE));
    const shortened = await t.post(
      '/sessions/authenticate',
      { session_duration_minutes: 5 },
      long.json.data.session_token,
    );
    expect(shortened.json.data.session.expires_at).toBe(iso(START + 35 * MINUTE));
    t.clock.advance(6 * MINUTE);
    expectError(await t.post('/sessions/authenticate', {}, long.json.data.session_token), 404, 'session_not_found');
  });

  it('refuses an unknown, used or expired token with impersonation_token_not_found, changing nothing', async () => {
    const t = await startProvider();
    const { userId } = await signIn(t);
    const used = await issueFor(t, userId);
    expect((await redeem(t, { impersonation_token: used })).status).toBe(200);
    const expiring = await issueFor(t, userId);
    t.clock.advance(5 * MINUTE);
    const before = await snapshotRows(t, ['sessions', 'users']);
    const tokensBefore = await t.provider.database.db.selectFrom('impersonation_tokens').selectAll().execute();
    for (const token of ['never-issued', used, expiring]) {
      expectError(await redeem(t, { impersonation_token: token }), 401, 'impersonation_token_not_found');
    }
    expect(await snapshotRows(t, ['sessions', 'users'])).toEqual(before);
    expect(await t.provider.database.db.selectFrom('impersonation_tokens').selectAll().execute()).toEqual(tokensBefore);
    expectSchemaError(await redeem(t, {}), ['.impersonation_token']);
    expectSchemaError(await redeem(t, { impersonation_token: 'x'.repeat(300) }), ['.impersonation_token']);
  });

  it('accepts the SDK captcha and DFP fields, and never merges into the caller session', async () => {
    const t = await startProvider();
    const { userId, sessionToken, sessionId } = await signIn(t);
    const response = await redeem(
      t,
      { impersonation_token: await issueFor(t, userId), captcha_token: 'c', dfp_telemetry_id: 'd' },
      sessionToken,
    );
    expect(response.status).toBe(200);
    expect(response.json.data.session.session_id).not.toBe(sessionId);
    expect(response.json.data.session.authentication_factors).toEqual([impersonatedFactor(START)]);
  });

  it('asks for no second factor, even when the project requires one and the user has one', async () => {
    const t = await startProvider({ project: { mfa: { required: true } } });
    const { userId } = await signIn(t);
    await addVerifiedTotp(t.provider.database.db, t.projectId, userId, t.clock.now());
    const response = await redeem(t, { impersonation_token: await issueFor(t, userId) });
    expect(response.status).toBe(200);
    expect(response.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.json.data).not.toHaveProperty('intermediate_session_token');
  });

  it('an impersonated session cannot make sensitive changes (no recent password or email factor)', async () => {
    const t = await startProvider();
    const { userId } = await signIn(t);
    const response = await redeem(t, { impersonation_token: await issueFor(t, userId) });
    const attempt = await t.post(
      '/passwords/session/reset',
      { password: 'dragonfly-marmalade-41' },
      response.json.data.session_token,
    );
    expect(attempt.status).toBe(403);
    expect(attempt.json.error_type).toBe('reauthentication_required');
  });

  it("a password change ends the user's tokens not redeemed yet; a redeemed one stays as the record, others' stay usable", async () => {
    const t = await startProvider();
    const { userId, sessionToken } = await signIn(t);
    const redeemed = await issueFor(t, userId);
    expect((await redeem(t, { impersonation_token: redeemed })).status).toBe(200);
    const pending = await issueFor(t, userId);
    const lin = await signIn(t, { email: 'lin@example.com' });
    const linsToken = await issueFor(t, lin.userId);
    const change = await t.post('/passwords/session/reset', { password: 'dragonfly-marmalade-41-xq' }, sessionToken);
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    expectError(await redeem(t, { impersonation_token: pending }), 401, 'impersonation_token_not_found');
    const rows = await t.provider.database.db
      .selectFrom('impersonation_tokens')
      .select(['token_hash', 'consumed_at'])
      .orderBy('created_at')
      .orderBy('token_hash')
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { token_hash: sha256Hex(redeemed), consumed_at: START },
        { token_hash: sha256Hex(linsToken), consumed_at: null },
      ]),
    );
    expect(rows).toHaveLength(2);
    expect((await redeem(t, { impersonation_token: linsToken })).status).toBe(200);
  });

  it('lets exactly one of fifty parallel redemptions of one token start a session', async () => {
    const t = await startProvider();
    const { userId } = await signIn(t);
    const token = await issueFor(t, userId);
    const { db } = t.provider.database;
    const before = (await db.selectFrom('sessions').select('session_id').execute()).length;
    const responses = await Promise.all(Array.from({ length: 50 }, () => redeem(t, { impersonation_token: token })));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expectError(response, 401, 'impersonation_token_not_found');
    }
    expect(await db.selectFrom('sessions').select('session_id').execute()).toHaveLength(before + 1);
    expect(
      await db.selectFrom('sessions').select('impersonator_id').where('impersonator_id', 'is not', null).execute(),
    ).toEqual([{ impersonator_id: ADMIN }]);
  });
});

describe('the purge of impersonation tokens', () => {
  it('keeps a redeemed token as the record for purge.authFailuresDays; an unredeemed one goes 5 minutes after expiry', async () => {
    const t = await startProvider();
    const { userId } = await signIn(t);
    const { db } = t.provider.database;
    const used = await issueFor(t, userId);
    expect((await redeem(t, { impersonation_token: used })).status).toBe(200);
    const unused = await issueFor(t, userId);
    const record = {
      token_hash: sha256Hex(used),
      project_id: t.projectId,
      user_id: userId,
      impersonator_id: ADMIN,
      reason: 'ticket 42',
      created_at: START,
      expires_at: START + 5 * MINUTE,
      consumed_at: START,
    };
    const rows = () => db.selectFrom('impersonation_tokens').selectAll().execute();
    expect((await rows()).map((row) => row.token_hash).sort()).toEqual([sha256Hex(used), sha256Hex(unused)].sort());

    // Expiry (5 minutes) plus the purge's margin (5 minutes) has passed: the unredeemed token goes, the record of who
    // impersonated whom, when and why stays. The used token is refused all the same.
    t.clock.advance(11 * MINUTE);
    expect((await t.provider.purge({ force: true })).ran).toBe(true);
    expect(await rows()).toEqual([record]);
    expectError(await redeem(t, { impersonation_token: used }), 401, 'impersonation_token_not_found');

    // It stays purge.authFailuresDays (30 by default) after its use, and goes then.
    const DAY = 24 * 60 * MINUTE;
    t.clock.advance(30 * DAY - 12 * MINUTE);
    await t.provider.purge({ force: true });
    expect(await rows()).toEqual([record]);
    t.clock.advance(MINUTE);
    await t.provider.purge({ force: true });
    expect(await rows()).toEqual([]);
  });
});
