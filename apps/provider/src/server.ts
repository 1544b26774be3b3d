import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Provider } from './provider';

export interface ServeProviderOptions {
  /** `0` picks a free port. Default 8787. */
  port?: number;
  /** Default `127.0.0.1`: the provider is reachable from this machine only unless asked otherwise. */
  host?: string;
}

/** A provider listening on a real socket. */
export interface RunningServer {
  /** The bound port (the chosen one when `port` was 0). */
  port: number;
  host: string;
  /** `http://host:port`, with IPv6 hosts in brackets. */
  url: string;
  /** Stops accepting connections and waits for in-flight requests; does not close the database. */
  close(): Promise<void>;
}

/** How long `close()` lets in-flight requests finish before it cuts their connections. */
const DRAIN_MS = 5_000;

/** Starts an HTTP server for `provider`; resolves once the socket is bound, rejects if it cannot bind. */
export function serveProvider(provider: Provider, options: ServeProviderOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    // node-server passes `{ incoming, outgoing }` as the bindings, so `clientIp` reads the socket's address.
    const server = serve({
      fetch: (request, env) => provider.fetch(request, env),
      port: options.port ?? 8787,
      hostname: host,
    }) as Server;
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.once('listening', () => {
      server.off('error', failed);
      const { port } = server.address() as AddressInfo;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      resolve({ port, host, url: `http://${urlHost}:${port}`, close: () => closeServer(server) });
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    // Keep-alive connections with no request in flight would otherwise hold `close` open until they time out.
    server.closeIdleConnections();
  });
}
