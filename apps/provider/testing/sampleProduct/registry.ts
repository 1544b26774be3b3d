// The routes' registry as the `provider-sample` test project loads it: vitePlugin.ts resolves every import of
// src/products/registry.ts to this module, which is the real list plus the sample's line. Nothing else changes.
import { PROVIDER_PRODUCTS as PRODUCTS, type ProviderProduct } from '../../src/products/registry';
import { registerSecurityQuestionRoutes } from './routes';

export * from '../../src/products/registry';

export const PROVIDER_PRODUCTS: readonly ProviderProduct[] = [
  ...PRODUCTS,
  { key: 'securityQuestion', register: registerSecurityQuestionRoutes },
];
