// What the hottest routes ask of the database, counted statement by statement (Kysely's log; `BEGIN` and `COMMIT`
// are statements, and on PostgreSQL each is a round trip): a refresh is one statement (two when the instance does not
// hold the user's methods at their current version), a returning user's passcode
// redemption four (two on PostgreSQL), a first sign-in five (two), a wrong passcode four (six). A route that needs one
// more statement has to say why here. (Prepared statements and the pool are tested in src/db/postgres.test.ts.)
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type ProviderDatabase } from '../src/db/database';
import { createProvider, type Provider } from '../src/provider';
import { freshDatabase, PUBLIC_TOKEN, postgresUrl, wrongCode } from '../testing/harness';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A provider on a fresh database whose every statement is recorded while `recording` is on. */
async function countingProvider(): Promise<{
  provider: Provider;
  database: ProviderDatabase;
  statements: string[];
  record<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}> {
  let target = ':memory:';
  if (postgresUrl) {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    target = fresh.url;
  }
  const statements: string[] = [];
  let recording = false;
  const database = await openDatabase(target, {
    log: (event) => {
      if (recording) statements.push(event.query.sql.replace(/\s+/g, ' ').slice(0, 120));
    },
  });
  cleanups.push(() => database.close());
  const provider = await createProvider({ db: database, hmacKey: randomBytes(32) });
  cleanups.push(() => provider.close());
  return {
    provider,
    database,
    statements,
    async record(run) {
      statements.length = 0;
      recording = true;
      try {
        const result = await run();
        return { result, statements: [...statements] };
      } finally {
        recording = false;
      }
    },
  };
}

