// The registry's sign-in products as a list, for the store (signInStore.tsx) and the transition table
// (transition.ts), which both iterate them: one copy in a page. A module of its own rather than a line of
// products/registry.ts: a build that resolves the registry to another list (the sample product's, in
// @latchkey/testing) gets this list from it too.
import type { ProductDefinition } from './products/defineProduct';
import { SIGN_IN_PRODUCTS } from './products/registry';

/** The available products' descriptors (products/registry.ts), in registry order. */
export const PRODUCT_DEFINITIONS: readonly ProductDefinition[] = /* @__PURE__ */ Object.values(SIGN_IN_PRODUCTS);
