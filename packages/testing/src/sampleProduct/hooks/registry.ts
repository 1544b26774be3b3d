// The hooks' product registry as the sample's builds load it: the bundler plugin (../registries.ts) resolves every
// import of packages/hooks/src/products/registry.ts to this module, the real lists plus the sample's line. The store
// (options, defaults, configuration errors, tabs), the Main screen and `preloadSignIn` read it like the real one.
import { SIGN_IN_PRODUCTS as PRODUCTS } from '../../../../hooks/src/products/registry';
import { securityQuestionProduct } from './product';

export * from '../../../../hooks/src/products/registry';

/**
 * Every available product, by key: the real ones and the sample. TODO(open type WidgetProduct): typed as the real
 * list (`AvailableProduct` is derived from it, and the SDK's `WidgetProduct` is closed); the sample joins at run time.
 */
export const SIGN_IN_PRODUCTS = {
  ...PRODUCTS,
  securityQuestion: securityQuestionProduct,
} as unknown as typeof PRODUCTS;
