// The authorization request the widget relays (`idp/oauth/authorize/start` and `/submit`): the page's query string
// as `parseOAuthAuthorizeParams` turned it into JSON (contract §4 "IdP"), and the checks it must pass.
import { z } from 'zod';
import type { IdpClientConfig, ProviderConfig } from '../../../config';
import { ProviderError } from '../../../http/errors';
import { findIdpClient } from '../clients';

/** The scopes asked for when the request names none (sdk-and-idp §9: default scope 'openid email profile'). */
export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

/** The longest redirect URI, state or nonce taken (browsers and servers cap URLs at a few kilobytes). */
const MAX_URI_LENGTH = 2048;

export const authorizeSchema = z.object({
  client_id: z.string().max(512),
  redirect_uri: z.string().max(MAX_URI_LENGTH),
  /** The SDK sends `code` when the query has none (sdk-and-idp §2); checked after the client and redirect URI. */
  response_type: z.string().max(128).default('code'),
  scopes: z.array(z.string().max(256)).max(100).optional(),
  /**
   * RFC 7636 §4.2: the S256 challenge is BASE64URL(SHA-256(verifier)), 43 characters. The SDK drops
   * `code_challenge_method` from the query; S256 is the only method (RFC 9700 §2.1.1: `plain` is not to be used).
   */
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be an S256 code challenge: 43 base64url characters (RFC 7636 §4.2)')
    .optional(),
  code_challenge_method: z.literal('S256').optional(),
  state: z.string().max(MAX_URI_LENGTH).optional(),
  nonce: z.string().max(512).optional(),
  prompt: z.string().max(256).optional(),
  /** RFC 8707 resource indicators: accepted and not used (tokens are for this provider's userinfo only). */
  resources: z.array(z.string().max(MAX_URI_LENGTH)).max(20).optional(),
});

export type AuthorizeBody = z.infer<typeof authorizeSchema>;

/** A request that passed every check: the client, the scopes asked for (deduplicated) and the prompt values. */
export interface CheckedRequest {
  client: IdpClientConfig;
  scopes: string[];
  /** OpenID Connect Core §3.1.2.1 `prompt`: a space-separated list. */
  prompt: Set<string>;
}

/**
 * Checks an authorization request, in the order RFC 6749 §4.1.2.1 requires: the client and its redirect URI first
 * (until both are verified nothing may be sent to the redirect URI; here every refusal is a JSON answer to the widget,
 * never a redirect), then the response type, PKCE and the scopes.
 */
export function checkAuthorizeRequest(config: ProviderConfig, body: AuthorizeBody): CheckedRequest {
  const client = findIdpClient(config, body.client_id);
  if (!client) throw new ProviderError('oauth_client_not_found');
  // RFC 6749 §3.1.2.3 and RFC 9700 §4.1.3: the redirect URI is compared with the registered ones as whole strings, no
  // normalisation, no prefix or pattern (so `//evil.com`, `https://app@evil.com`, a trailing slash or an extra query
  // all fail).
  if (!client.redirectUris.includes(body.redirect_uri)) throw new ProviderError('invalid_redirect_uri');
  // RFC 6749 §4.1.1: the authorization code flow is the only one offered (OAuth 2.1 drops the implicit grant).
  if (body.response_type !== 'code') throw new ProviderError('unsupported_response_type');
  // OAuth 2.1 §4.1.1 and RFC 9700 §2.1.1: a public client cannot authenticate at the token endpoint, so PKCE is what
  // binds the code to it.
  if (client.type === 'public' && body.code_challenge === undefined) throw new ProviderError('pkce_required');
  const scopes = [...new Set(body.scopes?.length ? body.scopes : DEFAULT_SCOPES)];
  // RFC 6749 §3.3 and §4.1.2.1 (`invalid_scope`): only the scopes the client is registered for. `openid` may be
  // absent: then the request is plain OAuth 2.0 and no ID token is issued.
  const refused = scopes.find((scope) => !client.scopes.includes(scope));
  if (refused !== undefined) {
    throw new ProviderError('invalid_scope', {
      message: `The client ${client.clientId} may not request the scope ${JSON.stringify(refused)}.`,
    });
  }
  return { client, scopes, prompt: new Set((body.prompt ?? '').split(' ').filter((value) => value !== '')) };
}

/**
 * `uri` with `params` added to its query, the registered query kept byte for byte (RFC 6749 §3.1.2: "MUST retain
 * the query component"); the values are form-encoded (RFC 6749 Appendix B). Registered URIs have no fragment.
 */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  const text = query.toString();
  if (text === '') return uri;
  const separator = !uri.includes('?') ? '?' : uri.endsWith('?') || uri.endsWith('&') ? '' : '&';
  return `${uri}${separator}${text}`;
}
