// The migration runner on both databases: an upgrade from an older schema, and a refusal to run on a schema a newer
// version left. (test/multiInstance.test.ts starts several instances at once on PostgreSQL.)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../test/harness';
import { openDatabase } from './database';
import { MIGRATION_NAMES, MIGRATION_TABLE, migrateUpTo } from './migrations';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database the test may open several times: a throwaway PostgreSQL database or a SQLite file. */
async function emptyTarget(): Promise<string> {
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
function bare(target: string): Kysely<any> {
  const db = new Kysely<any>({
    dialect: target.startsWith('postgres')
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: target, max: 2 }) })
      : new SqliteDialect({ database: new SQLite(target) }),
  });
  cleanups.push(() => db.destroy());
  return db;
}

async function applied(db: Kysely<any>): Promise<string[]> {
  const rows = await db.selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute();
  return rows.map((row) => row.name as string);
}

describe('migrations', () => {
  it('an older schema is brought up to date on open: every later migration applied once, its rows kept', async () => {
    const target = await emptyTarget();
    const older = bare(target);
    const oldest = MIGRATION_NAMES[0] as string;
    await migrateUpTo(older, oldest);
    expect(await applied(older)).toEqual([oldest]);
    await older
      .insertInto('projects')
      .values({
        project_id: 'project-test-older',
        public_token: 'public-token-test-older',
        name: 'Older',
        created_at: 1,
      })
      .execute();
    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    expect(await applied(older)).toEqual([...MIGRATION_NAMES]);
    const projects = await database.db.selectFrom('projects').select(['project_id', 'name']).execute();
    expect(projects).toEqual([{ project_id: 'project-test-older', name: 'Older' }]);
    await expect(migrateUpTo(older, '0000_nope')).rejects.toThrow('No migration is named 0000_nope');
  });

  it('refuses, saying what to do, a database a newer version migrated', async () => {
    const target = await emptyTarget();
    const database = await openDatabase(target);
    await database.db
      .insertInto(MIGRATION_TABLE as never)
      .values({ name: '9999_from_a_newer_version', timestamp: new Date().toISOString() } as never)
      .execute();
    await database.close();
    await expect(openDatabase(target)).rejects.toThrow(
      'The database schema is newer than this version of the provider: it has migration 9999_from_a_newer_version, which this version does not know. Run the newer version (or restore the backup taken before the upgrade).',
    );
  });
});
