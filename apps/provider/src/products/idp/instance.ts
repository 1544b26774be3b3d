// The identity provider's part of one provider instance (products/registry.ts, `instance`).
import type { ProviderDeps } from '../../http/context';
import type { ProductInstance } from '../registry';
import { idTokenSigner } from './oauth2/idTokens';

/**
 * Makes the instance's ID-token signer first, so its key cache runs on the provider's clock and configuration, and
 * drops its cached keys after a rotation (this instance signs with the new key at once; the others within the
 * cache's five seconds).
 */
export function idpInstance(deps: ProviderDeps): ProductInstance {
  const idTokens = idTokenSigner(deps);
  return { keysRotated: () => idTokens.keys.invalidate() };
}
