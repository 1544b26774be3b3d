import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

// Migrations are code, not files, so the provider runs the same way from source, from a build and in tests.
// Only portable column types (text, bigint, integer) are used: one migration serves SQLite and PostgreSQL.
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema type (Kysely's advice).
type AnyDatabase = Kysely<any>;

const migrations: Record<string, Migration> = {
  '0001_core': {
    async up(db: AnyDatabase) {
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
        .createTable('passwords')
        .addColumn('password_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.user_id').onDelete('cascade'))
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('requires_reset', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
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
      await db.schema
        .createIndex('auth_failures_user')
        .on('auth_failures')
        .columns(['user_id', 'created_at'])
        .execute();
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
  },
  // Issue 10: guess slots taken atomically before a check, and identifiers that join an account only when
  // their owner authenticates them (the pending address travels with the code or link until then).
  '0002_guess_slots_and_pending_identifiers': {
    async up(db: AnyDatabase) {
      await db.schema
        .createTable('guess_counters')
        .addColumn('counter_key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('otp_codes').addColumn('pending_identifier', 'text').execute();
      await db.schema.alterTable('email_tokens').addColumn('pending_email', 'text').execute();
    },
  },
  // Issue 12: server calls authenticate with the project's secret key, kept only as its SHA-256 hash.
  '0003_project_secret_key': {
    async up(db: AnyDatabase) {
      await db.schema.alterTable('projects').addColumn('secret_key_hash', 'text').execute();
    },
  },
  // Issue 13: passkeys and security keys (WebAuthn), and their single-use challenges.
  '0004_webauthn': {
    async up(db: AnyDatabase) {
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
      await db.schema
        .createIndex('webauthn_registrations_user')
        .on('webauthn_registrations')
        .column('user_id')
        .execute();
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
      await db.schema
        .createIndex('webauthn_challenges_expiry')
        .on('webauthn_challenges')
        .column('expires_at')
        .execute();
    },
  },
  // Issue 13: authenticator apps (TOTP) with recovery codes, and the intermediate sessions of multi-factor sign-in.
  '0005_totp_and_mfa': {
    async up(db: AnyDatabase) {
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
  },
  // Issue 13: a passkey as second factor. A secondary challenge asked for with an intermediate session is bound to it.
  '0006_webauthn_second_factor': {
    async up(db: AnyDatabase) {
      await db.schema.alterTable('webauthn_challenges').addColumn('intermediate_session_id', 'text').execute();
    },
  },
  // Issue 14: Ethereum and Solana wallets, and the challenges they sign.
  '0007_crypto_wallets': {
    async up(db: AnyDatabase) {
      await db.schema
        .createTable('crypto_wallets')
        .addColumn('crypto_wallet_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('wallet_type', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // One wallet belongs to one user: the index decides between parallel sign-ups and attaches.
        .addUniqueConstraint('crypto_wallets_project_address', ['project_id', 'wallet_type', 'address'])
        .execute();
      await db.schema.createIndex('crypto_wallets_user').on('crypto_wallets').column('user_id').execute();
      await db.schema
        .createTable('crypto_wallet_challenges')
        .addColumn('challenge_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('wallet_type', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('nonce_salt', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.user_id').onDelete('cascade'))
        .addColumn('session_id', 'text')
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('uri', 'text', (c) => c.notNull())
        .addColumn('chain_id', 'bigint')
        .addColumn('statement', 'text')
        .addColumn('request_id', 'text')
        .addColumn('resources', 'text')
        .addColumn('not_before', 'bigint')
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('crypto_wallet_challenges_address')
        .on('crypto_wallet_challenges')
        .columns(['project_id', 'wallet_type', 'address'])
        .execute();
      await db.schema
        .createIndex('crypto_wallet_challenges_expiry')
        .on('crypto_wallet_challenges')
        .column('expires_at')
        .execute();
    },
  },
  // Issue 15: social sign-in. Identities, the flows toward the upstreams, the tokens the app redeems, One Tap nonces.
  '0008_oauth': {
    async up(db: AnyDatabase) {
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
  },
  '0009_idp': {
    async up(db: AnyDatabase) {
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
      await db.schema
        .createIndex('idp_tokens_user_client')
        .on('idp_tokens')
        .columns(['user_id', 'client_id'])
        .execute();
      await db.schema
        .createTable('idp_signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('alg', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('impersonation_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('impersonator_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema.alterTable('sessions').addColumn('impersonator_id', 'text').execute();
    },
  },
  // Issue 25: a session exchanged from an identity-provider access token names that token and its client (so revoking
  // the grant, the token family or the token ends it) and the latest expiry it may ever have.
  '0010_takeover_reset': {
    async up(db: AnyDatabase) {
      await db.schema.alterTable('sessions').addColumn('exchanged_token_id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('exchanged_client_id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('max_expires_at', 'bigint').execute();
      await db.schema.createIndex('sessions_exchanged_token').on('sessions').column('exchanged_token_id').execute();
      // Sessions exchanged before this migration: which token they came from was never kept, but their factor names
      // the client. They get that client (a revoked grant or a reset ends them) and a cap no token could outlive:
      // the longest access token (1440 minutes) plus the longest `idp.exchangedSessionMinutes` (1440 minutes).
      // In a transaction: on SQLite a read outside one may go to the read-only connection, which sees only what is
      // committed (PostgreSQL runs each migration in a transaction already).
      const backfill = async (trx: AnyDatabase) => {
        const exchanged: {
          session_id: string;
          factors: string;
          started_at: number | string;
          expires_at: number | string;
        }[] = await trx
          .selectFrom('sessions')
          .select(['session_id', 'factors', 'started_at', 'expires_at'])
          .where('revoked_at', 'is', null)
          .where('factors', 'like', '%oauth_access_token_exchange%')
          .execute();
        for (const row of exchanged) {
          const clientId = exchangeClientOf(row.factors);
          if (clientId === null) continue;
          const cap = Number(row.started_at) + LEGACY_EXCHANGED_SESSION_CAP_MS;
          await trx
            .updateTable('sessions')
            .set({
              exchanged_client_id: clientId,
              max_expires_at: cap,
              expires_at: Math.min(Number(row.expires_at), cap),
            })
            .where('session_id', '=', row.session_id)
            .execute();
        }
      };
      if (db.isTransaction) await backfill(db);
      else await db.transaction().execute(backfill);
    },
  },
  // Issue 25, finding 4: every wallet challenge names the page that asked (EIP-4361 for Ethereum, Sign-In With
  // Solana for Solana). The page's origin is kept (the SIWE message writes its scheme when it is not https), and a
  // Solana challenge's chain id. Finding 8: the client IP that asked, so that a signature is tried first against
  // the challenges its own address asked for (strangers asking for many cannot push the owner's out of reach).
  // Live challenges (five minutes at most) of the old plain format are dropped: they would never verify again, and
  // a wallet simply asks for a new one.
  '0012_wallet_challenges': {
    async up(db: AnyDatabase) {
      await db.deleteFrom('crypto_wallet_challenges').execute();
      await db.schema
        .alterTable('crypto_wallet_challenges')
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('crypto_wallet_challenges').addColumn('solana_chain_id', 'text').execute();
      await db.schema
        .alterTable('crypto_wallet_challenges')
        .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
  // Issue 26: the outbox of outgoing messages, the purge lease, and the signing keys' lifecycle (rotation).
  '0014_ops_outbox_keys': {
    async up(db: AnyDatabase) {
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
      for (const table of ['signing_keys', 'idp_signing_keys']) {
        await db.schema.alterTable(table).addColumn('activated_at', 'bigint').execute();
        await db.schema.alterTable(table).addColumn('superseded_at', 'bigint').execute();
        await db.schema.alterTable(table).addColumn('retired_at', 'bigint').execute();
        // The key that signed until now (the oldest) stays the signing key; any other (instances that raced at their
        // first start) becomes a pre-published next key.
        await sql`update ${sql.table(table)} set activated_at = created_at where kid = (select kid from ${sql.table(table)} order by created_at, kid limit 1)`.execute(
          db,
        );
      }
    },
  },
};

/** Migration 0010's cap for sessions exchanged before it: 1440 + 1440 minutes after they started. */
const LEGACY_EXCHANGED_SESSION_CAP_MS = 2 * 1440 * 60_000;

/** The client id the exchange factor of a session's factors (JSON) names, or null. */
function exchangeClientOf(factorsJson: string): string | null {
  try {
    const factors = JSON.parse(factorsJson) as { oauth_access_token_exchange_factor?: { client_id?: unknown } }[];
    const factor = factors.find((item) => item.oauth_access_token_exchange_factor !== undefined);
    const clientId = factor?.oauth_access_token_exchange_factor?.client_id;
    return typeof clientId === 'string' ? clientId : null;
  } catch {
    return null;
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };
/** Every migration this version knows, oldest first: `/readyz` checks they are all applied (ops/health.ts). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

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
export async function migrateToLatest(db: AnyDatabase): Promise<void> {
  await run(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Applies the migrations up to and including `name` and no further: the schema an older version of the provider
 * left (tests of upgrades use it).
 */
export async function migrateUpTo(db: AnyDatabase, name: string): Promise<void> {
  if (!MIGRATION_NAMES.includes(name)) throw new Error(`No migration is named ${name}`);
  await run(db, (migrator) => migrator.migrateTo(name));
}

async function run(
  db: AnyDatabase,
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
