// The checkpoint thread takes SQLite's checkpoints off the writing connection, and gives them back if it fails.
// (sqliteDriver.test.ts checks what a database opened by the provider does with it: pages copied, log bounded.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkpointer, WRITER_AUTOCHECKPOINT_PAGES } from './sqliteCheckpointer';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function walDatabase(): { writer: SQLite.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-checkpointer-'));
  const file = join(dir, 'db.sqlite');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('create table t (v text)');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => {
    writer.close();
  });
  return { writer, file };
}

const autocheckpoint = (writer: SQLite.Database) => writer.pragma('wal_autocheckpoint', { simple: true });

describe('the checkpoint thread', () => {
  it("raises the writer's own automatic checkpoint once it runs", () => {
    const { writer, file } = walDatabase();
    const checkpointer = new Checkpointer(file, writer);
    cleanups.push(() => checkpointer.close());
    expect(autocheckpoint(writer)).toBe(1_000);
    writer.prepare('insert into t values (?)').run('copied');
    checkpointer.afterCommit();
    expect(autocheckpoint(writer)).toBe(WRITER_AUTOCHECKPOINT_PAGES);
  });

  it('gives the checkpoints back to the writer (SQLite’s default) when the thread fails', async () => {
    const { writer } = walDatabase();
    // The thread cannot open this file (it must exist), so it fails at start.
    const checkpointer = new Checkpointer(join(tmpdir(), 'latchkey-checkpointer-missing', 'db.sqlite'), writer);
    cleanups.push(() => checkpointer.close());
    checkpointer.afterCommit();
    await vi.waitFor(() => expect(autocheckpoint(writer)).toBe(1_000), { timeout: 10_000, interval: 20 });
    // And it is not started again.
    checkpointer.afterCommit();
    expect(autocheckpoint(writer)).toBe(1_000);
  });
});
