import type { Hono } from 'hono';
import { z } from 'zod';
import { ok, type ProviderEnv, readBody } from '../http/context';
import { sessionDurationField } from '../http/fields';
import { endPendingSignIn, pendingSignIn } from '../services/mfa';
import {
  authenticateResponseFields,
  requireOpaqueSessionWithUser,
  requireSession,
  touchSession,
} from '../services/sessions';

const refreshSchema = z.object({ session_duration_minutes: sessionDurationField });

/** `POST /sessions/authenticate` (the refresh) and `POST /sessions/revoke`. */
export function registerSessionRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/sessions/authenticate', async (c) => {
    const body = await readBody(c, refreshSchema);
    const deps = c.get('deps');
    // A sign-in still waiting for its second factor (no session, the intermediate token in the SDK's cookie).
    const pending = await pendingSignIn(c);
    if (pending) return ok(c, await authenticateResponseFields(c, pending));
    // The session and its user in one statement (the refresh's only one, but once a minute per session).
    const current = await requireOpaqueSessionWithUser(c);
    const row = await touchSession(deps.db, deps, current.row, body.session_duration_minutes);
    return ok(c, await authenticateResponseFields(c, { row, token: current.token }, current.user));
  });

  app.post('/sdk/v1/sessions/revoke', async (c) => {
    const deps = c.get('deps');
    if (await endPendingSignIn(c)) return ok(c, {});
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
