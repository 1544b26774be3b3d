// The identity-provider screens' query-string helpers: plain functions, apart from `createIdp` (loaded on demand).
import type { IdpAuthorizeParams, IdpLogoutParams } from '../contract/idp';

/** The spec's message for a missing required query parameter; `{param}` is replaced by its name. */
export const MISSING_PARAMETER_MESSAGE =
  'Required parameter is missing: {param}. Please reach out to the application developer.';

/** `MISSING_PARAMETER_MESSAGE` for one parameter. */
export function missingParameterMessage(param: string): string {
  return MISSING_PARAMETER_MESSAGE.replace('{param}', param);
}

/** The scopes asked for when the query has no `scope` (spec §9: 'openid email profile'). */
export const DEFAULT_AUTHORIZE_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

/** Required parameters of the authorize flow, in the order they are reported. */
export const REQUIRED_AUTHORIZE_PARAMS = ['client_id', 'redirect_uri'] as const;

/** Required parameters of the logout flow, in the order they are reported. */
export const REQUIRED_LOGOUT_PARAMS = ['client_id', 'post_logout_redirect_uri'] as const;

/** The authorize request of the page's query string. A missing required parameter is `''` (see `findMissingAuthorizeParam`). */
export function parseOAuthAuthorizeParams(searchParams: URLSearchParams): IdpAuthorizeParams {
  const scopes = (searchParams.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
  const params: IdpAuthorizeParams = {
    client_id: searchParams.get('client_id') ?? '',
    redirect_uri: searchParams.get('redirect_uri') ?? '',
    response_type: searchParams.get('response_type') || 'code',
    scopes: scopes.length > 0 ? scopes : [...DEFAULT_AUTHORIZE_SCOPES],
  };
  for (const name of ['code_challenge', 'state', 'nonce', 'prompt'] as const) {
    const value = searchParams.get(name);
    if (value !== null) params[name] = value;
  }
  const resources = searchParams.getAll('resource');
  if (resources.length > 0) params.resources = resources;
  return params;
}

/** The logout request of the page's query string. A missing required parameter is `''` (see `findMissingLogoutParam`). */
export function parseOAuthLogoutParams(searchParams: URLSearchParams): IdpLogoutParams {
  const params: IdpLogoutParams = {
    client_id: searchParams.get('client_id') ?? '',
    post_logout_redirect_uri: searchParams.get('post_logout_redirect_uri') ?? '',
  };
  for (const name of ['state', 'id_token_hint'] as const) {
    const value = searchParams.get(name);
    if (value !== null) params[name] = value;
  }
  return params;
}

type ParamSource = URLSearchParams | Partial<Record<string, unknown>>;

function firstMissing(source: ParamSource, required: readonly string[]): string | undefined {
  const read = (name: string) => (source instanceof URLSearchParams ? source.get(name) : source[name]);
  return required.find((name) => {
    const value = read(name);
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** The first required authorize parameter (`client_id`, `redirect_uri`) that is absent or empty, else undefined. */
export function findMissingAuthorizeParam(source: URLSearchParams | Partial<IdpAuthorizeParams>): string | undefined {
  return firstMissing(source, REQUIRED_AUTHORIZE_PARAMS);
}

/** The first required logout parameter (`client_id`, `post_logout_redirect_uri`) that is absent or empty, else undefined. */
export function findMissingLogoutParam(source: URLSearchParams | Partial<IdpLogoutParams>): string | undefined {
  return firstMissing(source, REQUIRED_LOGOUT_PARAMS);
}
