// The SDK's namespace registry as the sample's builds load it: the bundler plugin (../registries.ts) resolves every
// import of packages/sdk/src/products/registry.ts to this module, which is the real list plus the sample's line.
// client.ts makes `client.securityQuestions` from it like any product's namespace, loading ./securityQuestions.ts
// on its first call.
import type { ClientContext } from '../../../../sdk/src/internal/context';
import {
  PRODUCT_NAMESPACES as NAMESPACES,
  type NamespaceEntry,
  type ProductNamespace,
} from '../../../../sdk/src/products/registry';

export * from '../../../../sdk/src/products/registry';

/** The sample's line: `[load, methods]`, as a real namespace's. */
const securityQuestionsEntry: NamespaceEntry = [
  () =>
    import('./securityQuestions').then((m) => ({
      create: m.createSecurityQuestions as unknown as (ctx: ClientContext) => object,
    })),
  'set authenticate',
];

// TODO(open type ProductNamespace/LazyNamespace): the registry's type is the closed union of the real namespaces;
// once it is open (declaration merging), `securityQuestions` joins it and this cast goes.
export const PRODUCT_NAMESPACES = /* @__PURE__ */ (() =>
  ({ ...NAMESPACES, securityQuestions: securityQuestionsEntry }) as unknown as typeof NAMESPACES &
    Record<ProductNamespace, NamespaceEntry>)();
