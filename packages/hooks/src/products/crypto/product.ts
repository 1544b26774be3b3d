import { defineProduct } from '../defineProduct';
import type { WalletOption } from './wallets';

// In every first load (the registry lists it): only what the store and the kits read before the wallet chunk
// arrives. The spec gives wallets no options; the wallet list comes from the browser (useWallets).

/** Crypto wallets: the wallet buttons on Main, then CryptoConnect → CryptoSignMessage → CryptoConfirmation. */
export const cryptoProduct = defineProduct({
  key: 'crypto',
  block: 'crypto',
  tabs: () => [],
  sdkNamespaces: ['cryptoWallets'],
});

// Its screens join the widget's `Screen` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ScreenRegister {
    CryptoConnect: true;
    CryptoSignMessage: true;
    CryptoOtherScreen: true;
    CryptoSetupWallet: true;
    CryptoError: true;
    CryptoConfirmation: true;
  }
}

// Its part of the widget's form state, by declaration merging.
declare module '@latchkey/hooks' {
  interface FormState {
    /** The chosen wallet, the address it gave and the challenge it is asked to sign. */
    cryptoState: { walletAddress: string; walletOption: WalletOption; walletChallenge: string };
  }
}
