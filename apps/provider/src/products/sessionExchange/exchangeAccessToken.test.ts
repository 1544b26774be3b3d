import { describe, expect, it } from 'vitest';
import { authenticateResponse, expectedUser } from '../../../test/authenticateResponse';
import { expectError, expectSchemaError } from '../../../test/expectError';
import { signIn, snapshotRows } from '../../../testing/fixtures';
import { iso, START, startProvider, type TestProvider } from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';
import { sha256Hex } from '../../services/secrets';
import { addVerifiedTotp, IDP_CLIENT, insertAccessToken } from './testing';

const MINUTE = 60_000;
const CONFIG: ProviderConfigInput = { project: { idp: { clients: [IDP_CLIENT] } } };

async function userWithToken(
  t: TestProvider,
  scopes: string,
  extra: Parameters<typeof insertAccessToken>[1] | object = {},
) {
  const signedIn = await signIn(t, { email: 'ada@example.com' });
  const token = await insertAccessToken(t.provider.database.db, {
    projectId: t.projectId,
    userId: signedIn.userId,
    now: t.clock.now(),
    scopes,
    ...extra,
  });
  return { ...signedIn, token };
}

const exchange = (t: TestProvider, body: unknown, sessionToken?: string) =>
  t.post('/sessions/exchange_access_token', body, sessionToken);

