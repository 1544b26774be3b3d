// The purge (ops/purge.ts): after a simulated day of churn on an injected clock only live rows remain, nothing is
// deleted while its replay still matters, one instance purges at a time, and deletes run in bounded batches.
// Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { DeleteQueryNode } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_PKCE } from '../../test/browserPkce';
import { deploymentKeys, openProvider, sharedDatabase } from '../../test/opsSupport';
import { signIn } from '../../testing/fixtures';
import { START, startProvider, TestClock, type TestProvider } from '../../testing/harness';
import { type ProviderConfigInput, parseConfig } from '../config';
import type { Database } from '../db/schema';
import { randomToken, sha256Hex } from '../services/secrets';
import { PURGE_LEASE_MS, PURGE_MARGIN_MS, PURGE_RULES, runPurge } from './purge';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Retentions short enough for a day of churn to exercise every rule. */
const PURGE: ProviderConfigInput['purge'] = {
  sessionGraceDays: 0.25,
  devInboxHours: 6,
  deliveredMessagesHours: 1,
  failedMessagesDays: 0.5,
  eventsDays: 0.5,
  authFailuresDays: 0.5,
};

const IDP: ProviderConfigInput['project'] = {
  idp: {
    clients: [
      {
        clientId: 'spa',
        name: 'App',
        type: 'public',
        redirectUris: ['http://localhost:3000/callback'],
        consentRequired: false,
      },
    ],
    accessTokenMinutes: 15,
    refreshTokenDays: 7,
  },
};

type Db = TestProvider['provider']['database']['db'];

/** Rows of the single-use tables no simple route makes, each expiring at `expiresAt` (created `lifetime` before). */
async function insertSingleUse(t: TestProvider, userId: string, expiresAt: number, used: boolean) {
  const { db } = t.provider.database;
  const projectId = t.projectId;
  const createdAt = expiresAt - 5 * MINUTE;
  const consumedAt = used ? createdAt + MINUTE : null;
  const id = () => randomToken(9);
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge_id: id(),
      project_id: projectId,
      challenge_hash: sha256Hex(id()),
      purpose: 'authenticate',
      user_id: null,
      session_id: null,
      intermediate_session_id: null,
      rp_id: 'localhost',
      user_verification_required: 0,
      is_passkey: 0,
      user_handle: null,
      authenticator_type: null,
      user_agent: null,
      expires_at: expiresAt,
      consumed_at: consumedAt,
      created_at: createdAt,
    })
    .execute();
  await db
    .insertInto('crypto_wallet_challenges')
    .values({
      challenge_id: id(),
      project_id: projectId,
      wallet_type: 'ethereum',
      address: `0x${randomToken(20)}`,
      format: 'plain',
      nonce_salt: id(),
      user_id: null,
      session_id: null,
      domain: '',
      uri: '',
      chain_id: null,
      origin: '',
      solana_chain_id: null,
      client_ip: '',
      statement: null,
      request_id: null,
      resources: null,
      not_before: null,
      issued_at: createdAt,
      expires_at: expiresAt,
      consumed_at: consumedAt,
      created_at: createdAt,
    })
    .execute();
  await db
    .insertInto('oauth_transactions')
    .values({
      transaction_id: id(),
      project_id: projectId,
      provider: 'google',
      state_hash: sha256Hex(id()),
      binding_hash: sha256Hex(id()),
      secret_salt: id(),
      uses_pkce: 1,
      uses_nonce: 1,
      upstream: 'development',
      scopes: '[]',
      code_challenge: null,
      login_redirect_url: 'http://localhost:5173/authenticate',
      signup_redirect_url: 'http://localhost:5173/authenticate',
      attach_user_id: null,
      created_at: createdAt,
      expires_at: expiresAt,
      consumed_at: consumedAt,
    })
    .execute();
  await db
    .insertInto('oauth_tokens')
    .values({
      token_id: id(),
      project_id: projectId,
      token_hash: sha256Hex(id()),
      provider: 'google',
      user_id: userId,
      oauth_user_registration_id: null,
      code_challenge: null,
      provider_values: null,
      error_type: null,
      error_message: null,
      created_at: createdAt,
      expires_at: expiresAt,
      consumed_at: consumedAt,
    })
    .execute();
  await db
    .insertInto('oauth_attach_tokens')
    .values({
      token_hash: sha256Hex(id()),
      project_id: projectId,
      user_id: userId,
      provider: 'google',
      created_at: createdAt,
      expires_at: expiresAt,
      consumed_at: consumedAt,
    })
    .execute();
  await db
    .insertInto('oauth_onetap_nonces')
    .values({
      nonce_hash: sha256Hex(id()),
      project_id: projectId,
      login_redirect_url: 'http://localhost:5173/authenticate',
      signup_redirect_url: 'http://localhost:5173/authenticate',
      created_at: createdAt,
      expires_at: expiresAt,
      consumed_at: consumedAt,
    })
    .execute();
  await db
    .insertInto('impersonation_tokens')
    .values({
      token_hash: sha256Hex(id()),
      project_id: projectId,
      user_id: userId,
      impersonator_id: 'support-agent',
      reason: '',
      created_at: createdAt,
      expires_at: expiresAt,
      consumed_at: consumedAt,
    })
    .execute();
  await db
    .insertInto('intermediate_sessions')
    .values({
      intermediate_session_id: id(),
      project_id: projectId,
      user_id: userId,
      token_hash: sha256Hex(id()),
      factors: '[]',
      ip_address: '127.0.0.1',
      user_agent: 'vitest',
      created_at: createdAt,
      expires_at: expiresAt,
      consumed_at: consumedAt,
    })
    .execute();
  await db
    .insertInto('events')
    .values({
      event_id: id(),
      public_token: 'public-token-test',
      event_name: 'x',
      details: '{}',
      created_at: createdAt,
    })
    .execute();
  await db.insertInto('auth_failures').values({ failure_id: id(), user_id: userId, created_at: createdAt }).execute();
}

