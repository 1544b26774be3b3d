// Steps several migrations take, the core's and a product's alike (db/migrations.ts, products/<key>/migrations.ts).
import { sql } from 'kysely';
import type { MigrationDb } from '../products/descriptor';
import { dialectOf } from './dialect';

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

/**
 * Migration 0023: a signing-key table gets `retention_ms`, the longest retention (services/signingKeys.ts
 * `keyRetentionMs`) of the instances that signed with the key, which it stays published for at least once superseded.
 * Null on the rows of before: no instance recorded anything.
 */
export async function addSigningKeyRetention(db: MigrationDb, table: string): Promise<void> {
  await db.schema.alterTable(table).addColumn('retention_ms', 'bigint').execute();
}

/**
 * Migration 0015: `users.methods_version`, which the database itself bumps (a trigger) on every insert, update and
 * delete of a row of `table` (a table the user answer aggregates: services/users.ts' userMethodColumns), in the
 * transaction of the write. A per-process copy of a user's aggregated methods is valid exactly while the version
 * it was read with is the user's (services/users.ts, the refresh). Only the core's part creates the function.
 */
export async function bumpUserMethodsVersionOn(db: MigrationDb, table: string): Promise<void> {
  const name = sql.raw(`${table}_methods_version`);
  if (dialectOf(db) === 'sqlite') {
    const bump = (row: 'new' | 'old') =>
      sql.raw(`update users set methods_version = methods_version + 1 where user_id = ${row}.user_id;`);
    await sql`create trigger ${sql.raw(`${table}_methods_version_insert`)} after insert on ${sql.table(table)} begin ${bump('new')} end`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${table}_methods_version_delete`)} after delete on ${sql.table(table)} begin ${bump('old')} end`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${table}_methods_version_update`)} after update on ${sql.table(table)} begin ${bump('old')} ${sql.raw('update users set methods_version = methods_version + 1 where user_id = new.user_id and new.user_id <> old.user_id;')} end`.execute(
      db,
    );
    return;
  }
  await sql`create trigger ${name} after insert or update or delete on ${sql.table(table)} for each row execute function latchkey_bump_user_methods_version()`.execute(
    db,
  );
}

/** Migration 0015, the core's part: the column, and on PostgreSQL the trigger function bumpUserMethodsVersionOn uses. */
export async function addUserMethodsVersion(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('methods_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === 'sqlite') return;
  await sql`create or replace function latchkey_bump_user_methods_version() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    update users set methods_version = methods_version + 1 where user_id = old.user_id;
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id is distinct from old.user_id) then
    update users set methods_version = methods_version + 1 where user_id = new.user_id;
  end if;
  return null;
end
$$`.execute(db);
}

/**
 * Migration 0017: on PostgreSQL, pages of `table` keep a fifth of their space free (`fillfactor = 80`) for the new
 * versions of their rows, so an update that changes no indexed column stays on the row's page and writes no index
 * entry (a heap-only tuple: PostgreSQL's manual, "Heap-Only Tuples (HOT)"): a consumed passcode, a session's last
 * access, a user's methods version, a guess counter. Pages written before keep their old fill. SQLite updates rows in
 * place anyway.
 */
export async function leaveRoomForUpdates(db: MigrationDb, table: string): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`alter table ${sql.table(table)} set (fillfactor = 80)`.execute(db);
}
