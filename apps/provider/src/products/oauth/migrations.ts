// The social sign-in's parts of the provider's migrations: db/migrations.ts runs each migration's core part, then every
// product's part of it, in the order of products/descriptors.ts. A migration's name and statements are those of the
// release that made it: never renamed, never edited (a database records the names it ran, and Kysely refuses one whose
// list is not a prefix of the known one). A later change of the product's tables is a new migration name, declared
// here. Only portable column types (text, bigint, integer): one migration serves SQLite and PostgreSQL.
import { bumpUserMethodsVersionOn } from '../../db/migrationSteps';
import type { MigrationParts } from '../descriptor';

export const oauthMigrations: MigrationParts = {
  // Issue 15: social sign-in. Identities, the flows toward the upstreams, the tokens the app redeems, One Tap nonces.
  async '0008_oauth'(db) {
    await db.schema
      .createTable('oauth_registrations')
      .addColumn('oauth_user_registration_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_subject', 'text', (c) => c.notNull())
      .addColumn('email_id', 'text')
      .addColumn('profile_picture_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      // One upstream identity belongs to one user: the index decides between parallel sign-ups and links.
      .addUniqueConstraint('oauth_registrations_identity', ['project_id', 'provider', 'provider_subject'])
      .execute();
    await db.schema.createIndex('oauth_registrations_user').on('oauth_registrations').column('user_id').execute();
    await db.schema
      .createTable('oauth_transactions')
      .addColumn('transaction_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('state_hash', 'text', (c) => c.notNull().unique())
      .addColumn('binding_hash', 'text', (c) => c.notNull())
      .addColumn('secret_salt', 'text', (c) => c.notNull())
      .addColumn('uses_pkce', 'integer', (c) => c.notNull())
      .addColumn('uses_nonce', 'integer', (c) => c.notNull())
      .addColumn('upstream', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text')
      .addColumn('login_redirect_url', 'text', (c) => c.notNull())
      .addColumn('signup_redirect_url', 'text', (c) => c.notNull())
      .addColumn('attach_user_id', 'text', (c) => c.references('users.user_id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('oauth_transactions_expiry').on('oauth_transactions').column('expires_at').execute();
    await db.schema
      .createTable('oauth_tokens')
      .addColumn('token_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.user_id').onDelete('cascade'))
      .addColumn('oauth_user_registration_id', 'text')
      .addColumn('code_challenge', 'text')
      .addColumn('provider_values', 'text')
      .addColumn('error_type', 'text')
      .addColumn('error_message', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('oauth_tokens_expiry').on('oauth_tokens').column('expires_at').execute();
    await db.schema
      .createTable('oauth_attach_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createTable('oauth_onetap_nonces')
      .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('login_redirect_url', 'text', (c) => c.notNull())
      .addColumn('signup_redirect_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
  },
  // The user answer aggregates this table: every write of it bumps its user's `methods_version` (db/migrationSteps.ts).
  async '0015_user_methods_version'(db) {
    await bumpUserMethodsVersionOn(db, 'oauth_registrations');
  },
  // Issue 26: the pre-hijacking check of a first proof (services/verification.ts) and the reset look these tables up by
  // their user; without an index each first sign-in scanned them whole.
  async '0016_user_lookup_indexes'(db) {
    await db.schema.createIndex('oauth_attach_tokens_user').on('oauth_attach_tokens').column('user_id').execute();
    await db.schema
      .createIndex('oauth_transactions_attach_user')
      .on('oauth_transactions')
      .column('attach_user_id')
      .execute();
  },
  // The link an attach flow asks for is made when its token is redeemed by a session of the user who asked
  // (routes.ts), not at the callback: until then the token holds the identity to link (security: a start URL with an
  // attacker's attach token, opened by someone else, must not link that person's identity to the attacker's account).
  async '0019_oauth_pending_links'(db) {
    await db.schema.alterTable('oauth_tokens').addColumn('pending_link', 'text').execute();
  },
  // The pre-hijacking check and reset use up a user's live tokens too (a pending link among them, descriptor.ts): looked
  // up by their user, like the attach tokens above.
  async '0022_oauth_token_users'(db) {
    await db.schema.createIndex('oauth_tokens_user').on('oauth_tokens').column('user_id').execute();
  },
  // A social sign-in whose upstream asserts the address verified proves an account's unverified email (identities.ts):
  // the pre-hijacking reset runs at the callback, and the token carries what it removed to the answer.
  async '0029_oauth_account_resets'(db) {
    await db.schema.alterTable('oauth_tokens').addColumn('account_reset', 'text').execute();
  },
};