async function post(provider: Provider, path: string, body: object, sessionToken = PUBLIC_TOKEN) {
  const response = await provider.fetch(
    new Request(`http://provider.test/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${sessionToken}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  return { status: response.status, json: (await response.json()) as any };
}

/** A passcode sent to `email` (its user made on first use): its method id and its digits. */
async function sendCode(provider: Provider, email: string): Promise<{ methodId: string; code: string }> {
  const sent = await post(provider, '/otps/email/login_or_create', { email });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const code = (await provider.inbox?.list(email))?.at(-1)?.codes.at(-1) as string;
  return { methodId: sent.json.data.method_id, code };
}

/** A passcode sign-in; answers the session token. */
async function signIn(provider: Provider, email: string): Promise<{ token: string; methodId: string }> {
  const { methodId, code } = await sendCode(provider, email);
  const signedIn = await post(provider, '/otps/authenticate', {
    token: code,
    method_id: methodId,
    session_duration_minutes: 60,
  });
  expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
  return { token: signedIn.json.data.session_token, methodId };
}

describe('statements per request of the hottest routes', () => {
  it('sessions/authenticate (the refresh): one statement, the session and its user together', async () => {
    const { provider, record } = await countingProvider();
    const { token } = await signIn(provider, `refresh-${randomUUID()}@example.com`);
    // The first refresh on this instance reads the user's methods too, and keeps them at their version.
    const first = await record(() => post(provider, '/sessions/authenticate', {}, token));
    expect(first.result.status).toBe(200);
    expect(first.statements, first.statements.join('\n')).toHaveLength(2);
    const { result, statements } = await record(() => post(provider, '/sessions/authenticate', {}, token));
    expect(result.status).toBe(200);
    expect(result.json.data.user.emails).toHaveLength(1);
    expect(result.json.data.user).toEqual(first.result.json.data.user);
    expect(statements, statements.join('\n')).toHaveLength(1);
  });

  it('otps/authenticate of a returning user: four statements on SQLite, two on PostgreSQL', async () => {
    const { provider, record } = await countingProvider();
    const email = `returning-${randomUUID()}@example.com`;
    await signIn(provider, email);
    const { methodId, code } = await sendCode(provider, email);
    const { result, statements } = await record(() =>
      post(provider, '/otps/authenticate', { token: code, method_id: methodId }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    // The code with its address, whether that is verified (it is) and the whole user (the answer's, since nothing
    // of it changes); then on SQLite the transaction (its driver groups transactions itself): the code consumed with
    // its slot, the user's guess counter checked under its lock, the session. On PostgreSQL those writes are one
    // statement of data-modifying WITH queries, its own transaction (products/otp/redeemInOneStatement.ts).
    expect(statements, statements.join('\n')).toHaveLength(postgresUrl ? 2 : 4);
    if (postgresUrl) expect(statements[1]).toMatch(/^with locked as \(/);
    const me = await provider.fetch(
      new Request('http://provider.test/sdk/v1/users/me', {
        headers: {
          authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${result.json.data.session_token}`).toString('base64')}`,
        },
      }),
    );
    const { request_id: _id, status_code: _status, ...stored } = ((await me.json()) as any).data;
    expect(result.json.data.user).toEqual(stored);
  });

  it('otps/authenticate of a wrong code: the code read once, the guess counted in one transaction', async () => {
    const { provider, record } = await countingProvider();
    const email = `wrong-${randomUUID()}@example.com`;
    await signIn(provider, email);
    const { methodId, code } = await sendCode(provider, email);
    const { result, statements } = await record(() =>
      post(provider, '/otps/authenticate', { token: wrongCode(code), method_id: methodId }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(404);
    expect(result.json.error_type).toBe('otp_code_not_found');
    // The code with its address and whole user, once: on PostgreSQL before the transaction (the one-statement path
    // reads it, finds the guess wrong, and hands the row to the transaction), on SQLite as the transaction's first
    // statement (its driver groups transactions itself: no BEGIN or COMMIT is sent). Then the code's guess slot, the
    // user's, and the failure recorded; on PostgreSQL between BEGIN and COMMIT.
    // On PostgreSQL the select answers its row as one JSON value (db/precompiled.ts, rowAsJson).
    const readsCode = /^(select row_to_json\(q\) as "latchkey_row" from \()?select "otp_codes"\.\*/;
    expect(statements.filter((statement) => readsCode.test(statement))).toHaveLength(1);
    expect(statements[0], statements.join('\n')).toMatch(readsCode);
    expect(statements, statements.join('\n')).toHaveLength(postgresUrl ? 6 : 4);
  });
});

describe('statements per request of a first sign-in', () => {
  it('otps/authenticate that verifies the address: the address marked verified adds one statement, the account pre-hijacking check inside it', async () => {
    const { provider, record } = await countingProvider();
    // Someone else first, so the session-JWT signing key exists (its first use loads or creates it).
    await signIn(provider, `earlier-${randomUUID()}@example.com`);
    const { methodId, code } = await sendCode(provider, `first-${randomUUID()}@example.com`);
    const { result, statements } = await record(() =>
      post(provider, '/otps/authenticate', { token: code, method_id: methodId }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    // On SQLite a returning user's statements, plus one: the address marked verified, whose RETURNING clause says
    // whether anything is attached that the pre-hijacking reset would remove (EXISTS checks); as nothing is (a
    // sign-up), none of the reset's writes is sent, and the answer's user is the one read with the code, verified and
    // active (not read again). On PostgreSQL the one statement also verifies the address, activates the user and
    // checks the same EXISTS before consuming anything.
    expect(statements, statements.join('\n')).toHaveLength(postgresUrl ? 2 : 5);
    const me = await provider.fetch(
      new Request('http://provider.test/sdk/v1/users/me', {
        headers: {
          authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${result.json.data.session_token}`).toString('base64')}`,
        },
      }),
    );
    const { request_id: _id, status_code: _status, ...stored } = ((await me.json()) as any).data;
    expect(result.json.data.user.emails[0].verified).toBe(true);
    expect(result.json.data.user).toEqual(stored);
  });

  it('otps/authenticate answers the user as stored when the reset deleted a TOTP never confirmed (read again)', async () => {
    const { provider } = await countingProvider();
    const { methodId, code } = await sendCode(provider, `pending-totp-${randomUUID()}@example.com`);
    // A TOTP enrolment left unconfirmed on an account whose address nobody proved (an older release allowed it).
    const now = Date.now();
    const { user_id: userId } = await provider.database.db
      .selectFrom('emails')
      .select('user_id')
      .where('email_id', '=', methodId)
      .executeTakeFirstOrThrow();
    await provider.database.db
      .insertInto('totps')
      .values({
        totp_id: `totp-test-${randomUUID()}`,
        project_id: provider.config.project.projectId,
        user_id: userId,
        secret_ciphertext: 'v1.unused',
        verified: 0,
        last_time_step: null,
        expires_at: now + 3_600_000,
        created_at: now,
      })
      .execute();
    const result = await post(provider, '/otps/authenticate', { token: code, method_id: methodId });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    // The owner's proof removed it (pre-hijacking reset); the answer must not list it.
    expect(result.json.data.user.totps).toEqual([]);
    expect(await provider.database.db.selectFrom('totps').select('totp_id').execute()).toEqual([]);
  });
});
