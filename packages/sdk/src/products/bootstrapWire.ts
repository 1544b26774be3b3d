// The products' bootstrap settings read from the provider's answer (internal/bootstrapMapping.ts, loaded with that
// answer, off the first load). One entry per product that has such a setting; the defaults are ./startupParts.ts's.
import type { BootstrapResponse } from '../contract/common';
import type { ProductBootstrap } from './startupParts';

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
