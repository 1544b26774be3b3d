// The crypto wallets' parts of the provider's migrations: db/migrations.ts runs each migration's core part, then every
// product's part of it, in the order of products/descriptors.ts. A migration's name and statements are those of the
// release that made it: never renamed, never edited (a database records the names it ran, and Kysely refuses one whose
// list is not a prefix of the known one). A later change of the product's tables is a new migration name, declared
// here. Only portable column types (text, bigint, integer): one migration serves SQLite and PostgreSQL.
import { bumpUserMethodsVersionOn } from '../../db/migrationSteps';
import type { MigrationParts } from '../descriptor';

export const cryptoWalletsMigrations: MigrationParts = {
  // Issue 14: Ethereum and Solana wallets, and the challenges they sign.
  async '0007_crypto_wallets'(db) {
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
  // Issue 25, finding 4: every wallet challenge names the page that asked (EIP-4361 for Ethereum, Sign-In With
  // Solana for Solana). The page's origin is kept (the SIWE message writes its scheme when it is not https), and a
  // Solana challenge's chain id. Finding 8: the client IP that asked, so that a signature is tried first against
  // the challenges its own address asked for (strangers asking for many cannot push the owner's out of reach).
  // Live challenges (five minutes at most) of the old plain format are dropped: they would never verify again, and
  // a wallet simply asks for a new one.
  async '0012_wallet_challenges'(db) {
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
  // The user answer aggregates this table: every write of it bumps its user's `methods_version` (db/migrationSteps.ts).
  async '0015_user_methods_version'(db) {
    await bumpUserMethodsVersionOn(db, 'crypto_wallets');
  },
  // Issue 26: the pre-hijacking check of a first proof (services/verification.ts) and the reset look this table up by
  // its user; without an index each first sign-in scanned the whole table.
  async '0016_user_lookup_indexes'(db) {
    await db.schema
      .createIndex('crypto_wallet_challenges_user')
      .on('crypto_wallet_challenges')
      .column('user_id')
      .execute();
  },
};
