// The authorization request the widget relays (`idp/oauth/authorize/start` and `/submit`): the page's query string
// as `parseOAuthAuthorizeParams` turned it into JSON, and the checks it must pass before anyone's
// session is looked at.
import { z } from 'zod';
import type { ProviderConfig } from '../../../config';
import type { ProviderDeps } from '../../../http/context';
import { ProviderError } from '../../../http/errors';
import { findIdpClient } from '../clients';
import type { IdpClientConfig } from '../config';
import { readIdTokenHint } from '../oauth2/idTokens';
import { printable } from '../oauth2/protocol';
import { MAX_LOGIN_TICKET_LENGTH } from './loginTicket';

/** The scopes asked for when the request names none: 'openid email profile'. */
export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

/** The longest redirect URI, state or nonce taken (browsers and servers cap URLs at a few kilobytes). */
const MAX_URI_LENGTH = 2048;

/** RFC 7636 §4.2: the S256 challenge is BASE64URL(SHA-256(verifier)), 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** OpenID Connect Core §3.1.2.1 `max_age`: a number of seconds, written in decimal digits. */
const MAX_AGE = /^[0-9]+$/;

/**
 * The body's shape. Only types and sizes are checked here (a body too large or of the wrong type is a schema error,
 * answered as JSON): whether the values make a valid request is checked after the client and redirect URI are
 * verified, so that those errors can go back to the client (RFC 6749 §4.1.2.1).
 */
const authorizeFields = z.object({
  client_id: z.string().max(512),
  redirect_uri: z.string().max(MAX_URI_LENGTH),
  /** The SDK sends `code` when the query has none. */
  response_type: z.string().max(128).default('code'),
  scopes: z.array(z.string().max(256)).max(100).optional(),
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(64).optional(),
  state: z.string().max(MAX_URI_LENGTH).optional(),
  nonce: z.string().max(512).optional(),
  prompt: z.string().max(256).optional(),
  max_age: z.string().max(32).optional(),
  id_token_hint: z.string().max(8192).optional(),
  /** OpenID Connect Core §3.1.2.1: a hint for the sign-in form; the widget reads it, the provider does not. */
  login_hint: z.string().max(512).optional(),
  login_ticket: z.string().max(MAX_LOGIN_TICKET_LENGTH).optional(),
  /** RFC 8707 resource indicators: accepted and not used (tokens are for this provider's userinfo only). */
  resources: z.array(z.string().max(MAX_URI_LENGTH)).max(20).optional(),
  /**
   * OpenID Connect Core §6.1 `request` and §6.2 `request_uri`: not supported (the discovery document says
   * `request_parameter_supported` and `request_uri_parameter_supported` false). Taken only to be refused with
   * `request_not_supported` / `request_uri_not_supported` (`checkRequestParameters`), never silently dropped. A
   * request object is a JWT, so `request` may be long (the body limit bounds it).
   */
  request: z.string().optional(),
  request_uri: z.string().optional(),
});

const OPTIONAL_TEXT = [
  'code_challenge',
  'code_challenge_method',
  'state',
  'nonce',
  'prompt',
  'max_age',
  'id_token_hint',
  'login_hint',
  'login_ticket',
  'request',
  'request_uri',
] as const;

/** RFC 6749 §3.1: "Parameters sent without a value MUST be treated as if they were omitted from the request." */
function dropEmpty<T extends Partial<Record<(typeof OPTIONAL_TEXT)[number], string>>>(body: T): T {
  const copy = { ...body };
  for (const name of OPTIONAL_TEXT) if (copy[name] === '') delete copy[name];
  return copy;
}

export const authorizeSchema = authorizeFields.transform(dropEmpty);
export const submitSchema = authorizeFields
  .extend({ consent_granted: z.boolean().default(false) })
  .transform(dropEmpty);

export type AuthorizeBody = z.infer<typeof authorizeSchema>;

/**
 * An error of a request whose client and redirect URI are verified: it goes back to the redirect URI with `error`,
 * `error_description`, `state` and `iss` (RFC 6749 §4.1.2.1, OpenID Connect Core §3.1.2.6, RFC 9207 §2), never to a
 * widget error screen.
 */
export class AuthorizationErrorRedirect extends Error {
  constructor(
    /** RFC 6749 §4.1.2.1 / OpenID Connect Core §3.1.2.6 `error`. */
    readonly error: string,
    /** RFC 6749 §4.1.2.1 `error_description`: ASCII without `"` and `\` (use `printable` for any value in it). */
    readonly description: string,
  ) {
    super(description);
    this.name = 'AuthorizationErrorRedirect';
  }
}

