import { type Kysely, SqliteAdapter } from 'kysely';

/** The two databases the provider runs on. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * Which database `db` (a Kysely instance or a transaction on one) talks to, read from its adapter: the one place the
 * provider asks, for the few statements the two databases write differently (JSON aggregates, triggers, the guess
 * counter's lock).
 */
// biome-ignore lint/suspicious/noExplicitAny: any database schema (migrations run on an untyped Kysely).
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
