// The purge (ops/purge.ts) and the sessions exchanged from identity-provider access tokens
// (`sessions/exchange_access_token`): such a session outlives its token by up to `idp.exchangedSessionMinutes`, and
// revoking the grant finds it only through the token rows (oauth2/tokenStore.ts), so the purge keeps a token, its
// family and its authorization code while a session exchanged from the family may be live, and deletes them once it
// has ended. Every way of revoking a grant is tried after a purge: the code replayed, a rotated refresh token
// reused, the refresh token or the access token revoked (RFC 7009). Runs on SQLite, and on PostgreSQL with
// LATCHKEY_TEST_POSTGRES_URL.
import { describe, expect, it } from 'vitest';
import { formPost, signIn } from '../../../testing/fixtures';
import { startProvider, type TestProvider } from '../../../testing/harness';
import { PURGE_MARGIN_MS, runPurge } from '../../ops/purge';
import { sha256Hex } from '../../services/secrets';
import { authorizeBody, IDP_CONFIG, pkcePair, SPA_CALLBACK } from './authorize/testSupport';

const MINUTE = 60_000;
const ACCESS_TOKEN_MINUTES = 15;
const EXCHANGED_SESSION_MINUTES = 120;

/** The shared identity-provider project, with short access tokens and exchanged sessions that outlive them by far. */
const CONFIG = {
  ...IDP_CONFIG,
  project: {
    ...IDP_CONFIG.project,
    idp: {
      ...IDP_CONFIG.project.idp,
      accessTokenMinutes: ACCESS_TOKEN_MINUTES,
      exchangedSessionMinutes: EXCHANGED_SESSION_MINUTES,
    },
  },
};

/** A form POST to an OAuth endpoint as the public client `spa`. */
function oauth(t: TestProvider, path: string, params: Record<string, string>) {
  return formPost(t, path, { client_id: 'spa', ...params });
}

interface Grant {
  /** The authorization code's id: its tokens' `family_id`. */
  familyId: string;
  code: string;
  verifier: string;
  accessToken: string;
  refreshToken: string | undefined;
  /** The session exchanged from the access token. */
  sessionToken: string;
}

/**
 * Ada consents (the widget's submit), the app redeems the code (with a refresh token when `offline`), and exchanges
 * the access token for a session as long as the configuration allows: the token's 15 minutes plus 120.
 */
async function grantWithExchangedSession(t: TestProvider, adaSession: string, offline: boolean): Promise<Grant> {
  const pkce = pkcePair();
  const scopes = ['openid', 'full_access', ...(offline ? ['offline_access'] : [])];
  const submitted = await t.post(
    '/idp/oauth/authorize/submit',
    authorizeBody({ scopes, code_challenge: pkce.challenge, consent_granted: true }),
    adaSession,
  );
  expect(submitted.status).toBe(200);
  const code = submitted.json.data.authorization_code as string;
  const redeemed = await oauth(t, '/oauth2/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: SPA_CALLBACK,
    code_verifier: pkce.verifier,
  });
  expect(redeemed.status).toBe(200);
  expect(redeemed.json.refresh_token !== undefined).toBe(offline);
  const exchanged = await t.post('/sessions/exchange_access_token', {
    access_token: redeemed.json.access_token,
    session_duration_minutes: 24 * 60,
  });
  expect(exchanged.status).toBe(200);
  expect(Date.parse(exchanged.json.data.session.expires_at)).toBe(
    t.clock.now() + (ACCESS_TOKEN_MINUTES + EXCHANGED_SESSION_MINUTES) * MINUTE,
  );
  const { code_id: familyId } = await t.provider.database.db
    .selectFrom('idp_authorization_codes')
    .select('code_id')
    .where('code_hash', '=', sha256Hex(code))
    .executeTakeFirstOrThrow();
  return {
    familyId,
    code,
    verifier: pkce.verifier,
    accessToken: redeemed.json.access_token,
    refreshToken: redeemed.json.refresh_token,
    sessionToken: exchanged.json.data.session_token,
  };
}

const authenticates = async (t: TestProvider, sessionToken: string) =>
  (await t.post('/sessions/authenticate', {}, sessionToken)).status === 200;

async function purge(t: TestProvider) {
  const result = await t.provider.purge({ force: true });
  if (!result.ran) throw new Error(`The purge did not run: ${result.reason}.`);
  return result.counts;
}

/** What is left of each grant: the kinds of its rows (its authorization code, its tokens), by grant. */
async function rowsOf(t: TestProvider, grants: Record<string, Grant>): Promise<Record<string, string[]>> {
  const { db } = t.provider.database;
  const rows: Record<string, string[]> = {};
  for (const [name, grant] of Object.entries(grants)) {
    const family = grant.familyId;
    const code = await db
      .selectFrom('idp_authorization_codes')
      .select('code_id')
      .where('code_id', '=', family)
      .execute();
    const tokens = await db.selectFrom('idp_tokens').select('kind').where('family_id', '=', family).execute();
    rows[name] = [...code.map(() => 'code'), ...tokens.map((token) => token.kind).sort()];
  }
  return rows;
}

