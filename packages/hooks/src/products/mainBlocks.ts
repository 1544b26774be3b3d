// What the Main screen's blocks decide together: its 'or' divider (the blocks are MAIN_BLOCKS, defineProduct.ts).
import { configuredProducts, type ResolvedSignInConfig } from '../signInStore';

/**
 * Whether a configured product renders a social or wallet block (the Main screen's 'or' divider): social sign-in
 * with no provider draws none (its descriptor's `hasBlock`).
 */
export function hasSocialOrCryptoBlock(config: ResolvedSignInConfig): boolean {
  return configuredProducts(config).some(
    (product) => (product.block === 'social' || product.block === 'crypto') && (product.hasBlock?.(config) ?? true),
  );
}
