import type { Hono } from 'hono';
import type { ProviderEnv } from '../http/context';
import type { createDevInbox } from '../services/outbox';

/** `GET /dev/inbox[?to=]` lists stored messages with their links and codes; `DELETE /dev/inbox` empties it. Development mode only. */
export function registerDevInboxRoutes(app: Hono<ProviderEnv>, inbox: ReturnType<typeof createDevInbox>): void {
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
