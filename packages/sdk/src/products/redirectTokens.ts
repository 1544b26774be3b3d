// What the products do with the token a redirect brings back in the page URL (`?stytch_token_type=<type>&token=…`):
// the token types a redirect-back URL can carry, and the product namespace that authenticates each. The core reads
// and strips the URL (internal/authenticateUrl.ts); `client.authenticateByUrl` loads ./redirectAuthenticate.ts, which
// calls the namespace. The core names no product.
/** The token types a redirect-back URL can carry. */
export type AuthenticateTokenType = 'magic_links' | 'oauth' | 'impersonation' | 'login' | 'reset_password';

/** The token types, at run time. */
export const TOKEN_TYPES: readonly string[] = ['magic_links', 'oauth', 'impersonation', 'login', 'reset_password'];

/** The token type returned unconsumed: the reset form needs the new password first. */
export type DeferredTokenType = 'reset_password';
export const DEFERRED_TOKEN_TYPE: DeferredTokenType = 'reset_password';

/** The token types the client authenticates itself. */
export type HandledTokenType = Exclude<AuthenticateTokenType, DeferredTokenType>;
