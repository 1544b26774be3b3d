// The identity-provider screens' query-string helpers: plain functions, apart from `createIdp` (loaded on demand).
import type { IdpAuthorizeParams, IdpLogoutParams } from './idp.contract';

/** The spec's message for a missing required query parameter; `{param}` is replaced by its name. */
export const MISSING_PARAMETER_MESSAGE =
  'Required parameter is missing: {param}. Please reach out to the application developer.';

/** `MISSING_PARAMETER_MESSAGE` for one parameter. */
export function missingParameterMessage(param: string): string {
  return MISSING_PARAMETER_MESSAGE.replace('{param}', param);
}

/** The scopes asked for when the query has no `scope`. */
export const DEFAULT_AUTHORIZE_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

/** Required parameters of the authorize flow, in the order they are reported. */
export const REQUIRED_AUTHORIZE_PARAMS = ['client_id', 'redirect_uri'] as const;

/**
 * The parameters of the authorize request passed through as given when present (OIDC Core §3.1.2.1, RFC 7636 §4.3);
 * the provider checks them. `request` and `request_uri` (OIDC Core §6.1, §6.2) are passed through too, for the
 * provider to refuse (`request_not_supported` / `request_uri_not_supported`): dropped here, the request would go on
 * without the parameters its request object carries.
 */
const OPTIONAL_AUTHORIZE_PARAMS = [
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

/** The parameters of the logout request (RP-Initiated Logout 1.0 §2), all optional on their own. */
const LOGOUT_PARAMS = ['client_id', 'post_logout_redirect_uri', 'state', 'id_token_hint'] as const;

/**
 * The names that occur more than once in `searchParams`, each once, in the order of their first occurrence;
 * `repeatable` names are left out. An occurrence without a value counts too (the strict reading: a query that gives a
 * parameter twice, one of them empty, still says two things).
 */
function repeatedNames(searchParams: URLSearchParams, repeatable: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of searchParams.keys()) {
    if (seen.has(name) && !repeatable.includes(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

/**
 * The parameters of an authorize query given more than once (each name once, in the order of their first
 * occurrence); empty when there are none. RFC 6749 §3.1: request parameters "MUST NOT be included more than once",
 * and §4.1.2.1 makes such a request `invalid_request`; `parseOAuthAuthorizeParams` reads only the first value, so a
 * query with any name here must be refused, not parsed. `resource` is the exception: RFC 8707 §2 lets it repeat (the
 * parser collects every one).
 */
export function findDuplicateAuthorizeParams(searchParams: URLSearchParams): string[] {
  return repeatedNames(searchParams, ['resource']);
}

/**
 * The parameters of a logout query given more than once (as `findDuplicateAuthorizeParams`, with no exception):
 * RP-Initiated Logout 1.0 §2 sends its parameters by the same rules as an OAuth 2.0 request (RFC 6749 §3.1: none more
 * than once), and `parseOAuthLogoutParams` reads only the first value, so a query with any name here must be refused.
 */
export function findDuplicateLogoutParams(searchParams: URLSearchParams): string[] {
  return repeatedNames(searchParams, []);
}

/**
 * The authorize request of the page's query string. A missing required parameter is `''` (see
 * `findMissingAuthorizeParam`). Each parameter is read once (its first value): check `findDuplicateAuthorizeParams`
 * first and refuse a query that repeats one (RFC 6749 §3.1).
 */
export function parseOAuthAuthorizeParams(searchParams: URLSearchParams): IdpAuthorizeParams {
  const scopes = (searchParams.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
  const params: IdpAuthorizeParams = {
    client_id: searchParams.get('client_id') ?? '',
    redirect_uri: searchParams.get('redirect_uri') ?? '',
    response_type: searchParams.get('response_type') || 'code',
    scopes: scopes.length > 0 ? scopes : [...DEFAULT_AUTHORIZE_SCOPES],
  };
  for (const name of OPTIONAL_AUTHORIZE_PARAMS) {
    const value = searchParams.get(name);
    if (value !== null) params[name] = value;
  }
  const resources = searchParams.getAll('resource');
  if (resources.length > 0) params.resources = resources;
  return params;
}

/**
 * The logout request of the page's query string: each parameter present and not empty, as given (RP-Initiated
 * Logout 1.0 §2 makes every one optional; see `findMissingLogoutParam` for the one combination that is needed). Each
 * is read once (its first value): check `findDuplicateLogoutParams` first and refuse a query that repeats one.
 */
export function parseOAuthLogoutParams(searchParams: URLSearchParams): IdpLogoutParams {
  const params: IdpLogoutParams = {};
  for (const name of LOGOUT_PARAMS) {
    const value = searchParams.get(name);
    if (value !== null && value !== '') params[name] = value;
  }
  return params;
}

type ParamSource = URLSearchParams | Partial<Record<string, unknown>>;

function isBlank(source: ParamSource, name: string): boolean {
  const value = source instanceof URLSearchParams ? source.get(name) : source[name];
  return typeof value !== 'string' || value.trim() === '';
}

function firstMissing(source: ParamSource, required: readonly string[]): string | undefined {
  return required.find((name) => isBlank(source, name));
}

/** The first required authorize parameter (`client_id`, `redirect_uri`) that is absent or empty, else undefined. */
export function findMissingAuthorizeParam(source: URLSearchParams | Partial<IdpAuthorizeParams>): string | undefined {
  return firstMissing(source, REQUIRED_AUTHORIZE_PARAMS);
}

/**
 * `'client_id'` when the logout request names no client: neither `client_id` nor `id_token_hint` (whose `aud` is
 * the client) is present and not empty (RP-Initiated Logout 1.0 §2, §3: `post_logout_redirect_uri` without
 * `id_token_hint` needs `client_id`); else undefined.
 */
export function findMissingLogoutParam(source: URLSearchParams | Partial<IdpLogoutParams>): string | undefined {
  return isBlank(source, 'client_id') && isBlank(source, 'id_token_hint') ? 'client_id' : undefined;
}
