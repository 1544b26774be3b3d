import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createCryptoWallets(_ctx: ClientContext) {
  return {};
}
