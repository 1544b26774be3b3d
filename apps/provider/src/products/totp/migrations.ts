// The authenticator apps' parts of the provider's migrations: db/migrations.ts runs each migration's core part, then
// every product's part of it, in the order of products/descriptors.ts. A migration's name and statements are those of
// the release that made it: never renamed, never edited (a database records the names it ran, and Kysely refuses one
// whose list is not a prefix of the known one). A later change of the product's tables is a new migration name,
// declared here. Only portable column types (text, bigint, integer): one migration serves SQLite and PostgreSQL.
import type { MigrationParts } from '../descriptor';

export const totpMigrations: MigrationParts = {
  // Issue 13: authenticator apps (TOTP) with recovery codes.
  async '0005_totp_and_mfa'(db) {
    await db.schema
      .createTable('totps')
      .addColumn('totp_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      // One TOTP per user: a new enrolment replaces a pending one, never a verified one.
      .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.user_id').onDelete('cascade'))
      .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_time_step', 'bigint')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('totp_recovery_codes')
      .addColumn('recovery_code_id', 'text', (c) => c.primaryKey())
      .addColumn('totp_id', 'text', (c) => c.notNull().references('totps.totp_id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('totp_recovery_codes_lookup')
      .on('totp_recovery_codes')
      .columns(['totp_id', 'code_hash'])
      .execute();
  },
};
