// Precompiled queries (db/precompiled.ts): a select run with `rowAsJson` answers the very rows it answers without it,
// on both databases; on PostgreSQL it sends the statement that answers each row as one JSON value, and the schema
// holds only the column types whose JSON form is what node-postgres answers.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, postgresUrl } from '../../testing/harness';
import { JOINED_USER_COLUMNS, newUserRow, userMethodColumns } from '../services/users';
import { openDatabase } from './database';
import { precompiled, rowAsJsonSql } from './precompiled';
import type { Executor } from './schema';

const at = Date.parse('2026-11-21T12:00:00.000Z');

/** A user with two emails (an aggregated JSON column) and a session, joined as the refresh reads them. */
const sessionWithUser = (options: { rowAsJson?: boolean }) =>
  precompiled(
    (db, tokenHash) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.user_id', 'sessions.user_id')
        .selectAll('sessions')
        .select([...JOINED_USER_COLUMNS, 'users.methods_version'])
        .select((eb) => userMethodColumns(db, eb as never))
        .where('sessions.token_hash', '=', tokenHash as string),
    1,
    options,
  );
const plain = sessionWithUser({});
const asJson = sessionWithUser({ rowAsJson: true });

describe(`a precompiled select with rowAsJson (${databaseKind})`, () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Executor;

  beforeAll(async () => {
    fresh = await freshDatabase();
    db = fresh.database.db;
    const owner = { user_id: 'user-test-1', project_id: 'project-test' };
    await db
      .insertInto('projects')
      .values({ project_id: 'project-test', public_token: 'public-token-test', name: 'Test', created_at: at })
      .execute();
    await db
      .insertInto('users')
      .values({ ...newUserRow('user-test-1', 'project-test', at, 'active'), first_name: 'Zoë "Ada" \\ Lovelace' })
      .execute();
    await db
      .insertInto('emails')
      .values([
        { ...owner, email_id: 'email-test-1', email: 'ada@example.com', verified: 1, created_at: at },
        { ...owner, email_id: 'email-test-2', email: 'ada2@example.com', verified: 0, created_at: at + 1 },
      ])
      .execute();
    await db
      .insertInto('sessions')
      .values({
        session_id: 'session-test-1',
        user_id: 'user-test-1',
        project_id: 'project-test',
        token_hash: 'hash-1',
        started_at: at,
        last_accessed_at: at,
        expires_at: at + 3_600_000,
        ip_address: '203.0.113.7',
        user_agent: 'UA',
        factors: '[]',
      })
      .execute();
  });
  afterAll(() => fresh?.drop());

  it('answers the same row, field for field and type for type, as without it', async () => {
    const [expected] = await plain(db, 'hash-1');
    const [actual] = await asJson(db, 'hash-1');
    expect(expected).toMatchObject({ session_id: 'session-test-1', first_name: 'Zoë "Ada" \\ Lovelace' });
    expect(typeof expected?.expires_at).toBe('number');
    expect(actual).toStrictEqual(expected);
  });

  it('answers no row when none matches', async () => {
    expect(await asJson(db, 'no-such-hash')).toEqual([]);
  });

  it.skipIf(!postgresUrl)('sends the statement that answers each row as one JSON value (PostgreSQL)', async () => {
    const statements: string[] = [];
    const logged = await openDatabase(fresh.url, {
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    try {
      statements.length = 0; // opening checks the schema
      const [row] = await asJson(logged.db, 'hash-1');
      expect(row?.session_id).toBe('session-test-1');
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select row_to_json\(q\) as "latchkey_row" from \(select "sessions"\.\*/);
      statements.length = 0;
      await plain(logged.db, 'hash-1');
      expect(statements[0]).toMatch(/^select "sessions"\.\*/);
    } finally {
      await logged.close();
    }
  });

  it.skipIf(!postgresUrl)(
    "holds only text, integer and bigint columns, whose JSON forms are node-postgres' values (PostgreSQL)",
    async () => {
      // A column of another type (a timestamp, a boolean, bytea, numeric) answers another value through
      // `row_to_json` than through node-postgres' parsers: check rowAsJson's statements before adding one.
      const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
        select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name not like 'kysely_%'
          and data_type not in ('text', 'integer', 'bigint')`.execute(db);
      expect(rows).toEqual([]);
    },
  );
});

describe('rowAsJsonSql', () => {
  it('wraps the statement, its parameters unchanged', () => {
    expect(rowAsJsonSql('select "a" from "t" where "b" = $1')).toBe(
      'select row_to_json(q) as "latchkey_row" from (select "a" from "t" where "b" = $1) as q',
    );
  });
});
