// The migrations: each one the core's part (below), then every product's part of it (the descriptors' `migrations`,
// products/<key>/migrations.ts), in the order of products/descriptors.ts. A migration's name and statements are those
// of the release that made it: never renamed, never edited (Kysely refuses a database whose applied migrations are not
// a prefix of the known list, in name order). A later change is a new name, in the folder of whoever owns the table.
// Migrations are code, not files, so the provider runs the same way from source, from a build and in tests.
// Only portable column types (text, bigint, integer) are used: one migration serves SQLite and PostgreSQL.
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { MigrationDb, MigrationParts } from '../products/descriptor';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import {
  addSigningKeyLifecycle,
  addSigningKeyRetention,
  addUserMethodsVersion,
  bumpUserMethodsVersionOn,
  foldEmailSpellings,
  foldPendingEmails,
  foldPhoneSpellings,
  leaveRoomForUpdates,
} from './migrationSteps';

/** The core's parts of the migrations (its tables: db/schema.ts). */
const CORE_MIGRATIONS: MigrationParts = {
  async '0001_core'(db) {
    await db.schema
      .createTable('projects')
      .addColumn('project_id', 'text', (c) => c.primaryKey())
      .addColumn('public_token', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('users')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('middle_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('trusted_metadata', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('untrusted_metadata', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .createTable('emails')
      .addColumn('email_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('emails_project_email', ['project_id', 'email'])
      .execute();
    await db.schema.createIndex('emails_user').on('emails').column('user_id').execute();
    await db.schema
      .createTable('phone_numbers')
      .addColumn('phone_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('phone_numbers_project_phone', ['project_id', 'phone_number'])
      .execute();
    await db.schema.createIndex('phone_numbers_user').on('phone_numbers').column('user_id').execute();
    await db.schema
      .createTable('sessions')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('last_accessed_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('factors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('custom_claims', 'text')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema
      .createTable('email_tokens')
      .addColumn('token_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('email_id', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('auth_failures')
      .addColumn('failure_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_failures_user').on('auth_failures').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('rate_limits')
      .addColumn('bucket', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('dev_inbox')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text')
      .addColumn('links', 'text', (c) => c.notNull())
      .addColumn('codes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('public_token', 'text', (c) => c.notNull())
      .addColumn('event_name', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  // Issue 10: guess slots taken atomically before a check, and e-mail addresses that join an account only when their
  // owner authenticates them (the pending address travels with the link until then).
  async '0002_guess_slots_and_pending_identifiers'(db) {
    await db.schema
      .createTable('guess_counters')
      .addColumn('counter_key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('email_tokens').addColumn('pending_email', 'text').execute();
  },
  // Issue 12: server calls authenticate with the project's secret key, kept only as its SHA-256 hash.
  async '0003_project_secret_key'(db) {
    await db.schema.alterTable('projects').addColumn('secret_key_hash', 'text').execute();
  },
  // Issue 13: the intermediate sessions of multi-factor sign-in.
  async '0005_totp_and_mfa'(db) {
    await db.schema
      .createTable('intermediate_sessions')
      .addColumn('intermediate_session_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('factors', 'text', (c) => c.notNull())
      .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('intermediate_sessions_user').on('intermediate_sessions').column('user_id').execute();
  },
  // Issue 26: the outbox of outgoing messages, the purge lease, and the signing keys' lifecycle (rotation).
  async '0014_ops_outbox_keys'(db) {
    await db.schema
      .createTable('outbox_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint')
      .addColumn('claim_token', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    // The worker's scan: pending messages by due time.
    await db.schema
      .createIndex('outbox_messages_due')
      .on('outbox_messages')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createTable('ops_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_finished_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db
      .insertInto('ops_leases')
      .values({ name: 'purge', holder: null, expires_at: 0, last_finished_at: 0 })
      .execute();
    await addSigningKeyLifecycle(db, 'signing_keys');
  },
  // `users.methods_version`, bumped by the database on every write of a table the user answer aggregates (the
  // products add their tables' triggers in their parts): the refresh's per-process copy of a user's methods is valid
  // while its version is the user's (services/users.ts).
  async '0015_user_methods_version'(db) {
    await addUserMethodsVersion(db);
    await bumpUserMethodsVersionOn(db, 'emails');
    await bumpUserMethodsVersionOn(db, 'phone_numbers');
  },
  // Issue 26: rows a sign-in or a refresh updates keep their new versions on their own page (migrationSteps.ts).
  async '0017_room_for_updates'(db) {
    for (const table of ['sessions', 'users', 'guess_counters']) await leaveRoomForUpdates(db, table);
  },
  // The serving instances' retention, which the purge honours whatever its own configuration (ops/retention.ts).
  async '0018_ops_instances'(db) {
    await db.schema
      .createTable('ops_instances')
      .addColumn('instance_id', 'text', (c) => c.primaryKey())
      .addColumn('retention', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  // A secondary send's link to a new address is bound to the session that sent it: only that session can redeem it
  // (services/recipients.ts, mayRedeemPending). Any session of the account would let a stranger who once held the
  // account, and left nothing for the pre-hijacking reset to find, have the owner's session attach the stranger's
  // address. Null on the rows sent before: they keep the rule they were sent under (a session of the same user).
  async '0020_pending_send_sessions'(db) {
    await db.schema.alterTable('email_tokens').addColumn('sender_session_id', 'text').execute();
  },
  // A password reset that must wait for a second factor (project `mfa.required`) changes nothing until it is proved:
  // the new password's hash waits in the intermediate session (services/mfa.ts). Changed at once, a reset by the old
  // password alone signed the owner out everywhere and cleared the guess counter a second factor shares, so whoever
  // knew the password could guess TOTP codes without limit by resetting between guesses.
  async '0021_deferred_changes'(db) {
    await db.schema.alterTable('intermediate_sessions').addColumn('deferred', 'text').execute();
  },
  // A superseded key stays published as long as the longest-lived token any instance signed with it, which each
  // instance records on the key's row before it first signs with it (services/signingKeys.ts): by its own
  // configuration alone, an instance whose token lifetime was lowered dropped keys whose tokens were still valid.
  async '0023_signing_key_retention'(db) {
    await addSigningKeyRetention(db, 'signing_keys');
  },
  // The secret keys a rotation replaced, so that an instance restarted with one of them (an old deployment, a
  // rollback) is refused rather than rotating every instance back to a key that may have leaked.
  async '0025_retired_secret_keys'(db) {
    await db.schema.alterTable('projects').addColumn('retired_secret_key_hashes', 'text').execute();
  },
  // One spelling per mailbox (services/emailAddress.ts): the addresses stored before, and those pending links hold.
  async '0027_canonical_emails'(db) {
    await foldEmailSpellings(db);
    await foldPendingEmails(db, 'email_tokens', 'token_id', 'pending_email');
  },
  // One spelling per handset (services/phoneNumber.ts): the numbers stored before.
  async '0028_canonical_phone_numbers'(db) {
    await foldPhoneSpellings(db);
  },
};

/**
 * Every migration, by name in name order: the core's part of it, then each product's part in the order of
 * products/descriptors.ts. Reproduces the statements of the releases that made them (the schema a fresh database gets
 * is recorded: src/db/__snapshots__/schema.*.txt).
 */
function composeMigrations(): Record<string, Migration> {
  const partsOf = [CORE_MIGRATIONS, ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.migrations ?? {})];
  const names = [...new Set(partsOf.flatMap((parts) => Object.keys(parts)))].sort();
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        async up(db: MigrationDb) {
          for (const parts of partsOf) await parts[name]?.(db);
        },
      },
    ]),
  );
}

const migrations = composeMigrations();

const provider: MigrationProvider = { getMigrations: async () => migrations };
/** Every migration this version knows, oldest first: `/readyz` checks they are all applied (ops/health.ts). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/** The table Kysely records applied migrations in (one row per migration name). */
export const MIGRATION_TABLE = 'kysely_migration';

/**
 * Brings the database to the latest schema. Safe to run from several instances at once: on PostgreSQL, Kysely's
 * migrator takes a session-level advisory lock (`pg_advisory_lock`) on a connection of its own, reads which
 * migrations are applied only once it holds it, and applies the pending ones in one transaction. So one instance
 * migrates, the others wait for the lock and then find nothing left to do; an instance killed half-way rolls its
 * transaction back and frees the lock with its connection. (The migration tables themselves are created before the
 * lock with `if not exists`, a lost race re-checked.) `multiInstance.test.ts` starts three instances at once on an
 * empty database and on one an older version migrated.
 */
export async function migrateToLatest(db: MigrationDb): Promise<void> {
  await run(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Applies the migrations up to and including `name` and no further: the schema an older version of the provider
 * left (tests of upgrades use it).
 */
export async function migrateUpTo(db: MigrationDb, name: string): Promise<void> {
  if (!MIGRATION_NAMES.includes(name)) throw new Error(`No migration is named ${name}`);
  await run(db, (migrator) => migrator.migrateTo(name));
}

async function run(
  db: MigrationDb,
  migrate: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrate(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    // Kysely refuses a database holding a migration this version does not know: a newer version migrated it.
    const unknown = /previously executed migration (\S+) is missing/.exec(reason);
    if (unknown) {
      throw new Error(
        `The database schema is newer than this version of the provider: it has migration ${unknown[1]}, which this version does not know. Run the newer version (or restore the backup taken before the upgrade).`,
      );
    }
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
