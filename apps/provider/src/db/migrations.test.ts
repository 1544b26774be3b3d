// The migration runner on both databases: an upgrade from an older schema, and a refusal to run on a schema a newer
// version left. Then migration 0010_takeover_reset on a database left at 0009_idp with rows in it: a session exchanged
// before the upgrade is ended by revoking its connected app. (test/multiInstance.test.ts starts several instances at once on PostgreSQL.)
// The whole schema a fresh database gets, compared with the one recorded (__snapshots__/schema.<database>.txt, made
// by the code of commit 145a4d0, before issue 27 moved the tables and migrations into the product folders): moving
// them must not change a column, a constraint or an index. And SQLite databases a released provider left (the SQL
// dumps of testing/releases/, made by testing/releases/makeFixtures.ts) upgrade to that same schema, their rows read back by the
// services.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bare, emptyTarget } from '../../test/emptyDatabases';
import { databaseKind, START, TestClock } from '../../testing/harness';
import { createProvider } from '../provider';
import { randomToken, sha256Hex } from '../services/secrets';
import { loadSessionWithUser, loadUser, newUserRow } from '../services/users';
import { openDatabase } from './database';
import { MIGRATION_NAMES, MIGRATION_TABLE, migrateToLatest, migrateUpTo } from './migrations';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function applied(db: Kysely<any>): Promise<string[]> {
  const rows = await db.selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute();
  return rows.map((row) => row.name as string);
}

