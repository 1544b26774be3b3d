// A Kysely driver for better-sqlite3 that prepares each statement once and groups the commits of concurrent
// requests. Kysely's own SqliteDriver prepares every statement again on every query and commits each write
// on its own (one fsync per write with `synchronous = FULL`).
//
// Group commit: the first write opens a transaction (BEGIN IMMEDIATE) and schedules its COMMIT for the next
// turn of the event loop; every write run before that COMMIT (other requests' writes, and Kysely
// transactions, which become savepoints inside it) joins the group. A write resolves only once its group has
// committed, so nothing a request answers can be lost on a crash, and one fsync covers every request of the group.
//
// Durability `full` on a file: SQLite itself runs with `synchronous = NORMAL` (a COMMIT writes the WAL but does
// not fsync it), and the driver fsyncs the WAL file on libuv's thread pool after each group's COMMIT, before
// anyone who wrote in the group is answered; one fsync covers every group committed while the previous one ran,
// and every commit before it (the WAL is written in order). The answered writes are as durable as with
// `synchronous = FULL`, but the event loop never stops for the disk. SQLite still syncs the WAL before each
// checkpoint and the database after; on a file those checkpoints run on a thread of their own (sqliteCheckpointer.ts).
//
// Reads outside a transaction go to a second, read-only connection to the same file (WAL lets it read while
// the group is open): it sees only committed data, so a read never waits and never shows an uncommitted write.
// A committed write it shows is already safe from a crash of the process; its fsync may still be running, but
// any request that then writes waits for a later fsync, which covers it. An in-memory database has one
// connection only; there a read that ran while a group was open waits for that group's commit instead.
import { closeSync, fsync, openSync } from 'node:fs';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from 'kysely';
import { Checkpointer } from './sqliteCheckpointer';

/** Prepared statements kept per connection; a provider uses about a hundred distinct ones. */
const STATEMENT_CACHE_SIZE = 1_000;
const SAVEPOINT = 'latchkey_transaction';

/** A first-in, first-out lock: SQLite has one connection, and a Kysely transaction holds it across awaits. */
class Mutex {
  private locked = false;
  private readonly waiting: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  unlock(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.locked = false;
  }
}

/** One transaction shared by the statements of concurrent requests, committed once. */
interface Group {
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group nobody waits for (every statement in it failed) must not be an unhandled rejection.
  committed.catch(() => {});
  return { committed, resolve, reject };
}