/** A request whose client and redirect URI are verified and whose parameters are well formed. */
export interface CheckedRequest {
  client: IdpClientConfig;
  scopes: string[];
  /** OpenID Connect Core §3.1.2.1 `prompt`: a space-separated list. */
  prompt: Set<string>;
  /** OpenID Connect Core §3.1.2.1 `max_age`, in seconds; null when not sent. */
  maxAgeSeconds: number | null;
  /** The `sub` of a valid `id_token_hint`; null when none was sent. */
  hintSubject: string | null;
}

/**
 * Steps 1 and 2, in the order RFC 6749 §4.1.2.1 requires: the client, then its redirect URI. Until both are verified
 * nothing may be sent to the redirect URI, so these refusals are JSON answers to the widget (its error screen).
 */
export function verifyClientAndRedirect(config: ProviderConfig, body: AuthorizeBody): IdpClientConfig {
  const client = findIdpClient(config, body.client_id);
  if (!client) throw new ProviderError('oauth_client_not_found');
  // RFC 6749 §3.1.2.3 and RFC 9700 §4.1.3: the redirect URI is compared with the registered ones as whole strings, no
  // normalisation, no prefix or pattern (so `//evil.com`, `https://app@evil.com`, a trailing slash or an extra query
  // all fail); the one exception is the port of a loopback IP redirect URI (`redirectUriMatches`).
  if (!client.redirectUris.some((registered) => redirectUriMatches(registered, body.redirect_uri))) {
    throw new ProviderError('invalid_redirect_uri');
  }
  return client;
}

