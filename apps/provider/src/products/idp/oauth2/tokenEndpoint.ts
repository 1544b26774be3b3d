// `POST /oauth2/token` (RFC 6749 §3.2): the authorization code grant with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.5,
// OAuth 2.1 §4.1.3) and the refresh token grant with rotation (RFC 6749 §6, RFC 9700 §4.14.2).

import type { ProviderContext, ProviderDeps } from '../../../http/context';
import { pkceMatches, sha256Hex } from '../../../services/secrets';
import { loadUser } from '../../../services/users';
import { narrowGrant } from '../authorize/grants';
import { scopeResults } from '../authorize/scopes';
import type { IdpClientConfig } from '../config';
import { grantSubject } from '../subjects';
import { scopeClaims } from './claims';
import { authenticateClient } from './clientAuthentication';
import { idTokenSigner, signIdToken } from './idTokens';
import { type FormParams, NO_STORE, OAuthError, readForm, scopeList } from './protocol';
import {
  consumeRefreshToken,
  findToken,
  type IssuedTokens,
  issueTokens,
  revokeFamily,
  type TokenBinding,
} from './tokenStore';

/** RFC 7636 §4.1: a code verifier is 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);
const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);

/** A required parameter (RFC 6749 §5.2 `invalid_request`: "missing a required parameter"). */
function required(params: FormParams, name: string): string {
  const value = params.get(name);
  if (value === undefined) throw invalidRequest(`The parameter ${name} is required.`);
  return value;
}

/** Everything the token response needs besides the tokens themselves. */
interface Grant {
  binding: TokenBinding;
  /** The scopes of the access token (and of the response's `scope`). */
  scopes: string[];
  /** The authorization request's nonce, for the first ID token only (OpenID Connect Core §3.1.3.6). */
  nonce: string | null;
  /** The user's subject, the ID token's `sub` (../subjects.ts), read with the grant. */
  subject: string;
  issued: IssuedTokens;
}

/**
 * The user still exists and still grants the client access (`idp_grants`: a revoked connected app has no row).
 * Either missing: `invalid_grant` (RFC 6749 §5.2: the grant "was issued to another client" / "is revoked").
 * Answers the user's subject, read in the same statement (../subjects.ts). A pre-hijacking reset deletes the grant
 * and replaces the subject in one transaction, so the statement sees both before it or both after it: a code or
 * refresh token of the account's former holder, in flight across the reset, never gets the owner's new subject (it
 * finds no grant, or the grant the owner gave since, and then its code was deleted or its token revoked, so nothing
 * is issued).
 */
async function assertGrantStands(deps: ProviderDeps, userId: string, clientId: string): Promise<string> {
  const grant = await deps.db
    .selectFrom('idp_grants')
    .select((eb) => grantSubject(eb).as('subject'))
    .where('project_id', '=', deps.config.project.projectId)
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!grant) throw invalidGrant('The user revoked this application, or the user no longer exists.');
  return grant.subject;
}

/**
 * The scopes of `scopes` the user may still grant the client: each one the client may still request (`client.scopes`)
 * and the user's roles still allow (`scopeResults`, the check authorize/start marks `is_grantable` with). A scope the
 * user lost the role for, or the client was configured out of, is dropped from the tokens issued now; a refresh may
 * narrow the scope, never widen it (RFC 6749 §6). The standard scopes (`openid` among them) need no role, so only a
 * client configured out of `openid` loses its ID token. A user gone is `invalid_grant`.
 */
async function stillGrantable(
  deps: ProviderDeps,
  client: IdpClientConfig,
  userId: string,
  scopes: string[],
): Promise<string[]> {
  const user = await loadUser(deps.db, userId);
  if (!user) throw invalidGrant('The user no longer exists.');
  const allowed = new Set(client.scopes);
  const results = scopeResults(deps.config.project, user.roles, scopes);
  // A scope the user's roles no longer allow leaves the remembered consent too ("for good": README).
  const refused = results.filter((result) => !result.is_grantable).map((result) => result.scope);
  await narrowGrant(deps.db, deps, userId, client.clientId, refused);
  return results.filter((result) => result.is_grantable && allowed.has(result.scope)).map((result) => result.scope);
}

/**
 * The authorization code grant (RFC 6749 §4.1.3). Every check that can fail runs before anything changes; the code is
 * then used up by one conditional UPDATE (`consumed_at IS NULL`, exactly one row) in the transaction that issues the
 * tokens, so fifty parallel redemptions of one code give one success (README, "Security").
 */
