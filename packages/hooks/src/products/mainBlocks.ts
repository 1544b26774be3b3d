// What the Main screen's blocks decide together: its 'or' divider (the blocks are MAIN_BLOCKS, defineProduct.ts).
import { configuredProducts, type ResolvedSignInConfig } from '../signInStore';

/**
 * Whether a configured product renders a block the Main screen's 'or' divider sets off from the forms (the social
 * buttons, the wallet buttons): social sign-in with no provider draws none (its descriptor's `hasBlock`).
 */
export function hasDividedBlock(config: ResolvedSignInConfig): boolean {
  return configuredProducts(config).some(
    (product) => (product.block === 'social' || product.block === 'crypto') && (product.hasBlock?.(config) ?? true),
  );
}

/** @deprecated Renamed `hasDividedBlock` (the same function). */
export const hasSocialOrCryptoBlock = hasDividedBlock;