/** An IPv4 address of 127.0.0.0/8 written as four canonical decimal octets (no leading zero), or `[::1]`. */
const LOOPBACK_IP_LITERAL = /^(?:127(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|\[::1\])$/;

/**
 * A URI cut at its port: `http://` and a loopback IP literal host (`prefix`), the port when one is written (digits
 * without a leading zero, 1–65535; `undefined` when none), and everything after it (`rest`: path and query), all as
 * written. Null for any other URI: another scheme, another host (`localhost` among them), user information, an empty
 * or malformed port.
 */
function splitLoopbackUri(uri: string): { prefix: string; port: string | undefined; rest: string } | null {
  const match = /^(http:\/\/)([^/?#:@[\]]+|\[[^/?#@\]]*\])(?::([1-9][0-9]{0,4}))?([/?][^#]*)?$/.exec(uri);
  if (!match) return null;
  const [, scheme = '', host = '', port, rest = ''] = match;
  if (!LOOPBACK_IP_LITERAL.test(host) || (port !== undefined && Number(port) > 65535)) return null;
  return { prefix: `${scheme}${host}`, port, rest };
}

/**
 * Whether a requested redirect URI matches a registered one: the same string, byte for byte (RFC 6749 §3.1.2.3, RFC
 * 9700 §4.1.3), or, when the registered URI is plain `http:` to a loopback IP literal (127.0.0.0/8 or `[::1]`), the
 * same string but for the port, any port or none. RFC 8252 §7.3: the authorization server "MUST allow any port to be
 * specified at the time of the request for loopback IP redirect URIs", since a native app listens on a port the
 * operating system picks (also RFC 9700 §2.1 and §4.1.3, OAuth 2.1 §8.4.2). `localhost` keeps the exact comparison
 * (RFC 8252 §8.3: NOT RECOMMENDED, as the name may not resolve to the loopback interface). The code is issued to the
 * requested URI, port included, and the token request must name that very URI (RFC 6749 §4.1.3, tokenEndpoint.ts).
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  const loopback = splitLoopbackUri(registered);
  if (!loopback) return false;
  const asked = splitLoopbackUri(requested);
  return asked !== null && asked.prefix === loopback.prefix && asked.rest === loopback.rest;
}

const invalidRequest = (description: string) => new AuthorizationErrorRedirect('invalid_request', description);

/**
 * Step 3: every other check of the request itself, for a client and redirect URI already verified. A failure throws
 * AuthorizationErrorRedirect (the error goes back to the client). In order: `request` and `request_uri`, the response
 * type, PKCE, `prompt`, `max_age`, the scopes, then `id_token_hint`.
 */
export async function checkRequestParameters(
  deps: Pick<ProviderDeps, 'db' | 'config'> & Partial<Pick<ProviderDeps, 'keySealing'>>,
  client: IdpClientConfig,
  body: AuthorizeBody,
): Promise<CheckedRequest> {
  // OpenID Connect Core §6.1 and §6.2: an OP that does not support `request` / `request_uri` (ours: neither) MUST
  // return `request_not_supported` / `request_uri_not_supported` (error codes of OpenID Connect Core §3.1.2.6), not
  // answer from the other parameters: the request object may hold parameters that would then be ignored.
  if (body.request !== undefined) {
    throw new AuthorizationErrorRedirect(
      'request_not_supported',
      'The request parameter (a request object) is not supported: send the parameters in the query.',
    );
  }
  if (body.request_uri !== undefined) {
    throw new AuthorizationErrorRedirect(
      'request_uri_not_supported',
      'The request_uri parameter is not supported: send the parameters in the query.',
    );
  }
  // RFC 6749 §4.1.1 and §4.1.2.1 `unsupported_response_type`: the authorization code flow is the only one offered
  // (OAuth 2.1 drops the implicit grant; no hybrid flow).
  if (body.response_type !== 'code') {
    throw new AuthorizationErrorRedirect(
      'unsupported_response_type',
      'The response_type must be code: this server offers the authorization code flow only.',
    );
  }
  // RFC 7636 §4.4.1: a transformation the server does not support is `invalid_request`. Only S256 is offered (the
  // discovery document's code_challenge_methods_supported; RFC 9700 §2.1.1: `plain` is not to be used). A challenge
  // without a method is taken as S256: the widget's SDK long dropped the method, and a client that meant `plain`
  // then fails at the token endpoint (the verifier does not hash to its challenge), never the other way round.
  if (body.code_challenge_method !== undefined && body.code_challenge_method !== 'S256') {
    throw invalidRequest(
      `The code_challenge_method ${printable(body.code_challenge_method)} is not supported: use S256 (RFC 7636).`,
    );
  }
  if (body.code_challenge_method !== undefined && body.code_challenge === undefined) {
    throw invalidRequest('A code_challenge_method was sent without a code_challenge.');
  }
  // RFC 7636 §4.2 and §4.4.1: an S256 challenge is 43 base64url characters.
  if (body.code_challenge !== undefined && !S256_CHALLENGE.test(body.code_challenge)) {
    throw invalidRequest('The code_challenge must be an S256 challenge: 43 base64url characters (RFC 7636).');
  }
  // OAuth 2.1 §4.1.1 and RFC 9700 §2.1.1: a public client cannot authenticate at the token endpoint, so PKCE is what
  // binds the code to it (RFC 7636 §4.4.1: a server requiring PKCE answers `invalid_request`).
  if (client.type === 'public' && body.code_challenge === undefined) {
    throw invalidRequest('This client is a public client: its authorization requests need a PKCE code_challenge.');
  }
  const prompt = new Set((body.prompt ?? '').split(' ').filter((value) => value !== ''));
  // OpenID Connect Core §3.1.2.1: "If this parameter contains none with any other value, an error is returned."
  if (prompt.has('none') && prompt.size > 1) {
    throw invalidRequest('prompt=none cannot be combined with other prompt values.');
  }
  // OpenID Connect Core §3.1.2.1 `max_age`: seconds, a non-negative integer.
  if (body.max_age !== undefined && !MAX_AGE.test(body.max_age)) {
    throw invalidRequest('The max_age must be a number of seconds written in decimal digits.');
  }
  const scopes = [...new Set(body.scopes?.length ? body.scopes : DEFAULT_SCOPES)];
  // RFC 6749 §3.3 and §4.1.2.1 (`invalid_scope`): only the scopes the client is registered for. `openid` may be
  // absent: then the request is plain OAuth 2.0 and no ID token is issued.
  const refused = scopes.find((scope) => !client.scopes.includes(scope));
  if (refused !== undefined) {
    throw new AuthorizationErrorRedirect(
      'invalid_scope',
      `The client ${printable(client.clientId)} may not request the scope ${printable(refused)}.`,
    );
  }
  let hintSubject: string | null = null;
  if (body.id_token_hint !== undefined) {
    // OpenID Connect Core §3.1.2.1 `id_token_hint`: an "ID Token previously issued by the Authorization Server", a
    // hint about the user's "current or past authenticated session with the Client": ours (issuer and signature),
    // issued to this client (audience); an expired one is still a hint about a past session.
    const hint = await readIdTokenHint(deps, body.id_token_hint);
    if (!hint?.audiences.includes(client.clientId)) {
      throw invalidRequest('The id_token_hint is not an ID token this server issued to this client.');
    }
    hintSubject = hint.sub;
  }
  return {
    client,
    scopes,
    prompt,
    maxAgeSeconds: body.max_age === undefined ? null : Number(body.max_age),
    hintSubject,
  };
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
