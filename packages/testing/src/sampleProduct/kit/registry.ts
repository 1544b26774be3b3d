// The kit's product registry as the sample's builds load it: the bundler plugin (../registries.ts) resolves every
// import of packages/ui-unstyled/src/products/registry.ts to this module, the real list plus the sample's line. The
// screen loaders, Main's blocks and `preloadSignIn` read it like the real one.
import type { ProductKit } from '../../../../ui-unstyled/src/products/defineProductKit';
import { PRODUCT_KITS as KITS } from '../../../../ui-unstyled/src/products/registry';
import { securityQuestionKit } from './kit';

export * from '../../../../ui-unstyled/src/products/registry';

/**
 * Every available product's kit, by key: the real ones and the sample. TODO(open type WidgetProduct): typed as the
 * real record (`AvailableProduct` is the hooks' real list); the sample joins at run time.
 */
export const PRODUCT_KITS = { ...KITS, securityQuestion: securityQuestionKit as ProductKit } as typeof KITS;
