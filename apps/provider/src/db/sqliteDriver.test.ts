// The SQLite driver groups the commits of concurrent requests: what a caller is answered must already be
// committed (another connection to the file sees it), and one caller's failed transaction must not undo
// the others' writes in the same group.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type ProviderDatabase } from './database';

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
