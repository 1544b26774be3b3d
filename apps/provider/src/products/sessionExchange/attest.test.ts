import { generateSecret, SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { authenticateResponse, expectedUser } from '../../../test/authenticateResponse';
import { expectError, expectSchemaError } from '../../../test/expectError';
import { signIn, snapshotRows } from '../../../testing/fixtures';
import { iso, START, startProvider, type TestProvider } from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';
import { ERROR_CATALOGUE } from '../../http/errors';
import { sha256Hex } from '../../services/secrets';
import {
  AUDIENCE,
  addVerifiedTotp,
  createTestIssuer,
  ISSUER,
  type JwksServer,
  PROFILE_ID,
  serveJwks,
  type TestIssuer,
} from './testing';

const MINUTE = 60_000;
const EMAIL = 'ada@example.com';

const servers: JwksServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A provider trusting `issuer` under PROFILE_ID, by its PEM (default) or a JWKS served on 127.0.0.1. */
async function trustingProvider(
  issuer: TestIssuer,
  options: { via?: 'pem' | 'jwks'; emailClaim?: string; extra?: ProviderConfigInput['project'] } = {},
): Promise<TestProvider> {
  const profile: Record<string, unknown> = { profileId: PROFILE_ID, issuer: ISSUER, audience: AUDIENCE };
  if (options.emailClaim) profile.emailClaim = options.emailClaim;
  if (options.via === 'jwks') {
    const server = await serveJwks([issuer.publicJwk]);
    servers.push(server);
    profile.jwksUrl = server.url;
  } else {
    profile.publicKeyPem = issuer.publicPem;
  }
  return startProvider({ project: { ...options.extra, trustedAuthTokens: [profile as never] } });
}

const attest = (t: TestProvider, body: Record<string, unknown>, sessionToken?: string) =>
  t.post('/sessions/attest', { profile_id: PROFILE_ID, ...body }, sessionToken);

function trustedFactor(emailId: unknown, at: number, subject: string | null = 'issuer-subject-1', email = EMAIL) {
  return {
    type: 'trusted_auth_token',
    delivery_method: 'trusted_token_exchange',
    last_authenticated_at: iso(at),
    trusted_auth_token_factor: { profile_id: PROFILE_ID, subject, email_id: emailId, email_address: email },
  };
}

const sessionsAndUsers = (t: TestProvider) => snapshotRows(t, ['users', 'emails', 'sessions', 'passwords']);

describe('POST /sessions/attest', () => {
  for (const [alg, via] of [
    ['RS256', 'pem'],
    ['ES256', 'jwks'],
    ['EdDSA', 'pem'],
    ['EdDSA', 'jwks'],
  ] as const) {
    it(`signs up a new email as a verified user, then signs it in again (${alg}, ${via})`, async () => {
      const issuer = await createTestIssuer(alg);
      const t = await trustingProvider(issuer, { via });
      const token = await issuer.sign({ email: 'Ada@Example.com' }, { nowMs: t.clock.now() });

      const first = await attest(t, { token, session_duration_minutes: 45 });
      expect(first.status).toBe(200);
      const { user_id: userId } = first.json.data;
      const emailId = first.json.data.user.emails[0]?.email_id;
      expect(first.json.data).toEqual(
        authenticateResponse({
          userId,
          user: expectedUser(userId, { emails: [{ email_id: emailId, email: EMAIL, verified: true }] }),
          factors: [trustedFactor(emailId, START)],
          expiresAt: START + 45 * MINUTE,
        }),
      );
      const row = await t.provider.database.db
        .selectFrom('sessions')
        .selectAll()
        .where('session_id', '=', first.json.data.session.session_id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256Hex(first.json.data.session_token));

      t.clock.advance(MINUTE);
      const again = await attest(t, { token: await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() }) });
      expect(again.status).toBe(200);
      expect(again.json.data.user_id).toBe(userId);
      expect(again.json.data.session.session_id).not.toBe(first.json.data.session.session_id);
      expect(again.json.data.session.expires_at).toBe(iso(START + MINUTE + 30 * MINUTE));
      expect(await t.provider.database.db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
    });
  }

  it('signs in the owner of an existing verified email, and reads the profile emailClaim', async () => {
    const issuer = await createTestIssuer('ES256');
    const t = await trustingProvider(issuer, { emailClaim: 'https://example.com/email' });
    const { userId, emailId } = await signIn(t, { email: EMAIL });
    const token = await issuer.sign(
      { 'https://example.com/email': EMAIL, email: 'someone-else@example.com', sub: undefined },
      { nowMs: t.clock.now() },
    );
    const response = await attest(t, { token });
    expect(response.status).toBe(200);
    expect(response.json.data.user_id).toBe(userId);
    expect(response.json.data.session.authentication_factors).toEqual([trustedFactor(emailId, START, null)]);
  });

  it('refuses every token that does not verify with invalid_token, and writes nothing', async () => {
    const issuer = await createTestIssuer('RS256');
    const stranger = await createTestIssuer('RS256');
    const t = await trustingProvider(issuer);
    const now = t.clock.now();
    const seconds = Math.floor(now / 1000);
    const sign = (claims: Record<string, unknown>) => issuer.sign({ email: EMAIL, ...claims }, { nowMs: now });
    const hmacKey = await generateSecret('HS256');
    const refused: [string, string][] = [
      ['wrong issuer', await sign({ iss: 'https://evil.example' })],
      ['no issuer', await sign({ iss: undefined })],
      ['wrong audience', await sign({ aud: 'another-audience' })],
      ['no audience', await sign({ aud: undefined })],
      ['no exp', await sign({ exp: undefined })],
      ['expired', await sign({ exp: seconds - 1 })],
      ['not yet valid', await sign({ nbf: seconds + 600 })],
      ['bad signature', await issuer.sign({ email: EMAIL }, { nowMs: now, signWith: stranger })],
      ['alg none', new UnsecuredJWT({ iss: ISSUER, aud: AUDIENCE, exp: seconds + 300, email: EMAIL }).encode()],
      [
        'HS256',
        await new SignJWT({ iss: ISSUER, aud: AUDIENCE, exp: seconds + 300, email: EMAIL })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(hmacKey),
      ],
      ['not a JWT', 'not-a-jwt'],
      ['garbage segments', 'a.b.c'],
    ];
    const before = await sessionsAndUsers(t);
    for (const [why, token] of refused) {
      const response = await attest(t, { token });
      expect(response.status, why).toBe(401);
      expect(response.json.error_type, why).toBe('invalid_token');
      expect(response.json.error_message, why).toBe(ERROR_CATALOGUE.invalid_token.message);
    }
    // A token that verifies but carries no usable address.
    for (const email of [undefined, 42, 'not-an-email', `${'a'.repeat(250)}@example.com`]) {
      const response = await attest(t, { token: await sign({ email }) });
      expectError(response, 401, 'invalid_token', {
        error_message: "The token's email claim (the profile's emailClaim) is not an email address.",
      });
    }
    expect(await sessionsAndUsers(t)).toEqual(before);
    // A token whose issuer says it has not proved the address (email_verified false): the owner's account here
    // (verified by passcode) must not be signed in to by whoever typed the address at the issuer.
    await signIn(t, { email: EMAIL });
    const owners = await sessionsAndUsers(t);
    for (const email_verified of [false, 'false']) {
      const response = await attest(t, { token: await sign({ email_verified, sub: 'stranger-at-issuer' }) });
      expectError(response, 401, 'invalid_token', {
        error_message:
          'The token says its email address is not verified (email_verified is false): verify it with the issuer first.',
      });
    }
    expect(await sessionsAndUsers(t)).toEqual(owners);
    // A token that says it is verified, or says nothing, is the owner's.
    for (const email_verified of [true, undefined]) {
      expect((await attest(t, { token: await sign({ email_verified }) })).status).toBe(200);
    }
  });

  it('refuses a token that expired while the clock moved on', async () => {
    const issuer = await createTestIssuer('ES256');
    const t = await trustingProvider(issuer);
    const token = await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() });
    t.clock.advance(5 * MINUTE);
    expectError(await attest(t, { token }), 401, 'invalid_token');
  });

  it('refuses an unknown profile with trusted_auth_token_profile_not_found', async () => {
    const issuer = await createTestIssuer();
    const t = await trustingProvider(issuer);
    const token = await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() });
    expectError(
      await t.post('/sessions/attest', { profile_id: 'nope', token }),
      404,
      'trusted_auth_token_profile_not_found',
    );
    expectSchemaError(await t.post('/sessions/attest', { token }), ['.profile_id']);
    expectSchemaError(await attest(t, { token: 7 }), ['.token']);
  });

  it('says so when the issuer JWKS cannot be fetched', async () => {
    const issuer = await createTestIssuer('ES256');
    const server = await serveJwks([issuer.publicJwk]);
    const url = server.url;
    await server.close();
    const t = await startProvider({
      project: { trustedAuthTokens: [{ profileId: PROFILE_ID, issuer: ISSUER, audience: AUDIENCE, jwksUrl: url }] },
    });
    const response = await attest(t, { token: await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() }) });
    expectError(response, 401, 'invalid_token', {
      error_message: "The token could not be verified: the issuer's keys (jwksUrl) could not be fetched.",
    });
  });

  it('verifies the pre-hijack way: a stranger password on the unverified email goes, with its sessions', async () => {
    const issuer = await createTestIssuer();
    const t = await trustingProvider(issuer);
    const stranger = await t.post('/passwords', {
      email: EMAIL,
      password: 'dragonfly-marmalade-41',
      session_duration_minutes: 60,
    });
    expect(stranger.status).toBe(200);
    expect(stranger.json.data.user.emails[0].verified).toBe(false);
    const strangerUserId = stranger.json.data.user_id;

    const response = await attest(t, { token: await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() }) });
    expect(response.status).toBe(200);
    expect(response.json.data.user_id).toBe(strangerUserId);
    expect(response.json.data.user.password).toBeNull();
    expect(response.json.data.user.emails[0].verified).toBe(true);
    // The stranger's session was revoked by the owner's proof.
    const old = await t.call('GET', '/users/me', { sessionToken: stranger.json.data.session_token });
    expect(old.status).toBe(404);
    expect((await t.call('GET', '/users/me', { sessionToken: response.json.data.session_token })).status).toBe(200);
  });

  it('adds the factor to the named session of the same user (session_token, or session_jwt with Basic auth)', async () => {
    const issuer = await createTestIssuer();
    const t = await trustingProvider(issuer);
    const { userId, emailId, sessionId, sessionToken } = await signIn(t, { email: EMAIL });
    t.clock.advance(MINUTE);
    const token = await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() });

    const response = await attest(t, { token, session_token: sessionToken, session_duration_minutes: 120 });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({
      user_id: userId,
      session_token: sessionToken,
      session: { session_id: sessionId, expires_at: iso(START + MINUTE + 120 * MINUTE) },
    });
    expect(response.json.data.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'otp', delivery_method: 'email' }),
      trustedFactor(emailId, START + MINUTE),
    ]);

    // By its JWT: the opaque token the answer hands back comes from the request's Basic auth.
    const jwt = response.json.data.session_jwt;
    const byJwt = await attest(t, { token, session_jwt: jwt }, sessionToken);
    expect(byJwt.status).toBe(200);
    expect(byJwt.json.data).toMatchObject({ session_token: sessionToken, session: { session_id: sessionId } });
    // A JWT alone cannot give the opaque token back.
    expectError(await attest(t, { token, session_jwt: jwt }), 401, 'invalid_session_token', {
      error_message:
        'Invalid session token: the answer must carry the opaque session token, which only its holder has. Pass session_token (the stytch_session cookie).',
    });
  });

  it("refuses another user's session, or one of nobody yet, with session_user_mismatch, writing nothing", async () => {
    const issuer = await createTestIssuer();
    const t = await trustingProvider(issuer);
    const grace = await signIn(t, { email: 'grace@example.com' });
    await signIn(t, { email: EMAIL });
    const before = await sessionsAndUsers(t);
    const token = await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() });
    expectError(await attest(t, { token, session_token: grace.sessionToken }), 403, 'session_user_mismatch');
    // The Basic-auth session counts too when it is the one named by JWT.
    const newcomer = await issuer.sign({ email: 'new@example.com' }, { nowMs: t.clock.now() });
    expectError(await attest(t, { token: newcomer, session_token: grace.sessionToken }), 403, 'session_user_mismatch');
    expect(await sessionsAndUsers(t)).toEqual(before);

    // Without naming a session, another user's Basic-auth session is left alone and the token's user signs in.
    const plain = await attest(t, { token }, grace.sessionToken);
    expect(plain.status).toBe(200);
    expect(plain.json.data.session.session_id).not.toBe(grace.sessionId);
  });

  it('refuses a dead named session with session_not_found, and two credentials of different sessions', async () => {
    const issuer = await createTestIssuer();
    const t = await trustingProvider(issuer);
    const ada = await signIn(t, { email: EMAIL });
    const other = await signIn(t, { email: EMAIL });
    const token = await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() });
    expectError(await attest(t, { token, session_token: 'not-a-session' }), 404, 'session_not_found');
    const jwt = (await t.post('/sessions/authenticate', {}, other.sessionToken)).json.data.session_jwt;
    expectError(
      await attest(t, { token, session_token: ada.sessionToken, session_jwt: jwt }),
      401,
      'invalid_session_token',
      {
        error_message: 'Invalid session token: session_token and session_jwt name different sessions.',
      },
    );
    await t.provider.database.db.updateTable('sessions').set({ revoked_at: t.clock.now() }).execute();
    expectError(await attest(t, { token, session_token: ada.sessionToken }), 404, 'session_not_found');
  });

  it('starts an intermediate session when the project requires a second factor and the user has one', async () => {
    const issuer = await createTestIssuer();
    const t = await trustingProvider(issuer, { extra: { mfa: { required: true } } });
    const { userId } = await signIn(t, { email: EMAIL });
    await addVerifiedTotp(t.provider.database.db, t.projectId, userId, t.clock.now());
    const response = await attest(t, { token: await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() }) });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({ user_id: userId, session_token: '', session_jwt: '' });
    expect(response.json.data.intermediate_session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('creates one user when fifty attests of a new email arrive at once', async () => {
    const issuer = await createTestIssuer('ES256');
    const t = await trustingProvider(issuer);
    const token = await issuer.sign({ email: EMAIL }, { nowMs: t.clock.now() });
    const responses = await Promise.all(Array.from({ length: 50 }, () => attest(t, { token })));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const { db } = t.provider.database;
    expect(await db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
    expect(await db.selectFrom('emails').select('verified').execute()).toEqual([{ verified: 1 }]);
    expect(await db.selectFrom('sessions').select('session_id').where('revoked_at', 'is', null).execute()).toHaveLength(
      50,
    );
  });
});
