// A stand-in for the k-anonymity breach range API (GET {url}/{first five SHA-1 hex digits}) on a real port,
// so the provider's own HTTP client, timeout and fallback are what the tests exercise.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const servers: Server[] = [];
/** Closes every fake range API still open (test/setup.ts, after each test). */
export async function closeRangeApis(): Promise<void> {
  await Promise.all(servers.splice(0).map(closeServer));
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** Starts a fake range API on a free port; it records every path it was asked for and is closed after the test. */
export async function startRangeApi(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/range`,
    paths,
    async close() {
      servers.splice(servers.indexOf(server), 1);
      await closeServer(server);
    },
  };
}
