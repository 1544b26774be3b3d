// Hot queries built and compiled once per dialect instead of on every call: Kysely's query builder and
// compiler cost more CPU than SQLite spends running a lookup by primary key.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { dialectOf } from './dialect';
import type { Executor } from './schema';

/** Stands in for a parameter while the query is compiled; replaced by the real value on every run. */
const placeholder = (index: number): string => `\u0000latchkey-parameter-${index}\u0000`;

/** How a precompiled query runs. */
export interface PrecompiledOptions {
  /**
   * PostgreSQL only: the statement answers each row as one JSON value (`row_to_json`) instead of a column per field,
   * and the row is read back from it. node-postgres parses the row's description (every column's name and type) and
   * each field again on every execution, on the event loop: for the twenty-five columns of a session with its user
   * that is about 49 µs of CPU per lookup, against 34 µs for the same row as one JSON text, which `JSON.parse` reads
   * (measured alone, 16 lookups at a time). Only for a select whose columns are text, integers or JSON (their JSON
   * forms are the values node-postgres answers; a timestamp or a `bytea` would not be) and that answers at most one
   * row, since the rows of the outer select keep no declared order. precompiled.test.ts compares both forms.
   */
  rowAsJson?: boolean;
}

/** The column of a row answered as one JSON value (PrecompiledOptions.rowAsJson). */
const JSON_ROW = 'latchkey_row';

/** `sql` with each row answered as one JSON value in the column JSON_ROW. */
export function rowAsJsonSql(sql: string): string {
  return `select row_to_json(q) as "${JSON_ROW}" from (${sql}) as q`;
}

/**
 * A query compiled once per dialect, run with new parameter values. `build` gets one placeholder per
 * parameter and must use each only as a bound value (in `where`, `set`, …), never as SQL text.
 */
export function precompiled<Row, Args extends unknown[]>(
  build: (db: Executor, ...placeholders: string[]) => Compilable<Row>,
  arity: Args['length'],
  options: PrecompiledOptions = {},
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const run = precompiledQuery<Row, Args>(build, arity, options);
  return async (db, ...args) => (await run(db, ...args)).rows;
}

/** Like precompiled, answering Kysely's whole result (`numAffectedRows` of an UPDATE, …). */
export function precompiledQuery<Row, Args extends unknown[]>(
  build: (db: Executor, ...placeholders: string[]) => Compilable<Row>,
  arity: Args['length'],
  options: PrecompiledOptions = {},
): (db: Executor, ...args: Args) => Promise<QueryResult<Row>> {
  const compiledBy = new Map<string, { query: CompiledQuery<Row>; slots: number[]; isJsonRow: boolean }>();
  const names = Array.from({ length: arity }, (_, index) => placeholder(index));
  return async (db, ...args) => {
    const dialect = dialectOf(db);
    let entry = compiledBy.get(dialect);
    if (!entry) {
      const compiled = build(db, ...names).compile();
      const isJsonRow = dialect === 'postgres' && options.rowAsJson === true;
      const query = isJsonRow ? { ...compiled, sql: rowAsJsonSql(compiled.sql) } : compiled;
      const slots = query.parameters.map((value) => names.indexOf(value as string));
      entry = { query, slots, isJsonRow };
      compiledBy.set(dialect, entry);
    }
    const { query, slots, isJsonRow } = entry;
    const parameters = query.parameters.map((value, index) => {
      const slot = slots[index] as number;
      return slot === -1 ? value : args[slot];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    if (!isJsonRow) return result;
    return { ...result, rows: result.rows.map((row) => (row as Record<string, Row>)[JSON_ROW] as Row) };
  };
}
