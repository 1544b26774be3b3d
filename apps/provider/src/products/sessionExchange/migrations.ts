// The session exchange's and impersonation's parts of the provider's migrations: db/migrations.ts runs each migration's
// core part, then every product's part of it, in the order of products/descriptors.ts. A migration's name and
// statements are those of the release that made it: never renamed, never edited (a database records the names it ran,
// and Kysely refuses one whose list is not a prefix of the known one). A later change of the product's tables is a new
// migration name, declared here. Only portable column types (text, bigint, integer): one migration serves SQLite and
// PostgreSQL.
import type { MigrationDb, MigrationParts } from '../descriptor';

export const sessionExchangeMigrations: MigrationParts = {
  // Impersonation tokens, and the impersonator a session opened with one names (released with the identity provider).
  async '0009_idp'(db) {
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
  // Issue 25: a session exchanged from an identity-provider access token names that token and its client (so revoking
  // the grant, the token family or the token ends it) and the latest expiry it may ever have.
  async '0010_takeover_reset'(db) {
    await db.schema.alterTable('sessions').addColumn('exchanged_token_id', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('exchanged_client_id', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('max_expires_at', 'bigint').execute();
    await db.schema.createIndex('sessions_exchanged_token').on('sessions').column('exchanged_token_id').execute();
    // Sessions exchanged before this migration: which token they came from was never kept, but their factor names
    // the client. They get that client (a revoked grant or a reset ends them) and a cap no token could outlive:
    // the longest access token (1440 minutes) plus the longest `idp.exchangedSessionMinutes` (1440 minutes).
    // In a transaction: on SQLite a read outside one may go to the read-only connection, which sees only what is
    // committed (PostgreSQL runs each migration in a transaction already).
    const backfill = async (trx: MigrationDb) => {
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
  // Issue 26: almost no session is exchanged, yet every new session wrote a null entry into this index; only the
  // exchanged ones are looked up by their token.
  async '0017_room_for_updates'(db) {
    await db.schema.dropIndex('sessions_exchanged_token').execute();
    await db.schema
      .createIndex('sessions_exchanged_token')
      .on('sessions')
      .column('exchanged_token_id')
      .where('exchanged_token_id', 'is not', null)
      .execute();
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
