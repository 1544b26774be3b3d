// What the products do with the token a redirect brings back in the page URL (`?stytch_token_type=<type>&token=…`):
// the token types a redirect-back URL can carry, and the product namespace that authenticates each. The core reads
// and strips the URL (internal/authenticateUrl.ts) and calls `authenticateRedirectToken`; it names no product.
import type { ProductNamespaces } from './registry';

/** The token types a redirect-back URL can carry. */
export type AuthenticateTokenType = 'magic_links' | 'oauth' | 'impersonation' | 'login' | 'reset_password';

/** The token types, at run time. */
export const TOKEN_TYPES: readonly string[] = ['magic_links', 'oauth', 'impersonation', 'login', 'reset_password'];

/** The token type returned unconsumed: the reset form needs the new password first. */
export type DeferredTokenType = 'reset_password';
export const DEFERRED_TOKEN_TYPE: DeferredTokenType = 'reset_password';

/** The token types the client authenticates itself. */
export type HandledTokenType = Exclude<AuthenticateTokenType, DeferredTokenType>;

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
