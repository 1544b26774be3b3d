// The discovery document: OpenID Connect Discovery 1.0 §3 (`/.well-known/openid-configuration`) and RFC 8414 §2
// (`/.well-known/oauth-authorization-server`), one document served at both.
import type { ProviderConfig } from '../../../config';
import { idpIssuer } from '../clients';
import { STANDARD_IDP_SCOPES } from '../config';
import { SUPPORTED_CLAIMS } from './claims';
import { ID_TOKEN_ALG } from './idTokens';

/** The endpoints' paths under the provider's public URL. */
export const OAUTH2_PATHS = {
  token: '/oauth2/token',
  userinfo: '/oauth2/userinfo',
  revocation: '/oauth2/revoke',
  jwks: '/oauth2/jwks',
} as const;

/** The client authentication methods of the token and revocation endpoints (RFC 6749 §2.3.1; RFC 7591 §2). */
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/** Every scope a client may be registered for: the standard ones, the policy's custom ones, the clients' own. */
function supportedScopes(config: ProviderConfig): string[] {
  const scopes = new Set<string>(STANDARD_IDP_SCOPES);
  for (const entry of config.project.rbacPolicy?.scopes ?? []) scopes.add(entry.scope);
  for (const client of config.project.idp.clients) for (const scope of client.scopes) scopes.add(scope);
  return [...scopes];
}

/** The authorization server's metadata (OpenID Connect Discovery 1.0 §3, RFC 8414 §2). */
export function discoveryDocument(config: ProviderConfig): Record<string, unknown> {
  const base = config.publicUrl;
  return {
    // OpenID Connect Discovery §3 / RFC 8414 §2: identical to the `iss` of ID tokens and authorization responses.
    issuer: idpIssuer(config),
    // The host's consent page: the widget relays the request to authorize/start and /submit.
    authorization_endpoint: config.project.idp.authorizationUrl,
    token_endpoint: `${base}${OAUTH2_PATHS.token}`,
    userinfo_endpoint: `${base}${OAUTH2_PATHS.userinfo}`,
    jwks_uri: `${base}${OAUTH2_PATHS.jwks}`,
    // RFC 7009 §2 / RFC 8414 §2.
    revocation_endpoint: `${base}${OAUTH2_PATHS.revocation}`,
    // OpenID Connect RP-Initiated Logout 1.0 §2.1: the host's logout page (oauth/logout/start).
    end_session_endpoint: config.project.idp.logoutUrl,
    scopes_supported: supportedScopes(config),
    // OAuth 2.1 §4.1: the authorization code flow only (no implicit or hybrid flow).
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    // RFC 7636 §4.2 / RFC 9700 §2.1.1: S256 only; `plain` is not offered.
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    // OpenID Connect Core §8: `sub` is the same for every client: the user's subject (../subjects.ts), the user id
    // unless a pre-hijacking reset replaced it.
    subject_types_supported: ['public'],
    // OpenID Connect Core §15.1: RS256.
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    claims_supported: [...SUPPORTED_CLAIMS],
    // OpenID Connect Discovery §3: request_uri_parameter_supported defaults to true, so say false explicitly.
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    // RFC 9207 §3: every authorization response carries `iss`.
    authorization_response_iss_parameter_supported: true,
  };
}
