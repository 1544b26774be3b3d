// `client.authenticateByUrl`: loaded on its first call (a chunk of its own, off the first load), it reads the token a
// redirect brought back in the page URL, authenticates it with its product's namespace and strips it from the URL.
import type { AuthenticateByUrlResult } from '../client';
import type { LatchkeyEnvironment } from '../environment';
import type { parseAuthenticateUrl, urlWithoutToken } from '../internal/authenticateUrl';
import type { validate } from '../validation';
import type { DeferredTokenType, HandledTokenType } from './redirectTokens';
import type { ProductNamespaces } from './registry';

/**
 * What `authenticateByUrl` takes from the core, handed over by the client rather than imported: a module the core
 * imports and a lazily loaded one also imports sits in a chunk of its own in every page's first load.
 */
export interface RedirectCore {
  namespaces: ProductNamespaces;
  environment: LatchkeyEnvironment;
  validate: typeof validate;
  parseAuthenticateUrl: typeof parseAuthenticateUrl;
  urlWithoutToken: typeof urlWithoutToken;
  deferredTokenType: DeferredTokenType;
}

/**
 * Authenticates a redirect-back token with its product's namespace: `magic_links` and `login` (the 'log in without a
 * password' link of a reset email) are magic-link tokens; `oauth` and `impersonation` go to their namespaces.
 */
export function authenticateRedirectToken(
  namespaces: ProductNamespaces,
  tokenType: HandledTokenType,
  token: string,
  duration: { session_duration_minutes: number },
): Promise<unknown> {
  return tokenType === 'oauth'
    ? namespaces.oauth.authenticate(token, duration)
    : tokenType === 'impersonation'
      ? namespaces.impersonation.authenticate({ impersonation_token: token })
      : namespaces.magicLinks.authenticate(token, duration);
}

/** `client.authenticateByUrl` (see client.ts): `href` is the page URL unless the caller gave one. */
export async function authenticateByUrl(
  core: RedirectCore,
  options: { session_duration_minutes: number },
  href: string,
): Promise<AuthenticateByUrlResult | null> {
  const { environment, validate, parseAuthenticateUrl, urlWithoutToken } = core;
  validate('authenticateByUrl')
    .isObject('options', options)
    .isNumber('session_duration_minutes', options?.session_duration_minutes);
  const found = parseAuthenticateUrl(href);
  if (!found) return null;
  const { tokenType, token } = found;
  if (tokenType === core.deferredTokenType) return { tokenType, token, handled: false };
  const duration = { session_duration_minutes: options.session_duration_minutes };
  // Out of the address bar (and so of the history and of the Referer of anything the page loads next) before the
  // request, and again once it is answered if the page URL carries the token again meanwhile (a router rewrote it):
  // a token left there could be replayed by a reload, or read by whoever sees the URL.
  const strip = () => {
    const current = environment.location.href;
    if (parseAuthenticateUrl(current)?.token === token) environment.replaceUrl(urlWithoutToken(current));
  };
  strip();
  try {
    const data = await authenticateRedirectToken(core.namespaces, tokenType, token, duration);
    return { tokenType, token, handled: true, data };
  } finally {
    strip();
  }
}
