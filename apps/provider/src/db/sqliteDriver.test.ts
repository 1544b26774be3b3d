// The SQLite driver groups the commits of concurrent requests: what a caller is answered must already be
// committed (another connection to the file sees it), and one caller's failed transaction must not undo
// the others' writes in the same group.
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type ProviderDatabase } from './database';
import { WRITER_AUTOCHECKPOINT_PAGES } from './sqliteCheckpointer';

const opened: { database: ProviderDatabase; dir: string }[] = [];
afterEach(async () => {
  for (const { database, dir } of opened.splice(0)) {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function fileDatabase(): Promise<{ database: ProviderDatabase; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-driver-'));
  const file = join(dir, 'provider.sqlite');
  const database = await openDatabase(file);
  opened.push({ database, dir });
  return { database, file };
}

/** What a second connection (another process, after a crash) reads from the file. */
function committedEventNames(file: string): string[] {
  const reader = new SQLite(file, { readonly: true });
  try {
    return (reader.prepare('SELECT event_name FROM events ORDER BY event_name').all() as { event_name: string }[]).map(
      (row) => row.event_name,
    );
  } finally {
    reader.close();
  }
}

const event = (name: string) => ({
  event_id: `event-${name}`,
  public_token: 'public-token-test-driver',
  event_name: name,
  details: '{}',
  created_at: 0,
});

describe('group commit on SQLite', () => {
  it('answers each of many concurrent writes only once it is committed to the file', async () => {
    const { database, file } = await fileDatabase();
    const names = Array.from({ length: 32 }, (_, index) => `write-${String(index).padStart(2, '0')}`);
    const seenAtAnswer = await Promise.all(
      names.map(async (name) => {
        await database.db.insertInto('events').values(event(name)).execute();
        return committedEventNames(file).includes(name);
      }),
    );
    expect(seenAtAnswer).toEqual(names.map(() => true));
    expect(committedEventNames(file)).toEqual(names);
  });

  it('rolls back only the failed transaction of a group; the others commit, and reads after see them', async () => {
    const { database, file } = await fileDatabase();
    const { db } = database;
    const results = await Promise.allSettled([
      db.insertInto('events').values(event('a')).execute(),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('events').values(event('rolled-back')).execute();
        throw new Error('changed my mind');
      }),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('events').values(event('b')).execute();
        await trx.insertInto('events').values(event('c')).execute();
      }),
      // A duplicate key fails this statement alone.
      db.insertInto('events').values(event('a')).execute(),
      db.insertInto('events').values(event('d')).execute(),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(committedEventNames(file)).toEqual(['a', 'b', 'c', 'd']);
    const names = await db.selectFrom('events').select('event_name').orderBy('event_name').execute();
    expect(names.map((row) => row.event_name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never shows a read what another caller wrote until that write is committed and answered', async () => {
    const { database, file } = await fileDatabase();
    const { db } = database;
    const pending = db.insertInto('events').values(event('pending')).execute();
    const during = await db.selectFrom('events').select('event_name').execute();
    expect(during).toEqual([]);
    await pending;
    expect(committedEventNames(file)).toEqual(['pending']);
    expect(await db.selectFrom('events').select('event_name').execute()).toEqual([{ event_name: 'pending' }]);
  });
});

// The log's checkpoints run on a thread of their own (sqliteCheckpointer.ts), never in a COMMIT on the event loop.
describe('checkpoints on SQLite', () => {
  /** The events a copy of the database file alone holds: only what a checkpoint has copied out of the log. */
  function eventsInDatabaseFileAlone(file: string): string[] {
    const copy = `${file}.copy`;
    rmSync(`${copy}-wal`, { force: true });
    copyFileSync(file, copy);
    try {
      return committedEventNames(copy);
    } catch {
      return []; // copied while a checkpoint was writing it: try again
    } finally {
      rmSync(copy, { force: true });
    }
  }

  it('copies committed writes into the database file soon after, with far fewer pages than SQLite itself waits for', async () => {
    const { database, file } = await fileDatabase();
    const names = ['checkpointed-1', 'checkpointed-2', 'checkpointed-3'];
    for (const name of names) await database.db.insertInto('events').values(event(name)).execute();
    // Fewer pages than SQLite's own automatic checkpoint waits for (1,000), which would leave them in the log.
    expect(statSync(`${file}-wal`).size).toBeLessThan(1_000 * (4_096 + 24));
    await vi.waitFor(() => expect(eventsInDatabaseFileAlone(file)).toEqual(names), { timeout: 10_000, interval: 50 });
  });

  it('keeps the log bounded under a steady stream of writes (it starts again from its beginning)', async () => {
    const { database, file } = await fileDatabase();
    // About 8 pages each (a 30 kB detail overflows): four times as many pages as the writer's own threshold.
    const details = JSON.stringify({ padding: 'x'.repeat(30_000) });
    const rows = 16 * Math.ceil((4 * WRITER_AUTOCHECKPOINT_PAGES) / 8 / 16);
    let largest = 0;
    for (let index = 0; index < rows; index += 16) {
      await Promise.all(
        Array.from({ length: 16 }, (_, offset) =>
          database.db
            .insertInto('events')
            .values({ ...event(`stream-${index + offset}`), details })
            .execute(),
        ),
      );
      largest = Math.max(largest, statSync(`${file}-wal`).size);
    }
    // Bounded by the writing connection's own threshold, not by what was written: the thread's checkpoints alone
    // seldom let the log restart while writes keep coming. (Past the threshold the writer's checkpoint waits for a
    // running one of the thread's, so on a busy machine the log can grow a little further first.)
    const frame = 4_096 + 24;
    expect(largest).toBeLessThan(2 * WRITER_AUTOCHECKPOINT_PAGES * frame);
    const count = await database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(rows);
  });

  it("closes the thread's connection with the database: the last connection gone, SQLite removes the log", async () => {
    const { database, file } = await fileDatabase();
    for (const name of ['a', 'b']) await database.db.insertInto('events').values(event(name)).execute();
    expect(existsSync(`${file}-wal`)).toBe(true);
    await database.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(committedEventNames(file)).toEqual(['a', 'b']);
  });
});
