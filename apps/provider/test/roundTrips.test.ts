// What the hottest routes ask of the database, counted statement by statement (Kysely's log; `BEGIN` and `COMMIT`
// are statements, and on PostgreSQL each is a round trip): a refresh is one statement, a returning user's passcode
// redemption eight. On PostgreSQL every statement with parameters runs as a named prepared statement. A route that
// needs one more statement has to say why here.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { openDatabase, type ProviderDatabase } from '../src/db/database';
import { createProvider, type Provider } from '../src/provider';
import { freshDatabase, PUBLIC_TOKEN, postgresUrl } from './harness';

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
  const provider = await createProvider({ db: database, passcodeKey: randomBytes(32) });
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

/** A passcode sign-in; answers the session token. */
async function signIn(provider: Provider, email: string): Promise<{ token: string; methodId: string }> {
  const sent = await post(provider, '/otps/email/login_or_create', { email });
  const code = (await provider.inbox?.list(email))?.at(-1)?.codes.at(-1) as string;
  const signedIn = await post(provider, '/otps/authenticate', {
    token: code,
    method_id: sent.json.data.method_id,
    session_duration_minutes: 60,
  });
  expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
  return { token: signedIn.json.data.session_token, methodId: sent.json.data.method_id };
}

describe('statements per request of the hottest routes', () => {
  it('sessions/authenticate (the refresh): one statement, the session and its user together', async () => {
    const { provider, record } = await countingProvider();
    const { token } = await signIn(provider, `refresh-${randomUUID()}@example.com`);
    const { result, statements } = await record(() => post(provider, '/sessions/authenticate', {}, token));
    expect(result.status).toBe(200);
    expect(result.json.data.user.emails).toHaveLength(1);
    expect(statements, statements.join('\n')).toHaveLength(1);
  });

  it('otps/authenticate of a returning user: six statements, and BEGIN and COMMIT on PostgreSQL', async () => {
    const { provider, record } = await countingProvider();
    const email = `returning-${randomUUID()}@example.com`;
    await signIn(provider, email);
    const sent = await post(provider, '/otps/email/login_or_create', { email });
    const code = (await provider.inbox?.list(email))?.at(-1)?.codes.at(-1) as string;
    const { result, statements } = await record(() =>
      post(provider, '/otps/authenticate', { token: code, method_id: sent.json.data.method_id }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    // The code with its address and user status; the transaction: the code consumed with its slot, the user's
    // guess counter checked under its lock, the address marked verified (writes nothing here), the session; then the
    // user for the answer. PostgreSQL adds BEGIN and COMMIT; SQLite's driver groups transactions itself.
    expect(statements, statements.join('\n')).toHaveLength(postgresUrl ? 8 : 6);
  });
});

describe('statements per request of a first sign-in', () => {
  it('otps/authenticate that verifies the address: the account pre-hijacking checks add two statements', async () => {
    const { provider, record } = await countingProvider();
    // Someone else first, so the session-JWT signing key exists (its first use loads or creates it).
    await signIn(provider, `earlier-${randomUUID()}@example.com`);
    const email = `first-${randomUUID()}@example.com`;
    const sent = await post(provider, '/otps/email/login_or_create', { email });
    const code = (await provider.inbox?.list(email))?.at(-1)?.codes.at(-1) as string;
    const { result, statements } = await record(() =>
      post(provider, '/otps/authenticate', { token: code, method_id: sent.json.data.method_id }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    // A returning user's statements, plus: is another identifier verified (one statement for emails and phone
    // numbers), and, as none is, everything attached before the proof removed (one statement on PostgreSQL, seven
    // on SQLite, which has no data-modifying WITH).
    expect(statements, statements.join('\n')).toHaveLength(postgresUrl ? 10 : 14);
  });
});

describe.skipIf(!postgresUrl)('prepared statements on PostgreSQL (PostgreSQL pass only)', () => {
  it('runs each statement with parameters as a named prepared statement of its connection', async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const { db } = fresh.database;
    const projectId = parseConfig({}).project.projectId;
    const prepared = await db.connection().execute(async (connection) => {
      await connection.selectFrom('projects').select('name').where('project_id', '=', projectId).execute();
      return sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like ${'%from "projects"%'}`.execute(connection);
    });
    expect(prepared.rows.map((row) => row.statement)).toEqual([
      'select "name" from "projects" where "project_id" = $1',
    ]);
  });

  it('opens at most postgres.poolSize connections per instance', async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const provider = await createProvider({ db: fresh.url, config: { postgres: { poolSize: 3 } } });
    cleanups.push(() => provider.close());
    const backends = await Promise.all(
      Array.from({ length: 8 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(provider.database.db),
      ),
    );
    expect(new Set(backends.map((result) => result.rows[0]?.pid)).size).toBe(3);
  });

  it('keeps answering after another instance adds a column (a rolling upgrade): a stale prepared plan is prepared again', async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const { db } = fresh.database;
    await db
      .insertInto('projects')
      .values({
        project_id: 'project-test-upgrade',
        public_token: 'public-token-test-upgrade',
        name: 'Upgrade',
        created_at: 1,
      })
      .execute();
    const selectAll = () =>
      db.selectFrom('projects').selectAll().where('project_id', '=', 'project-test-upgrade').execute();
    await selectAll();
    // A newer version's migration, from another connection: every prepared `select *` of the table is now stale.
    const other = new pg.Client({ connectionString: fresh.url });
    await other.connect();
    await other.query('ALTER TABLE projects ADD COLUMN added_by_a_newer_version text');
    await other.end();
    // Outside a transaction the statement is prepared again at once: nobody sees the refusal.
    const rows = await Promise.all(Array.from({ length: 12 }, selectAll));
    for (const each of rows) expect(Object.keys(each[0] ?? {})).toContain('added_by_a_newer_version');
    // And every connection of the pool now prepares afresh, so a transaction runs too.
    const inTransaction = await db
      .transaction()
      .execute((trx) =>
        trx.selectFrom('projects').selectAll().where('project_id', '=', 'project-test-upgrade').execute(),
      );
    expect(Object.keys(inTransaction[0] ?? {})).toContain('added_by_a_newer_version');
  });
});
