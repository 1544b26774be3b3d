// The user lookup's SQL (services/users.ts): one statement whose aggregated subqueries load the whole user, as it is
// compiled for each dialect. Recorded so that a change of how the statement is assembled (the products' parts of the
// user answer) shows in the SQL text it sends.
import {
  DummyDriver,
  type ExpressionBuilder,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { JOINED_USER_COLUMNS, userMethodColumns } from './users';

const dialects = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

describe.each(Object.keys(dialects) as (keyof typeof dialects)[])('the user lookup on %s', (dialect) => {
  const db = dialects[dialect];

  it('is one statement, the same SQL text as recorded (loadUser)', () => {
    const query = db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) => userMethodColumns(db, eb))
      .where('users.user_id', '=', 'user-id')
      .compile();
    expect(query.sql).toMatchSnapshot();
  });

  it('is one statement with the session, the same SQL text as recorded (loadSessionWithUser)', () => {
    const query = db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .selectAll('sessions')
      .select([...JOINED_USER_COLUMNS])
      .select((eb) => userMethodColumns(db, eb as unknown as ExpressionBuilder<Database, 'users'>))
      .where('sessions.token_hash', '=', 'hash')
      .where('sessions.project_id', '=', 'project')
      .compile();
    expect(query.sql).toMatchSnapshot();
  });
});
