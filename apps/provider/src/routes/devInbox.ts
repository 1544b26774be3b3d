import type { Hono } from 'hono';
import type { ProviderEnv } from '../http/context';
import { ProviderError } from '../http/errors';
import type { createDevInbox } from '../services/outbox';

/** `GET /dev/inbox[?to=]` lists stored messages with their links and codes; `DELETE /dev/inbox` empties it. Development mode only. */
export function registerDevInboxRoutes(app: Hono<ProviderEnv>, inbox: ReturnType<typeof createDevInbox>): void {
  // A DNS-rebinding page reaches the provider under its own host name: only loopback names are answered.
  app.use('/dev/*', async (c, next) => {
    if (!isLoopbackHost(c.req.header('host') ?? new URL(c.req.url).host)) throw new ProviderError('not_found');
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
