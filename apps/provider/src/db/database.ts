import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';

/** A migrated database handle. `close()` ends the pool or closes the file. */
export interface ProviderDatabase {
  kind: DatabaseKind;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** The SQLite file used when nothing else is named. */
export const DEFAULT_SQLITE_PATH = '.data/latchkey.sqlite';

// PostgreSQL returns bigint (int8) as a string; every bigint here is an epoch-millisecond time, well inside 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

function isPostgresUrl(target: string): boolean {
  return target.startsWith('postgres://') || target.startsWith('postgresql://');
}

/**
 * Opens (and migrates) a database: a `postgres://` URL, `:memory:`, or a SQLite file path.
 * SQLite runs in WAL mode with `synchronous = FULL`, so a committed write survives a crash or `kill -9`.
 */
export async function openDatabase(target: string = DEFAULT_SQLITE_PATH): Promise<ProviderDatabase> {
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    // An idle connection the server drops (restart, DROP DATABASE … FORCE) is discarded by the pool and
    // replaced on demand; without a listener its 'error' event would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { kind: 'postgres', db, close: () => db.destroy() };
  }
  if (target !== ':memory:') mkdirSync(dirname(target), { recursive: true });
  const sqlite = new SQLite(target);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { kind: 'sqlite', db, close: () => db.destroy() };
}
