// A Kysely driver for better-sqlite3 that prepares each statement once and groups the commits of concurrent
// requests. Kysely's own SqliteDriver prepares every statement again on every query and commits each write
// on its own (one fsync per write with `synchronous = FULL`).
//
// Group commit: the first write opens a transaction (BEGIN IMMEDIATE) and schedules its COMMIT for the next
// turn of the event loop; every statement run before that COMMIT (other requests' writes and reads, and
// Kysely transactions, which become savepoints inside it) joins the group. A caller's query resolves only
// once the group it ran in has committed, so nothing a request answers (a write, or a read that may have
// seen another request's write) can be lost on a crash: one fsync covers every request of the group.
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from 'kysely';

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

class GroupCommitConnection implements DatabaseConnection {
  private readonly statements = new Map<string, Statement>();
  private group: Group | null = null;
  /** The group the current holder of the connection ran statements in: it waits for that commit. */
  leaseGroup: Group | null = null;

  constructor(
    readonly sqlite: SqliteDatabase,
    private readonly mutex: Mutex,
  ) {}

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Opens the shared transaction if none is open and schedules its commit. */
  private joinGroup(): Group {
    if (this.group === null) {
      this.prepare('BEGIN IMMEDIATE').run();
      const group = newGroup();
      this.group = group;
      setImmediate(() => void this.commitGroup(group));
    }
    this.leaseGroup = this.group;
    return this.group;
  }

  /** After a failed statement: if SQLite rolled the whole transaction back, every statement of the group is lost. */
  private checkGroupAfterError(error: unknown): void {
    if (this.group !== null && !this.sqlite.inTransaction) {
      const lost = this.group;
      this.group = null;
      lost.reject(error);
    }
  }

  private run(sql: string, parameters: readonly unknown[]): QueryResult<unknown> {
    const statement = this.prepare(sql);
    if (!statement.readonly) this.joinGroup();
    else if (this.group !== null) this.leaseGroup = this.group;
    try {
      if (statement.reader) return { rows: statement.all(parameters) };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      this.checkGroupAfterError(error);
      throw error;
    }
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.run(compiledQuery.sql, compiledQuery.parameters) as QueryResult<R>);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Only select queries can be streamed');
    const { rows } = this.run(compiledQuery.sql, compiledQuery.parameters);
    for (const row of rows) yield { rows: [row as R] };
  }

  beginTransaction(): void {
    this.joinGroup();
    this.prepare(`SAVEPOINT ${SAVEPOINT}`).run();
  }

  commitTransaction(): void {
    this.prepare(`RELEASE ${SAVEPOINT}`).run();
  }

  rollbackTransaction(): void {
    // Undoes this transaction's statements only; the rest of the group commits as planned.
    if (!this.sqlite.inTransaction) return;
    this.prepare(`ROLLBACK TO ${SAVEPOINT}`).run();
    this.prepare(`RELEASE ${SAVEPOINT}`).run();
  }

  /** Commits `group` once no one holds the connection; everyone who ran a statement in it is then answered. */
  async commitGroup(group: Group): Promise<void> {
    await this.mutex.lock();
    try {
      if (this.group !== group) return;
      this.group = null;
      try {
        this.prepare('COMMIT').run();
        group.resolve();
      } catch (error) {
        if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
        group.reject(error);
      }
    } finally {
      this.mutex.unlock();
    }
  }

  /** Commits what is pending (on close). */
  async flush(): Promise<void> {
    const group = this.group;
    if (group) await this.commitGroup(group);
  }
}

class GroupCommitDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: GroupCommitConnection;

  constructor(sqlite: SqliteDatabase) {
    this.connection = new GroupCommitConnection(sqlite, this.mutex);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    this.connection.leaseGroup = null;
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    this.connection.beginTransaction();
  }

  async commitTransaction(): Promise<void> {
    this.connection.commitTransaction();
  }

  async rollbackTransaction(): Promise<void> {
    this.connection.rollbackTransaction();
  }

  /** Hands the connection on at once, then waits until what this caller ran is committed. */
  async releaseConnection(): Promise<void> {
    const group = this.connection.leaseGroup;
    this.connection.leaseGroup = null;
    this.mutex.unlock();
    if (group) await group.committed;
  }

  async destroy(): Promise<void> {
    await this.connection.flush();
    this.connection.sqlite.close();
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) with the group-commit driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SqliteDatabase) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.sqlite);
  }
}
