// Prepared statements on PostgreSQL. node-postgres sends a statement without a name as PostgreSQL's unnamed
// statement, which the server parses and plans again on every execution; the user lookup alone (seven aggregated
// subqueries) costs more to plan than to run. This pool gives each distinct statement text a name, so every
// connection parses it once and then only binds and runs it (PostgreSQL caches its plan, or a generic one after five
// executions). The SQL texts are Kysely's, so there are a few hundred at most; past MAX_NAMED_STATEMENTS the rest run
// unnamed, as before.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Distinct statement texts given a name; others run unnamed. */
export const MAX_NAMED_STATEMENTS = 2_000;

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was prepared (`SELECT *` after
 * a newer version's migration added a column): SQLSTATE 0A000, "cached plan must not change result type".
 */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '0A000' && /cached plan must not change result type/.test(message ?? '');
}

const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

/**
 * Wraps `pool` for Kysely's PostgresDialect: statements with parameters run as named prepared statements.
 *
 * A schema change by another instance (a rolling upgrade) can leave a connection's prepared `SELECT *` with the old
 * columns. The first such refusal moves every connection of the pool to fresh names (each prepares its statements
 * again, against the new schema), and a statement refused outside a transaction is run again at once, so the caller
 * never sees it; one inside a transaction fails that transaction (PostgreSQL has already aborted it), once.
 */
export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, number>();
  let epoch = 0;
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const inTransaction = new WeakSet<pg.PoolClient>();

  const nameOf = (text: string): string | undefined => {
    let index = names.get(text);
    if (index === undefined) {
      if (names.size >= MAX_NAMED_STATEMENTS) return undefined;
      index = names.size;
      names.set(text, index);
    }
    return `latchkey_${epoch}_${index}`;
  };

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
      if (TRANSACTION_START.test(text)) inTransaction.add(client);
      else if (TRANSACTION_END.test(text)) inTransaction.delete(client);
      const values = [...parameters];
      const name = values.length > 0 ? nameOf(text) : undefined;
      if (name === undefined) return client.query(text, values);
      try {
        return await client.query({ name, text, values });
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        const stale = name === `latchkey_${epoch}_${names.get(text)}`;
        if (stale) epoch += 1;
        if (inTransaction.has(client)) throw error;
        return client.query({ name: nameOf(text) as string, text, values });
      }
    };
    return {
      // Kysely passes a cursor object for streaming; everything else is (text, parameters).
      query: ((textOrCursor: unknown, parameters?: ReadonlyArray<unknown>) =>
        typeof textOrCursor === 'string'
          ? query(textOrCursor, parameters ?? [])
          : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
      release: () => {
        inTransaction.delete(client);
        client.release();
      },
    };
  };

  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
