import { CompiledQuery, type LogEvent } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind } from '../../testing/harness';
import { openDatabase, type ProviderDatabase } from '../db/database';
import { markIdentifierVerified } from './verification';

const opened: ProviderDatabase[] = [];
afterEach(async () => {
  while (opened.length > 0) await opened.pop()?.close();
});

// SQLite's plans are checked (EXPLAIN QUERY PLAN names every full scan); PostgreSQL plans tiny test tables by cost.
describe.skipIf(databaseKind !== 'sqlite')('the pre-hijacking check of a first proof', () => {
  it.each(['email', 'phone'] as const)(
    'finds what a %s proof would reset by index lookups only: no table is scanned whole',
    async (kind) => {
      const statements: CompiledQuery[] = [];
      const database = await openDatabase(':memory:', {
        log: (event: LogEvent) => {
          statements.push(event.query);
        },
      });
      opened.push(database);
      const { db } = database;
      statements.length = 0;
      // Nothing to verify (no such identifier): the statement runs, changes nothing and is recorded.
      await db
        .transaction()
        .execute((trx) =>
          markIdentifierVerified(trx, { userId: 'user-x', kind, methodId: 'method-x', sameUserSession: false, now: 1 }),
        );
      const check = statements.find((query) => query.sql.includes('exists'));
      expect(check, statements.map((query) => query.sql).join('\n')).toBeDefined();
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${check?.sql}`, [...(check?.parameters ?? [])]),
      );
      const details = rows.map((row) => row.detail);
      expect(details.length).toBeGreaterThan(5);
      expect(details.filter((detail) => detail.startsWith('SCAN'))).toEqual([]);
    },
  );
});