async function authorizationCodeGrant(deps: ProviderDeps, client: IdpClientConfig, params: FormParams): Promise<Grant> {
  const code = required(params, 'code');
  // RFC 6749 §4.1.3: redirect_uri is REQUIRED when the authorization request included it, which it always does here.
  const redirectUri = required(params, 'redirect_uri');
  const verifier = params.get('code_verifier');
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('idp_authorization_codes')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('code_hash', '=', sha256Hex(code))
    .executeTakeFirst();
  if (!row) throw invalidGrant('The authorization code is unknown.');
  // RFC 6749 §4.1.3: "ensure that the authorization code was issued to the authenticated confidential client, or if
  // the client is public, ensure that the code was issued to client_id in the request". Another client's code
  // changes nothing.
  if (row.client_id !== client.clientId) throw invalidGrant('The authorization code was issued to another client.');
  // RFC 6749 §4.1.2 and OAuth 2.1 §4.1.2: a code used more than once is refused, and the tokens already issued from it
  // are revoked.
  if (row.consumed_at !== null) {
    await revokeFamily(deps.db, row.code_id, now);
    throw invalidGrant('The authorization code was used already; the tokens issued from it are revoked.');
  }
  // RFC 6749 §4.1.2: short-lived (`authorizationCodeSeconds`, at most 10 minutes).
  if (row.expires_at <= now) throw invalidGrant('The authorization code has expired.');
  // RFC 6749 §4.1.3: the redirect URI must be identical to the one of the authorization request.
  if (redirectUri !== row.redirect_uri) {
    throw invalidGrant('The redirect_uri differs from the one of the authorization request.');
  }
  if (row.code_challenge !== null) {
    // RFC 7636 §4.5 and §4.6, OAuth 2.1 §4.1.3: the verifier is required and must hash (S256) to the challenge.
    if (verifier === undefined) throw invalidGrant('The code_verifier is missing: this code was issued with PKCE.');
    if (!CODE_VERIFIER.test(verifier) || !pkceMatches(row.code_challenge, verifier)) {
      throw invalidGrant('The code_verifier does not match the code_challenge.');
    }
  } else {
    // RFC 9700 §2.1.1: a verifier for a code issued without a challenge is a PKCE downgrade attempt.
    if (verifier !== undefined) throw invalidGrant('A code_verifier was sent for a code issued without PKCE.');
    // OAuth 2.1 §4.1.1 and RFC 9700 §2.1.1: a public client's code must be bound by PKCE (authorize/start refuses a
    // public client's request without a challenge; this holds even if one slipped through).
    if (client.type === 'public') throw invalidGrant('A public client must use PKCE.');
  }
  const subject = await assertGrantStands(deps, row.user_id, row.client_id);
  // The code holds the scopes grantable at consent; a role removed since drops its scopes here too.
  const scopes = await stillGrantable(deps, client, row.user_id, scopeList(row.scopes));
  // The signing key exists before the transaction: creating it takes its own transaction (on SQLite the open one
  // holds the only connection).
  if (scopes.includes('openid')) await idTokenSigner(deps).signingKey();
  const binding: TokenBinding = {
    familyId: row.code_id,
    clientId: row.client_id,
    userId: row.user_id,
    sessionId: row.session_id,
    authTime: row.auth_time,
  };
  const issued = await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('idp_authorization_codes')
      .set({ consumed_at: now })
      .where('code_id', '=', row.code_id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return null;
    // OpenID Connect Core §11: a refresh token only when offline_access was granted.
    return issueTokens(trx, deps, binding, scopes, scopes.includes('offline_access') ? scopes : null);
  });
  if (!issued) {
    // Another redemption won the race: this one is a replay (RFC 6749 §4.1.2), so the family goes.
    await revokeFamily(deps.db, row.code_id, now);
    throw invalidGrant('The authorization code was used already; the tokens issued from it are revoked.');
  }
  return { binding, scopes, nonce: row.nonce, subject, issued };
}

/**
 * The refresh token grant (RFC 6749 §6) with rotation (RFC 9700 §4.14.2, OAuth 2.1 §4.3.1): the presented token is
 * used up and a new one of the same family issued, in one transaction; a used or revoked refresh token presented
 * again revokes the whole family.
 */
