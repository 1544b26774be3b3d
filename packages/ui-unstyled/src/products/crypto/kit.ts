import { cryptoProduct } from '@latchkey/hooks';
import { defineProductKit, loadOnce } from '../defineProductKit';

/** Crypto wallets in the kit: Main's wallet buttons and the six wallet screens, in one chunk. */
export const cryptoKit = defineProductKit<typeof import('./chunk')>({
  product: cryptoProduct,
  load: loadOnce(() => import('./chunk')),
  mainBlock: (chunk) => chunk.CryptoWallets,
});
