// `GET /users/connected_apps` and `POST /users/connected_apps/{id}/revoke`: the user's grants, and revoking one (the
// grant, the client's tokens for that user, its unredeemed codes), never another user's.
import { describe, expect, it } from 'vitest';
import { expectError, REQUEST_ID } from '../../../../test/expectError';
import { signIn } from '../../../../testing/fixtures';
import { START, startProvider, type TestProvider } from '../../../../testing/harness';
import { newId, randomToken, sha256Hex } from '../../../services/secrets';
import { authorizeBody, IDP_CONFIG, idpRows } from './testSupport';

async function startIdp() {
  const t = await startProvider(IDP_CONFIG);
  return {
    t,
    db: t.provider.database.db,
    list: (sessionToken?: string) => t.call('GET', '/users/connected_apps', { sessionToken }),
    revoke: (id: string, sessionToken?: string) =>
      t.call('POST', `/users/connected_apps/${id}/revoke`, { sessionToken }),
    /** The widget's consent: start, then submit with consent granted. */
    consent: async (sessionToken: string, overrides: Record<string, unknown> = {}) => {
      const response = await t.post(
        '/idp/oauth/authorize/submit',
        authorizeBody({ ...overrides, consent_granted: true }),
        sessionToken,
      );
      expect(response.status).toBe(200);
      return response.json.data.authorization_code as string;
    },
  };
}

const FIRST_PARTY = {
  client_id: 'first-party',
  redirect_uri: 'https://first.example.com/callback',
  code_challenge: undefined,
  scopes: ['openid', 'email'],
};

/** An access or refresh token row as the token endpoint would store it. */
async function insertToken(
  t: TestProvider,
  row: { userId: string; clientId: string; kind?: 'access' | 'refresh'; revokedAt?: number },
): Promise<string> {
  const tokenId = newId('idp-token', 'test');
  await t.provider.database.db
    .insertInto('idp_tokens')
    .values({
      token_id: tokenId,
      project_id: t.projectId,
      token_hash: sha256Hex(randomToken(32)),
      kind: row.kind ?? 'access',
      family_id: newId('idp-code', 'test'),
      client_id: row.clientId,
      user_id: row.userId,
      session_id: null,
      scopes: 'openid',
      auth_time: START,
      created_at: START,
      expires_at: START + 3600_000,
      consumed_at: null,
      revoked_at: row.revokedAt ?? null,
    })
    .execute();
  return tokenId;
}

async function revokedAt(t: TestProvider): Promise<Record<string, number | null>> {
  const rows = await t.provider.database.db.selectFrom('idp_tokens').select(['token_id', 'revoked_at']).execute();
  return Object.fromEntries(rows.map((row) => [row.token_id, row.revoked_at === null ? null : Number(row.revoked_at)]));
}

describe('GET /users/connected_apps', () => {
  it("lists the apps the user granted, oldest first, with the client's details and the granted scopes", async () => {
    const { t, list, consent } = await startIdp();
    const { sessionToken } = await signIn(t);
    expect((await list(sessionToken)).json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      connected_apps: [],
    });
    // An ungrantable scope (read:documents needs a role) is not among the granted ones.
    await consent(sessionToken, { scopes: ['openid', 'email', 'read:notes', 'read:documents'] });
    t.clock.advance(1000);
    await consent(sessionToken, FIRST_PARTY);
    // A later consent adds its scopes to the grant.
    await consent(sessionToken, { scopes: ['profile'], prompt: 'consent' });
    const response = await list(sessionToken);
    expect(response.status).toBe(200);
    expect(response.json.data.connected_apps).toEqual([
      {
        connected_app_id: 'spa',
        name: 'Spa',
        description: 'A browser app',
        client_type: 'public',
        logo_url: 'https://app.example.com/logo.png',
        scopes_granted: 'openid email read:notes profile',
      },
      {
        connected_app_id: 'first-party',
        name: 'First Party',
        description: '',
        client_type: 'confidential',
        scopes_granted: 'openid email',
      },
    ]);
  });

  it("lists only the caller's grants, and not those of clients no longer configured", async () => {
    const { t, db, list, consent } = await startIdp();
    const ada = await signIn(t);
    const grace = await signIn(t);
    await consent(grace.sessionToken);
    await db
      .insertInto('idp_grants')
      .values({
        grant_id: newId('idp-grant', 'test'),
        project_id: t.projectId,
        user_id: ada.userId,
        client_id: 'removed-client',
        scopes: 'openid',
        created_at: START,
        updated_at: START,
      })
      .execute();
    expect((await list(ada.sessionToken)).json.data.connected_apps).toEqual([]);
    expect((await list(grace.sessionToken)).json.data.connected_apps).toHaveLength(1);
  });

  it('needs a session', async () => {
    const { list } = await startIdp();
    expectError(await list(), 401, 'user_unauthenticated');
    expectError(await list('not-a-session'), 404, 'session_not_found');
  });
});

