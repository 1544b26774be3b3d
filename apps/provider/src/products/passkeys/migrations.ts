// The passkeys' parts of the provider's migrations: db/migrations.ts runs each migration's core part, then every
// product's part of it, in the order of products/descriptors.ts. A migration's name and statements are those of the
// release that made it: never renamed, never edited (a database records the names it ran, and Kysely refuses one whose
// list is not a prefix of the known one). A later change of the product's tables is a new migration name, declared
// here. Only portable column types (text, bigint, integer): one migration serves SQLite and PostgreSQL.
import { bumpUserMethodsVersionOn } from '../../db/migrationSteps';
import type { MigrationParts } from '../descriptor';

export const passkeysMigrations: MigrationParts = {
  // Issue 13: passkeys and security keys (WebAuthn), and their single-use challenges.
  async '0004_webauthn'(db) {
    await db.schema
      .createTable('webauthn_registrations')
      .addColumn('webauthn_registration_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('credential_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('sign_count', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('user_handle', 'text', (c) => c.notNull())
      .addColumn('rp_id', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('authenticator_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_passkey', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('webauthn_registrations_project_credential', ['project_id', 'credential_id'])
      .execute();
    await db.schema.createIndex('webauthn_registrations_user').on('webauthn_registrations').column('user_id').execute();
    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('challenge_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.user_id').onDelete('cascade'))
      .addColumn('session_id', 'text')
      .addColumn('rp_id', 'text', (c) => c.notNull())
      .addColumn('user_verification_required', 'integer', (c) => c.notNull())
      .addColumn('is_passkey', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_handle', 'text')
      .addColumn('authenticator_type', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute();
  },
  // Issue 13: a passkey as second factor. A secondary challenge asked for with an intermediate session is bound to it.
  async '0006_webauthn_second_factor'(db) {
    await db.schema.alterTable('webauthn_challenges').addColumn('intermediate_session_id', 'text').execute();
  },
  // The user answer aggregates this table: every write of it bumps its user's `methods_version` (db/migrationSteps.ts).
  async '0015_user_methods_version'(db) {
    await bumpUserMethodsVersionOn(db, 'webauthn_registrations');
  },
  // Issue 26: the pre-hijacking check of a first proof (services/verification.ts) and the reset look this table up by
  // its user; without an index each first sign-in scanned the whole table.
  async '0016_user_lookup_indexes'(db) {
    await db.schema.createIndex('webauthn_challenges_user').on('webauthn_challenges').column('user_id').execute();
  },
  // Whether the authenticator verified the user when the credential was registered (WebAuthn L3 §4 `uvInitialized`):
  // only then does an assertion's user-verified flag count as a factor (routes.ts). A passkey always did (its
  // registration requires it); a security key registered before this migration is not known to have, so it stays 0.
  async '0024_webauthn_uv_initialized'(db) {
    await db.schema
      .alterTable('webauthn_registrations')
      .addColumn('uv_initialized', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.updateTable('webauthn_registrations').set({ uv_initialized: 1 }).where('is_passkey', '=', 1).execute();
  },
};