/** An identity-provider grant: its authorization code (used), an access token and a refresh token. */
async function insertGrant(
  t: TestProvider,
  userId: string,
  sessionId: string,
  options: { issuedAt: number; refreshDays?: number; rotated?: boolean },
) {
  const { db } = t.provider.database;
  const codeId = `code-${randomToken(9)}`;
  const code = randomToken();
  const { issuedAt } = options;
  await db
    .insertInto('idp_authorization_codes')
    .values({
      code_id: codeId,
      project_id: t.projectId,
      code_hash: sha256Hex(code),
      client_id: 'spa',
      user_id: userId,
      session_id: sessionId,
      redirect_uri: 'http://localhost:3000/callback',
      scopes: 'openid offline_access',
      nonce: null,
      code_challenge: null,
      auth_time: issuedAt,
      created_at: issuedAt - MINUTE,
      expires_at: issuedAt,
      consumed_at: issuedAt,
    })
    .execute();
  const tokens: Record<string, string> = {};
  const token = async (name: string, kind: 'access' | 'refresh', expiresAt: number, consumedAt: number | null) => {
    tokens[name] = randomToken();
    await db
      .insertInto('idp_tokens')
      .values({
        token_id: `token-${randomToken(9)}`,
        project_id: t.projectId,
        token_hash: sha256Hex(tokens[name] as string),
        kind,
        family_id: codeId,
        client_id: 'spa',
        user_id: userId,
        session_id: sessionId,
        scopes: 'openid offline_access',
        auth_time: issuedAt,
        created_at: issuedAt,
        expires_at: expiresAt,
        consumed_at: consumedAt,
        revoked_at: null,
      })
      .execute();
  };
  const refreshMs = (options.refreshDays ?? 7) * DAY;
  await token('access', 'access', issuedAt + 15 * MINUTE, null);
  if (options.rotated) {
    // The first refresh token was used once (rotated) ten minutes later; its successor is the live one.
    await token('rotated', 'refresh', issuedAt + refreshMs, issuedAt + 10 * MINUTE);
    await token('refresh', 'refresh', issuedAt + 10 * MINUTE + refreshMs, null);
  } else {
    await token('refresh', 'refresh', issuedAt + refreshMs, null);
  }
  return { codeId, code, tokens };
}

