// Steps several migrations take, the core's and a product's alike (db/migrations.ts, products/<key>/migrations.ts).
import { sql } from 'kysely';
import type { MigrationDb } from '../products/descriptor';
import { canonicalEmail } from '../services/emailAddress';
import { canonicalPhoneNumber, MEXICO_OLD_MOBILE_PREFIX } from '../services/phoneNumber';
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

/** What folding the stored identifiers of one kind did (foldEmailSpellings, foldPhoneSpellings). */
export interface Folding {
  /** Identifiers rewritten into their canonical spelling. */
  folded: number;
  /** Second copies of an identifier one account held twice, deleted. */
  merged: number;
  /** Unverified identifiers another account holds verified, deleted. */
  dropped: number;
  /** Identifiers left as they were: another account holds the canonical spelling as verified as this one. */
  left: number;
}

/** Where one kind of identifier is stored, the rows that may be spelled otherwise, and its one spelling. */
interface IdentifierSpelling {
  table: 'emails' | 'phone_numbers';
  id: 'email_id' | 'phone_id';
  column: 'email' | 'phone_number';
  candidates: (db: MigrationDb) => ReturnType<typeof sql<boolean>>;
  canonical: (value: string) => string;
}

const EMAIL_SPELLING: IdentifierSpelling = {
  table: 'emails',
  id: 'email_id',
  column: 'email',
  candidates: (db) => spelledOtherwise(db, 'email'),
  canonical: canonicalEmail,
};

const PHONE_SPELLING: IdentifierSpelling = {
  table: 'phone_numbers',
  id: 'phone_id',
  column: 'phone_number',
  candidates: () => sql<boolean>`phone_number like ${`${MEXICO_OLD_MOBILE_PREFIX}%`}`,
  canonical: canonicalPhoneNumber,
};

/**
 * Migration 0027 (and `latchkey-provider identifiers fold`): every stored address in its one canonical spelling
 * (services/emailAddress.ts), so that one mailbox is one account: until then `exämple.de`, its decomposed and
 * full-width forms and its A-label `xn--exmple-cua.de` were four accounts, and after the stricter address rule of
 * 2026-12-02 the first three could not sign in at all. See foldSpellings for what happens to each row.
 */
export function foldEmailSpellings(db: MigrationDb): Promise<Folding> {
  return foldSpellings(db, EMAIL_SPELLING);
}

/**
 * Migration 0028 (and `latchkey-provider identifiers fold`): every stored phone number in its one canonical spelling
 * (services/phoneNumber.ts): a Mexican mobile number written with the mobile prefix `1` Mexico dropped in 2019
 * (`+52 1 55 …`) and without it were two accounts for one handset. See foldSpellings.
 */
export function foldPhoneSpellings(db: MigrationDb): Promise<Folding> {
  return foldSpellings(db, PHONE_SPELLING);
}

/**
 * Rewrites every stored identifier of one kind into its canonical spelling, in one transaction. Rows are taken
 * verified first, then oldest:
 * - an identifier whose canonical spelling is free takes it;
 * - one the same account also holds in the canonical spelling is that identifier twice: the copy is deleted, and the
 *   canonical row is verified if the copy was;
 * - between two accounts, a verified identifier wins over an unverified one, which is deleted: an identifier nobody
 *   proved belongs to nobody (the pre-hijacking reset treats it so), and a stranger's unverified sign-up must not take
 *   every sign-in of the owner's verified account;
 * - two accounts holding it alike (both verified, or both not) are never merged: the row is left as it was (its
 *   account keeps its other methods; the provider README says how an operator finds such rows).
 */
async function foldSpellings(db: MigrationDb, spelling: IdentifierSpelling): Promise<Folding> {
  let folding: Folding = { folded: 0, merged: 0, dropped: 0, left: 0 };
  await inTransaction(db, async (trx) => {
    folding = await foldRows(trx, spelling);
  });
  return folding;
}

async function foldRows(db: MigrationDb, spelling: IdentifierSpelling): Promise<Folding> {
  const { table, id, column } = spelling;
  const folding: Folding = { folded: 0, merged: 0, dropped: 0, left: 0 };
  const rows: { id: string; user_id: string; project_id: string; value: string; verified: number }[] = await db
    .selectFrom(table)
    .select([`${id} as id`, 'user_id', 'project_id', `${column} as value`, 'verified'])
    .where(spelling.candidates(db))
    .orderBy('verified', 'desc')
    .orderBy('created_at')
    .orderBy(id)
    .execute();
  const rename = (rowId: string, value: string) =>
    db
      .updateTable(table)
      .set({ [column]: value })
      .where(id, '=', rowId)
      .execute();
  const remove = (rowId: string) => db.deleteFrom(table).where(id, '=', rowId).execute();
  for (const row of rows) {
    const value = spelling.canonical(row.value);
    if (value === row.value) continue;
    const holder: { id: string; user_id: string; verified: number } | undefined = await db
      .selectFrom(table)
      .select([`${id} as id`, 'user_id', 'verified'])
      .where('project_id', '=', row.project_id)
      .where(column, '=', value)
      .executeTakeFirst();
    const verified = row.verified === 1;
    if (holder === undefined) {
      await rename(row.id, value);
      folding.folded += 1;
    } else if (holder.user_id === row.user_id) {
      if (verified && holder.verified !== 1) {
        await db.updateTable(table).set({ verified: 1 }).where(id, '=', holder.id).execute();
      }
      await remove(row.id);
      folding.merged += 1;
    } else if (verified && holder.verified !== 1) {
      await remove(holder.id);
      await rename(row.id, value);
      folding.dropped += 1;
      folding.folded += 1;
    } else if (!verified && holder.verified === 1) {
      await remove(row.id);
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
export function foldPendingEmails(db: MigrationDb, table: string, idColumn: string, column: string): Promise<void> {
  return foldPending(
    db,
    { table, idColumn, column },
    sql<boolean>`${sql.ref(column)} like '%@%' and ${spelledOtherwise(db, column)}`,
    canonicalEmail,
  );
}

/** Migration 0028: a phone number a pending send holds in its canonical spelling (as foldPendingEmails). */
export function foldPendingPhoneNumbers(
  db: MigrationDb,
  table: string,
  idColumn: string,
  column: string,
): Promise<void> {
  return foldPending(
    db,
    { table, idColumn, column },
    sql<boolean>`${sql.ref(column)} like ${`${MEXICO_OLD_MOBILE_PREFIX}%`}`,
    canonicalPhoneNumber,
  );
}

async function foldPending(
  db: MigrationDb,
  where: { table: string; idColumn: string; column: string },
  candidates: ReturnType<typeof sql<boolean>>,
  canonical: (value: string) => string,
): Promise<void> {
  const { table, idColumn, column } = where;
  await inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom(table)
      .select([`${idColumn} as id`, `${column} as value`])
      .where(candidates)
      .execute();
    for (const { id, value } of rows) {
      const folded = canonical(value);
      if (folded !== value) {
        await trx
          .updateTable(table)
          .set({ [column]: folded })
          .where(idColumn, '=', id)
          .execute();
      }
    }
  });
}
