// Revocations racing the statements that issue tokens or start sessions from them, made deterministic on PostgreSQL:
// the test holds the user's row `FOR UPDATE` on a connection of its own, so the rotation, redemption or exchange under
// test stops at its INSERT (the foreign-key check on `users` takes `FOR KEY SHARE`, which waits) after its first
// statements ran, with their locks held; the revocation starts then, and the user's row is let go once the revocation
// has either finished or is seen waiting for that transaction (`pg_blocking_pids`). Nothing depends on timing.
// Those are PostgreSQL only (LATCHKEY_TEST_POSTGRES_URL): on SQLite a transaction holds the only connection to its
// end, so there is no interleaving to test. A revocation that comes between an authorize submit's checks and its
// transaction is tested on either database: the test runs it right after the database answered the submit's read
// of the grant (`afterStatement`).
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { expectError } from '../../../test/expectError';
import { type SignedIn, signIn } from '../../../testing/fixtures';
import { API_BASE_URL, databaseKind, startProvider, type TestProvider } from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';
import { randomToken, sha256Hex } from '../../services/secrets';
import { idpDescriptor } from './descriptor';

const CLIENT = {
  clientId: 'race-client',
  name: 'Race',
  type: 'public' as const,
  redirectUris: ['http://localhost:5173/callback'],
  scopes: ['openid', 'offline_access', 'full_access'],
};
const CONFIG: ProviderConfigInput = { project: { idp: { clients: [CLIENT] } } };
/** No `openid`: no ID token, so no signing key is needed. */
const SCOPES = 'full_access offline_access';
const HOUR = 3_600_000;

