// A server process for the throughput bench: `bare` (a Hono app with one route, the baseline) or
// `provider <sqlite file>`. It runs apart from the load generator so the two never share an event loop.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createProvider } from '../src/provider';
import { BENCH_CONFIG, type ServerReady } from './config';

async function fetchHandler(kind: string, dbFile: string | undefined) {
  if (kind === 'bare') {
    const app = new Hono();
    app.post('/ping', (c) => c.json({ data: { status_code: 200, pong: true } }));
    return app.fetch;
  }
  if (kind === 'provider' && dbFile) {
    const provider = await createProvider({ db: dbFile, config: BENCH_CONFIG });
    return provider.app.fetch;
  }
  throw new Error('usage: server.ts bare | server.ts provider <sqlite file>');
}

const [kind = '', dbFile] = process.argv.slice(2);
const fetch = await fetchHandler(kind, dbFile);
// @hono/node-server passes `{ incoming, outgoing }` as the bindings: clientIp() reads the socket's address there.
serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  const ready: ServerReady = { port: info.port };
  process.send?.(ready);
});
// The parent's exit closes the IPC channel; never outlive it.
process.on('disconnect', () => process.exit(0));
