// Hot queries built and compiled once per dialect instead of on every call: Kysely's query builder and
// compiler cost more CPU than SQLite spends running a lookup by primary key.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { dialectOf } from './dialect';
import type { Executor } from './schema';

/** Stands in for a parameter while the query is compiled; replaced by the real value on every run. */
const placeholder = (index: number): string => `\u0000latchkey-parameter-${index}\u0000`;

/**
 * A query compiled once per dialect, run with new parameter values. `build` gets one placeholder per
 * parameter and must use each only as a bound value (in `where`, `set`, …), never as SQL text.
 */
export function precompiled<Row, Args extends unknown[]>(
  build: (db: Executor, ...placeholders: string[]) => Compilable<Row>,
  arity: Args['length'],
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const run = precompiledQuery<Row, Args>(build, arity);
  return async (db, ...args) => (await run(db, ...args)).rows;
}

/** Like precompiled, answering Kysely's whole result (`numAffectedRows` of an UPDATE, …). */
export function precompiledQuery<Row, Args extends unknown[]>(
  build: (db: Executor, ...placeholders: string[]) => Compilable<Row>,
  arity: Args['length'],
): (db: Executor, ...args: Args) => Promise<QueryResult<Row>> {
  const compiledBy = new Map<string, { query: CompiledQuery<Row>; slots: number[] }>();
  const names = Array.from({ length: arity }, (_, index) => placeholder(index));
  return async (db, ...args) => {
    const dialect = dialectOf(db);
    let entry = compiledBy.get(dialect);
    if (!entry) {
      const query = build(db, ...names).compile();
      const slots = query.parameters.map((value) => names.indexOf(value as string));
      entry = { query, slots };
      compiledBy.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, index) => {
      const slot = slots[index] as number;
      return slot === -1 ? value : args[slot];
    });
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