/** Prepared statements of one connection, by SQL text. */
class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(readonly sqlite: SqliteDatabase) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function execute(statement: Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** The two connections, the lock on the writing one and the open group. */
/** Where and whether the driver fsyncs the write-ahead log itself (durability `full` on a file). */
export interface WalSync {
  walPath: string;
}

class GroupCommitStore {
  readonly mutex = new Mutex();
  readonly writer: StatementCache;
  private reader: StatementCache | null = null;
  private group: Group | null = null;
  /** Groups committed to the WAL and waiting for its fsync, oldest first. */
  private unsynced: Group[] = [];
  private syncing: Promise<void> | null = null;
  private walFd: number | null = null;
  /** Checkpoints the log on a thread of its own (a file only; see sqliteCheckpointer.ts). */
  private readonly checkpointer: Checkpointer | null;

  constructor(
    writer: SqliteDatabase,
    private readonly openReader: (() => SqliteDatabase) | null,
    private readonly walSync: WalSync | null,
    checkpointPath: string | null,
  ) {
    this.writer = new StatementCache(writer);
    this.checkpointer = checkpointPath === null ? null : new Checkpointer(checkpointPath, writer);
  }

  /** Fsyncs the WAL for the groups committed so far, then answers them; repeats while more arrive. */
  private scheduleSync(): void {
    if (this.syncing !== null || this.walSync === null) return;
    const batch = this.unsynced.splice(0);
    if (batch.length === 0) return;
    let fd: number;
    try {
      this.walFd ??= openSync(this.walSync.walPath, 'r+');
      fd = this.walFd;
    } catch (error) {
      for (const group of batch) group.reject(error);
      return;
    }
    this.syncing = new Promise<void>((done) => {
      fsync(fd, (error) => {
        this.syncing = null;
        for (const group of batch) {
          if (error) group.reject(error);
          else group.resolve();
        }
        done();
        this.scheduleSync();
      });
    });
  }

  /** The read-only connection, opened on first use (after the migrations made the file); null in memory. */
  readConnection(): StatementCache | null {
    if (this.reader === null && this.openReader !== null) this.reader = new StatementCache(this.openReader());
    return this.reader;
  }

  /** The open group, opening it (and scheduling its commit) if there is none. The caller holds the lock. */
  joinGroup(): Group {
    if (this.group === null) {
      this.writer.get('BEGIN IMMEDIATE').run();
      const group = newGroup();
      this.group = group;
      setImmediate(() => void this.commitGroup(group));
    }
    return this.group;
  }

  get openGroup(): Group | null {
    return this.group;
  }

  /** After a failed statement: if SQLite rolled the whole transaction back, every statement of the group is lost. */
  checkGroupAfterError(error: unknown): void {
    if (this.group !== null && !this.writer.sqlite.inTransaction) {
      const lost = this.group;
      this.group = null;
      lost.reject(error);
    }
  }

  /** Commits `group` once no one holds the writing connection; everyone who wrote in it is then answered. */
  async commitGroup(group: Group): Promise<void> {
    await this.mutex.lock();
    try {
      if (this.group !== group) return;
      this.group = null;
      try {
        this.writer.get('COMMIT').run();
        this.checkpointer?.afterCommit();
        if (this.walSync === null) group.resolve();
        else {
          this.unsynced.push(group);
          this.scheduleSync();
        }
      } catch (error) {
        if (this.writer.sqlite.inTransaction) this.writer.sqlite.exec('ROLLBACK');
        group.reject(error);
      }
    } finally {
      this.mutex.unlock();
    }
  }

  /** Commits what is pending and closes both connections. */
  async close(): Promise<void> {
    const group = this.group;
    if (group) await this.commitGroup(group);
    while (this.syncing !== null) await this.syncing;
    await this.checkpointer?.close();
    if (this.walFd !== null) closeSync(this.walFd);
    this.reader?.sqlite.close();
    this.writer.sqlite.close();
  }
}

/**
 * One use of the database by Kysely: a single query, or a whole transaction. It takes the writing
 * connection's lock only when it needs that connection, and on release waits for the group it wrote in.
 */
class Lease implements DatabaseConnection {
  private locked = false;
  private inTransaction = false;
  private group: Group | null = null;

  constructor(private readonly store: GroupCommitStore) {}

  private async lockWriter(): Promise<void> {
    if (!this.locked) {
      await this.store.mutex.lock();
      this.locked = true;
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const { store } = this;
    const statement = store.writer.get(sql);
    if (statement.readonly && !this.inTransaction) {
      const reader = store.readConnection();
      if (reader) return execute(reader.get(sql), parameters) as QueryResult<R>;
    }
    await this.lockWriter();
    if (!statement.readonly) this.group = store.joinGroup();
    else if (store.openGroup !== null) this.group = store.openGroup;
    try {
      return execute(statement, parameters) as QueryResult<R>;
    } catch (error) {
      store.checkGroupAfterError(error);
      throw error;
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Only select queries can be streamed');
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (const row of rows) yield { rows: [row] };
  }

  async beginTransaction(): Promise<void> {
    await this.lockWriter();
    this.group = this.store.joinGroup();
    this.store.writer.get(`SAVEPOINT ${SAVEPOINT}`).run();
    this.inTransaction = true;
  }

  commitTransaction(): void {
    this.inTransaction = false;
    this.store.writer.get(`RELEASE ${SAVEPOINT}`).run();
  }

  rollbackTransaction(): void {
    this.inTransaction = false;
    // Undoes this transaction's statements only; the rest of the group commits as planned.
    if (!this.store.writer.sqlite.inTransaction) return;
    this.store.writer.get(`ROLLBACK TO ${SAVEPOINT}`).run();
    this.store.writer.get(`RELEASE ${SAVEPOINT}`).run();
  }

  /** Hands the writing connection on at once, then waits until what this lease wrote is committed. */
  async release(): Promise<void> {
    if (this.locked) {
      this.locked = false;
      this.store.mutex.unlock();
    }
    if (this.group) await this.group.committed;
  }
}

class GroupCommitDriver implements Driver {
  private readonly store: GroupCommitStore;

  constructor(writer: SqliteDatabase, options: SqliteDriverOptions) {
    this.store = new GroupCommitStore(
      writer,
      options.openReader ?? null,
      options.walSync ?? null,
      options.checkpointPath ?? null,
    );
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this.store);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Lease).beginTransaction();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as Lease).commitTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as Lease).rollbackTransaction();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as Lease).release();
  }

  async destroy(): Promise<void> {
    await this.store.close();
  }
}

export interface SqliteDriverOptions {
  /** Opens a read-only connection to the same file; without it (an in-memory database) everything uses the writer. */
  openReader?: () => SqliteDatabase;
  /** Makes the driver fsync the WAL after each group's COMMIT (the connection runs `synchronous = NORMAL`). */
  walSync?: WalSync;
  /** The database file: its log is checkpointed on a thread of its own (sqliteCheckpointer.ts). */
  checkpointPath?: string;
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) with the group-commit driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly options: SqliteDriverOptions = {},
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.writer, this.options);
  }
}
