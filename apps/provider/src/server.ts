import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { Provider } from './provider';

export interface ServeProviderOptions {
  /** `0` picks a free port. Default 8787. */
  port?: number;
  /** Default `127.0.0.1`: the provider is reachable from this machine only unless asked otherwise. */
  host?: string;
  /**
   * How long an idle keep-alive connection stays open (config `http.keepAliveSeconds`). Default 65 s: longer than
   * common load balancers' idle timeouts (AWS ALB 60 s), which must not reuse a connection the server has closed.
   */
  keepAliveSeconds?: number;
}

/** A provider listening on a real socket. */
export interface RunningServer {
  /** The bound port (the chosen one when `port` was 0). */
  port: number;
  host: string;
  /** `http://host:port`, with IPv6 hosts in brackets. */
  url: string;
  /**
   * Stops accepting connections at once and waits for the requests in flight to be answered, for at most `graceMs`
   * (default 5 s); then it cuts the connections still open. Answers from then on carry `Connection: close`, and
   * keep-alive connections are closed as soon as they are idle. Resolves with `drained: false` when it had to cut any. Does not close the database.
   */
  close(graceMs?: number): Promise<{ drained: boolean }>;
}

/** How long `close()` lets in-flight requests finish, unless told otherwise, before it cuts their connections. */
const DRAIN_MS = 5_000;
/** How long an idle keep-alive connection stays open, unless told otherwise. */
const DEFAULT_KEEP_ALIVE_SECONDS = 65;
/** How long a request's body may take to arrive after its headers' time-out (`requestTimeout`). */
const REQUEST_BODY_MS = 30_000;
/** How often a closing server closes the keep-alive connections that have become idle. */
const IDLE_SWEEP_MS = 50;

/**
 * The Node server's time-outs (ms) for an idle keep-alive time of `keepAliveSeconds`. Node closes an idle keep-alive
 * connection after 5 s by default; a balancer that keeps it longer then sends the next request into a closed socket
 * (a 502 to its client). The header time-out must outlast it, or a request arriving on a connection kept that long
 * is cut while its headers are read. A whole request (headers and body, at most 256 KiB here) must then arrive within
 * half a minute more: Node's default, 300 s, let a client sending a byte every few seconds hold a connection for five
 * minutes.
 */
export function serverTimeouts(
  keepAliveSeconds: number,
  nodeHeadersTimeout = 60_000,
): { keepAliveTimeout: number; headersTimeout: number; requestTimeout: number } {
  const keepAliveTimeout = keepAliveSeconds * 1000;
  const headersTimeout = Math.max(nodeHeadersTimeout, keepAliveTimeout + 1000);
  return { keepAliveTimeout, headersTimeout, requestTimeout: headersTimeout + REQUEST_BODY_MS };
}

/** Starts an HTTP server for `provider`; resolves once the socket is bound, rejects if it cannot bind. */
export function serveProvider(provider: Provider, options: ServeProviderOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    // Each connection's peer address, read the moment the connection opens. A socket reports its address only while
    // it is open: a client that resets the connection right after sending a whole request is still answered, but by
    // the time the handler asks, `socket.remoteAddress` is undefined, and the request would have no address for the
    // per-IP limits. (Reading it once also makes Node keep it on the socket; the map does not depend on that.)
    const peers = new WeakMap<object, string>();
    // node-server passes `{ incoming, outgoing }` as the bindings; `remoteAddress` beside them is the address kept
    // here, which `clientIp` prefers to the socket's own.
    const server = serve({
      fetch: (request, env) => {
        const socket = env.incoming.socket;
        const remoteAddress = peers.get(socket) ?? socket?.remoteAddress;
        return provider.fetch(request, remoteAddress === undefined ? env : { ...env, remoteAddress });
      },
      port: options.port ?? 8787,
      hostname: host,
    }) as Server;
    Object.assign(
      server,
      serverTimeouts(options.keepAliveSeconds ?? DEFAULT_KEEP_ALIVE_SECONDS, server.headersTimeout),
    );
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (address !== undefined) peers.set(socket, address);
    });
    // The answers not yet begun, so that a closing server can tell their clients not to reuse the connection.
    const unanswered = new Set<ServerResponse>();
    let closing = false;
    const noKeepAlive = (response: ServerResponse) => {
      if (!response.headersSent) response.shouldKeepAlive = false;
    };
    server.on('request', (_request, response: ServerResponse) => {
      if (closing) return noKeepAlive(response);
      unanswered.add(response);
      response.once('close', () => unanswered.delete(response));
    });
    // Once closing, every answer says `Connection: close` (RFC 9112 §9.6): a client (a load balancer) that was told
    // `keep-alive` could send its next request in the moment before the idle connection is closed, and that request
    // would be lost unread, with no way for the client to tell whether it ran.
    const stopKeepAlive = () => {
      closing = true;
      for (const response of unanswered) noKeepAlive(response);
    };
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.once('listening', () => {
      server.off('error', failed);
      const { port } = server.address() as AddressInfo;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        port,
        host,
        url: `http://${urlHost}:${port}`,
        close: (graceMs) => {
          stopKeepAlive();
          return closeServer(server, graceMs);
        },
      });
    });
  });
}

function closeServer(server: Server, graceMs = DRAIN_MS): Promise<{ drained: boolean }> {
  return new Promise((resolve) => {
    let drained = true;
    const force = setTimeout(() => {
      drained = false;
      server.closeAllConnections();
    }, graceMs);
    // A keep-alive connection whose request is answered becomes idle; it is closed then, not left open until the
    // client's next request or its timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    force.unref();
    sweep.unref();
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      resolve({ drained });
    });
    server.closeIdleConnections();
  });
}
