// Steps several migrations take, the core's and a product's alike (db/migrations.ts, products/<key>/migrations.ts).
import { sql } from 'kysely';
import type { MigrationDb } from '../products/descriptor';
import { canonicalEmail } from '../services/emailAddress';
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

/**
 * Runs a migration's reads and writes in one transaction: on SQLite a read outside one may go to the read-only
 * connection, which sees only what is committed (PostgreSQL runs each migration in a transaction already).
 */
async function inTransaction(db: MigrationDb, work: (trx: MigrationDb) => Promise<void>): Promise<void> {
  if (db.isTransaction) await work(db);
  else await db.transaction().execute(work);
}

/**
 * The rows of `table` whose `column` may not be in its canonical spelling (services/emailAddress.ts): those holding a
 * character outside printable ASCII or an `xn--` label. Rows in plain ASCII were already stored trimmed and
 * lower-cased, which is all the rule asks of them.
 */
function spelledOtherwise(db: MigrationDb, column: string) {
  const value = sql.ref(column);
  const nonAscii = dialectOf(db) === 'sqlite' ? sql`${value} glob '*[^ -~]*'` : sql`${value} ~ '[^ -~]'`;
  return sql<boolean>`(${nonAscii} or ${value} like '%xn--%')`;
}

/** What folding the stored addresses did (foldEmailSpellings), for the operator's command (`emails fold`). */
export interface EmailFolding {
  /** Addresses rewritten into their canonical spelling. */
  folded: number;
  /** Second copies of an address one account held twice, deleted. */
  merged: number;
  /** Unverified addresses another account holds verified, deleted. */
  dropped: number;
  /** Addresses left as they were: another account holds the canonical spelling as verified as this one. */
  left: number;
}

/**
 * Migration 0027 (and `latchkey-provider emails fold`): every stored address in its one canonical spelling
 * (services/emailAddress.ts), so that one mailbox is one account: until then `exämple.de`, its decomposed and
 * full-width forms and its A-label `xn--exmple-cua.de` were four accounts, and after the stricter address rule of
 * 2026-12-02 the first three could not sign in at all. Rows are taken verified first, then oldest:
 * - an address whose canonical spelling is free takes it;
 * - one the same account also holds in the canonical spelling is that address twice: the copy is deleted, and the
 *   canonical row is verified if the copy was;
 * - between two accounts, a verified address wins over an unverified one, which is deleted: an address nobody proved
 *   belongs to nobody (the pre-hijacking reset treats it so), and a stranger's unverified sign-up must not take every
 *   email sign-in of the owner's verified account;
 * - two accounts holding it equally (both verified, or both not) are never merged: the row is left as it was (its
 *   account keeps its other methods; the provider README says how an operator finds such rows).
 */
export async function foldEmailSpellings(db: MigrationDb): Promise<EmailFolding> {
  let folding: EmailFolding = { folded: 0, merged: 0, dropped: 0, left: 0 };
  await inTransaction(db, async (trx) => {
    folding = await foldEmails(trx);
  });
  return folding;
}

async function foldEmails(db: MigrationDb): Promise<EmailFolding> {
  const folding: EmailFolding = { folded: 0, merged: 0, dropped: 0, left: 0 };
  const rows = await db
    .selectFrom('emails')
    .select(['email_id', 'user_id', 'project_id', 'email', 'verified'])
    .where(spelledOtherwise(db, 'email'))
    .orderBy('verified', 'desc')
    .orderBy('created_at')
    .orderBy('email_id')
    .execute();
  const rename = (emailId: string, email: string) =>
    db.updateTable('emails').set({ email }).where('email_id', '=', emailId).execute();
  const remove = (emailId: string) => db.deleteFrom('emails').where('email_id', '=', emailId).execute();
  for (const row of rows) {
    const email = canonicalEmail(row.email);
    if (email === row.email) continue;
    const holder = await db
      .selectFrom('emails')
      .select(['email_id', 'user_id', 'verified'])
      .where('project_id', '=', row.project_id)
      .where('email', '=', email)
      .executeTakeFirst();
    const verified = row.verified === 1;
    if (holder === undefined) {
      await rename(row.email_id, email);
      folding.folded += 1;
    } else if (holder.user_id === row.user_id) {
      if (verified && holder.verified !== 1) {
        await db.updateTable('emails').set({ verified: 1 }).where('email_id', '=', holder.email_id).execute();
      }
      await remove(row.email_id);
      folding.merged += 1;
    } else if (verified && holder.verified !== 1) {
      await remove(holder.email_id);
      await rename(row.email_id, email);
      folding.dropped += 1;
      folding.folded += 1;
    } else if (!verified && holder.verified === 1) {
      await remove(row.email_id);
      folding.dropped += 1;
    } else {
      folding.left += 1;
    }
  }
  return folding;
}

/**
 * Migration 0027: an address a pending send holds (a link's or a code's address that joins an account when redeemed)
 * in its canonical spelling, so that it joins as the address the account will be found by.
 */
export async function foldPendingEmails(
  db: MigrationDb,
  table: string,
  idColumn: string,
  column: string,
): Promise<void> {
  await inTransaction(db, (trx) => foldPending(trx, table, idColumn, column));
}

async function foldPending(db: MigrationDb, table: string, idColumn: string, column: string): Promise<void> {
  const rows = await db
    .selectFrom(table)
    .select([`${idColumn} as id`, `${column} as address`])
    .where(column, 'like', '%@%')
    .where(spelledOtherwise(db, column))
    .execute();
  for (const { id, address } of rows) {
    const email = canonicalEmail(address);
    if (email !== address)
      await db
        .updateTable(table)
        .set({ [column]: email })
        .where(idColumn, '=', id)
        .execute();
  }
}
