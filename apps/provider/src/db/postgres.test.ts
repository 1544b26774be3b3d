// The provider's PostgreSQL connections (PostgreSQL pass only): a connection the server ends while a request holds it
// fails that request, not the process; statements run prepared, and a plan another instance's migration made stale is
// prepared again; an instance opens at most postgres.poolSize connections.
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, postgresUrl } from '../../testing/harness';
import { parseConfig } from '../config';
import { createProvider } from '../provider';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(!postgresUrl)('PostgreSQL connections and prepared statements (PostgreSQL pass only)', () => {
  it('a connection ended by the server while a transaction waits between statements fails that transaction only', async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const { db } = fresh.database;
    const transaction = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      // An administrator (or a failover, or a restart) ends this backend while the request holds its connection with
      // no statement in flight: node-postgres then emits 'error' on a client the pool has lent out.
      const admin = new pg.Client({ connectionString: fresh.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    // The broken connection is not lent out again: the next statements get working ones.
    const results = await Promise.all(
      Array.from({ length: 12 }, () => sql<{ one: number }>`select 1 as one`.execute(db)),
    );
    expect(results.map((result) => result.rows[0]?.one)).toEqual(Array(12).fill(1));
  });
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