/** A form POST to the token endpoint (RFC 6749 §6), as a public client. */
async function tokenRequest(t: TestProvider, params: Record<string, string>) {
  const response = await t.provider.fetch(
    new Request('http://provider.test/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'spa', ...params }).toString(),
    }),
  );
  return { status: response.status, json: await response.json() };
}

async function count(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function sendAndSignIn(t: TestProvider, email: string, minutes: number) {
  const sent = await t.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const done = await t.post('/otps/authenticate', {
    token: await t.lastCode(email),
    method_id: sent.json.data.method_id,
    session_duration_minutes: minutes,
  });
  expect(done.status).toBe(200);
  return done.json.data as { session_token: string; user_id: string; session: { session_id: string } };
}

describe('the purge', () => {
  it('leaves only live rows after a day of churn, purging every hour', async () => {
    const t = await startProvider(
      {
        purge: PURGE,
        project: IDP,
        // The churn sends from one address far more than the default per-IP limit allows.
        rateLimits: {
          sendsPerIp: { limit: 10_000, windowSeconds: 60 },
          sendsPerIdentifier: { limit: 100, windowSeconds: 600 },
        },
      },
      { background: false },
    );
    const { db } = t.provider.database;
    const anchor = await signIn(t, { email: 'anchor@example.com', durationMinutes: 7 * 24 * 60 });
    let purges = 0;
    const totals: Record<string, number> = {};
    for (let step = 0; step < 48; step += 1) {
      const email = `user-${step}@example.com`;
      // A sign-in (code, session), a second code left unused, a magic link, an SMS code.
      const session = await sendAndSignIn(t, email, step % 3 === 0 ? 20 : 120);
      expect((await t.post('/otps/email/login_or_create', { email })).status).toBe(200);
      expect(
        (await t.post('/magic_links/email/login_or_create', { email, code_challenge: BROWSER_PKCE.challenge })).status,
      ).toBe(200);
      expect(
        (await t.post('/otps/sms/login_or_create', { phone_number: `+1415555${String(1000 + step)}` })).status,
      ).toBe(200);
      if (step % 4 === 0) {
        expect((await t.post('/sessions/revoke', {}, session.session_token)).status).toBe(200);
      }
      await insertSingleUse(t, session.user_id, t.clock.now() + 5 * MINUTE, step % 2 === 0);
      if (step % 8 === 0) {
        await insertGrant(t, anchor.userId, anchor.sessionId, {
          issuedAt: t.clock.now(),
          refreshDays: 0.25,
          rotated: true,
        });
      }
      await db
        .insertInto('totps')
        .values({
          totp_id: `totp-${step}`,
          project_id: t.projectId,
          user_id: session.user_id,
          secret_ciphertext: 'v1.x',
          verified: step % 6 === 0 ? 1 : 0,
          last_time_step: null,
          expires_at: t.clock.now() + 10 * MINUTE,
          created_at: t.clock.now(),
        })
        .execute();
      t.clock.advance(30 * MINUTE);
      const result = await t.provider.purge();
      if (result.ran) {
        purges += 1;
        for (const [table, deleted] of Object.entries(result.counts)) totals[table] = (totals[table] ?? 0) + deleted;
      } else {
        // Twice an hour, but the purge runs once an hour (`purge.intervalMinutes`).
        expect(result.reason).toBe('not_due');
      }
    }
    expect(purges).toBe(24);
    const now = t.clock.now();
    expect(now - START).toBe(DAY);
    // The latest activity, just before the last purge: a used code and a pending one, a link, an SMS code.
    const last = await sendAndSignIn(t, 'last@example.com', 60);
    expect((await t.post('/otps/email/login_or_create', { email: 'last@example.com' })).status).toBe(200);
    expect(
      (
        await t.post('/magic_links/email/login_or_create', {
          email: 'last@example.com',
          code_challenge: BROWSER_PKCE.challenge,
        })
      ).status,
    ).toBe(200);
    await insertSingleUse(t, last.user_id, now + 5 * MINUTE, true);
    const final = await t.provider.purge({ force: true });
    expect(final.ran).toBe(true);

    // Every table the rules cover (the core's and each product's: PURGE_RULES) deleted something over the day; the
    // signing keys are retired, not deleted (src/services/signingKeys.test.ts).
    for (const table of PURGE_RULES.map((rule) => rule.table).filter((name) => !name.endsWith('signing_keys'))) {
      expect(totals[table], table).toBeGreaterThan(0);
    }
    // What remains is live: nothing past its expiry (and the margin), its grace period or its retention.
    const cutoff = now - PURGE_MARGIN_MS;
    for (const table of [
      'otp_codes',
      'email_tokens',
      'webauthn_challenges',
      'crypto_wallet_challenges',
      'oauth_transactions',
      'oauth_tokens',
      'oauth_attach_tokens',
      'oauth_onetap_nonces',
      'intermediate_sessions',
    ] as const) {
      const rows = await db.selectFrom(table).select('expires_at').execute();
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) expect(row.expires_at, table).toBeGreaterThan(cutoff);
    }
    // A redeemed impersonation token is the record of an impersonation: kept purge.authFailuresDays after its use.
    const impersonations = await db.selectFrom('impersonation_tokens').select(['expires_at', 'consumed_at']).execute();
    expect(impersonations.length).toBeGreaterThan(0);
    for (const row of impersonations) {
      if (row.consumed_at === null) expect(row.expires_at).toBeGreaterThan(cutoff);
      else expect(row.consumed_at).toBeGreaterThan(now - 0.5 * DAY);
    }
    const grace = now - 0.25 * DAY;
    for (const row of await db.selectFrom('sessions').select(['expires_at', 'revoked_at']).execute()) {
      expect(row.expires_at).toBeGreaterThan(grace);
      if (row.revoked_at !== null) expect(row.revoked_at).toBeGreaterThan(grace);
    }
    expect(await count(db, 'sessions')).toBeGreaterThan(1);
    for (const row of await db.selectFrom('totps').select(['verified', 'expires_at']).execute()) {
      if (row.verified === 0) expect(row.expires_at).toBeGreaterThan(cutoff);
    }
    // Verified authenticator apps stay, whatever their (pending-only) deadline.
    expect(await count(db, 'totps')).toBeGreaterThanOrEqual(8);
    for (const row of await db.selectFrom('dev_inbox').select('created_at').execute()) {
      expect(row.created_at).toBeGreaterThan(now - 6 * HOUR);
    }
    for (const row of await db.selectFrom('outbox_messages').select(['status', 'finished_at']).execute()) {
      expect(row.status).toBe('sent');
      expect(row.finished_at).toBeGreaterThan(now - HOUR);
    }
    for (const table of ['events', 'auth_failures'] as const) {
      for (const row of await db.selectFrom(table).select('created_at').execute()) {
        expect(row.created_at).toBeGreaterThan(now - 0.5 * DAY);
      }
    }
    for (const row of await db.selectFrom('rate_limits').select('window_start').execute()) {
      expect(row.window_start).toBeGreaterThan(now - 600_000 - PURGE_MARGIN_MS);
    }
    // A grant lives while any of its tokens does (refresh tokens of 6 h here); its used code and rotated tokens with it.
    const liveFamilies = new Set(
      (
        await db
          .selectFrom('idp_tokens')
          .select('family_id')
          .where('expires_at', '>', cutoff)
          .where('revoked_at', 'is', null)
          .execute()
      ).map((row) => row.family_id),
    );
    const tokens = await db.selectFrom('idp_tokens').select(['family_id', 'kind', 'expires_at']).execute();
    expect(tokens.length).toBeGreaterThan(0);
    for (const row of tokens) {
      expect(liveFamilies.has(row.family_id)).toBe(true);
      if (row.kind === 'access') expect(row.expires_at).toBeGreaterThan(cutoff);
    }
    for (const row of await db.selectFrom('idp_authorization_codes').select('code_id').execute()) {
      expect(liveFamilies.has(row.code_id)).toBe(true);
    }
    // Accounts are never purged: 48 by email and 48 by phone number, the last one and the anchor.
    expect(await count(db, 'users')).toBe(98);
    expect(await count(db, 'emails')).toBe(50);
  });

  it('keeps a used passcode and a used magic link until their expiry is past: a replay just before still fails', async () => {
    const t = await startProvider({ purge: PURGE }, { background: false });
    const email = 'ada@example.com';
    const sent = await t.post('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const code = await t.lastCode(email);
    const attempt = () => t.post('/otps/authenticate', { token: code, method_id: sent.json.data.method_id });
    expect((await attempt()).status).toBe(200);
    expect(
      (await t.post('/magic_links/email/login_or_create', { email, code_challenge: BROWSER_PKCE.challenge })).status,
    ).toBe(200);
    const link = new URL(await t.lastLink(email));
    const token = link.searchParams.get('token') as string;
    expect((await t.post('/magic_links/authenticate', { token, code_verifier: BROWSER_PKCE.verifier })).status).toBe(
      200,
    );
    const { db } = t.provider.database;
    const [codeRow] = await db.selectFrom('otp_codes').select(['expires_at', 'consumed_at']).execute();
    expect(codeRow?.consumed_at).not.toBeNull();
    const codeGone = (codeRow?.expires_at as number) + PURGE_MARGIN_MS;
    // Right before the code may go: the purge keeps it, and the replay is refused (as used or expired).
    t.clock.advance(codeGone - 1 - t.clock.now());
    expect((await t.provider.purge({ force: true })).ran).toBe(true);
    expect(await count(db, 'otp_codes')).toBe(1);
    expect((await attempt()).status).not.toBe(200);
    t.clock.advance(1);
    await t.provider.purge({ force: true });
    expect(await count(db, 'otp_codes')).toBe(0);
    // Gone, the code is unknown: still refused.
    expect((await attempt()).status).not.toBe(200);
    // The magic link (30 minutes) outlived the code: still kept, still refused.
    expect(await count(db, 'email_tokens')).toBe(1);
    expect(
      (await t.post('/magic_links/authenticate', { token, code_verifier: BROWSER_PKCE.verifier })).status,
    ).not.toBe(200);
    const [linkRow] = await db.selectFrom('email_tokens').select('expires_at').execute();
    t.clock.advance((linkRow?.expires_at as number) + PURGE_MARGIN_MS - t.clock.now());
    await t.provider.purge({ force: true });
    expect(await count(db, 'email_tokens')).toBe(0);
    expect(
      (await t.post('/magic_links/authenticate', { token, code_verifier: BROWSER_PKCE.verifier })).status,
    ).not.toBe(200);
  });

  it('keeps a rotated refresh token and a used code while the grant lives: replaying either revokes the grant', async () => {
    const t = await startProvider({ purge: PURGE, project: IDP }, { background: false });
    const ada = await signIn(t, { email: 'ada@example.com' });
    const { db } = t.provider.database;
    // Ada allowed the app (the refresh grant needs her consent to stand).
    await db
      .insertInto('idp_grants')
      .values({
        grant_id: 'grant-1',
        project_id: t.projectId,
        user_id: ada.userId,
        client_id: 'spa',
        scopes: 'openid offline_access',
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    const grant = await insertGrant(t, ada.userId, ada.sessionId, { issuedAt: t.clock.now(), rotated: true });
    // A day later: the access token and the code expired long ago, the rotated refresh token was used; the grant's
    // current refresh token lives six more days.
    t.clock.advance(DAY);
    const result = await t.provider.purge({ force: true });
    expect(result).toMatchObject({ ran: true, counts: { idp_tokens: 1, idp_authorization_codes: 0 } });
    expect(
      (await db.selectFrom('idp_tokens').select('kind').orderBy('expires_at').execute()).map((row) => row.kind),
    ).toEqual(['refresh', 'refresh']);
    expect(await count(db, 'idp_authorization_codes')).toBe(1);
    // The stolen rotated token is replayed: refused, and the whole grant is revoked (RFC 9700 §4.14.2).
    const replay = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.rotated as string,
    });
    expect(replay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    const current = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.refresh as string,
    });
    expect(current).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    // Revoked, the grant is dead: the next purge removes it all.
    expect(await t.provider.purge({ force: true })).toMatchObject({
      counts: { idp_tokens: 2, idp_authorization_codes: 1 },
    });

    // A second grant: its used code is replayed a day later, while the grant lives; the grant is revoked.
    const second = await insertGrant(t, ada.userId, ada.sessionId, { issuedAt: t.clock.now() });
    t.clock.advance(DAY);
    await t.provider.purge({ force: true });
    expect(await count(db, 'idp_authorization_codes')).toBe(1);
    // The grant works (its refresh token rotates) until the code's replay.
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: second.tokens.refresh as string,
    });
    expect(refreshed.status).toBe(200);
    const codeReplay = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: second.code,
      redirect_uri: 'http://localhost:3000/callback',
    });
    expect(codeReplay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    const afterReplay = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: refreshed.json.refresh_token,
    });
    expect(afterReplay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('runs in one instance at a time, in bounded batches', async () => {
    const db = await sharedDatabase();
    const keys = deploymentKeys();
    const clock = new TestClock();
    const config = { purge: { ...PURGE, batchSize: 10 } };
    const one = await openProvider({ db, clock, config, ...keys, background: false });
    const two = await openProvider({ db, clock, config, ...keys, background: false });
    const handle = one.database.db;
    const fill = async () => {
      for (let index = 0; index < 35; index += 1) {
        await handle
          .insertInto('rate_limits')
          .values({ bucket: `test:${index}`, window_start: clock.now(), count: 1 })
          .execute();
      }
    };
    await fill();
    clock.advance(DAY);
    // Two instances at once: one purges, the other finds the lease taken (or, if the first already finished, not due).
    const results = await Promise.all([one.purge(), two.purge()]);
    expect(results.filter((result) => result.ran)).toHaveLength(1);
    expect(results.find((result) => result.ran)).toMatchObject({ counts: { rate_limits: 35 } });
    expect(await count(handle, 'rate_limits')).toBe(0);
    // Ran a moment ago: not due again for `intervalMinutes`, unless forced (the CLI command).
    expect(await two.purge()).toEqual({ ran: false, reason: 'not_due' });
    expect(await two.purge({ force: true })).toMatchObject({ ran: true });
    // Another instance holds the lease (purging now, or crashed mid-purge): even a forced purge waits for it to lapse.
    await handle
      .updateTable('ops_leases')
      .set({ holder: 'elsewhere', expires_at: clock.now() + PURGE_LEASE_MS })
      .execute();
    expect(await one.purge({ force: true })).toEqual({ ran: false, reason: 'running_elsewhere' });
    clock.advance(PURGE_LEASE_MS);
    await fill();
    clock.advance(DAY);
    // Bounded batches: 35 rows in DELETE statements of at most 10 (four statements), the lease renewed after each.
    const deletes: number[] = [];
    const observed = handle.withPlugin({
      transformQuery(args) {
        if (DeleteQueryNode.is(args.node) && JSON.stringify(args.node.from).includes('rate_limits')) deletes.push(1);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const result = await runPurge(observed, one.config, { now: () => clock.now(), force: true });
    expect(result).toMatchObject({ ran: true, counts: { rate_limits: 35 } });
    expect(deletes).toHaveLength(4);
    expect(await count(handle, 'rate_limits')).toBe(0);
  });

  it("keeps what a serving instance's longer retention keeps, whatever the purging process's configuration", async () => {
    const db = await sharedDatabase();
    const keys = deploymentKeys();
    const clock = new TestClock();
    // A serving instance counts sends per address over four hours and keeps telemetry 30 days (the default).
    const openServing = () =>
      openProvider({
        db,
        clock,
        config: { rateLimits: { sendsPerIp: { limit: 50, windowSeconds: 4 * 3600 } } },
        ...keys,
        background: false,
      });
    const serving = await openServing();
    // A purge with another configuration, as `latchkey-provider purge --config other.json` runs it: one-minute windows,
    // telemetry kept for an hour.
    const purger = await openProvider({
      db,
      clock,
      config: { purge: { eventsDays: 1 / 24 } },
      ...keys,
      background: false,
    });
    const handle = purger.database.db;
    const fill = async () => {
      await handle
        .insertInto('rate_limits')
        .values({ bucket: 'test:window', window_start: clock.now(), count: 3 })
        .execute();
      await handle
        .insertInto('events')
        .values({
          event_id: randomToken(9),
          public_token: purger.config.project.publicToken,
          event_name: 'test',
          details: '{}',
          created_at: clock.now(),
        })
        .execute();
    };
    // Every serving instance announces itself every five minutes (a real-time timer, which this clock does not move).
    const announced = () => handle.updateTable('ops_instances').set({ seen_at: clock.now() }).execute();
    await fill();
    // Past the purger's one-minute window and its hour of telemetry (with the margin), inside the serving instance's.
    clock.advance(90 * MINUTE);
    await announced();
    expect(await purger.purge({ force: true })).toMatchObject({ ran: true, counts: { rate_limits: 0, events: 0 } });
    expect(await count(handle, 'rate_limits')).toBe(1);
    expect(await count(handle, 'events')).toBe(1);
    expect(await count(handle, 'ops_instances')).toBe(2);

    // Once the serving instance has stopped, its retention no longer holds anything back.
    await serving.close();
    expect(await count(handle, 'ops_instances')).toBe(1);
    expect(await purger.purge({ force: true })).toMatchObject({ ran: true, counts: { rate_limits: 1, events: 1 } });

    // An instance that stopped without a word (killed) counts until it has not announced itself for 15 minutes; then
    // its row (and any other as silent) is purged.
    const killed = await openServing();
    await fill();
    clock.advance(3 * HOUR);
    await announced();
    clock.advance(14 * MINUTE);
    expect(await purger.purge({ force: true })).toMatchObject({
      ran: true,
      counts: { rate_limits: 0, events: 0, ops_instances: 0 },
    });
    clock.advance(2 * MINUTE);
    expect(await purger.purge({ force: true })).toMatchObject({
      ran: true,
      counts: { rate_limits: 1, events: 1, ops_instances: 2 },
    });
    expect(await count(handle, 'ops_instances')).toBe(0);
    await killed.close();
  });

  it('takes its settings from `purge`, with these defaults and bounds', () => {
    expect(parseConfig({}).purge).toEqual({
      enabled: true,
      intervalMinutes: 60,
      batchSize: 500,
      sessionGraceDays: 7,
      devInboxHours: 24,
      deliveredMessagesHours: 24,
      failedMessagesDays: 7,
      eventsDays: 30,
      authFailuresDays: 30,
    });
    expect(() => parseConfig({ purge: { intervalMinutes: 0 } })).toThrow('purge.intervalMinutes');
    expect(() => parseConfig({ purge: { batchSize: 5 } })).toThrow('purge.batchSize');
    expect(() => parseConfig({ purge: { sessionsGraceDays: 1 } })).toThrow('Invalid Latchkey provider configuration');
  });
});
