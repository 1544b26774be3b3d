// Upgrading an existing database: migration 0010_takeover_reset runs on a database left at 0009_idp with rows in it
// (a SQLite file through the provider's own driver, or a PostgreSQL database with LATCHKEY_TEST_POSTGRES_URL), and a
// session exchanged before the upgrade is then ended by revoking its connected app.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl, START, TestClock } from '../../test/harness';
import { createProvider } from '../provider';
import { randomToken, sha256Hex } from '../services/secrets';
import { openDatabase } from './database';
import { migrateUpTo } from './migrations';
import type { Database } from './schema';

const PROJECT_ID = 'project-test-latchkey-playground';
const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
const DAY = 86_400_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** An empty database of the kind under test: its target for openDatabase, and a plain Kysely handle on it. */
async function emptyDatabase(): Promise<{ target: string; raw: Kysely<Database> }> {
  if (!postgresUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-upgrade-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const target = join(dir, 'provider.sqlite');
    const raw = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(target) }) });
    return { target, raw };
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
  const raw = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }),
  });
  return { target: url.toString(), raw };
}

const exchangeFactor = (clientId: string) => ({
  type: 'oauth_access_token_exchange',
  delivery_method: 'oauth_access_token_exchange',
  last_authenticated_at: new Date(START).toISOString(),
  oauth_access_token_exchange_factor: { client_id: clientId },
});

describe('migration 0010_takeover_reset on an existing database', () => {
  it('links sessions exchanged before it to their client, caps them, and revoking the app then ends them', async () => {
    const { target, raw } = await emptyDatabase();
    // The database as the previous release left it: a user, a grant, their own session and a year-long exchanged one.
    const old = raw as unknown as Kysely<any>;
    await migrateUpTo(old, '0009_idp');
    await old
      .insertInto('projects')
      .values({ project_id: PROJECT_ID, public_token: PUBLIC_TOKEN, name: 'Upgrade', created_at: START })
      .execute();
    await old
      .insertInto('users')
      .values({
        user_id: 'user-test-ada',
        project_id: PROJECT_ID,
        created_at: START,
        status: 'active',
        first_name: '',
        middle_name: '',
        last_name: '',
        trusted_metadata: '{}',
        untrusted_metadata: '{}',
        roles: '[]',
      })
      .execute();
    await old
      .insertInto('idp_grants')
      .values({
        grant_id: 'grant-test-1',
        project_id: PROJECT_ID,
        user_id: 'user-test-ada',
        client_id: 'notes',
        scopes: 'openid full_access',
        created_at: START,
        updated_at: START,
      })
      .execute();
    const ownToken = randomToken(32);
    const session = (id: string, tokenHash: string, factors: unknown[]) => ({
      session_id: id,
      user_id: 'user-test-ada',
      project_id: PROJECT_ID,
      token_hash: tokenHash,
      started_at: START,
      last_accessed_at: START,
      expires_at: START + 365 * DAY,
      revoked_at: null,
      ip_address: '',
      user_agent: '',
      factors: JSON.stringify(factors),
      custom_claims: null,
      impersonator_id: null,
    });
    await old
      .insertInto('sessions')
      .values([
        session('session-test-own', sha256Hex(ownToken), [
          {
            type: 'password',
            delivery_method: 'knowledge',
            last_authenticated_at: new Date(START).toISOString(),
          },
        ]),
        session('session-test-exchanged', sha256Hex(randomToken(32)), [exchangeFactor('notes')]),
      ])
      .execute();
    await raw.destroy();

    // The new release opens it (through the provider's own driver on SQLite) and migrates.
    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    const rows = await database.db
      .selectFrom('sessions')
      .select(['session_id', 'exchanged_token_id', 'exchanged_client_id', 'max_expires_at', 'expires_at'])
      .orderBy('session_id')
      .execute();
    expect(rows).toEqual([
      {
        session_id: 'session-test-exchanged',
        exchanged_token_id: null,
        exchanged_client_id: 'notes',
        max_expires_at: START + 2 * DAY,
        expires_at: START + 2 * DAY,
      },
      {
        session_id: 'session-test-own',
        exchanged_token_id: null,
        exchanged_client_id: null,
        max_expires_at: null,
        expires_at: START + 365 * DAY,
      },
    ]);

    // Revoking the connected app now ends the session exchanged before the upgrade, and only that one.
    const clock = new TestClock();
    const provider = await createProvider({
      db: database,
      clock,
      config: {
        project: {
          idp: {
            clients: [{ clientId: 'notes', name: 'Notes', type: 'public', redirectUris: ['https://notes.example/cb'] }],
          },
        },
      },
    });
    cleanups.push(() => provider.close());
    const revoked = await provider.fetch(
      new Request('http://provider.test/sdk/v1/users/connected_apps/notes/revoke', {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${ownToken}`).toString('base64')}`,
          origin: 'http://localhost:5173',
          'content-type': 'application/json',
        },
        body: '{}',
      }),
      { remoteAddress: '127.0.0.1' },
    );
    expect(revoked.status).toBe(200);
    const after = await database.db
      .selectFrom('sessions')
      .select(['session_id', 'revoked_at'])
      .orderBy('session_id')
      .execute();
    expect(after).toEqual([
      { session_id: 'session-test-exchanged', revoked_at: clock.now() },
      { session_id: 'session-test-own', revoked_at: null },
    ]);
  });
});
