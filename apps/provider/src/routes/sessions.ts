import type { Hono } from 'hono';
import { z } from 'zod';
import { ok, type ProviderEnv, readBody } from '../http/context';
import { ProviderError } from '../http/errors';
import { sessionDurationField } from '../http/fields';
import { authenticateResponseFields, requireOpaqueSession, requireSession } from '../services/sessions';

/** `POST /sessions/authenticate` (the refresh) and `POST /sessions/revoke`. */
export function registerSessionRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/sessions/authenticate', async (c) => {
    const body = await readBody(c, z.object({ session_duration_minutes: sessionDurationField }));
    const deps = c.get('deps');
    const current = await requireOpaqueSession(c);
    const now = deps.clock.now();
    // A refresh never extends a session; only an explicit duration moves the expiry, to now + that duration.
    const expiresAt =
      body.session_duration_minutes === undefined
        ? current.row.expires_at
        : now + body.session_duration_minutes * 60_000;
    const row = await deps.db
      .updateTable('sessions')
      .set({ last_accessed_at: now, expires_at: expiresAt })
      .where('session_id', '=', current.row.session_id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ProviderError('session_not_found');
    return ok(c, await authenticateResponseFields(c, { row, token: current.token }));
  });

  app.post('/sdk/v1/sessions/revoke', async (c) => {
    const deps = c.get('deps');
    const current = await requireSession(c);
    await deps.db
      .updateTable('sessions')
      .set({ revoked_at: deps.clock.now() })
      .where('session_id', '=', current.row.session_id)
      .where('revoked_at', 'is', null)
      .execute();
    return ok(c, {});
  });
}
