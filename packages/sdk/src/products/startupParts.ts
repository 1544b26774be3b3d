// The products' parts the core reads at start-up: their bootstrap settings (defaults and mapping, read by
// internal/bootstrap.ts) and what they take from the platform in the default environment (environment.ts). Like
// registry.ts, one entry per product that has such a part; its types are declared by the product's contract
// (`src/products/<namespace>.contract.ts`) or public part (`<namespace>.public.ts`). Not named `registry.ts`:
// `npm run check:slices` reads the keys of a registry's exported objects as product names.
import type { BootstrapData, BootstrapResponse } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';

/** The products' bootstrap settings (each declared by its contract), camelCase. */
export type ProductBootstrap = Pick<
  BootstrapData,
  | 'pkceRequiredForEmailMagicLinks'
  | 'pkceRequiredForPasswordResets'
  | 'pkceRequiredForOAuth'
  | 'passwordConfig'
  | 'siweRequiredForCryptoWallets'
>;

/** The products' bootstrap settings when the project's cannot be read (internal/bootstrap.ts's DEFAULT_BOOTSTRAP). */
export const PRODUCT_BOOTSTRAP_DEFAULTS: ProductBootstrap = {
  pkceRequiredForEmailMagicLinks: false,
  pkceRequiredForPasswordResets: false,
  pkceRequiredForOAuth: false,
  passwordConfig: null,
  siweRequiredForCryptoWallets: false,
};

/**
 * The products' bootstrap settings from the wire's answer (internal/bootstrap.ts's `mapBootstrap`); throws a
 * TypeError when one is missing or of the wrong type (`password_config` must be present). `bool` reads a boolean.
 */
export function productBootstrapOf(
  wire: BootstrapResponse,
  bool: (key: keyof BootstrapResponse) => boolean,
): ProductBootstrap {
  if (!('password_config' in wire)) throw new TypeError('bootstrap password_config is missing');
  return {
    pkceRequiredForEmailMagicLinks: bool('pkce_required_for_email_magic_links'),
    pkceRequiredForPasswordResets: bool('pkce_required_for_password_resets'),
    pkceRequiredForOAuth: bool('pkce_required_for_oauth'),
    passwordConfig: wire.password_config
      ? {
          ludsComplexity: wire.password_config.luds_complexity,
          ludsMinimumCount: wire.password_config.luds_minimum_count,
        }
      : null,
    siweRequiredForCryptoWallets: wire.siwe_required_for_crypto_wallets === true,
  };
}

/**
 * What the products take from the platform, in the default environment (environment.ts): the WebAuthn browser
 * library, imported on demand at the first ceremony (a chunk of its own).
 */
export const PRODUCT_ENVIRONMENT: Pick<LatchkeyEnvironment, 'loadWebAuthn'> = {
  loadWebAuthn: () => import('@simplewebauthn/browser'),
};
