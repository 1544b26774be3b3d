// Consent remembered per user and client (`idp_grants`, one row per project, user and client): the scopes the user
// granted, so that a later authorization asking for no more than these does not ask again.
import { dialectOf } from '../../../db/dialect';
import type { Executor } from '../../../db/schema';
import type { ProviderDeps } from '../../../http/context';
import { newId } from '../../../services/secrets';
import { recordSubject } from '../subjects';

/** A space-separated scope list (RFC 6749 §3.3) as a list, empty entries dropped. */
export function splitScopes(scopes: string): string[] {
  return scopes.split(' ').filter((scope) => scope !== '');
}

/**
 * The scopes the user has granted the client so far; null when they never did (or revoked the app). `lock`: on
 * PostgreSQL the row is read `FOR UPDATE`, so a revocation's DELETE of it waits for the caller's transaction.
 */
export async function grantedScopes(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  clientId: string,
  lock = false,
): Promise<Set<string> | null> {
  const row = await db
    .selectFrom('idp_grants')
    .select('scopes')
    .where('project_id', '=', deps.config.project.projectId)
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .$if(lock && dialectOf(db) === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  return row ? new Set(splitScopes(row.scopes)) : null;
}

/**
 * Adds `scopes` to the user's grant to the client, creating it if needed. Two parallel submits both keep their
 * scopes: the row is created with `ON CONFLICT DO NOTHING` (the unique key is project, user, client), then the union is
 * written only over the scopes it was computed from (compare and set, retried), so no grant is lost and no
 * unique-key race answers a 500. It creates a grant revoked a moment ago just as well: authorize/submit decides from
 * the row read `FOR UPDATE` in the same transaction (authorize.ts), not from what it read before.
 */
export async function mergeGrant(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  clientId: string,
  scopes: string[],
): Promise<void> {
  const now = deps.clock.now();
  await recordSubject(db, userId, now);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const inserted = await db
      .insertInto('idp_grants')
      .values({
        grant_id: newId('idp-grant', deps.environment),
        project_id: deps.config.project.projectId,
        user_id: userId,
        client_id: clientId,
        scopes: scopes.join(' '),
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['project_id', 'user_id', 'client_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return;
    const merged = await rewriteGrant(db, deps, userId, clientId, (existing) => [...new Set([...existing, ...scopes])]);
    // Revoked between the insert and now: the next attempt creates it.
    if (merged) return;
  }
  throw new Error(`The grant of ${userId} to ${clientId} kept changing`);
}

/**
 * Removes `dropped` from the user's grant to the client (compare and set, as mergeGrant): a scope the token endpoint
 * dropped because the user may no longer grant it (a role removed) is gone from the remembered consent too, so giving
 * the role back does not bring the scope back without a new consent, `prompt=none` included. Nothing to do without a
 * grant or when it holds none of them.
 */
export async function narrowGrant(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  clientId: string,
  dropped: readonly string[],
): Promise<void> {
  if (dropped.length === 0) return;
  await rewriteGrant(db, deps, userId, clientId, (existing) => existing.filter((scope) => !dropped.includes(scope)));
}

/**
 * Writes `next(existing scopes)` over the grant's scopes, only over the scopes it was computed from (compare and set,
 * retried while another write changes them). Unchanged scopes write nothing. False when there is no grant.
 */
async function rewriteGrant(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  clientId: string,
  next: (existing: string[]) => string[],
): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const row = await db
      .selectFrom('idp_grants')
      .select(['grant_id', 'scopes'])
      .where('project_id', '=', deps.config.project.projectId)
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) return false;
    const scopes = next(splitScopes(row.scopes)).join(' ');
    if (scopes === splitScopes(row.scopes).join(' ')) return true;
    const updated = await db
      .updateTable('idp_grants')
      .set({ scopes, updated_at: deps.clock.now() })
      .where('grant_id', '=', row.grant_id)
      .where('scopes', '=', row.scopes)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return true;
  }
  throw new Error(`The grant of ${userId} to ${clientId} kept changing`);
}
