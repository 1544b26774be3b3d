// The products' parts the core reads at start-up: their bootstrap settings' defaults (read by internal/bootstrap.ts;
// their mapping from the wire, loaded with the provider's answer, is ./bootstrapWire.ts) and what they take from
// the platform in the default environment (environment.ts). Like registry.ts, one entry per product that has such a
// part; its types are declared by the product's contract (`src/products/<namespace>.contract.ts`) or public part
// (`<namespace>.public.ts`). Not named `registry.ts`: `npm run check:slices` reads the keys of a registry's exported
// objects as product names.
import type { BootstrapData } from '../contract/common';
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
 * What the products take from the platform, in the default environment (environment.ts): the WebAuthn browser
 * library, imported on demand at the first ceremony (a chunk of its own).
 */
export const PRODUCT_ENVIRONMENT: Pick<LatchkeyEnvironment, 'loadWebAuthn'> = {
  loadWebAuthn: () => import('@simplewebauthn/browser'),
};
