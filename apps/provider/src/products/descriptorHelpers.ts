// Small helpers the products' descriptors share (products/descriptor.ts has the shape).
import type { AccountResetItem } from '@latchkey/sdk/contract';
import type { Kysely } from 'kysely';
import type { AccountResetPart, Executor } from './descriptor';

/** A column aggregated into JSON (a `userAnswer` column): SQLite's driver hands it back as text, PostgreSQL's parsed. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** How many rows a Kysely write changed (delete, update). */
export const changed = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }): number =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);

// The tables below are named by their product, so Kysely cannot check their columns here: each builder says which
// columns it reads, and the descriptors.test.ts and account-takeover tests run every part on both databases.
// biome-ignore lint/suspicious/noExplicitAny: a table named at run time (see above).
const untyped = (db: Executor) => db as unknown as Kysely<any>;

/**
 * The reset part of a sign-in method the user holds in `table` (one row per factor, `user_id`): a `factor` part that
 * deletes every row of the user and reports `item` with how many went.
 */
export function deleteUserFactors(table: string, item: AccountResetItem): AccountResetPart {
  return {
    stage: 'factor',
    item,
    holds: (eb, userId) => [
      // biome-ignore lint/suspicious/noExplicitAny: as `untyped`.
      (eb as any).exists((eb as any).selectFrom(table).select('user_id').where('user_id', '=', userId)),
    ],
    run: async (trx, userId) =>
      changed(await untyped(trx).deleteFrom(table).where('user_id', '=', userId).executeTakeFirst()),
  };
}

/**
 * The reset part of what the user could still redeem to attach something later (challenges, attach tokens): an
 * `outstanding` part that uses up (`consumed_at` = now) every row of each table not consumed yet whose `column` is
 * the user, in the order given; it reports nothing.
 */
export function consumeOutstanding(...targets: readonly { table: string; column: string }[]): AccountResetPart {
  return {
    stage: 'outstanding',
    holds: (eb, userId) =>
      targets.map(({ table, column }) =>
        // biome-ignore lint/suspicious/noExplicitAny: as `untyped`.
        (eb as any).exists(
          // biome-ignore lint/suspicious/noExplicitAny: as `untyped`.
          (eb as any).selectFrom(table).select(column).where(column, '=', userId).where('consumed_at', 'is', null),
        ),
      ),
    run: async (trx, userId, now) => {
      for (const { table, column } of targets) {
        await untyped(trx)
          .updateTable(table)
          .set({ consumed_at: now })
          .where(column, '=', userId)
          .where('consumed_at', 'is', null)
          .execute();
      }
      return 0;
    },
  };
}
