import type { Hono } from 'hono';
import { isLoopbackHostname } from '../configFields';
import { type ProviderContext, type ProviderEnv, peerAddress } from '../http/context';
import { ProviderError } from '../http/errors';
import type { createDevInbox } from '../services/outbox';

/** Headers a reverse proxy adds: behind one, every visitor arrives from a loopback peer. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * Whether a connection comes from this machine and no proxy relays it: `peer` (normalised; '' for an in-process
 * caller, which has none) is a loopback address, and `hasHeader` finds none of FORWARDING_HEADERS. Also the
 * development OAuth upstream's rule on its own listener (products/oauth/developmentUpstream).
 */
export function isLocalPeer(peer: string, hasHeader: (name: string) => boolean): boolean {
  // An IPv6 peer (`::1`) is written as a URL's hostname is, in brackets.
  if (peer !== '' && !isLoopbackHostname(peer.includes(':') ? `[${peer}]` : peer)) return false;
  return !FORWARDING_HEADERS.some(hasHeader);
}

/**
 * Whether a request may reach a development route (the inbox, which shows every code and link, and the sign-in
 * stand-ins under `/dev/oauth`), in development mode, all of these holding:
 * - its `Host` is a loopback name: a DNS-rebinding page reaches the provider under its own host name;
 * - its connection comes from this machine (when it has one; an in-process caller has none): the `Host` header is
 *   the client's to choose, and a provider started in development mode on `0.0.0.0` is reachable from elsewhere;
 * - it carries no proxy's forwarding header: a reverse proxy on this machine makes every visitor a loopback peer
 *   (and may rewrite `Host` to a loopback one);
 * - `publicUrl` is a loopback URL: a provider published under a real domain is nobody's development machine.
 * Anything else answers 404, as in production mode.
 */
export function isDevelopmentRequest(c: ProviderContext): boolean {
  if (c.get('deps').config.mode !== 'development') return false;
  if (!isLoopbackHost(c.req.header('host') ?? new URL(c.req.url).host)) return false;
  if (!isLocalPeer(peerAddress(c), (name) => c.req.header(name) !== undefined)) return false;
  return isLoopbackHostname(new URL(c.get('deps').config.publicUrl).hostname);
}

/** `GET /dev/inbox[?to=]` lists stored messages with their links and codes; `DELETE /dev/inbox` empties it. Development mode only. */
export function registerDevInboxRoutes(app: Hono<ProviderEnv>, inbox: ReturnType<typeof createDevInbox>): void {
  app.use('/dev/*', async (c, next) => {
    if (!isDevelopmentRequest(c)) throw new ProviderError('not_found');
    return next();
  });
  app.get('/dev/inbox', async (c) => {
    // An unencoded `?to=+14155550100` arrives form-decoded as ' 14155550100'; no address starts with a space.
    const to = c.req.query('to')?.replace(/^ /, '+');
    return c.json({ messages: await inbox.list(to) });
  });
  app.delete('/dev/inbox', async (c) => {
    await inbox.clear();
    return c.json({ messages: [] });
  });
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 or `[::1]`, with or without a port. */
export function isLoopbackHost(host: string): boolean {
  const name = (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '')).toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127\.(?:\d{1,3})\.(?:\d{1,3})\.(?:\d{1,3})$/.test(name)
  );
}
