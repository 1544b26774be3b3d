// Migration 0024_webauthn_uv_initialized on a database an older release left, with registrations in it: a passkey
// (its registration required user verification) gets uv_initialized 1, a security key 0 (not known to have verified
// the user), so that a PIN set on such a key later does not make it both factors (routes.ts). On SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl, START } from '../../../testing/harness';
import { migrateToLatest, migrateUpTo } from '../../db/migrations';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bare Kysely handle on an empty database (a throwaway PostgreSQL database, or SQLite in memory). */
async function emptyDatabase(): Promise<Kysely<any>> {
  if (!postgresUrl) {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    cleanups.push(() => db.destroy());
    return db;
  }
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
  const db = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }),
  });
  cleanups.push(() => db.destroy());
  return db;
}

describe('migration 0024_webauthn_uv_initialized on an existing database', () => {
  it('marks the passkeys as having verified the user at registration, and the security keys as not', async () => {
    const db = await emptyDatabase();
    await migrateUpTo(db, '0023_signing_key_retention');
    await db
      .insertInto('projects')
      .values({
        project_id: 'project-test-upgrade',
        public_token: 'public-token-test-upgrade',
        name: 'Upgrade',
        created_at: START,
      })
      .execute();
    await db
      .insertInto('users')
      .values({ user_id: 'user-test-ada', project_id: 'project-test-upgrade', created_at: START, status: 'active' })
      .execute();
    const registration = (id: string, isPasskey: number) => ({
      webauthn_registration_id: id,
      user_id: 'user-test-ada',
      project_id: 'project-test-upgrade',
      credential_id: `credential-${id}`,
      public_key: 'cHVibGlj',
      sign_count: 0,
      user_handle: 'dXNlcg',
      rp_id: 'localhost',
      is_passkey: isPasskey,
      name: isPasskey === 1 ? 'Passkey' : 'Security key',
      created_at: START,
    });
    await db
      .insertInto('webauthn_registrations')
      .values([registration('passkey', 1), registration('key', 0)])
      .execute();

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('webauthn_registrations')
      .select(['webauthn_registration_id', 'uv_initialized'])
      .orderBy('webauthn_registration_id')
      .execute();
    expect(rows.map((row) => [row.webauthn_registration_id, Number(row.uv_initialized)])).toEqual([
      ['key', 0],
      ['passkey', 1],
    ]);
  });
});
