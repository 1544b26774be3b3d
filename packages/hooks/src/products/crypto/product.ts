import { defineProduct } from '../defineProduct';

// In every first load (the registry lists it): only what the store and the kits read before the wallet chunk
// arrives. The spec gives wallets no options; the wallet list comes from the browser (useWallets).

/** Crypto wallets: the wallet buttons on Main, then CryptoConnect → CryptoSignMessage → CryptoConfirmation. */
export const cryptoProduct = defineProduct({
  key: 'crypto',
  block: 'crypto',
  tabs: () => [],
  sdkNamespaces: ['cryptoWallets'],
  loadTransitions: () => import('./transitions').then((rows) => rows.CRYPTO_TRANSITIONS),
});
