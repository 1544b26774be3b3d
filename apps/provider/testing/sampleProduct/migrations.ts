// The sample product's part of the migrations: a migration of its own, numbered well past every released one
// (Kysely runs them in name order, so a release that adds the next number does not land behind it), composed by
// db/migrations.ts like any product's.
import { bumpUserMethodsVersionOn } from '../../src/db/migrationSteps';
import type { MigrationParts } from '../../src/products/descriptor';

/** The migration that creates the sample's table. */
export const SECURITY_ANSWERS_MIGRATION = '0900_sample_security_answers';

export const securityQuestionMigrations: MigrationParts = {
  async [SECURITY_ANSWERS_MIGRATION](db) {
    await db.schema
      .createTable('security_answers')
      .addColumn('security_answer_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      // One question per user: setting it again replaces it.
      .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.user_id').onDelete('cascade'))
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answer_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The user answer shows the question (descriptor.ts, userAnswer): every write of the table bumps its user's
    // `methods_version`, so an instance's copy of the user's methods is never stale (db/migrationSteps.ts).
    await bumpUserMethodsVersionOn(db, 'security_answers');
  },
};
