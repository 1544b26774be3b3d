// Liveness and readiness for load balancers and orchestrators: `GET /healthz` and `GET /readyz`. Neither needs a
// token, and neither says anything about versions or configuration: a status and, when not ready, one reason.
import type { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { MIGRATION_NAMES } from '../db/migrations';
import type { ProviderEnv } from '../http/context';

/** Why `/readyz` answers 503. */
export type NotReadyReason = 'shutting_down' | 'database_unavailable' | 'schema_outdated';

/** Shared with the shutdown: once `draining`, `/readyz` answers 503 `shutting_down`. */
export interface Lifecycle {
  draining: boolean;
}

/** How long `/readyz` waits for the database before calling it unavailable. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * Is the provider ready for traffic? Not while draining; otherwise the database must answer within
 * READINESS_TIMEOUT_MS and hold every migration this version knows (a newer version's extra ones are fine: the
 * schema only grows, so an older instance keeps working during a rolling upgrade).
 */
export async function readiness(
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's migration table is not part of the schema type.
  db: Kysely<any>,
  lifecycle: Lifecycle,
): Promise<NotReadyReason | null> {
  if (lifecycle.draining) return 'shutting_down';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READINESS_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      sql<{ name: string }>`select name from kysely_migration`.execute(db).then((rows) => rows.rows),
      timeout,
    ]);
    if (result === 'timeout') return 'database_unavailable';
    const applied = new Set(result.map((row) => row.name));
    if (MIGRATION_NAMES.some((name) => !applied.has(name))) return 'schema_outdated';
    // Checked again: a shutdown that began while the database answered wins.
    return lifecycle.draining ? 'shutting_down' : null;
  } catch {
    return 'database_unavailable';
  } finally {
    clearTimeout(timer);
  }
}

const NO_STORE = { 'cache-control': 'no-store' };

/** Registers `GET /healthz` (200 while the process runs) and `GET /readyz` (200 or 503 with a reason). */
export function registerHealthRoutes(
  app: Hono<ProviderEnv>,
  // biome-ignore lint/suspicious/noExplicitAny: see readiness().
  db: Kysely<any>,
  lifecycle: Lifecycle,
): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  app.get('/readyz', async (c) => {
    const reason = await readiness(db, lifecycle);
    return reason === null
      ? c.json({ status: 'ready' }, 200, NO_STORE)
      : c.json({ status: 'unavailable', reason }, 503, NO_STORE);
  });
}
