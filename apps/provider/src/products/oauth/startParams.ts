// What a social sign-in start may ask for, checked before anything is stored or any redirect is answered: the
// provider, the redirect URLs (exactly on the allowlist), extra scopes, the `provider_*` authorize parameters (a safe
// list only) and the app's PKCE challenge.
import type { ProjectConfig } from '../../config';
import { ProviderError, SchemaError } from '../../http/errors';
import { isAllowedRedirect } from '../../services/guards';
import { OAUTH_PROVIDERS, type OAuthProvider } from './config';

/**
 * The upstream authorize parameters a start may pass as `provider_<name>`: hints and display choices that cannot
 * change what the flow proves. Anything that shapes the protocol (`response_type`, `client_id`, `redirect_uri`,
 * `state`, `scope`, `nonce`, `code_challenge`, `response_mode`, …) is the provider's alone.
 */
export const SAFE_PROVIDER_PARAMS = [
  'access_type',
  'auth_type',
  'display',
  'domain_hint',
  'hd',
  'include_granted_scopes',
  'login_hint',
  'max_age',
  'prompt',
  'ui_locales',
] as const;

const MAX_SCOPES = 32;
/** RFC 6749 §3.3 scope-token: printable ASCII except space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]{1,256}$/;
/** A parameter value: printable text, no control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
const PARAM_VALUE = /^[^\u0000-\u001f\u007f]{0,512}$/;
/** RFC 7636: base64url of a SHA-256 digest. */
export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** `invalid_oauth_provider` for a name that is not one of the 19, `oauth_provider_not_allowed` for one the project is without. */
export function checkProvider(project: ProjectConfig, name: string): OAuthProvider {
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(name)) throw new ProviderError('invalid_oauth_provider');
  const provider = name as OAuthProvider;
  if (!project.oauth.providers.includes(provider)) throw new ProviderError('oauth_provider_not_allowed');
  return provider;
}

/** Where the app wants existing and new users sent back. */
export interface RedirectPair {
  login: string;
  signup: string;
}

/**
 * The login and signup redirect URLs: each as given, else the project's default of its kind, else the other one,
 * else the first allowlisted URL. Every one must be on the allowlist exactly (`invalid_redirect_url`); with none at
 * all, `no_redirect_urls_set`.
 */
export function resolveRedirects(
  project: ProjectConfig,
  given: { login?: string | undefined; signup?: string | undefined },
): RedirectPair {
  for (const url of [given.login, given.signup]) {
    if (url !== undefined && !isAllowedRedirect(project, url)) throw new ProviderError('invalid_redirect_url');
  }
  const defaults = project.defaultRedirectUrls;
  const fallback = project.redirectUrls[0];
  const login = given.login ?? defaults.login ?? given.signup ?? defaults.signup ?? fallback;
  const signup = given.signup ?? defaults.signup ?? given.login ?? defaults.login ?? fallback;
  if (login === undefined || signup === undefined) throw new ProviderError('no_redirect_urls_set');
  if (!isAllowedRedirect(project, login) || !isAllowedRedirect(project, signup)) {
    throw new ProviderError('invalid_redirect_url');
  }
  return { login, signup };
}

/** The checked query of a start. */
export interface StartParams {
  publicToken: string;
  redirects: RedirectPair;
  customScopes: string[];
  providerParams: Record<string, string>;
  codeChallenge: string | null;
  attachToken: string | null;
}

const KNOWN = new Set([
  'public_token',
  'code_challenge',
  'code_challenge_method',
  'custom_scopes',
  'login_redirect_url',
  'signup_redirect_url',
  'oauth_attach_token',
]);

/** Reads and checks the start's query. Malformed fields are a SchemaError (`query`), listed together. */
export function parseStartQuery(project: ProjectConfig, url: URL): StartParams {
  const issues: { dataPath: string; message: string }[] = [];
  const single = (name: string): string | undefined => {
    const values = url.searchParams.getAll(name);
    if (values.length > 1) issues.push({ dataPath: `.${name}`, message: 'must be given at most once' });
    return values[0];
  };
  const providerParams: Record<string, string> = {};
  for (const name of new Set(url.searchParams.keys())) {
    if (name.startsWith('provider_')) {
      const key = name.slice('provider_'.length);
      const value = single(name) ?? '';
      if (!(SAFE_PROVIDER_PARAMS as readonly string[]).includes(key)) {
        issues.push({
          dataPath: `.${name}`,
          message: `is not a parameter a start may pass to the upstream; allowed: ${SAFE_PROVIDER_PARAMS.map((item) => `provider_${item}`).join(', ')}`,
        });
      } else if (!PARAM_VALUE.test(value)) {
        issues.push({ dataPath: `.${name}`, message: 'must be at most 512 characters without control characters' });
      } else {
        providerParams[key] = value;
      }
    } else if (!KNOWN.has(name) && name.length > 64) {
      issues.push({ dataPath: '', message: 'has a parameter name longer than 64 characters' });
    }
  }
  const publicToken = single('public_token') ?? '';
  const codeChallenge = single('code_challenge') ?? null;
  if (codeChallenge !== null && !CODE_CHALLENGE.test(codeChallenge)) {
    issues.push({ dataPath: '.code_challenge', message: 'must be an S256 challenge: 43 base64url characters' });
  }
  const method = single('code_challenge_method');
  if (method !== undefined && method !== 'S256') {
    issues.push({ dataPath: '.code_challenge_method', message: 'must be S256' });
  }
  const scopesText = single('custom_scopes') ?? '';
  const customScopes = scopesText.split(' ').filter((scope) => scope !== '');
  if (customScopes.length > MAX_SCOPES || !customScopes.every((scope) => SCOPE_TOKEN.test(scope))) {
    issues.push({
      dataPath: '.custom_scopes',
      message: `must be at most ${MAX_SCOPES} space-separated scopes of printable characters (no quotes or backslashes)`,
    });
  }
  const login = single('login_redirect_url');
  const signup = single('signup_redirect_url');
  const attachToken = single('oauth_attach_token') ?? null;
  if (attachToken !== null && attachToken.length > 128) {
    issues.push({ dataPath: '.oauth_attach_token', message: 'must be at most 128 characters' });
  }
  if (issues.length > 0) throw new SchemaError('query', issues);
  if (publicToken !== project.publicToken) throw new ProviderError('unauthorized_credentials');
  return {
    publicToken,
    redirects: resolveRedirects(project, { login, signup }),
    customScopes,
    providerParams,
    codeChallenge,
    attachToken,
  };
}
