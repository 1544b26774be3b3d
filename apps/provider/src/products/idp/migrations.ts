// The identity provider's parts of the provider's migrations: db/migrations.ts runs each migration's core part, then
// every product's part of it, in the order of products/descriptors.ts. A migration's name and statements are those of
// the release that made it: never renamed, never edited (a database records the names it ran, and Kysely refuses one
// whose list is not a prefix of the known one). A later change of the product's tables is a new migration name,
// declared here. Only portable column types (text, bigint, integer): one migration serves SQLite and PostgreSQL.

import { addSigningKeyLifecycle, addSigningKeyRetention } from '../../db/migrationSteps';
import type { MigrationParts } from '../descriptor';

export const idpMigrations: MigrationParts = {
  // The identity provider: consent, authorization codes, tokens and the ID-token signing keys.
  async '0009_idp'(db) {
    // Consent remembered per user and client (the authorize flow); a revoke deletes the row.
    await db.schema
      .createTable('idp_grants')
      .addColumn('grant_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('idp_grants_user_client', ['project_id', 'user_id', 'client_id'])
      .execute();
    await db.schema
      .createTable('idp_authorization_codes')
      .addColumn('code_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text')
      .addColumn('code_challenge', 'text')
      .addColumn('auth_time', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('idp_authorization_codes_expiry')
      .on('idp_authorization_codes')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('idp_tokens')
      .addColumn('token_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('session_id', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('auth_time', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('idp_tokens_family').on('idp_tokens').column('family_id').execute();
    await db.schema.createIndex('idp_tokens_user_client').on('idp_tokens').columns(['user_id', 'client_id']).execute();
    await db.schema
      .createTable('idp_signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  // Issue 26: the ID-token signing keys' lifecycle (rotation), as the session keys'.
  async '0014_ops_outbox_keys'(db) {
    await addSigningKeyLifecycle(db, 'idp_signing_keys');
  },
  // Issue 26: the pre-hijacking check of a first proof (services/verification.ts) and the reset look these tables up by
  // their user; without an index each first sign-in scanned them whole.
  async '0016_user_lookup_indexes'(db) {
    await db.schema.createIndex('idp_grants_user').on('idp_grants').column('user_id').execute();
    await db.schema
      .createIndex('idp_authorization_codes_user')
      .on('idp_authorization_codes')
      .column('user_id')
      .execute();
  },
  // The longest retention of the instances that signed with each ID-token key, as the session keys'.
  async '0023_signing_key_retention'(db) {
    await addSigningKeyRetention(db, 'idp_signing_keys');
  },
  // The subject the identity provider publishes (`sub`), replaced by the pre-hijacking reset: after the owner of an
  // address proves it, the account is a new subject for every relying party (./subjects.ts). No row: the subject is
  // the user id, so the users of a database migrated from before keep theirs.
  async '0026_idp_subjects'(db) {
    await db.schema
      .createTable('idp_subjects')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
