// Steps several migrations take, the core's and a product's alike (db/migrations.ts, products/<key>/migrations.ts).
import { sql } from 'kysely';
import type { MigrationDb } from '../products/descriptor';

/**
 * Migration 0014: a signing-key table (services/signingKeys.ts' key store) gets its lifecycle columns. The key that
 * signed until then (the oldest) stays the signing key; any other (instances that raced at their first start)
 * becomes a pre-published next key.
 */
export async function addSigningKeyLifecycle(db: MigrationDb, table: string): Promise<void> {
  await db.schema.alterTable(table).addColumn('activated_at', 'bigint').execute();
  await db.schema.alterTable(table).addColumn('superseded_at', 'bigint').execute();
  await db.schema.alterTable(table).addColumn('retired_at', 'bigint').execute();
  await sql`update ${sql.table(table)} set activated_at = created_at where kid = (select kid from ${sql.table(table)} order by created_at, kid limit 1)`.execute(
    db,
  );
}
