// Account pre-hijacking through `POST /sdk/v1/sessions/attest`: a session the request carries never spares the
// account its reset. A stranger who signed up with the owner's address (password, address unverified) and planted
// that session in the owner's browser (a cookie tossed from a sibling subdomain, a login CSRF) must not keep the
// account once the owner attests it.
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/expectError';
import { signIn } from '../../../testing/fixtures';
import { startProvider, type TestProvider } from '../../../testing/harness';
import { AUDIENCE, createTestIssuer, ISSUER, PROFILE_ID, type TestIssuer } from './testing';

const OWNER = 'ada@example.com';
const STRANGER_PASSWORD = 'dragonfly-marmalade-41';

const trustingProvider = (issuer: TestIssuer): Promise<TestProvider> =>
  startProvider({
    project: {
      trustedAuthTokens: [
        { profileId: PROFILE_ID, issuer: ISSUER, audience: AUDIENCE, publicKeyPem: issuer.publicPem },
      ],
    },
  });

/** The stranger's sign-up with the owner's address: a password, the address unverified, and a live session. */
async function strangerSignUp(t: TestProvider): Promise<{ userId: string; sessionId: string; sessionToken: string }> {
  const created = await t.post('/passwords', {
    email: OWNER,
    password: STRANGER_PASSWORD,
    session_duration_minutes: 60,
  });
  expect(created.status).toBe(200);
  expect(created.json.data.user.emails[0].verified).toBe(false);
  return {
    userId: created.json.data.user_id,
    sessionId: created.json.data.session.session_id,
    sessionToken: created.json.data.session_token,
  };
}

describe('POST /sessions/attest with a planted session of the account (account pre-hijacking)', () => {
  for (const carried of ['Basic auth', 'session_token'] as const) {
    it(`runs the reset and answers a new session, the stranger's carried by ${carried}`, async () => {
      const issuer = await createTestIssuer();
      const t = await trustingProvider(issuer);
      const stranger = await strangerSignUp(t);

      // The owner, whose browser holds the stranger's session, attests the address.
      const token = await issuer.sign({ email: OWNER }, { nowMs: t.clock.now() });
      const response =
        carried === 'Basic auth'
          ? await t.post('/sessions/attest', { profile_id: PROFILE_ID, token }, stranger.sessionToken)
          : await t.post('/sessions/attest', { profile_id: PROFILE_ID, token, session_token: stranger.sessionToken });
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      const answer = response.json.data;
      expect(answer.user_id).toBe(stranger.userId);
      expect(answer.user.emails[0].verified).toBe(true);
      // What the stranger attached is gone.
      expect(answer.user.password).toBeNull();
      // The owner gets a session of their own, never the stranger's, with only the attested factor.
      expect(answer.session_token).not.toBe(stranger.sessionToken);
      expect(answer.session.session_id).not.toBe(stranger.sessionId);
      expect(answer.session.authentication_factors.map((factor: { type: string }) => factor.type)).toEqual([
        'trusted_auth_token',
      ]);
      // The answer keeps its shape: the contract lists no account_reset for attest.
      expect(answer).not.toHaveProperty('account_reset');

      // The stranger's session is revoked; the owner's works.
      expect((await t.call('GET', '/users/me', { sessionToken: stranger.sessionToken })).status).toBe(404);
      expect((await t.call('GET', '/users/me', { sessionToken: answer.session_token })).status).toBe(200);
      const { db } = t.provider.database;
      expect(await db.selectFrom('passwords').selectAll().execute()).toEqual([]);
      expect(
        await db
          .selectFrom('sessions')
          .select('session_id')
          .where('user_id', '=', stranger.userId)
          .where('revoked_at', 'is', null)
          .execute(),
      ).toEqual([{ session_id: answer.session.session_id }]);

      // The stranger's password no longer signs in.
      expectError(
        await t.post('/passwords/authenticate', { email: OWNER, password: STRANGER_PASSWORD }),
        400,
        'no_user_password',
      );
    });
  }

  it("still merges into the caller's session when the address is verified already (Basic auth)", async () => {
    const issuer = await createTestIssuer();
    const t = await trustingProvider(issuer);
    const owner = await signIn(t, { email: OWNER });
    const token = await issuer.sign({ email: OWNER }, { nowMs: t.clock.now() });

    const response = await t.post('/sessions/attest', { profile_id: PROFILE_ID, token }, owner.sessionToken);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json.data).toMatchObject({
      user_id: owner.userId,
      session_token: owner.sessionToken,
      session: { session_id: owner.sessionId },
    });
    expect(response.json.data.session.authentication_factors.map((factor: { type: string }) => factor.type)).toEqual([
      'otp',
      'trusted_auth_token',
    ]);
    expect((await t.call('GET', '/users/me', { sessionToken: owner.sessionToken })).status).toBe(200);
  });
});
