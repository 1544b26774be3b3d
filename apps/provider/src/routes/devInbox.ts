import type { Hono } from 'hono';
import type { ProviderEnv } from '../http/context';
import type { createDevInbox } from '../services/outbox';

/** `GET /dev/inbox[?to=]` lists stored messages with their links and codes; `DELETE /dev/inbox` empties it. Development mode only. */
export function registerDevInboxRoutes(app: Hono<ProviderEnv>, inbox: ReturnType<typeof createDevInbox>): void {
  app.get('/dev/inbox', async (c) => c.json({ messages: await inbox.list(c.req.query('to')) }));
  app.delete('/dev/inbox', async (c) => {
    await inbox.clear();
    return c.json({ messages: [] });
  });
}
