// Empty databases for the migration tests: a throwaway PostgreSQL database (LATCHKEY_TEST_POSTGRES_URL) or a SQLite
// file, and a bare Kysely handle on one with no migration run. Each is dropped or closed after the test that made it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach } from 'vitest';
import { postgresUrl } from '../testing/harness';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database the test may open several times: a throwaway PostgreSQL database or a SQLite file. */
export async function emptyTarget(): Promise<string> {
  if (postgresUrl) {
    const name = `latchkey_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    });
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-migrations-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'provider.sqlite');
}

/** A bare Kysely handle on `target`, with no migration run. */
export function bare(target: string): Kysely<any> {
  const db = new Kysely<any>({
    dialect: target.startsWith('postgres')
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: target, max: 2 }) })
      : new SqliteDialect({ database: new SQLite(target) }),
  });
  cleanups.push(() => db.destroy());
  return db;
}
