import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations';
import { preparedStatementPool } from './postgresPool';
import type { Database } from './schema';
import { GroupCommitSqliteDialect } from './sqliteDriver';

export type DatabaseKind = 'sqlite' | 'postgres';

/** A migrated database handle. `close()` ends the pool or closes the file. */
export interface ProviderDatabase {
  kind: DatabaseKind;
  db: Kysely<Database>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, for its numbers (ops/metrics.ts); absent on SQLite. */
  pool?: pg.Pool;
}

/** The connections one provider opens to PostgreSQL at most, unless told otherwise (`postgres.poolSize`). */
export const DEFAULT_POSTGRES_POOL_SIZE = 10;

/** The SQLite file used when nothing else is named. */
export const DEFAULT_SQLITE_PATH = '.data/latchkey.sqlite';

// PostgreSQL returns bigint (int8) as a string; every bigint here is an epoch-millisecond time, well inside 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

function isPostgresUrl(target: string): boolean {
  return target.startsWith('postgres://') || target.startsWith('postgresql://');
}

/** A read-only connection to a SQLite file in WAL mode: it reads committed data while writes are pending. */
function openReader(target: string): SQLite.Database {
  const reader = new SQLite(target, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return reader;
}

/**
 * How hard SQLite makes each commit durable before anyone is answered (always in WAL mode):
 * - `full` (the default): the WAL is fsynced after each group of commits and before anyone in the group is
 *   answered, so an answered write survives a power loss. The fsync runs on libuv's thread pool, not the event loop.
 * - `normal`: commits reach the operating system but are fsynced only at checkpoints, so an answered write
 *   survives a crash or `kill -9` of the process, but the last commits may be lost if the machine loses power.
 * Commits of concurrent requests are grouped either way (see sqliteDriver.ts), so `full` costs one fsync per
 * group, not per request.
 */
export type SqliteSynchronous = 'full' | 'normal';

export interface OpenDatabaseOptions {
  /** SQLite only; ignored for PostgreSQL, whose durability is the server's (`synchronous_commit`). Default `full`. */
  sqliteSynchronous?: SqliteSynchronous;
  /** PostgreSQL only: the most connections the pool opens (default DEFAULT_POSTGRES_POOL_SIZE). */
  postgresPoolSize?: number;
  /**
   * Called after every statement the database runs (Kysely's `log`, `BEGIN` and `COMMIT` included): the bench counts
   * the round trips of each route with it.
   */
  log?: (event: LogEvent) => void;
}

/**
 * Opens (and migrates) a database: a `postgres://` URL, `:memory:`, or a SQLite file path.
 * SQLite runs in WAL mode at the durability asked for (`full` unless told otherwise) and commits concurrent
 * writes in groups: a request is answered only once its writes are committed (and, with `full`, on disk).
 */
export async function openDatabase(
  target: string = DEFAULT_SQLITE_PATH,
  options: OpenDatabaseOptions = {},
): Promise<ProviderDatabase> {
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({ connectionString: target, max: options.postgresPoolSize ?? DEFAULT_POSTGRES_POOL_SIZE });
    // An idle connection the server drops (restart, DROP DATABASE … FORCE) is discarded by the pool and
    // replaced on demand; without a listener its 'error' event would crash the process.
    pool.on('error', () => {});
    // The same for a connection the pool has lent out, which has no pool listener then: a backend ended between two
    // statements of a transaction (a failover, a restart, pg_terminate_backend) would otherwise crash the process. The
    // statement in flight, or the next one, still fails with the error, and the pool drops the connection on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({
      // Every statement with parameters runs as a named prepared statement (see postgresPool.ts).
      dialect: new PostgresDialect({ pool: preparedStatementPool(pool) }),
      ...(options.log ? { log: options.log } : {}),
    });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { kind: 'postgres', db, pool, close: () => db.destroy() };
  }
  if (target !== ':memory:') mkdirSync(dirname(target), { recursive: true });
  const sqlite = new SQLite(target);
  sqlite.pragma('journal_mode = WAL');
  // `full` on a file: SQLite commits without fsync and the driver fsyncs the WAL off the event loop before
  // answering (see sqliteDriver.ts); in memory there is nothing to sync.
  const syncWal = options.sqliteSynchronous !== 'normal' && target !== ':memory:';
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(
      sqlite,
      target === ':memory:'
        ? {}
        : {
            openReader: () => openReader(target),
            checkpointPath: target,
            ...(syncWal ? { walSync: { walPath: `${target}-wal` } } : {}),
          },
    ),
    ...(options.log ? { log: options.log } : {}),
  });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { kind: 'sqlite', db, close: () => db.destroy() };
}