describe('the purge and the sessions exchanged from access tokens', () => {
  it('keeps what revoking a grant goes through while a session exchanged from it lives, and no longer', async () => {
    const t = await startProvider(CONFIG, { background: false });
    const ada = await signIn(t, { email: 'ada@example.com', durationMinutes: 7 * 24 * 60 });
    // One grant for each way of revoking it, and one nobody revokes; each has a session exchanged from its access
    // token, which lives until the token's expiry plus 120 minutes.
    const grants = {
      codeReplayed: await grantWithExchangedSession(t, ada.sessionToken, false),
      refreshReused: await grantWithExchangedSession(t, ada.sessionToken, true),
      refreshRevoked: await grantWithExchangedSession(t, ada.sessionToken, true),
      accessRevoked: await grantWithExchangedSession(t, ada.sessionToken, true),
      untouched: await grantWithExchangedSession(t, ada.sessionToken, false),
    };
    const sessionsEnd = t.clock.now() + (ACCESS_TOKEN_MINUTES + EXCHANGED_SESSION_MINUTES) * MINUTE;
    // One refresh token is rotated: the app holds the new one; the old one is what a thief would present again.
    const rotated = await oauth(t, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: grants.refreshReused.refreshToken as string,
    });
    expect(rotated.status).toBe(200);

    // An hour after the access tokens expired (the purge margin long past), the exchanged sessions live another hour.
    t.clock.advance((ACCESS_TOKEN_MINUTES + 60) * MINUTE);
    const counts = await purge(t);
    for (const grant of Object.values(grants)) expect(await authenticates(t, grant.sessionToken)).toBe(true);

    // The used code is replayed (RFC 6749 §4.1.2): refused, and the session exchanged from its token ends.
    const replay = await oauth(t, '/oauth2/token', {
      grant_type: 'authorization_code',
      code: grants.codeReplayed.code,
      redirect_uri: SPA_CALLBACK,
      code_verifier: grants.codeReplayed.verifier,
    });
    expect(replay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect(await authenticates(t, grants.codeReplayed.sessionToken)).toBe(false);
    // The rotated refresh token is presented again (RFC 9700 §4.14.2): the grant is revoked, its session ends.
    const reuse = await oauth(t, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: grants.refreshReused.refreshToken as string,
    });
    expect(reuse).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect(await authenticates(t, grants.refreshReused.sessionToken)).toBe(false);
    // The app revokes its refresh token, which revokes the grant (RFC 7009 §2.1): the session ends.
    expect((await oauth(t, '/oauth2/revoke', { token: grants.refreshRevoked.refreshToken as string })).status).toBe(
      200,
    );
    expect(await authenticates(t, grants.refreshRevoked.sessionToken)).toBe(false);
    // The app revokes its (expired) access token: the session exchanged from it ends too.
    expect((await oauth(t, '/oauth2/revoke', { token: grants.accessRevoked.accessToken })).status).toBe(200);
    expect(await authenticates(t, grants.accessRevoked.sessionToken)).toBe(false);
    // The other grant's session was not touched.
    expect(await authenticates(t, grants.untouched.sessionToken)).toBe(true);
    // That purge deleted one row: the access token the rotation issued (nothing was exchanged from it).
    expect(counts).toMatchObject({ idp_tokens: 1, idp_authorization_codes: 0 });

    // Just before the untouched session's end plus the margin, its grant stays whole; the revoked grants go (their
    // sessions ended with them), and of the grant whose access token alone was revoked, the refresh token lives.
    t.clock.advance(sessionsEnd + PURGE_MARGIN_MS - 1 - t.clock.now());
    expect(await authenticates(t, grants.untouched.sessionToken)).toBe(false);
    await purge(t);
    expect(await rowsOf(t, grants)).toEqual({
      codeReplayed: [],
      refreshReused: [],
      refreshRevoked: [],
      accessRevoked: ['code', 'refresh'],
      untouched: ['code', 'access'],
    });
    // Then it goes too: the tables hold only live rows (the one live grant, its code with it).
    t.clock.advance(1);
    expect(await purge(t)).toMatchObject({ idp_tokens: 1, idp_authorization_codes: 1 });
    expect(await rowsOf(t, grants)).toEqual({
      codeReplayed: [],
      refreshReused: [],
      refreshRevoked: [],
      accessRevoked: ['code', 'refresh'],
      untouched: [],
    });
    const { db } = t.provider.database;
    for (const row of await db.selectFrom('idp_tokens').select(['expires_at', 'revoked_at']).execute()) {
      expect(row.revoked_at).toBeNull();
      expect(Number(row.expires_at)).toBeGreaterThan(t.clock.now());
    }
  });

  it('asks the sessions, not the configuration: an instance now configured with exchangedSessionMinutes 0 keeps them too', async () => {
    const t = await startProvider(CONFIG, { background: false });
    const ada = await signIn(t, { email: 'ada@example.com', durationMinutes: 7 * 24 * 60 });
    const grant = await grantWithExchangedSession(t, ada.sessionToken, false);
    // The configuration changed after the exchange: sessions exchanged from now on end with their token. The one
    // exchanged before still lives an hour past its token's expiry plus the margin.
    const { config } = t.provider;
    const changed = {
      ...config,
      project: { ...config.project, idp: { ...config.project.idp, exchangedSessionMinutes: 0 } },
    };
    t.clock.advance((ACCESS_TOKEN_MINUTES + 60) * MINUTE);
    const result = await runPurge(t.provider.database.db, changed, { now: () => t.clock.now(), force: true });
    expect(result).toMatchObject({ ran: true, counts: { idp_tokens: 0, idp_authorization_codes: 0 } });
    expect(await authenticates(t, grant.sessionToken)).toBe(true);
    const replay = await oauth(t, '/oauth2/token', {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: SPA_CALLBACK,
      code_verifier: grant.verifier,
    });
    expect(replay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect(await authenticates(t, grant.sessionToken)).toBe(false);
  });
});
