// A server process for the throughput bench, apart from the load generator so the two never share an event loop:
// - `bare`: a Hono app with one route, the baseline every ratio is taken against;
// - `floor <sqlite file | postgres:// URL>`: the storage floors, plain Hono routes over the bench database with
//   no Kysely and no provider code: one indexed select of a session by token hash, and one durable update of it;
// - `provider <sqlite file | postgres:// URL>`: the provider itself, counting the statements it sends to the database
//   (BEGIN and COMMIT included: on PostgreSQL each is a round trip).
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import SQLite from 'better-sqlite3';
import { Hono } from 'hono';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { createProvider } from '../src/provider';
import { BENCH_CONFIG, BENCH_ENCRYPTION_KEY, BENCH_HMAC_KEY, type ServerReady } from './config';

/** The session token of a Basic header (`public token:session token`), hashed as the sessions table keys it. */
function tokenHash(authorization: string | undefined): string {
  const decoded = Buffer.from((authorization ?? '').slice('Basic '.length), 'base64').toString('utf8');
  return createHash('sha256')
    .update(decoded.slice(decoded.indexOf(':') + 1))
    .digest('hex');
}

interface FloorStore {
  select(hash: string): Promise<unknown>;
  update(hash: string, now: number): Promise<number>;
}

function sqliteFloor(file: string): FloorStore {
  // WAL and `synchronous = FULL`: every update is its own commit, fsynced before it is answered (what the
  // provider's default durability promises, without its grouping).
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  const select = sqlite.prepare('SELECT * FROM sessions WHERE token_hash = ?');
  const update = sqlite.prepare('UPDATE sessions SET last_accessed_at = ? WHERE token_hash = ?');
  return {
    select: async (hash) => select.get(hash),
    update: async (hash, now) => update.run(now, hash).changes,
  };
}

function postgresFloor(url: string): FloorStore {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    select: async (hash) =>
      (await pool.query({ name: 'floor-select', text: 'SELECT * FROM sessions WHERE token_hash = $1', values: [hash] }))
        .rows[0],
    update: async (hash, now) =>
      (
        await pool.query({
          name: 'floor-update',
          text: 'UPDATE sessions SET last_accessed_at = $1 WHERE token_hash = $2',
          values: [now, hash],
        })
      ).rowCount ?? 0,
  };
}

async function fetchHandler(kind: string, target: string | undefined) {
  if (kind === 'bare') {
    const app = new Hono();
    app.post('/ping', (c) => c.json({ data: { status_code: 200, pong: true } }));
    return app.fetch;
  }
  if (kind === 'floor' && target) {
    const store = target.startsWith('postgres') ? postgresFloor(target) : sqliteFloor(target);
    const app = new Hono();
    app.post('/floor/select', async (c) => {
      const row = await store.select(tokenHash(c.req.header('authorization')));
      return row ? c.json({ data: { status_code: 200, session: row } }) : c.json({ status_code: 404 }, 404);
    });
    app.post('/floor/update', async (c) => {
      const changed = await store.update(tokenHash(c.req.header('authorization')), Date.now());
      return changed === 1 ? c.json({ data: { status_code: 200 } }) : c.json({ status_code: 404 }, 404);
    });
    return app.fetch;
  }
  if (kind === 'provider' && target) {
    const database = await openDatabase(target, {
      // LATCHKEY_BENCH_POOL_SIZE sets the PostgreSQL pool (default: the provider's, postgres.poolSize).
      ...(process.env.LATCHKEY_BENCH_POOL_SIZE
        ? { postgresPoolSize: Number(process.env.LATCHKEY_BENCH_POOL_SIZE) }
        : {}),
      log: () => {
        statements += 1;
      },
    });
    const provider = await createProvider({
      db: database,
      config: BENCH_CONFIG,
      hmacKey: BENCH_HMAC_KEY,
      encryptionKey: BENCH_ENCRYPTION_KEY,
    });
    return provider.app.fetch;
  }
  throw new Error('usage: server.ts bare | server.ts floor <database> | server.ts provider <database>');
}

/** Statements the provider has run so far (its database's log). */
let statements = 0;
const [kind = '', target] = process.argv.slice(2);
const fetch = await fetchHandler(kind, target);
// @hono/node-server passes `{ incoming, outgoing }` as the bindings: clientIp() reads the socket's address there.
serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  const ready: ServerReady = { port: info.port };
  process.send?.(ready);
});
// The load generator asks for this process's CPU time (and statement count) around each measured run.
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system, statements });
  }
});
// The parent's exit closes the IPC channel; never outlive it.
process.on('disconnect', () => process.exit(0));
