import { UsageError } from '../errors';

export const DEFAULT_TEST_API_URL = 'https://test.latchkey.dev';
export const DEFAULT_LIVE_API_URL = 'https://api.latchkey.dev';

export interface BaseUrlOptions {
  apiBaseUrl?: string | undefined;
  customDomain?: string | undefined;
  allowInsecureHttp?: boolean | undefined;
}

export interface ResolvedBaseUrl {
  /** Scheme, host, port and path prefix, without a trailing slash: requests go to `${apiUrl}/sdk/v1/…`. */
  apiUrl: string;
  /** True for `apiBaseUrl` or a valid `customDomain`: changes the start-up rule (README, "Sessions"). */
  hasCustomApiEndpoint: boolean;
}

/** True for the test environment: the token contains `public-token-test`. */
export function isTestPublicToken(publicToken: string): boolean {
  return publicToken.includes('public-token-test');
}

/** localhost, 127.0.0.0/8 and [::1]: where http and non-Secure cookies are acceptable. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]' || hostname === '::1';
}

// A hostname: labels of letters, digits and hyphens separated by dots, optionally with a port.
const HOST_PATTERN =
  /^(?=.{1,253}(:|$))([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

/** A host name (optionally with a port), nothing else: `customDomain`, and the OAuth start host of `cname_domain`. */
export function isHost(value: unknown): value is string {
  return typeof value === 'string' && HOST_PATTERN.test(value);
}

/**
 * Where the SDK sends its calls. `apiBaseUrl` is kept exactly as given and must be an
 * absolute http(s) URL (plain http only for loopback hosts unless `allowInsecureHttp`); anything else is a
 * usage error. `customDomain` must be a host: an invalid one warns and the default is used.
 */
export function resolveBaseUrl(
  publicToken: string,
  options: BaseUrlOptions,
  warn: (message: string) => void,
): ResolvedBaseUrl {
  if (options.apiBaseUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(options.apiBaseUrl);
    } catch {
      // Not a URL at all: refused just below, with the same message as another scheme.
    }
    if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
      throw new UsageError('createClient', 'apiBaseUrl must be an absolute http(s) URL');
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !options.allowInsecureHttp) {
      throw new UsageError(
        'createClient',
        'apiBaseUrl must use https unless it points at a loopback host (set allowInsecureHttp to opt in)',
      );
    }
    if (url.search || url.hash || url.username || url.password) {
      throw new UsageError('createClient', 'apiBaseUrl must not carry credentials, a query or a fragment');
    }
    return { apiUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, hasCustomApiEndpoint: true };
  }
  const fallback = isTestPublicToken(publicToken) ? DEFAULT_TEST_API_URL : DEFAULT_LIVE_API_URL;
  if (options.customDomain !== undefined) {
    if (isHost(options.customDomain)) {
      return { apiUrl: `https://${options.customDomain.toLowerCase()}`, hasCustomApiEndpoint: true };
    }
    warn(`The custom domain "${String(options.customDomain)}" is not a valid host. Falling back to ${fallback}.`);
  }
  return { apiUrl: fallback, hasCustomApiEndpoint: false };
}
