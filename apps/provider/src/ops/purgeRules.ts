// The building blocks of the purge's rules (ops/purge.ts runs them): the core's rules and each product's
// (`purge` of its descriptor, src/products/<key>/descriptor.ts) delete in bounded batches with these.
import type { Kysely } from 'kysely';
import type { ProviderConfig } from '../config';
import type { Retention } from './retention';

/** A single-use row is kept this long past its expiry: instances whose clocks differ a little still refuse it as expired. */
export const PURGE_MARGIN_MS = 5 * 60_000;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

// biome-ignore lint/suspicious/noExplicitAny: rules name their table at run time.
export type AnyDb = Kysely<any>;
/** A Kysely select builder (or expression builder) on a table chosen at run time. */
// biome-ignore lint/suspicious/noExplicitAny: as above.
export type Query = any;

export interface RuleContext {
  db: AnyDb;
  now: number;
  config: ProviderConfig;
  /**
   * How long to keep what the configuration sets a retention for: the longest of this process's configuration and
   * the serving instances' (ops/retention.ts). Rules read it, not `config`, for any such value.
   */
  retention: Retention;
  batchSize: number;
  /** Called after every batch: renews the lease, or throws when it was lost. */
  afterBatch(): Promise<void>;
}

/**
 * Deletes the rows of `table` that `where` selects, `batchSize` at a time by primary key (`DELETE … WHERE key IN
 * (SELECT key … LIMIT n)`, the same on SQLite and PostgreSQL), until a batch comes back short.
 */
export async function deleteInBatches(
  context: RuleContext,
  table: string,
  key: string,
  where: (query: Query) => Query,
): Promise<number> {
  const { db, batchSize } = context;
  let total = 0;
  for (;;) {
    const batch = where(db.selectFrom(`${table} as t`).select(`t.${key}`)).limit(batchSize);
    const result = await db.deleteFrom(table).where(key, 'in', batch).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    await context.afterBatch();
    if (deleted < batchSize) return total;
  }
}

/** Deletes the rows whose `column` (an epoch-ms time) is at or before `cutoff`. */
export function olderThan(table: string, key: string, column: string, cutoff: (context: RuleContext) => number) {
  return (context: RuleContext) =>
    deleteInBatches(context, table, key, (query: Query) => query.where(`t.${column}`, '<=', cutoff(context)));
}

/** A single-use row's cutoff: expired, plus the margin. */
export const expired = (context: RuleContext) => context.now - PURGE_MARGIN_MS;

/** One table's rule, in the order they run (tokens before the codes they descend from). */
export interface PurgeRule {
  table: string;
  run(context: RuleContext): Promise<number>;
}
