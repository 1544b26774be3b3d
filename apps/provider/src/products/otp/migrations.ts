// The passcodes' parts of the provider's migrations: db/migrations.ts runs each migration's core part, then every
// product's part of it, in the order of products/descriptors.ts. A migration's name and statements are those of the
// release that made it: never renamed, never edited (a database records the names it ran, and Kysely refuses one whose
// list is not a prefix of the known one). A later change of the product's tables is a new migration name, declared
// here. Only portable column types (text, bigint, integer): one migration serves SQLite and PostgreSQL.
import { foldPendingEmails, foldPendingPhoneNumbers, leaveRoomForUpdates } from '../../db/migrationSteps';
import type { MigrationParts } from '../descriptor';

export const otpMigrations: MigrationParts = {
  // The passcodes sent by email, text or WhatsApp.
  async '0001_core'(db) {
    await db.schema
      .createTable('otp_codes')
      .addColumn('otp_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('method_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('otp_codes_method').on('otp_codes').columns(['method_id', 'created_at']).execute();
  },
  // Issue 10: an address that joins an account only once its owner authenticates a code sent to it.
  async '0002_guess_slots_and_pending_identifiers'(db) {
    await db.schema.alterTable('otp_codes').addColumn('pending_identifier', 'text').execute();
  },
  // Issue 26: a code's redemption updates it (consumed, its guesses counted) on its own page.
  async '0017_room_for_updates'(db) {
    await leaveRoomForUpdates(db, 'otp_codes');
  },
  // A secondary send's code to a new address is bound to the session that sent it, as the core binds its links (see
  // the core's part of this migration in db/migrations.ts). Null on the codes sent before, which keep their rule.
  async '0020_pending_send_sessions'(db) {
    await db.schema.alterTable('otp_codes').addColumn('sender_session_id', 'text').execute();
  },
  // A pending code's address in its canonical spelling, as the core's part of this migration folds the stored ones.
  async '0027_canonical_emails'(db) {
    await foldPendingEmails(db, 'otp_codes', 'otp_id', 'pending_identifier');
  },
  // A pending code's phone number in its canonical spelling, as the core's part of this migration folds the stored ones.
  async '0028_canonical_phone_numbers'(db) {
    await foldPendingPhoneNumbers(db, 'otp_codes', 'otp_id', 'pending_identifier');
  },
};
