// The passwords' parts of the provider's migrations: db/migrations.ts runs each migration's core part, then every
// product's part of it, in the order of products/descriptors.ts. A migration's name and statements are those of the
// release that made it: never renamed, never edited (a database records the names it ran, and Kysely refuses one whose
// list is not a prefix of the known one). A later change of the product's tables is a new migration name, declared
// here. Only portable column types (text, bigint, integer): one migration serves SQLite and PostgreSQL.
import type { MigrationParts } from '../descriptor';

export const passwordsMigrations: MigrationParts = {
  // One password per user (an argon2id hash).
  async '0001_core'(db) {
    await db.schema
      .createTable('passwords')
      .addColumn('password_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.user_id').onDelete('cascade'))
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('requires_reset', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