describe('POST /sessions/exchange_access_token', () => {
  it('starts a new session for the token user with the exchange factor, a full AuthenticateResponse', async () => {
    const t = await startProvider(CONFIG);
    const { userId, emailId, sessionId, token } = await userWithToken(t, 'openid full_access email');
    t.clock.advance(MINUTE);

    const response = await exchange(t, { access_token: token, session_duration_minutes: 90 });
    expect(response.status).toBe(200);
    const now = START + MINUTE;
    expect(response.json.data).toEqual(
      authenticateResponse({
        userId,
        user: expectedUser(userId, { emails: [{ email_id: emailId, email: 'ada@example.com', verified: true }] }),
        factors: [
          {
            type: 'oauth_access_token_exchange',
            delivery_method: 'oauth_access_token_exchange',
            last_authenticated_at: iso(now),
            oauth_access_token_exchange_factor: { client_id: IDP_CLIENT.clientId },
          },
        ],
        startedAt: now,
        expiresAt: now + 90 * MINUTE,
      }),
    );
    // A new session, not the user's existing one.
    expect(response.json.data.session.session_id).not.toBe(sessionId);
    const row = await t.provider.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('session_id', '=', response.json.data.session.session_id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(response.json.data.session_token));
    expect(row.impersonator_id).toBeNull();
    // The new session works.
    const me = await t.call('GET', '/users/me', { sessionToken: response.json.data.session_token });
    expect(me.status).toBe(200);

    // The token is not used up: a bearer token stays valid until it expires.
    const again = await exchange(t, { access_token: token, session_duration_minutes: 30 });
    expect(again.status).toBe(200);
    expect(again.json.data.session.session_id).not.toBe(response.json.data.session.session_id);
  });

  it('never merges into the caller session, even of the same user, and defaults to 30 minutes', async () => {
    const t = await startProvider(CONFIG);
    const { sessionToken, sessionId, token } = await userWithToken(t, 'full_access');
    const response = await exchange(t, { access_token: token }, sessionToken);
    expect(response.status).toBe(200);
    expect(response.json.data.session.session_id).not.toBe(sessionId);
    expect(response.json.data.session.expires_at).toBe(iso(START + 30 * MINUTE));
  });

  it('refuses a token without full_access with insufficient_scope, and starts nothing', async () => {
    const t = await startProvider(CONFIG);
    const { token } = await userWithToken(t, 'openid email profile offline_access full_accessx');
    const before = await snapshotRows(t, ['sessions', 'users']);
    expectError(await exchange(t, { access_token: token, session_duration_minutes: 30 }), 403, 'insufficient_scope');
    expect(await snapshotRows(t, ['sessions', 'users'])).toEqual(before);
  });

  it('refuses unknown, expired, revoked, refresh and unconfigured-client tokens with invalid_access_token', async () => {
    const t = await startProvider(CONFIG);
    const { userId } = await signIn(t, { email: 'ada@example.com' });
    const { db } = t.provider.database;
    const base = { projectId: t.projectId, userId, now: t.clock.now(), scopes: 'full_access' };
    const expired = await insertAccessToken(db, { ...base, expiresAt: t.clock.now() + MINUTE });
    const revoked = await insertAccessToken(db, { ...base, revokedAt: t.clock.now() });
    const refresh = await insertAccessToken(db, { ...base, kind: 'refresh' });
    const otherClient = await insertAccessToken(db, { ...base, clientId: 'removed-client' });
    const live = await insertAccessToken(db, base);
    t.clock.advance(MINUTE);
    const before = await snapshotRows(t, ['sessions']);
    for (const token of ['unknown-token', expired, revoked, refresh, otherClient, `${live}x`]) {
      expectError(
        await exchange(t, { access_token: token, session_duration_minutes: 30 }),
        401,
        'invalid_access_token',
      );
    }
    expect(await snapshotRows(t, ['sessions'])).toEqual(before);
    // Revoked after it was issued (the user revoked the connected app): refused from then on.
    expect((await exchange(t, { access_token: live, session_duration_minutes: 30 })).status).toBe(200);
    await db.updateTable('idp_tokens').set({ revoked_at: t.clock.now() }).execute();
    expectError(await exchange(t, { access_token: live, session_duration_minutes: 30 }), 401, 'invalid_access_token');
  });

  it('refuses the tokens of a client the configuration no longer allows full_access', async () => {
    const t = await startProvider(CONFIG);
    const { token } = await userWithToken(t, 'openid full_access');
    // The operator takes full_access away from a suspect client: its tokens mint no more sessions.
    const client = t.provider.config.project.idp.clients.find((each) => each.clientId === IDP_CLIENT.clientId);
    expect(client).toBeDefined();
    (client as { scopes: string[] }).scopes = client?.scopes.filter((scope) => scope !== 'full_access') ?? [];
    expectError(await exchange(t, { access_token: token, session_duration_minutes: 30 }), 403, 'insufficient_scope');
  });

  it('ends the sessions a client already made once the operator removes it or takes full_access from it', async () => {
    for (const change of ['full_access taken away', 'client removed'] as const) {
      const t = await startProvider(CONFIG);
      const { token, sessionToken } = await userWithToken(t, 'openid full_access');
      const exchanged = await exchange(t, { access_token: token, session_duration_minutes: 30 });
      expect(exchanged.status).toBe(200);
      const { session_token, session_jwt } = exchanged.json.data;
      expect((await t.post('/sessions/authenticate', {}, session_token)).status).toBe(200);
      expect((await t.call('GET', '/users/me', { sessionToken: session_jwt })).status).toBe(200);
      const { clients } = t.provider.config.project.idp;
      const client = clients.find((each) => each.clientId === IDP_CLIENT.clientId);
      if (change === 'client removed') clients.splice(clients.indexOf(client as never), 1);
      else (client as { scopes: string[] }).scopes = client?.scopes.filter((scope) => scope !== 'full_access') ?? [];
      // Neither its opaque token nor its JWT opens the session any more; the user's own session is untouched.
      expectError(await t.post('/sessions/authenticate', {}, session_token), 404, 'session_not_found');
      expectError(await t.call('GET', '/users/me', { sessionToken: session_jwt }), 404, 'session_not_found');
      // The user's own server, asking with the secret key, hears it was revoked.
      const server = await t.call('POST', '/v1/sessions/authenticate', {
        body: { session_token },
        origin: null,
        authorization: `Basic ${Buffer.from(`${t.projectId}:${t.secretKey}`).toString('base64')}`,
      });
      expect(server.json).toMatchObject({
        status_code: 404,
        error_type: 'session_not_found',
        error_details: { reason: 'revoked' },
      });
      expect((await t.post('/sessions/authenticate', {}, sessionToken)).status, change).toBe(200);
    }
  });

  it('a password change revokes full_access tokens (no session from them afterwards), and leaves the others', async () => {
    const t = await startProvider({
      project: { ...CONFIG.project, products: ['email_otp', 'email_magic_links', 'passwords'] },
    });
    const { userId, sessionToken, token } = await userWithToken(t, 'openid full_access');
    const reading = await insertAccessToken(t.provider.database.db, {
      projectId: t.projectId,
      userId,
      now: t.clock.now(),
      scopes: 'openid email',
    });
    // Someone who held the account granted a full_access token; the owner then changes the password.
    const changed = await t.post('/passwords/session/reset', { password: 'quiet-lantern-zebra-97' }, sessionToken);
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expectError(await exchange(t, { access_token: token, session_duration_minutes: 30 }), 401, 'invalid_access_token');
    const states = await t.provider.database.db
      .selectFrom('idp_tokens')
      .select(['token_hash', 'revoked_at'])
      .where('user_id', '=', userId)
      .execute();
    expect(states.find((row) => row.token_hash === sha256Hex(token))?.revoked_at).not.toBeNull();
    expect(states.find((row) => row.token_hash === sha256Hex(reading))?.revoked_at).toBeNull();
  });

  it('refuses a token of another project', async () => {
    const t = await startProvider(CONFIG);
    const { userId } = await signIn(t, { email: 'ada@example.com' });
    const token = await insertAccessToken(t.provider.database.db, {
      projectId: 'project-test-someone-else',
      userId,
      now: t.clock.now(),
      scopes: 'full_access',
    });
    expectError(await exchange(t, { access_token: token, session_duration_minutes: 30 }), 401, 'invalid_access_token');
  });

  it('checks the body: a token string and a duration in range', async () => {
    const t = await startProvider(CONFIG);
    expectSchemaError(await exchange(t, {}), ['.access_token']);
    expectSchemaError(await exchange(t, { access_token: 'x', session_duration_minutes: 1 }), [
      '.session_duration_minutes',
    ]);
    expectSchemaError(await exchange(t, { access_token: 'x'.repeat(600) }), ['.access_token']);
  });

  it('asks for no second factor when the project requires one', async () => {
    const t = await startProvider({ project: { ...CONFIG.project, mfa: { required: true } } });
    const { userId, token } = await userWithToken(t, 'full_access');
    await addVerifiedTotp(t.provider.database.db, t.projectId, userId, t.clock.now());
    const response = await exchange(t, { access_token: token, session_duration_minutes: 30 });
    expect(response.status).toBe(200);
    expect(response.json.data.session_token).not.toBe('');
    expect(response.json.data).not.toHaveProperty('intermediate_session_token');
  });
});
