// Checkpoints of the SQLite write-ahead log on a thread of their own.
//
// SQLite's automatic checkpoint runs inside the COMMIT that takes the log past `wal_autocheckpoint` pages (1,000 by
// default) on the connection that committed: it syncs the log, copies its pages into the database file and syncs
// that file. Here that connection is the event loop's, which then stops for a few milliseconds every thousand
// pages (about 5 ms every half second under the throughput bench's passcode redemptions: a twentieth of the loop).
//
// A worker thread with a connection of its own runs `PRAGMA wal_checkpoint(PASSIVE)` instead, at most once per
// CHECKPOINT_INTERVAL_MS while commits arrive and once after the last. PASSIVE copies "as many frames as possible
// without waiting for any database readers or writers to finish" (SQLite's manual, sqlite3_wal_checkpoint_v2), so
// it never holds the writer up; it syncs the log before copying and the database file after, as any checkpoint does,
// so what an answered request wrote stays as durable as before.
//
// The log starts again from its beginning only when a write transaction begins with every frame already copied
// (SQLite's walRestartLog), which a checkpoint running beside a busy writer seldom leaves. The writing connection
// therefore keeps an automatic checkpoint, at WRITER_AUTOCHECKPOINT_PAGES: it then finds all but the last few
// milliseconds' frames copied, so it costs the event loop little, and the log restarts after it. If the worker
// fails, the writing connection goes back to SQLite's default and checkpoints everything itself, as before.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/** At most one checkpoint starts per this many milliseconds while commits arrive. */
export const CHECKPOINT_INTERVAL_MS = 20;
/** The writing connection's own automatic checkpoint while the worker runs (pages of the log). */
export const WRITER_AUTOCHECKPOINT_PAGES = 4_000;
/** SQLite's default, which the writing connection goes back to without the worker. */
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/** How long `close` waits for the worker to close its connection before stopping it. */
const CLOSE_TIMEOUT_MS = 5_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
  parentPort.postMessage('done');
});
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

export class Checkpointer {
  private worker: Worker | null = null;
  private failed = false;
  private closing = false;
  private running = false;
  /** A commit arrived since the running checkpoint started: another one follows it. */
  private pending = false;
  private lastStart = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly path: string,
    private readonly writer: SqliteDatabase,
  ) {}

  /** After a commit: a checkpoint starts now, or when the interval allows, unless one is running. */
  afterCommit(): void {
    if (this.failed || this.closing) return;
    if (this.running || this.timer !== null) {
      if (this.running) this.pending = true;
      return;
    }
    const wait = this.lastStart + CHECKPOINT_INTERVAL_MS - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.start();
      }, wait);
      this.timer.unref();
      return;
    }
    this.start();
  }

  private start(): void {
    const worker = this.failed || this.closing ? null : (this.worker ?? this.spawn());
    if (worker === null) return;
    this.running = true;
    this.pending = false;
    this.lastStart = Date.now();
    worker.postMessage('checkpoint');
  }

  private spawn(): Worker | null {
    try {
      this.writer.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_PAGES}`);
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: driverPath, path: this.path } });
      // The thread never keeps the process alive; a checkpoint cut short by the process's exit is safe (SQLite
      // resumes from the log on the next open).
      worker.unref();
      // A checkpoint that failed (an I/O error) is tried again after the next commit, as SQLite's own would be.
      worker.on('message', () => {
        this.running = false;
        if (this.pending) this.afterCommit();
      });
      worker.on('error', () => this.fail());
      worker.on('exit', () => {
        if (!this.closing) this.fail();
      });
      this.worker = worker;
      return worker;
    } catch {
      this.fail();
      return null;
    }
  }

  /** The worker is gone: the writing connection checkpoints everything itself again. */
  private fail(): void {
    this.failed = true;
    this.running = false;
    this.worker = null;
    if (this.writer.open) this.writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
  }

  /** Lets a running checkpoint end, then closes the worker's connection and the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const worker = this.worker;
    this.worker = null;
    if (worker === null) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    const stop = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(stop);
  }
}
