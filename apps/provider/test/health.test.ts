// `GET /healthz` and `GET /readyz` (ops/health.ts): no token, nothing about versions or configuration; `/readyz`
// answers 503 with a reason when the database stops answering (SQLite: its handle closed; PostgreSQL: the
// database refusing connections and its connections terminated), when the schema is behind this version, and once
// the provider drains. Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../src/db/migrations';
import { databaseKind, postgresUrl, startProvider, type TestProvider } from '../testing/harness';

interface Probe {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A probe as a load balancer sends it: no token, no origin, a plain GET. */
async function probe(t: TestProvider, path: '/healthz' | '/readyz'): Promise<Probe> {
  const response = await t.provider.fetch(new Request(`http://provider.test${path}`), { remoteAddress: '10.0.0.2' });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Runs `statement` on the PostgreSQL server's maintenance database (not the provider's). */
async function admin(statement: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

describe('GET /healthz and GET /readyz', () => {
  it('answer 200 without a token, with a status and nothing about versions or configuration', async () => {
    const t = await startProvider({ mode: 'development' });
    const health = await probe(t, '/healthz');
    const ready = await probe(t, '/readyz');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
    for (const answer of [health, ready]) {
      // `vary: Origin` as on every answer whose CORS headers depend on the Origin (the Fetch standard's caching rule).
      expect([...answer.headers.keys()].sort()).toEqual(['cache-control', 'content-type', 'vary', 'x-request-id']);
      expect(answer.headers.get('vary')).toBe('Origin');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('/readyz answers 503 database_unavailable when the database stops answering; /healthz stays 200', async () => {
    const t = await startProvider();
    expect((await probe(t, '/readyz')).status).toBe(200);
    if (databaseKind === 'sqlite') {
      await t.provider.database.close();
    } else {
      // The database refuses new connections and the provider's open ones are cut: what a stopped server looks like.
      const name = new URL(t.databaseUrl).pathname.slice(1);
      await admin(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    }
    expect(await probe(t, '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'database_unavailable' },
    });
    expect(await probe(t, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    if (databaseKind === 'postgres') {
      // Once the database answers again, so does readiness, without a restart.
      const name = new URL(t.databaseUrl).pathname.slice(1);
      await admin(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      expect(await probe(t, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    }
  });

  it('/readyz answers 503 schema_outdated while a migration of this version is not applied', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const last = MIGRATION_NAMES.at(-1) as string;
    const [row] = (
      await sql<{ name: string; timestamp: string }>`select * from kysely_migration where name = ${last}`.execute(db)
    ).rows;
    // The database as an older version left it, as far as the migration record goes.
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    expect(await probe(t, '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'schema_outdated' },
    });
    // A migration this version does not know (a newer version's) does not make it unready.
    await sql`insert into kysely_migration (name, timestamp) values (${last}, ${row?.timestamp ?? ''})`.execute(db);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_version', ${row?.timestamp ?? ''})`.execute(
      db,
    );
    expect(await probe(t, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('/readyz answers 503 shutting_down once the provider drains; /healthz stays 200', async () => {
    const t = await startProvider();
    t.provider.drain();
    expect(await probe(t, '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'shutting_down' },
    });
    expect((await probe(t, '/healthz')).status).toBe(200);
  });
});