async function refreshTokenGrant(deps: ProviderDeps, client: IdpClientConfig, params: FormParams): Promise<Grant> {
  const token = required(params, 'refresh_token');
  const now = deps.clock.now();
  const row = await findToken(deps, token);
  if (row?.kind !== 'refresh') throw invalidGrant('The refresh token is unknown.');
  // RFC 6749 §6: the refresh token is bound to the client it was issued to.
  if (row.client_id !== client.clientId) throw invalidGrant('The refresh token was issued to another client.');
  // RFC 9700 §4.14.2: a rotated (or revoked) refresh token presented again means it leaked: revoke the family, so
  // the attacker's or the client's newer tokens stop working too.
  if (row.consumed_at !== null || row.revoked_at !== null) {
    await revokeFamily(deps.db, row.family_id, now);
    throw invalidGrant('The refresh token was used or revoked already; every token of its grant is revoked.');
  }
  if (row.expires_at <= now) throw invalidGrant('The refresh token has expired.');
  const original = scopeList(row.scopes);
  let scopes = original;
  const requested = params.get('scope');
  if (requested !== undefined && scopeList(requested).length > 0) {
    // RFC 6749 §6: the scope may narrow, never widen ("MUST NOT include any scope not originally granted").
    const narrowed = scopeList(requested);
    const extra = narrowed.find((scope) => !original.includes(scope));
    if (extra !== undefined) {
      throw new OAuthError(400, 'invalid_scope', 'The scope asks for more than the refresh token was granted.');
    }
    scopes = narrowed;
  }
  const subject = await assertGrantStands(deps, row.user_id, row.client_id);
  // Only what the user may still grant the client: a scope whose role was removed is dropped from the access token
  // and from the new refresh token, so a later rotation cannot bring it back without a new consent.
  const refreshScopes = await stillGrantable(deps, client, row.user_id, original);
  // OpenID Connect Core §11: a refresh token stands for offline_access. A client configured out of it since holds
  // no refresh token any more: refused, and the token stays as it is (a configuration put back makes it work again).
  if (!refreshScopes.includes('offline_access')) {
    throw invalidGrant('The client may no longer use refresh tokens: offline_access is not among its scopes.');
  }
  scopes = scopes.filter((scope) => refreshScopes.includes(scope));
  if (scopes.includes('openid')) await idTokenSigner(deps).signingKey();
  const binding: TokenBinding = {
    familyId: row.family_id,
    clientId: row.client_id,
    userId: row.user_id,
    sessionId: row.session_id,
    authTime: row.auth_time,
  };
  const issued = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeRefreshToken(trx, row.token_id, now))) return null;
    // RFC 6749 §6: the new refresh token's scope is the old one's, whatever the access token narrowed to, less the
    // scopes the user can no longer grant.
    return issueTokens(trx, deps, binding, scopes, refreshScopes);
  });
  if (!issued) {
    // A parallel refresh with the same token won: this one is a reuse (RFC 9700 §4.14.2).
    await revokeFamily(deps.db, row.family_id, now);
    throw invalidGrant('The refresh token was used already; every token of its grant is revoked.');
  }
  return { binding, scopes, nonce: null, subject, issued };
}

/**
 * The successful answer (RFC 6749 §5.1), with an ID token when `openid` was granted (OpenID Connect Core §3.1.3.3;
 * on refresh, OpenID Connect Core §12.2: same iss, sub, aud and auth_time, a new iat, no nonce).
 */
async function tokenResponse(c: ProviderContext, grant: Grant): Promise<Response> {
  const deps = c.get('deps');
  const { binding, scopes, issued } = grant;
  const body: Record<string, unknown> = {
    access_token: issued.accessToken,
    // RFC 6749 §7.1 and RFC 6750: bearer tokens.
    token_type: 'Bearer',
    expires_in: issued.expiresIn,
    // RFC 6749 §5.1: the scope granted.
    scope: scopes.join(' '),
  };
  if (issued.refreshToken !== null) body.refresh_token = issued.refreshToken;
  if (scopes.includes('openid')) {
    const user = await loadUser(deps.db, binding.userId);
    if (!user) throw invalidGrant('The user no longer exists.');
    body.id_token = await signIdToken(deps, {
      // OpenID Connect Core §2 `sub`: the user's subject (../subjects.ts), not necessarily the user id.
      subject: grant.subject,
      clientId: binding.clientId,
      nowMs: deps.clock.now(),
      // The ID token lives as long as the access token issued with it.
      lifetimeSeconds: issued.expiresIn,
      authTimeMs: binding.authTime,
      nonce: grant.nonce,
      accessToken: issued.accessToken,
      sessionId: binding.sessionId,
      claims: scopeClaims(user, new Set(scopes)),
    });
  }
  // RFC 6749 §5.1: "Cache-Control: no-store" and "Pragma: no-cache".
  return c.json(body, 200, NO_STORE);
}

/** `POST /oauth2/token`. */
export async function tokenEndpoint(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  // RFC 6749 §4.1.3 and §6: the parameters come form-encoded in the body.
  const params = await readForm(c);
  // RFC 6749 §3.2.1: confidential clients authenticate, public clients identify themselves with client_id.
  const { client } = authenticateClient(c, params);
  const grantType = required(params, 'grant_type');
  if (grantType === 'authorization_code') return tokenResponse(c, await authorizationCodeGrant(deps, client, params));
  if (grantType === 'refresh_token') return tokenResponse(c, await refreshTokenGrant(deps, client, params));
  // RFC 6749 §5.2 `unsupported_grant_type`; OAuth 2.1 drops the implicit and password grants.
  throw new OAuthError(400, 'unsupported_grant_type', 'The grant_type must be authorization_code or refresh_token.');
}
