// `POST /oauth2/revoke`: token revocation (RFC 7009).
import type { ProviderContext } from '../../../http/context';
import { authenticateClient } from './clientAuthentication';
import { NO_STORE, OAuthError, readForm } from './protocol';
import { findToken, revokeFamily, revokeToken } from './tokenStore';

/**
 * RFC 7009 §2.1: the client authenticates (RFC 6749 §2.3; a public client names itself with client_id) and names the
 * token. `token_type_hint` is only a hint: the server must search every token type anyway, so it is not read.
 * RFC 7009 §2.2: the answer is 200 whether or not the token was known ("invalid tokens do not cause an error
 * response"), and for a token already revoked or expired.
 * RFC 7009 §2.1: the server "verifies whether the token was issued to the client making the revocation request. If
 * this validation fails, the request is refused and the client is informed of the error": a token issued to another
 * client is not revoked and the answer is 400 `unauthorized_client` (RFC 7009 §2.2.1, RFC 6749 §5.2), as Ory Hydra
 * answers (Keycloak refuses it too, with 400 `invalid_request`). It tells the caller no more than the token itself
 * would: a bearer token's holder can already try it at userinfo.
 * Revoking a refresh token revokes its whole family, the access tokens of the same grant included (RFC 7009 §2.1:
 * "the authorization server SHOULD also invalidate all access tokens based on the same authorization grant");
 * revoking an access token revokes that token only. Either way the sessions exchanged from the revoked tokens
 * (`sessions/exchange_access_token`) end too (tokenStore.ts).
 */
export async function revocationEndpoint(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const params = await readForm(c);
  const { client } = authenticateClient(c, params);
  const token = params.get('token');
  // RFC 7009 §2.1: `token` is REQUIRED.
  if (token === undefined) throw new OAuthError(400, 'invalid_request', 'The parameter token is required.');
  const row = await findToken(deps, token);
  if (row && row.client_id !== client.clientId) {
    throw new OAuthError(400, 'unauthorized_client', 'The token was issued to another client: it is not revoked.');
  }
  if (row) {
    const now = deps.clock.now();
    if (row.kind === 'refresh') await revokeFamily(deps.db, row.family_id, now);
    else await revokeToken(deps.db, row.token_id, now);
  }
  return c.body(null, 200, NO_STORE);
}
