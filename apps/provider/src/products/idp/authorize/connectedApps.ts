// `GET /sdk/v1/users/connected_apps` and `POST /sdk/v1/users/connected_apps/{id}/revoke`: the
// clients the signed-in user has granted access, and taking that access back.
import type { ConnectedApp } from '@latchkey/sdk/contract';
import { dialectOf } from '../../../db/dialect';
import { ok, type ProviderContext } from '../../../http/context';
import { ProviderError } from '../../../http/errors';
import { requireSession } from '../../../services/sessions';
import { findIdpClient } from '../clients';
import { revokeTokens } from '../oauth2/tokenStore';

/**
 * The user's grants, oldest first, each with its client as configured. A grant whose client is no longer in the
 * configuration is not listed: nothing can use it (the token endpoint knows no such client).
 */
export async function listConnectedApps(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { row: session } = await requireSession(c);
  const grants = await deps.db
    .selectFrom('idp_grants')
    .select(['client_id', 'scopes'])
    .where('project_id', '=', deps.config.project.projectId)
    .where('user_id', '=', session.user_id)
    .orderBy('created_at')
    .orderBy('client_id')
    .execute();
  const apps: ConnectedApp[] = [];
  for (const grant of grants) {
    const client = findIdpClient(deps.config, grant.client_id);
    if (!client) continue;
    apps.push({
      connected_app_id: client.clientId,
      name: client.name,
      description: client.description,
      client_type: client.type,
      ...(client.logoUrl === undefined ? {} : { logo_url: client.logoUrl }),
      scopes_granted: grant.scopes,
    });
  }
  return ok(c, { connected_apps: apps });
}

/**
 * Revokes the caller's grant to the client named in the path: the remembered consent is deleted (the next
 * authorization asks again), every access and refresh token the client holds for this user is revoked (RFC 7009 §2.1
 * spirit: the grant is gone, so are its tokens), every session exchanged from those tokens
 * (`sessions/exchange_access_token`) is revoked (README, "Security": revoking a grant ends its tokens and the sessions
 * exchanged from them), and codes not yet redeemed are deleted, so none can still be exchanged. Only the caller's own
 * grants: another user's app, or one never granted, is `connected_app_not_found`. The caller's own session ends too
 * when it is one of those exchanged sessions.
 *
 * The order counts on PostgreSQL, where each statement sees what was committed when it started (its manual, "Read
 * Committed Isolation Level"): the codes first, whose DELETE waits for a redemption in flight (it holds the code's row
 * lock), so the tokens it issues are committed before the next statement; then the tokens (revokeTokens: it waits
 * for a rotation or an exchange in flight and revokes the successors a rotation issued too); the sessions last, by a
 * statement that sees the sessions those exchanges started.
 */
export async function revokeConnectedApp(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { row: session } = await requireSession(c);
  const clientId = c.req.param('id') ?? '';
  const projectId = deps.config.project.projectId;
  const now = deps.clock.now();
  const revoked = await deps.db.transaction().execute(async (trx) => {
    // The sessions exchanged from the client's tokens are locked first, the grant after: the order an authorize submit
    // takes them in (its session `FOR SHARE`, then the grant `FOR UPDATE`). Otherwise a submit from one of those
    // sessions and this revoke each waited for the other, and PostgreSQL failed one of them (deadlock_detected).
    // They are revoked last, below: an exchange this revoke waits for (its token, `FOR SHARE`) has started its session
    // by then, and that statement sees it.
    if (dialectOf(trx) === 'postgres') {
      await trx
        .selectFrom('sessions')
        .select('session_id')
        .where('project_id', '=', projectId)
        .where('user_id', '=', session.user_id)
        .where('exchanged_client_id', '=', clientId)
        .where('revoked_at', 'is', null)
        .forUpdate()
        .execute();
    }
    const deleted = await trx
      .deleteFrom('idp_grants')
      .where('project_id', '=', projectId)
      .where('user_id', '=', session.user_id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return false;
    await trx
      .deleteFrom('idp_authorization_codes')
      .where('project_id', '=', projectId)
      .where('user_id', '=', session.user_id)
      .where('client_id', '=', clientId)
      .where('consumed_at', 'is', null)
      .execute();
    await revokeTokens(trx, now, (eb) =>
      eb.and([eb('project_id', '=', projectId), eb('user_id', '=', session.user_id), eb('client_id', '=', clientId)]),
    );
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('project_id', '=', projectId)
      .where('user_id', '=', session.user_id)
      .where('exchanged_client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  });
  if (!revoked) throw new ProviderError('connected_app_not_found');
  return ok(c, {});
}