/** A form POST to one of the standard endpoints (`/oauth2/...`), in-process. */
async function formPost(t: TestProvider, path: string, params: Record<string, string>) {
  const response = await t.provider.fetch(
    new Request(`${API_BASE_URL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    }),
  );
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : JSON.parse(text) };
}

const refresh = (t: TestProvider, refreshToken: string) =>
  formPost(t, '/oauth2/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: CLIENT.clientId,
  });

/** The grant `userId` gave CLIENT (the row authorize/submit writes). */
async function insertGrant(t: TestProvider, userId: string): Promise<void> {
  const now = t.clock.now();
  await t.provider.database.db
    .insertInto('idp_grants')
    .values({
      grant_id: `grant-${randomUUID()}`,
      project_id: t.projectId,
      user_id: userId,
      client_id: CLIENT.clientId,
      scopes: SCOPES,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Ada, signed in, who granted CLIENT access. */
async function adaWithGrant(t: TestProvider): Promise<SignedIn> {
  const ada = await signIn(t, { email: 'ada@example.com' });
  await insertGrant(t, ada.userId);
  return ada;
}

/** A token of `familyId` written as issueTokens writes it; its value. */
async function insertToken(
  t: TestProvider,
  ada: SignedIn,
  options: { kind: 'access' | 'refresh'; familyId: string; consumed?: boolean },
): Promise<string> {
  const token = randomToken(32);
  const now = t.clock.now();
  await t.provider.database.db
    .insertInto('idp_tokens')
    .values({
      token_id: `idp-${options.kind}-token-${randomUUID()}`,
      project_id: t.projectId,
      token_hash: sha256Hex(token),
      kind: options.kind,
      family_id: options.familyId,
      client_id: CLIENT.clientId,
      user_id: ada.userId,
      session_id: ada.sessionId,
      scopes: SCOPES,
      auth_time: now,
      created_at: now,
      expires_at: now + HOUR,
      consumed_at: options.consumed ? now : null,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The tokens CLIENT holds for Ada, with whether each is revoked. */
async function tokenStates(t: TestProvider, userId: string) {
  const rows = await t.provider.database.db
    .selectFrom('idp_tokens')
    .select(['kind', 'family_id', 'revoked_at'])
    .where('user_id', '=', userId)
    .where('client_id', '=', CLIENT.clientId)
    .execute();
  return rows.map((row) => ({ kind: row.kind, family: row.family_id, revoked: row.revoked_at !== null }));
}

/** A connection of the test's own to the provider's database, for the lock and for watching the others wait. */
async function connect(t: TestProvider): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  return client;
}

/** The backends waiting for a lock `pid` holds. */
async function waitingFor(observer: pg.Client, pid: number): Promise<number[]> {
  const { rows } = await observer.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
    [pid],
  );
  return rows.map((row) => row.pid);
}

/** Resolves once `done` has settled or some backend waits for `pid`; that backend's pid, if one does. */
async function settledOrWaitingFor(
  observer: pg.Client,
  pid: number,
  done: Promise<unknown>,
): Promise<number | undefined> {
  let settled = false;
  void done.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [waiting] = await waitingFor(observer, pid);
    if (waiting !== undefined) return waiting;
    if (settled) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const { rows } = await observer.query(
    'SELECT pid, state, wait_event_type, wait_event, query FROM pg_stat_activity WHERE datname = current_database()',
  );
  throw new Error(`Nothing settled or waited for ${pid} in 10 s: ${JSON.stringify(rows)}`);
}

/**
 * Runs `first` (a rotation, a redemption or an exchange) until it waits at its INSERT for Ada's row, which the test
 * holds `FOR UPDATE`; then `revoke`, until it finished or waits for `first`; then lets Ada's row go. Answers both.
 */
async function interleave<A, B>(
  t: TestProvider,
  userId: string,
  first: () => Promise<A>,
  revoke: () => Promise<B>,
): Promise<{ first: A; revoke: B; revokeWaited: boolean }> {
  const holder = await connect(t);
  const observer = await connect(t);
  let firstDone: Promise<A> | undefined;
  let revokeDone: Promise<B> | undefined;
  try {
    await holder.query('BEGIN');
    const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const holderPid = rows[0]!.pid;
    await holder.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [userId]);
    firstDone = first();
    const firstPid = await settledOrWaitingFor(observer, holderPid, firstDone);
    if (firstPid === undefined) throw new Error(`The first request never waited for the held row: ${await firstDone}`);
    revokeDone = revoke();
    const revokePid = await settledOrWaitingFor(observer, firstPid, revokeDone);
    await holder.query('ROLLBACK');
    return { first: await firstDone, revoke: await revokeDone, revokeWaited: revokePid !== undefined };
  } finally {
    await holder.end();
    await observer.end();
    // Whatever failed, nothing is left running against the database the harness resets next.
    await Promise.allSettled([firstDone, revokeDone]);
  }
}

/** The three revocations that end a grant's tokens and the sessions exchanged from them. */
const REVOCATIONS = {
  'RFC 7009 revocation of the refresh token (revokeFamily)': (t: TestProvider, tokens: Family) =>
    formPost(t, '/oauth2/revoke', { token: tokens.refresh, client_id: CLIENT.clientId }),
  'reuse of a rotated refresh token (revokeFamily)': (t: TestProvider, tokens: Family) => refresh(t, tokens.rotated),
  'connected-app revoke': (t: TestProvider, tokens: Family) =>
    t.post(`/users/connected_apps/${CLIENT.clientId}/revoke`, {}, tokens.ada.sessionToken),
};

interface Family {
  ada: SignedIn;
  familyId: string;
  /** Used up by an earlier rotation. */
  rotated: string;
  /** The live refresh token. */
  refresh: string;
  /** The live access token issued with it. */
  access: string;
}

async function family(t: TestProvider): Promise<Family> {
  const ada = await adaWithGrant(t);
  const familyId = `idp-code-${randomUUID()}`;
  return {
    ada,
    familyId,
    rotated: await insertToken(t, ada, { kind: 'refresh', familyId, consumed: true }),
    refresh: await insertToken(t, ada, { kind: 'refresh', familyId }),
    access: await insertToken(t, ada, { kind: 'access', familyId }),
  };
}

/** The account reset of a first proof (pre-hijacking), the identity provider's part: it revokes the user's tokens. */
function accountReset(t: TestProvider, tokens: Family) {
  const [reset] = idpDescriptor.accountReset;
  return t.provider.database.db.transaction().execute((trx) => reset!.run(trx, tokens.ada.userId, t.clock.now()));
}

/** The widget's authorize submit for CLIENT as `session` (PKCE S256 of `verifier`), with `extra` (prompt, consent). */
function submit(t: TestProvider, sessionToken: string, verifier: string, extra: Record<string, unknown>) {
  return t.post(
    '/idp/oauth/authorize/submit',
    {
      client_id: CLIENT.clientId,
      redirect_uri: CLIENT.redirectUris[0],
      response_type: 'code',
      scopes: SCOPES.split(' '),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'race',
      ...extra,
    },
    sessionToken,
  );
}

/** The code's redemption at the token endpoint (RFC 6749 §4.1.3). */
const redeem = (t: TestProvider, code: string, verifier: string) =>
  formPost(t, '/oauth2/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CLIENT.redirectUris[0]!,
    code_verifier: verifier,
    client_id: CLIENT.clientId,
  });

/** `error` of a submit's redirect, or null when it carries a code. */
const redirectError = (answer: { json: any }): string | null =>
  new URL(answer.json.data.redirect_uri).searchParams.get('error');

/** What is left of the user's consent to CLIENT: the grant's scopes and the codes not yet redeemed. */
async function grantAndLiveCodes(t: TestProvider, userId: string) {
  const db = t.provider.database.db;
  const grants = await db.selectFrom('idp_grants').select('scopes').where('user_id', '=', userId).execute();
  const codes = await db
    .selectFrom('idp_authorization_codes')
    .select('code_id')
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
  return { grants: grants.length, liveCodes: codes.length };
}

/**
 * Runs `hook` once, right after the provider's database answered (outside a transaction) the first statement whose
 * SQL starts with `sqlStart`, before the request that sent it goes on: the request is stopped between two of its
 * statements, on either database.
 */
function afterStatement(t: TestProvider, sqlStart: string, hook: () => Promise<unknown>): void {
  const executor = t.provider.database.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  let ran = false;
  executor.executeQuery = async (compiledQuery) => {
    const result = await execute(compiledQuery);
    if (!ran && compiledQuery.sql.startsWith(sqlStart)) {
      ran = true;
      await hook();
    }
    return result;
  };
}

/** The read of the remembered grant by which authorize decides whether to ask for consent (authorize.ts `evaluate`). */
const GRANT_READ = 'select "scopes" from "idp_grants"';

/** A stranger who signed up with Ada's address (unverified) and a password, and the passcode that proves it is Ada's. */
async function strangerAndOwnersPasscode(t: TestProvider) {
  const stranger = await t.post('/passwords', { email: 'ada@example.com', password: 'dragonfly-marmalade-41' });
  expect(stranger.status).toBe(200);
  const strangerIn = {
    userId: stranger.json.data.user_id,
    sessionToken: stranger.json.data.session_token,
    sessionId: stranger.json.data.session.session_id,
  } as SignedIn;
  const sent = await t.post('/otps/email/login_or_create', { email: 'ada@example.com' });
  const passcode = await t.lastCode('ada@example.com');
  return { stranger: strangerIn, methodId: sent.json.data.method_id as string, passcode };
}

/** The two submits of a stranger the reset must not let through: a consent, and a silent one over a grant. */
const STRANGER_SUBMITS = {
  'consent given': { extra: { consent_granted: true }, granted: false },
  'prompt=none over an earlier grant': { extra: { prompt: 'none' }, granted: true },
};

describe('an authorize submit whose checks ran before a revocation', () => {
  it('a connected-app revoke leaves a prompt=none submit nothing to issue', async () => {
    const t = await startProvider(CONFIG);
    const ada = await adaWithGrant(t);
    const verifier = randomToken(48);
    let revoked: { status: number } | undefined;
    afterStatement(t, GRANT_READ, async () => {
      revoked = await t.post(`/users/connected_apps/${CLIENT.clientId}/revoke`, {}, ada.sessionToken);
    });
    const answer = await submit(t, ada.sessionToken, verifier, { prompt: 'none' });
    expect(revoked?.status).toBe(200);
    // The submit read the grant before the revoke: the grant it read is gone, so consent is needed again.
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data.authorization_code).toBeUndefined();
    expect(redirectError(answer)).toBe('consent_required');
    expect(await grantAndLiveCodes(t, ada.userId)).toEqual({ grants: 0, liveCodes: 0 });
  });

  it.each(Object.entries(STRANGER_SUBMITS))(
    "the pre-hijacking reset leaves a stranger's submit nothing to issue: %s",
    async (_name, { extra, granted }) => {
      const t = await startProvider(CONFIG);
      const { stranger, methodId, passcode } = await strangerAndOwnersPasscode(t);
      if (granted) await insertGrant(t, stranger.userId);
      let owner: { status: number; json: any } | undefined;
      afterStatement(t, GRANT_READ, async () => {
        owner = await t.post('/otps/authenticate', {
          method_id: methodId,
          token: passcode,
          session_duration_minutes: 60,
        });
      });
      const answer = await submit(t, stranger.sessionToken, randomToken(48), extra);
      expect(owner?.status, JSON.stringify(owner?.json)).toBe(200);
      expect(owner?.json.data.account_reset.removed).toContain('sessions');
      // The stranger's session was revoked before the submit's transaction: answered as a dead session.
      if ('prompt' in extra) {
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        expect(redirectError(answer)).toBe('login_required');
      } else {
        expectError(answer, 404, 'session_not_found', {
          error_details: { client: expect.objectContaining({ client_id: CLIENT.clientId }) },
        });
      }
      expect(await grantAndLiveCodes(t, stranger.userId)).toEqual({ grants: 0, liveCodes: 0 });
    },
  );
});

describe('a password change and the codes not yet redeemed', () => {
  it('a full_access code issued before the change redeems nothing after it; a code without full_access still does', async () => {
    const t = await startProvider(CONFIG);
    const ada = await adaWithGrant(t);
    // Whoever held the old password asks for a full_access code just before the owner changes it.
    const verifier = randomToken(48);
    const held = await submit(t, ada.sessionToken, verifier, { consent_granted: true });
    expect(held.status, JSON.stringify(held.json)).toBe(200);
    const readingVerifier = randomToken(48);
    const reading = await submit(t, ada.sessionToken, readingVerifier, {
      consent_granted: true,
      scopes: ['offline_access'],
    });
    expect(reading.status, JSON.stringify(reading.json)).toBe(200);
    const changed = await t.post('/passwords/session/reset', { password: 'quiet-lantern-zebra-97' }, ada.sessionToken);
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    t.clock.advance(30_000);
    const redemption = await redeem(t, held.json.data.authorization_code, verifier);
    expect(redemption.status, JSON.stringify(redemption.json)).toBe(400);
    expect(redemption.json.error).toBe('invalid_grant');
    expect((await tokenStates(t, ada.userId)).filter((state) => !state.revoked)).toEqual([]);
    // Only full_access goes: a code whose token cannot start a session redeems as before.
    const other = await redeem(t, reading.json.data.authorization_code, readingVerifier);
    expect(other.status, JSON.stringify(other.json)).toBe(200);
    expect(other.json.scope).toBe('offline_access');
  });
});

describe.skipIf(databaseKind !== 'postgres')('revocations racing rotations, redemptions and exchanges', () => {
  it.each(Object.entries({ ...REVOCATIONS, 'the account reset of a first proof (pre-hijacking)': accountReset }))(
    'a rotation in flight cannot fork the family: %s',
    async (_name, revoke) => {
      const t = await startProvider(CONFIG);
      const tokens = await family(t);
      const { first: rotation, revokeWaited } = await interleave(
        t,
        tokens.ada.userId,
        () => refresh(t, tokens.refresh),
        (): Promise<unknown> => revoke(t, tokens),
      );
      // The rotation used its token up first: it answers its successors, and the revocation waited for it.
      expect(rotation.status, JSON.stringify(rotation.json)).toBe(200);
      expect(revokeWaited).toBe(true);
      // ... and revoked them too: every token of the family, the successors included, and the successor is refused.
      const states = await tokenStates(t, tokens.ada.userId);
      expect(states).toHaveLength(5);
      expect(states.filter((state) => !state.revoked)).toEqual([]);
      const next = await refresh(t, rotation.json.refresh_token);
      expect(next.status).toBe(400);
      expect(next.json.error).toBe('invalid_grant');
      expect(
        (await t.post('/sessions/exchange_access_token', { access_token: rotation.json.access_token })).status,
      ).toBe(401);
    },
  );

  it.each(
    Object.entries({
      ...REVOCATIONS,
      'RFC 7009 revocation of the access token (revokeToken)': (t: TestProvider, tokens: Family) =>
        formPost(t, '/oauth2/revoke', { token: tokens.access, client_id: CLIENT.clientId }),
    }),
  )('a session exchanged while the token is revoked does not outlive it: %s', async (_name, revoke) => {
    const t = await startProvider(CONFIG);
    const tokens = await family(t);
    const {
      first: exchange,
      revoke: revocation,
      revokeWaited,
    } = await interleave(
      t,
      tokens.ada.userId,
      () => t.post('/sessions/exchange_access_token', { access_token: tokens.access }),
      () => revoke(t, tokens),
    );
    expect(revocation.status).toBeLessThan(500);
    // The exchange read the token first: it starts its session, and the revocation ends it.
    expect(exchange.status, JSON.stringify(exchange.json)).toBe(200);
    expectError(await t.post('/sessions/authenticate', {}, exchange.json.data.session_token), 404, 'session_not_found');
    const row = await t.provider.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('session_id', '=', exchange.json.data.session.session_id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect((await tokenStates(t, tokens.ada.userId)).find((state) => state.kind === 'access')?.revoked).toBe(true);
    // It did so by waiting for the exchange, which held the token `FOR SHARE`.
    expect(revokeWaited).toBe(true);
  });

  it('a code redeemed while the connected app is revoked leaves no live token', async () => {
    const t = await startProvider(CONFIG);
    const ada = await adaWithGrant(t);
    const code = randomToken(32);
    const verifier = randomToken(48);
    const now = t.clock.now();
    await t.provider.database.db
      .insertInto('idp_authorization_codes')
      .values({
        code_id: `idp-code-${randomUUID()}`,
        project_id: t.projectId,
        code_hash: sha256Hex(code),
        client_id: CLIENT.clientId,
        user_id: ada.userId,
        session_id: ada.sessionId,
        redirect_uri: CLIENT.redirectUris[0]!,
        scopes: SCOPES,
        nonce: null,
        // RFC 7636 §4.2: S256, BASE64URL(SHA256(verifier)).
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        auth_time: now,
        created_at: now,
        expires_at: now + 60_000,
        consumed_at: null,
      })
      .execute();
    const { first: redemption, revokeWaited } = await interleave(
      t,
      ada.userId,
      () => redeem(t, code, verifier),
      () => t.post(`/users/connected_apps/${CLIENT.clientId}/revoke`, {}, ada.sessionToken),
    );
    expect(redemption.status, JSON.stringify(redemption.json)).toBe(200);
    expect(revokeWaited).toBe(true);
    const states = await tokenStates(t, ada.userId);
    expect(states).toHaveLength(2);
    expect(states.filter((state) => !state.revoked)).toEqual([]);
    expect(
      (await t.post('/sessions/exchange_access_token', { access_token: redemption.json.access_token })).status,
    ).toBe(401);
  });
  it('a full_access code redeemed while a password change runs leaves no live token', async () => {
    const t = await startProvider(CONFIG);
    const ada = await adaWithGrant(t);
    const verifier = randomToken(48);
    const held = await submit(t, ada.sessionToken, verifier, { consent_granted: true });
    expect(held.status, JSON.stringify(held.json)).toBe(200);
    // The identity provider's part of a password change (the change itself also takes the user's row, which the
    // test holds): it waits for the redemption's hold on the code, then revokes the tokens that redemption issued.
    const credentialChange = () =>
      t.provider.database.db
        .transaction()
        .execute((trx) => idpDescriptor.afterCredentialChange(trx, ada.userId, t.clock.now()));
    const { first: redemption, revokeWaited } = await interleave(
      t,
      ada.userId,
      () => redeem(t, held.json.data.authorization_code, verifier),
      credentialChange,
    );
    expect(redemption.status, JSON.stringify(redemption.json)).toBe(200);
    expect(revokeWaited).toBe(true);
    expect((await tokenStates(t, ada.userId)).filter((state) => !state.revoked)).toEqual([]);
    expect(
      (await t.post('/sessions/exchange_access_token', { access_token: redemption.json.access_token })).status,
    ).toBe(401);
  });

  it('a session exchanged while the whole pre-hijacking reset runs does not survive it', async () => {
    // A stranger signs up with Ada's address (unverified), holds a full_access token of CLIENT, and exchanges it in a
    // loop. The owner's first proof runs the reset: sessions first, then the grants and tokens. An exchange between
    // the two read the token before the reset revoked it: its session must be revoked too.
    const t = await startProvider(CONFIG);
    const stranger = await t.post('/passwords', { email: 'ada@example.com', password: 'dragonfly-marmalade-41' });
    expect(stranger.status).toBe(200);
    const strangerIn: SignedIn = {
      userId: stranger.json.data.user_id,
      sessionToken: stranger.json.data.session_token,
      sessionId: stranger.json.data.session.session_id,
    } as SignedIn;
    await insertGrant(t, strangerIn.userId);
    const access = await insertToken(t, strangerIn, { kind: 'access', familyId: `idp-code-${randomUUID()}` });
    const sent = await t.post('/otps/email/login_or_create', { email: 'ada@example.com' });
    const code = await t.lastCode('ada@example.com');

    const holder = await connect(t);
    const observer = await connect(t);
    let proof: Promise<{ status: number; json: any }> | undefined;
    try {
      // The grant's row held: the reset stops at the grants, after it revoked the sessions.
      await holder.query('BEGIN');
      const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await holder.query('SELECT 1 FROM idp_grants WHERE user_id = $1 FOR UPDATE', [strangerIn.userId]);
      proof = t.post('/otps/authenticate', {
        method_id: sent.json.data.method_id,
        token: code,
        session_duration_minutes: 60,
      });
      expect(await settledOrWaitingFor(observer, rows[0]!.pid, proof)).toBeDefined();
      const exchange = await t.post('/sessions/exchange_access_token', { access_token: access });
      expect(exchange.status, JSON.stringify(exchange.json)).toBe(200);
      await holder.query('ROLLBACK');
      const owner = await proof;
      expect(owner.status, JSON.stringify(owner.json)).toBe(200);
      expect(owner.json.data.account_reset.removed).toContain('connected_apps');
      expectError(
        await t.post('/sessions/authenticate', {}, exchange.json.data.session_token),
        404,
        'session_not_found',
      );
    } finally {
      await holder.end();
      await observer.end();
      await Promise.allSettled([proof]);
    }
  });

  it('a code issued while the connected app is revoked does not outlive the grant', async () => {
    const t = await startProvider(CONFIG);
    const ada = await adaWithGrant(t);
    const verifier = randomToken(48);
    const { first: answer, revokeWaited } = await interleave(
      t,
      ada.userId,
      () => submit(t, ada.sessionToken, verifier, { prompt: 'none' }),
      () => t.post(`/users/connected_apps/${CLIENT.clientId}/revoke`, {}, ada.sessionToken),
    );
    // The submit locked the grant first: the revoke waited for it, then deleted its code with the grant.
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(await grantAndLiveCodes(t, ada.userId)).toEqual({ grants: 0, liveCodes: 0 });
    // Even once Ada consents again (a new grant), within the code's lifetime, the code redeems nothing.
    expect((await submit(t, ada.sessionToken, randomToken(48), { consent_granted: true })).status).toBe(200);
    const redemption = await redeem(t, answer.json.data.authorization_code, verifier);
    expect(redemption.status, JSON.stringify(redemption.json)).toBe(400);
    expect(redemption.json.error).toBe('invalid_grant');
    expect(revokeWaited).toBe(true);
  });

  it.each(Object.entries(STRANGER_SUBMITS))(
    "the pre-hijacking reset while a stranger's submit is in its transaction leaves nothing: %s",
    async (_name, { extra, granted }) => {
      const t = await startProvider(CONFIG);
      const { stranger } = await strangerAndOwnersPasscode(t);
      if (granted) await insertGrant(t, stranger.userId);
      const verifier = randomToken(48);
      // The reset's order (services/verification.ts, resetAccount): the sessions, then the identity provider's part.
      const reset = () =>
        t.provider.database.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('sessions')
            .set({ revoked_at: t.clock.now() })
            .where('user_id', '=', stranger.userId)
            .where('revoked_at', 'is', null)
            .execute();
          return idpDescriptor.accountReset[0]!.run(trx, stranger.userId, t.clock.now());
        });
      const { first: answer, revokeWaited } = await interleave(
        t,
        stranger.userId,
        () => submit(t, stranger.sessionToken, verifier, extra),
        reset,
      );
      // The submit held the session `FOR SHARE`: the reset waited for it, then removed its grant and its code.
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(await grantAndLiveCodes(t, stranger.userId)).toEqual({ grants: 0, liveCodes: 0 });
      const redemption = await redeem(t, answer.json.data.authorization_code, verifier);
      expect(redemption.status, JSON.stringify(redemption.json)).toBe(400);
      expect(redemption.json.error).toBe('invalid_grant');
      expect(revokeWaited).toBe(true);
    },
  );

  it("a submit from a session the client's token was exchanged for, while the user revokes that client, does not deadlock", async () => {
    // The submit holds its session `FOR SHARE` and then wants the grant; the revoke ends the sessions exchanged from
    // the client, that one included, and deletes the grant: both take the session first, then the grant, or one of
    // them waited for the other in a cycle (PostgreSQL answered a 500 for the deadlock). The test holds the exchanged
    // session's row, so that both stop at it in that order (the submit first), then lets it go.
    const t = await startProvider(CONFIG);
    const tokens = await family(t);
    const exchanged = await t.post('/sessions/exchange_access_token', { access_token: tokens.access });
    expect(exchanged.status, JSON.stringify(exchanged.json)).toBe(200);
    const { session_token: exchangedToken, session } = exchanged.json.data;
    const holder = await connect(t);
    const observer = await connect(t);
    const lockWaits = async (count: number) => {
      await vi.waitFor(async () => {
        const { rows } = await observer.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        expect(rows[0]?.waiting).toBe(count);
      }, 10_000);
    };
    let submitted: ReturnType<typeof submit> | undefined;
    let revoked: ReturnType<typeof submit> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM sessions WHERE session_id = $1 FOR UPDATE', [session.session_id]);
      submitted = submit(t, exchangedToken, randomToken(48), { prompt: 'none' });
      await lockWaits(1);
      revoked = t.post(`/users/connected_apps/${CLIENT.clientId}/revoke`, {}, tokens.ada.sessionToken);
      await lockWaits(2);
      await holder.query('ROLLBACK');
      const [answer, revocation] = [await submitted, await revoked];
      expect(revocation.status, JSON.stringify(revocation.json)).toBe(200);
      // The submit took the session first: it issued its code, and the revoke then deleted it with the grant.
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    } finally {
      await holder.end();
      await observer.end();
      await Promise.allSettled([submitted, revoked]);
    }
    expect(await grantAndLiveCodes(t, tokens.ada.userId)).toEqual({ grants: 0, liveCodes: 0 });
    expectError(await t.post('/sessions/authenticate', {}, exchangedToken), 404, 'session_not_found');
  });
});
