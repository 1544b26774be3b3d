// The redirect-back URL convention: the provider sends the browser back to
// `…?stytch_token_type=<type>&token=<token>`. Pure string handling, so relative URLs and any other
// parameters or fragment are kept byte for byte.

/** The token types a redirect-back URL can carry. */
export type AuthenticateTokenType = 'magic_links' | 'oauth' | 'impersonation' | 'login' | 'reset_password';

/** The token a redirect-back URL carries, and what kind of token it is. */
export interface AuthenticateUrlToken {
  tokenType: AuthenticateTokenType;
  token: string;
}

const TOKEN_TYPES: readonly string[] = ['magic_links', 'oauth', 'impersonation', 'login', 'reset_password'];
const TOKEN_PARAMS: readonly string[] = ['stytch_token_type', 'token'];

interface UrlParts {
  /** Everything before `?` (or the whole URL without query and fragment). */
  base: string;
  /** The query without its `?`, or null when there is no `?`. */
  query: string | null;
  /** The fragment with its `#`, or ''. */
  hash: string;
}

function splitUrl(href: string): UrlParts {
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const rest = hashAt === -1 ? href : href.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  if (queryAt === -1) return { base: rest, query: null, hash };
  return { base: rest.slice(0, queryAt), query: rest.slice(queryAt + 1), hash };
}

function isTokenType(value: string | null): value is AuthenticateTokenType {
  return value !== null && TOKEN_TYPES.includes(value);
}

/**
 * Reads `stytch_token_type` and `token` from a redirect-back URL. Null when either is missing or empty,
 * or the type is not one the SDK knows.
 */
export function parseAuthenticateUrl(href: string): AuthenticateUrlToken | null {
  const { query } = splitUrl(href);
  if (!query) return null;
  const params = new URLSearchParams(query);
  const tokenType = params.get('stytch_token_type');
  const token = params.get('token');
  if (!isTokenType(tokenType) || !token) return null;
  return { tokenType, token };
}

function paramName(pair: string): string {
  const equalsAt = pair.indexOf('=');
  const raw = (equalsAt === -1 ? pair : pair.slice(0, equalsAt)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The same URL without `stytch_token_type` and `token` (for `environment.replaceUrl` once the token is
 * consumed, so it does not stay in the address bar or history). Other parameters and the fragment are kept
 * as written; a query left empty loses its `?`.
 */
export function urlWithoutToken(href: string): string {
  const { base, query, hash } = splitUrl(href);
  if (query === null) return href;
  const kept = query.split('&').filter((pair) => pair !== '' && !TOKEN_PARAMS.includes(paramName(pair)));
  return `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
}
