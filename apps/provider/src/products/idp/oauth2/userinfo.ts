// `GET|POST /oauth2/userinfo` (OpenID Connect Core §5.3): the signed-in user's claims for a bearer access token.
import type { ProviderContext } from '../../../http/context';
import { loadUser } from '../../../services/users';
import { findIdpClient } from '../clients';
import { grantSubject } from '../subjects';
import { scopeClaims } from './claims';
import { isFormEncoded, NO_STORE, OAuthError, parseForm, scopeList } from './protocol';
import { findToken, isLive } from './tokenStore';

/** RFC 6750 §2.1: `Bearer` then a b64token. */
const BEARER = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/** RFC 6750 §3: the challenge of a refusal, with the error and its description when there is one. */
function challenge(error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope', description?: string): string {
  if (error === undefined) return 'Bearer realm="oauth2"';
  const scope = error === 'insufficient_scope' ? ', scope="openid"' : '';
  return `Bearer realm="oauth2", error="${error}", error_description="${description}"${scope}`;
}

function refuse(
  status: 400 | 401 | 403,
  error: 'invalid_request' | 'invalid_token' | 'insufficient_scope',
  description: string,
): OAuthError {
  return new OAuthError(status, error, description, { 'www-authenticate': challenge(error, description) });
}

/**
 * The access token of the request: in the Authorization header (RFC 6750 §2.1, what OpenID Connect Core §5.3.1 asks
 * clients to use) or, on a form-encoded POST, as the `access_token` body parameter (RFC 6750 §2.2). Never from the
 * query string (RFC 6750 §2.3 is not supported: URLs end up in logs). RFC 6750 §2: one method per request.
 */
async function bearerToken(c: ProviderContext): Promise<string> {
  const header = c.req.header('authorization');
  let fromHeader: string | undefined;
  if (header !== undefined && /^bearer(\s|$)/i.test(header)) {
    const match = BEARER.exec(header);
    if (!match) throw refuse(401, 'invalid_token', 'The Authorization header does not hold a bearer token.');
    fromHeader = match[1];
  }
  let fromBody: string | undefined;
  if (c.req.method === 'POST' && isFormEncoded(c)) {
    let params: ReadonlyMap<string, string>;
    try {
      params = parseForm(await c.req.text());
    } catch (error) {
      if (error instanceof OAuthError) throw refuse(400, 'invalid_request', error.description);
      throw error;
    }
    fromBody = params.get('access_token');
  }
  if (fromHeader !== undefined && fromBody !== undefined) {
    // RFC 6750 §2: "Clients MUST NOT use more than one method to transmit the token in each request."
    throw refuse(400, 'invalid_request', 'Send the access token in the Authorization header or the body, not both.');
  }
  const token = fromHeader ?? fromBody;
  if (token === undefined) {
    // RFC 6750 §3.1: a request without any authentication gets the challenge without an error code.
    throw new OAuthError(401, 'invalid_token', 'Send the access token in the Authorization header: Bearer <token>.', {
      'www-authenticate': challenge(),
    });
  }
  return token;
}

/** `GET|POST /oauth2/userinfo`. */
export async function userinfoEndpoint(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const token = await bearerToken(c);
  const row = await findToken(deps, token);
  // RFC 6750 §3.1 `invalid_token`: "expired, revoked, malformed, or invalid for other reasons".
  if (row?.kind !== 'access' || !isLive(row, deps.clock.now())) {
    throw refuse(401, 'invalid_token', 'The access token is unknown, expired or revoked.');
  }
  // RFC 6750 §3.1 `invalid_token`, "invalid for other reasons": the token's client was removed from the configuration
  // (the token endpoint answers it `invalid_client`, sessions/exchange_access_token refuses its tokens, the connected
  // apps hide it), so its tokens release nothing either.
  if (!findIdpClient(deps.config, row.client_id)) {
    throw refuse(401, 'invalid_token', 'The access token was issued to a client this project no longer has.');
  }
  const scopes = new Set(scopeList(row.scopes));
  // OpenID Connect Core §5.3: the UserInfo endpoint serves access tokens obtained through an OpenID Connect request.
  if (!scopes.has('openid')) {
    throw refuse(403, 'insufficient_scope', 'The access token was not granted the openid scope.');
  }
  // The user revoked the application (the connected app's grant is gone) or no longer exists. The user's subject
  // (../subjects.ts) comes with the grant, in the same statement.
  const grant = await deps.db
    .selectFrom('idp_grants')
    .select((eb) => grantSubject(eb).as('subject'))
    .where('project_id', '=', deps.config.project.projectId)
    .where('user_id', '=', row.user_id)
    .where('client_id', '=', row.client_id)
    .executeTakeFirst();
  const user = grant ? await loadUser(deps.db, row.user_id) : undefined;
  if (!grant || !user) throw refuse(401, 'invalid_token', 'The user revoked this application, or no longer exists.');
  // OpenID Connect Core §5.3.2: a JSON object with `sub` and the claims the scopes release. `sub` is the ID token's
  // (the client must check that the two match): the user's subject, not necessarily the user id.
  return c.json({ sub: grant.subject, ...scopeClaims(user, scopes) }, 200, NO_STORE);
}
