// `POST /sdk/v1/sessions/exchange_access_token`: an access token our identity provider issued (products/idp/oauth2)
// with the `full_access` scope becomes a Latchkey session of its user.
import { z } from 'zod';
import { dialectOf } from '../../db/dialect';
import { ok, type ProviderContext, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { protectionFields, sessionDurationField } from '../../http/fields';
import { sha256Hex } from '../../services/secrets';
import { authenticateResponseFields, type NewFactor, recordAuthentication } from '../../services/sessions';
import { findIdpClient } from '../idp/clients';
import { FULL_ACCESS_SCOPE } from './exchangedSessions';

/** The scope an access token needs to be exchanged for a session: it stands for everything the user can do. */

const exchangeSchema = z.object({
  // Ours are 43 characters; anything much longer is not one of ours, and is refused by the schema unread.
  access_token: z.string().min(1).max(512),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

/** The factor a session opened from an access token holds: which client the token was issued to. */
export function accessTokenExchangeFactor(clientId: string): NewFactor {
  return {
    type: 'oauth_access_token_exchange',
    delivery_method: 'oauth_access_token_exchange',
    oauth_access_token_exchange_factor: { client_id: clientId },
  };
}

/**
 * Exchanges a live access token for a new session of its user. The token is looked up by its SHA-256 in the
 * transaction that starts the session: an unknown token, a refresh token, an expired or revoked one, or one of a
 * client no longer configured is `invalid_access_token`; a token whose scopes lack `full_access`, or whose client may
 * no longer ask for it, is `insufficient_scope`. The token is not used up (a bearer access token stays valid until it expires, RFC 6750
 * §1.2); every exchange starts its own session. The session never merges into the caller's current one, and asks
 * for no second factor: the token was issued to a full session (the authorize step needs one, intermediate
 * sessions are not sessions), which already passed the project's multi-factor rule.
 *
 * The session is tied to the token it came from (README, "Security": revoking a grant ends the sessions exchanged from its
 * tokens): it names the token and its client, so revoking the token, its family (a replayed code, a reused refresh
 * token) or the client's grant (connected apps), or the pre-hijacking reset, ends it; and its expiry is capped at the
 * token's expiry plus `idp.exchangedSessionMinutes`, for the exchange and every later refresh.
 *
 * On PostgreSQL the token is read `FOR SHARE` until the session is committed: a revocation (tokenStore.ts revokes the
 * tokens before the sessions) that comes while this transaction runs waits for it, and its later UPDATE of the
 * sessions, a new statement with a new snapshot (PostgreSQL manual, "Read Committed Isolation Level"), revokes the
 * session started here; one that locked the token first makes this read wait, and it then sees the token revoked
 * (manual, "The Locking Clause"). A plain read would let the session be inserted after the revocation's UPDATE of
 * the sessions had run, and outlive the token. On SQLite a transaction holds the only connection to its end.
 */
export async function exchangeAccessToken(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, exchangeSchema);
  const now = deps.clock.now();
  const started = await deps.db.transaction().execute(async (trx) => {
    const token = await trx
      .selectFrom('idp_tokens')
      .selectAll()
      .where('token_hash', '=', sha256Hex(body.access_token))
      .where('project_id', '=', deps.config.project.projectId)
      .$if(dialectOf(trx) === 'postgres', (query) => query.forShare())
      .executeTakeFirst();
    const client = token === undefined ? undefined : findIdpClient(deps.config, token.client_id);
    if (
      token?.kind !== 'access' ||
      token.revoked_at !== null ||
      token.consumed_at !== null ||
      token.expires_at <= now ||
      !client
    ) {
      throw new ProviderError('invalid_access_token');
    }
    // The scope on the token, and still the client's: a client the operator configured out of `full_access` (a
    // suspect one) mints no more sessions from the tokens it holds, as a refresh no longer gives it the scope.
    if (!token.scopes.split(' ').includes(FULL_ACCESS_SCOPE) || !client.scopes.includes(FULL_ACCESS_SCOPE)) {
      throw new ProviderError('insufficient_scope');
    }
    return recordAuthentication(trx, c, {
      userId: token.user_id,
      factor: accessTokenExchangeFactor(token.client_id),
      durationMinutes: body.session_duration_minutes,
      current: null,
      multiFactor: true,
      exchangedFrom: {
        tokenId: token.token_id,
        clientId: token.client_id,
        maxExpiresAt: token.expires_at + deps.config.project.idp.exchangedSessionMinutes * 60_000,
      },
    });
  });
  return ok(c, await authenticateResponseFields(c, started));
}
