// The PostgreSQL test databases are reused (testing/harness.ts): a database a test hands back is emptied to the
// migrated template's contents before the next test gets it, and one whose schema a test changed is dropped instead.
// (On SQLite each test has a database in memory of its own: nothing to reuse.)
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase, postgresUrl } from '../testing/harness';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** How many rows each of `tables` holds. */
async function counts(client: pg.Client, tables: string[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) {
    result[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  }
  return result;
}

const TABLES = ['projects', 'users', 'ops_leases', 'kysely_migration'];

describe.runIf(postgresUrl)('PostgreSQL test databases', () => {
  it("a database handed back returns empty, with the migrations' rows and its foreign keys on again", async () => {
    const first = await freshDatabase();
    const client = await connect(first.url);
    // Ended by the reset below (left connected on purpose): its 'error' event is expected.
    client.on('error', () => {});
    const fresh = await counts(client, TABLES);
    expect(fresh).toMatchObject({ projects: 0, users: 0 });
    expect(fresh.ops_leases).toBeGreaterThan(0);
    expect(fresh.kysely_migration).toBeGreaterThan(0);
    // A project and a user that refers to it (the reset empties tables that refer to each other, in any order).
    await client.query("INSERT INTO projects (project_id, public_token, name, created_at) VALUES ('p1', 't1', 'P', 0)");
    await client.query("INSERT INTO users (user_id, project_id, created_at, status) VALUES ('u1', 'p1', 0, 'active')");
    await client.query('DELETE FROM ops_leases');
    // Left connected: the reset ends every connection to the database first.
    await first.drop();

    const second = await freshDatabase();
    expect(second.url).toBe(first.url);
    const again = await connect(second.url);
    try {
      expect(await counts(again, TABLES)).toEqual(fresh);
      // Foreign keys were off only inside the reset.
      await expect(
        again.query("INSERT INTO users (user_id, project_id, created_at, status) VALUES ('u2', 'nope', 0, 'active')"),
      ).rejects.toThrow(/foreign key/);
    } finally {
      await again.end();
      await client.end().catch(() => {});
      await second.drop();
    }
  });

  it('a database whose schema a test changed is dropped, never handed out again', async () => {
    const first = await freshDatabase();
    const client = await connect(first.url);
    await client.query('ALTER TABLE users ADD COLUMN left_by_a_test text');
    await client.end();
    await first.drop();

    const second = await freshDatabase();
    try {
      expect(second.url).not.toBe(first.url);
      const admin = await connect(postgresUrl as string);
      try {
        const name = new URL(first.url).pathname.slice(1);
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        expect(found.rowCount).toBe(0);
      } finally {
        await admin.end();
      }
      const fresh = await connect(second.url);
      const columns = await fresh.query(
        "SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'left_by_a_test'",
      );
      await fresh.end();
      expect(columns.rowCount).toBe(0);
    } finally {
      await second.drop();
    }
  });
});