describe('POST /users/connected_apps/{id}/revoke', () => {
  it("deletes the grant, revokes that user's tokens of that client, deletes its unredeemed codes; nothing else", async () => {
    const { t, db, list, revoke, consent } = await startIdp();
    const ada = await signIn(t);
    const grace = await signIn(t);
    await consent(ada.sessionToken);
    await consent(ada.sessionToken, FIRST_PARTY);
    await consent(grace.sessionToken);
    const redeemed = await consent(ada.sessionToken);
    await db
      .updateTable('idp_authorization_codes')
      .set({ consumed_at: START })
      .where('code_hash', '=', sha256Hex(redeemed))
      .execute();
    const adaAccess = await insertToken(t, { userId: ada.userId, clientId: 'spa' });
    const adaRefresh = await insertToken(t, { userId: ada.userId, clientId: 'spa', kind: 'refresh' });
    const adaEarlier = await insertToken(t, { userId: ada.userId, clientId: 'spa', revokedAt: START - 5000 });
    const adaFirstParty = await insertToken(t, { userId: ada.userId, clientId: 'first-party' });
    const graceSpa = await insertToken(t, { userId: grace.userId, clientId: 'spa' });
    const before = await idpRows(db);

    t.clock.advance(7000);
    const response = await revoke('spa', ada.sessionToken);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ data: { request_id: REQUEST_ID, status_code: 200 } });

    expect(await revokedAt(t)).toEqual({
      [adaAccess]: START + 7000,
      [adaRefresh]: START + 7000,
      // Revoked before: keeps its time.
      [adaEarlier]: START - 5000,
      [adaFirstParty]: null,
      [graceSpa]: null,
    });
    const after = await idpRows(db);
    expect(after.grants).toEqual(
      before.grants.filter((grant) => !(grant.user_id === ada.userId && grant.client_id === 'spa')),
    );
    // Ada's unredeemed spa code is gone (it can no longer be exchanged); the redeemed one stays for replay detection.
    expect(after.codes).toEqual(
      before.codes.filter(
        (code) => !(code.user_id === ada.userId && code.client_id === 'spa' && code.consumed_at === null),
      ),
    );
    expect(after.codes.filter((code) => code.user_id === ada.userId && code.client_id === 'spa')).toHaveLength(1);
    expect(
      (await list(ada.sessionToken)).json.data.connected_apps.map(
        (app: { connected_app_id: string }) => app.connected_app_id,
      ),
    ).toEqual(['first-party']);

    // The next authorization asks again; revoking again finds nothing.
    const start = await t.post('/idp/oauth/authorize/start', authorizeBody(), ada.sessionToken);
    expect(start.json.data.consent_required).toBe(true);
    expectError(await revoke('spa', ada.sessionToken), 404, 'connected_app_not_found');
  });

  it("cannot revoke another user's app, an unknown one, or without a session", async () => {
    const { t, db, revoke, consent } = await startIdp();
    const ada = await signIn(t);
    const grace = await signIn(t);
    await consent(grace.sessionToken);
    const graceToken = await insertToken(t, { userId: grace.userId, clientId: 'spa' });
    const before = await idpRows(db);
    for (const id of ['spa', 'nope', 'SPA', '%E0%A4%A', encodeURIComponent("spa' OR 1=1 --")]) {
      expectError(await revoke(id, ada.sessionToken), 404, 'connected_app_not_found');
    }
    expectError(await revoke('spa'), 401, 'user_unauthenticated');
    expectError(await revoke('spa', 'not-a-session'), 404, 'session_not_found');
    expect(await idpRows(db)).toEqual(before);
    expect(await revokedAt(t)).toEqual({ [graceToken]: null });
    // Grace can.
    expect((await revoke('spa', grace.sessionToken)).status).toBe(200);
    expect(await revokedAt(t)).toEqual({ [graceToken]: START });
  });

  it('revokes the grant of a client no longer configured', async () => {
    const { t, db, revoke } = await startIdp();
    const ada = await signIn(t);
    await db
      .insertInto('idp_grants')
      .values({
        grant_id: newId('idp-grant', 'test'),
        project_id: t.projectId,
        user_id: ada.userId,
        client_id: 'removed-client',
        scopes: 'openid',
        created_at: START,
        updated_at: START,
      })
      .execute();
    expect((await revoke('removed-client', ada.sessionToken)).status).toBe(200);
    expect((await idpRows(db)).grants).toEqual([]);
  });
});