describe('migrations', () => {
  it('are the released ones, by name and in order (a database records the names it ran)', () => {
    expect(MIGRATION_NAMES).toEqual([
      '0001_core',
      '0002_guess_slots_and_pending_identifiers',
      '0003_project_secret_key',
      '0004_webauthn',
      '0005_totp_and_mfa',
      '0006_webauthn_second_factor',
      '0007_crypto_wallets',
      '0008_oauth',
      '0009_idp',
      '0010_takeover_reset',
      '0012_wallet_challenges',
      '0014_ops_outbox_keys',
      '0015_user_methods_version',
      '0016_user_lookup_indexes',
      '0017_room_for_updates',
      '0018_ops_instances',
      '0019_oauth_pending_links',
      '0020_pending_send_sessions',
      '0021_deferred_changes',
      '0022_oauth_token_users',
      '0023_signing_key_retention',
      '0024_webauthn_uv_initialized',
      '0025_retired_secret_keys',
      '0026_idp_subjects',
      '0027_canonical_emails',
      '0028_canonical_phone_numbers',
      '0029_oauth_account_resets',
    ]);
  });

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

const PROJECT_ID = 'project-test-latchkey-playground';
const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
const DAY = 86_400_000;

/** The playground's project and these users, as a release left them (the upgrade tests' starting rows). */
async function projectWithUsers(db: Kysely<any>, userIds: string[]): Promise<void> {
  await db
    .insertInto('projects')
    .values({ project_id: PROJECT_ID, public_token: PUBLIC_TOKEN, name: 'Upgrade', created_at: START })
    .execute();
  await db
    .insertInto('users')
    .values(userIds.map((userId) => newUserRow(userId, PROJECT_ID, START, 'active')))
    .execute();
}

const exchangeFactor = (clientId: string) => ({
  type: 'oauth_access_token_exchange',
  delivery_method: 'oauth_access_token_exchange',
  last_authenticated_at: new Date(START).toISOString(),
  oauth_access_token_exchange_factor: { client_id: clientId },
});

describe('migration 0010_takeover_reset on an existing database', () => {
  it('links sessions exchanged before it to their client, caps them, and revoking the app then ends them', async () => {
    const target = await emptyTarget();
    const raw = bare(target);
    // The database as the previous release left it: a user, a grant, their own session and a year-long exchanged one.
    const old = raw as unknown as Kysely<any>;
    await migrateUpTo(old, '0009_idp');
    await projectWithUsers(old, ['user-test-ada']);
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

describe('migration 0027_canonical_emails on an existing database', () => {
  it("stores every address in its canonical spelling: an account's second copy goes, a verified address wins over another account's unverified one, two accounts are never merged", async () => {
    const target = await emptyTarget();
    const raw = bare(target);
    const old = raw as unknown as Kysely<any>;
    await migrateUpTo(old, '0026_idp_subjects');
    await projectWithUsers(old, ['user-ada', 'user-bea', 'user-cyd', 'user-dan', 'user-eve']);
    const email = (id: string, user: string, address: string, verified: number, at = START) => ({
      email_id: id,
      user_id: `user-${user}`,
      project_id: PROJECT_ID,
      email: address,
      verified,
      created_at: at,
    });
    await old
      .insertInto('emails')
      .values([
        // Full-width letters, stored before the rule: its canonical spelling is free.
        email('email-ada', 'ada', 'ada@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com', 1),
        // Two accounts, two spellings of one mailbox, neither canonical: the verified one takes it, the other goes.
        email('email-bea', 'bea', 'zoe@xn--exmple-cua.de', 0, START),
        email('email-cyd', 'cyd', 'zoe@exa\u0308mple.de', 1, START + 1),
        // One account holding one address twice: the copy goes, its verification kept.
        email('email-dan-1', 'dan', 'dan@ex\u00e4mple.de', 0),
        email('email-dan-2', 'dan', 'dan@xn--exmple-cua.de', 1),
        // Another account holds the canonical spelling unverified: the verified address takes it (a stranger's
        // unverified sign-up must not take the owner's email sign-ins).
        email('email-ada-2', 'ada', 'eve@example.net', 0),
        email('email-eve-1', 'eve', 'eve@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.net', 1),
        email('email-eve-2', 'eve', 'plain@example.org', 1),
        // Another account holds the canonical spelling verified too: left as it was, never merged.
        email('email-bea-2', 'bea', 'kim@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.org', 1),
        email('email-cyd-2', 'cyd', 'kim@example.org', 1),
      ])
      .execute();
    await old
      .insertInto('email_tokens')
      .values({
        token_id: 'token-1',
        project_id: PROJECT_ID,
        kind: 'login',
        token_hash: 'hash-1',
        user_id: 'user-eve',
        email_id: 'email-new',
        expires_at: START + DAY,
        created_at: START,
        pending_email: 'new@xn--exmple-cua.de',
      })
      .execute();
    await raw.destroy();

    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    const { db } = database;
    expect(
      await db.selectFrom('emails').select(['email_id', 'email', 'verified']).orderBy('email_id').execute(),
    ).toEqual([
      { email_id: 'email-ada', email: 'ada@example.com', verified: 1 },
      { email_id: 'email-bea-2', email: 'kim@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.org', verified: 1 },
      { email_id: 'email-cyd', email: 'zoe@ex\u00e4mple.de', verified: 1 },
      { email_id: 'email-cyd-2', email: 'kim@example.org', verified: 1 },
      { email_id: 'email-dan-1', email: 'dan@ex\u00e4mple.de', verified: 1 },
      { email_id: 'email-eve-1', email: 'eve@example.net', verified: 1 },
      { email_id: 'email-eve-2', email: 'plain@example.org', verified: 1 },
    ]);
    const token = await db.selectFrom('email_tokens').select('pending_email').executeTakeFirstOrThrow();
    expect(token.pending_email).toBe('new@ex\u00e4mple.de');
  });
});

describe('migration 0028_canonical_phone_numbers on an existing database', () => {
  it('stores Mexican mobile numbers without the old mobile prefix: a verified number wins over an unverified one', async () => {
    const target = await emptyTarget();
    const raw = bare(target);
    const old = raw as unknown as Kysely<any>;
    await migrateUpTo(old, '0027_canonical_emails');
    await projectWithUsers(old, ['user-ana', 'user-beto', 'user-cruz']);
    const phone = (id: string, user: string, phoneNumber: string, verified: number) => ({
      phone_id: id,
      user_id: `user-${user}`,
      project_id: PROJECT_ID,
      phone_number: phoneNumber,
      verified,
      created_at: START,
    });
    await old
      .insertInto('phone_numbers')
      .values([
        // The owner's verified number in the old form; a stranger's unverified sign-up with the current form.
        phone('phone-ana', 'ana', '+5215512345678', 1),
        phone('phone-beto', 'beto', '+525512345678', 0),
        // Free: it takes the current form. Not Mexican: untouched.
        phone('phone-cruz-1', 'cruz', '+5213312345678', 0),
        phone('phone-cruz-2', 'cruz', '+15215550123', 1),
      ])
      .execute();
    await raw.destroy();

    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    expect(
      await database.db
        .selectFrom('phone_numbers')
        .select(['phone_id', 'phone_number', 'verified'])
        .orderBy('phone_id')
        .execute(),
    ).toEqual([
      { phone_id: 'phone-ana', phone_number: '+525512345678', verified: 1 },
      { phone_id: 'phone-cruz-1', phone_number: '+523312345678', verified: 0 },
      { phone_id: 'phone-cruz-2', phone_number: '+15215550123', verified: 1 },
    ]);
  });
});

/** The whole schema as text, sorted: SQLite's sqlite_master; PostgreSQL's columns, constraints and indexes. */
async function schemaOf(db: Kysely<any>): Promise<string> {
  const lines = (rows: Record<string, unknown>[]) => rows.map((row) => Object.values(row).map(String).join(' | '));
  if (databaseKind === 'sqlite') {
    const { rows } = await sql<Record<string, unknown>>`
      select type, name, tbl_name, coalesce(sql, '(automatic)') as sql from sqlite_master order by type, name`.execute(
      db,
    );
    return `${lines(rows).join('\n')}\n`;
  }
  const columns = await sql<Record<string, unknown>>`
    select table_name, ordinal_position, column_name, data_type, coalesce(column_default, '-') as column_default,
      is_nullable
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`.execute(db);
  const constraints = await sql<Record<string, unknown>>`
    select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`.execute(db);
  const indexes = await sql<Record<string, unknown>>`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`.execute(db);
  // Tables' storage parameters (migration 0017's fillfactor).
  const storage = await sql<Record<string, unknown>>`
    select relname, array_to_string(reloptions, ', ') as options from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'r' and reloptions is not null order by 1`.execute(db);
  return [
    '# columns',
    ...lines(columns.rows),
    '# constraints',
    ...lines(constraints.rows),
    '# indexes',
    ...lines(indexes.rows),
    '# storage parameters',
    ...lines(storage.rows),
    '',
  ].join('\n');
}

/** The schema of an empty database brought to the latest migration. */
async function freshSchema(): Promise<string> {
  const db = bare(await emptyTarget());
  await migrateToLatest(db);
  return schemaOf(db);
}

describe('the schema', () => {
  it(`a fresh ${databaseKind} database gets the schema recorded before the tables moved into the product folders`, async () => {
    await expect(await freshSchema()).toMatchFileSnapshot(`__snapshots__/schema.${databaseKind}.txt`);
  });
});

const FIXTURES = join(import.meta.dirname, '..', '..', 'testing', 'releases');

describe.skipIf(databaseKind !== 'sqlite')(
  'a SQLite database a released provider left (testing/releases/*.sql)',
  () => {
    /** Loads a dump into a new SQLite file; answers the file and its row count per table before any upgrade. */
    async function load(level: string): Promise<{ target: string; counts: Record<string, number> }> {
      const target = await emptyTarget();
      const raw = new SQLite(target);
      raw.exec(readFileSync(join(FIXTURES, `release-${level}.sql`), 'utf8'));
      const tables = raw.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
        name: string;
      }[];
      const counts = Object.fromEntries(
        tables.map(({ name }) => [name, (raw.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
      );
      raw.close();
      return { target, counts };
    }

    it.each([
      ['0014_ops_outbox_keys', 1],
      ['0007_crypto_wallets', 0],
    ])(
      'upgrades one left at %s: the same schema as a fresh one, every row kept and read back',
      async (level, oauthIdentities) => {
        const { target, counts } = await load(level);
        expect(counts.users).toBe(2);
        const database = await openDatabase(target);
        cleanups.push(() => database.close());
        const db = database.db as unknown as Kysely<any>;
        expect(await applied(db)).toEqual([...MIGRATION_NAMES]);
        expect(await schemaOf(db)).toBe(await freshSchema());
        // Every row of the old release is still there (a wallet challenge of the format before 0012 is dropped by it).
        for (const [table, count] of Object.entries(counts)) {
          if (table === MIGRATION_TABLE) continue;
          const { n } = (await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()) as { n: number };
          const dropped = table === 'crypto_wallet_challenges' && level < '0012';
          expect(Number(n), table).toBe(dropped ? 0 : count);
        }
        // The services read them back: the user with every sign-in method the old release knew.
        const user = await loadUser(database.db, 'user-test-1');
        expect(user).toMatchObject({
          user_id: 'user-test-1',
          status: 'active',
          name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
          emails: [
            { email_id: 'email-test-1', email: 'ada@example.com', verified: true },
            { email_id: 'email-test-2', email: 'ada2@example.com', verified: false },
          ],
          phone_numbers: [{ phone_id: 'phone-test-1', phone_number: '+15555550100', verified: true }],
          crypto_wallets: [
            { crypto_wallet_id: 'wallet-test-1', crypto_wallet_type: 'ethereum' },
            { crypto_wallet_id: 'wallet-test-2', crypto_wallet_address: 'So1anaAddress', crypto_wallet_type: 'solana' },
          ],
          webauthn_registrations: [
            { webauthn_registration_id: 'webauthn-test-1', domain: 'localhost', name: 'Laptop' },
          ],
          totps: [{ totp_id: 'totp-test-1', verified: true }],
          password: { password_id: 'password-test-1', requires_reset: false },
          trusted_metadata: { plan: 'pro' },
          roles: ['stytch_user', 'admin'],
        });
        expect(user?.providers).toHaveLength(oauthIdentities);
        const loaded = await loadSessionWithUser(database.db, 'hash-1', 'project-test');
        expect(loaded?.session.session_id).toBe('session-test-1');
        expect(loaded?.user).toEqual(user);
        expect((await loadUser(database.db, 'user-test-2'))?.status).toBe('pending');
      },
    );
  },
);
