// Client authentication at the token and revocation endpoints (RFC 6749 §2.3, RFC 7009 §2.1).

import type { ProviderContext } from '../../../http/context';
import { clientSecretMatches, findIdpClient } from '../clients';
import type { IdpClientConfig } from '../config';
import { type FormParams, OAuthError } from './protocol';

/** How the client authenticated (RFC 7591 §2 `token_endpoint_auth_method` values). */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface AuthenticatedClient {
  client: IdpClientConfig;
  method: ClientAuthMethod;
}

/**
 * The client id and secret of an HTTP Basic header (RFC 6749 §2.3.1: each is form-urlencoded, Appendix B, before the
 * pair is Base64-encoded; RFC 7617 §2). Null when the header is not Basic; 'malformed' when it is Basic but unreadable.
 */
export function parseClientBasicAuth(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (header === undefined) return null;
  const space = header.indexOf(' ');
  // RFC 7235 §2.1: the scheme is case-insensitive.
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'basic') return null;
  const encoded = header.slice(space + 1).trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return 'malformed';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return 'malformed';
  try {
    const formDecode = (value: string) => decodeURIComponent(value.replaceAll('+', ' '));
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/**
 * Authenticates the client of a token or revocation request (RFC 6749 §2.3.1, §3.2.1; RFC 7009 §2.1):
 * - a confidential client with its secret, in the Basic header (`client_secret_basic`) or as `client_id` and
 *   `client_secret` in the body (`client_secret_post`); the secret is compared as SHA-256 digests in constant time;
 * - a public client by its `client_id` alone (`none`, RFC 7591 §2); it has no secret, so one sent is refused.
 * RFC 6749 §2.3: one method per request. Failures are `invalid_client` with HTTP 401 (RFC 6749 §5.2), always with
 * `WWW-Authenticate: Basic`, whichever method the client tried (RFC 6749 §5.2: "MUST respond with an HTTP 401 … and
 * include the WWW-Authenticate response header field"; RFC 9110 §15.5.2: every 401 carries a challenge).
 */
export function authenticateClient(c: ProviderContext, params: FormParams): AuthenticatedClient {
  const { config } = c.get('deps');
  const basic = parseClientBasicAuth(c.req.header('authorization'));
  const challenge = { 'www-authenticate': 'Basic realm="oauth2", charset="UTF-8"' };
  const refuse = (description: string): never => {
    throw new OAuthError(401, 'invalid_client', description, challenge);
  };
  if (basic === 'malformed') refuse('The Basic Authorization header could not be read (RFC 6749 Section 2.3.1).');
  const fromHeader = basic === 'malformed' ? null : basic;
  const bodyId = params.get('client_id');
  const bodySecret = params.get('client_secret');
  if (fromHeader && bodySecret !== undefined) {
    // RFC 6749 §2.3: "The client MUST NOT use more than one authentication method in each request."
    throw new OAuthError(
      400,
      'invalid_request',
      'Send the client secret either in the Authorization header or in the body, not both.',
    );
  }
  if (fromHeader && bodyId !== undefined && bodyId !== fromHeader.id) {
    throw new OAuthError(400, 'invalid_request', 'The client_id of the body differs from the Authorization header.');
  }
  const clientId = fromHeader?.id ?? bodyId;
  if (clientId === undefined) return refuse('The request names no client: send client_id or client credentials.');
  const client = findIdpClient(config, clientId);
  if (!client) return refuse('No client of this identity provider has this client_id.');
  const secret = fromHeader ? fromHeader.secret : bodySecret;
  if (client.type === 'public') {
    // A public client has no secret (RFC 6749 §2.1); an empty Basic password identifies it like client_id would.
    if (secret !== undefined && secret !== '') refuse('This client is a public client: it has no client secret.');
    return { client, method: 'none' };
  }
  if (secret === undefined || secret === '') {
    return refuse('This client is a confidential client: authenticate with its client secret.');
  }
  if (!clientSecretMatches(client, secret)) refuse('The client secret is wrong.');
  return { client, method: fromHeader ? 'client_secret_basic' : 'client_secret_post' };
}
