// The crypto wallet product's lazy chunk, fetched only when `crypto` is configured: Main's wallet block and the six
// wallet screens in one download (screenLoaders.ts, MainScreen.tsx), with the wallets' icons and the hooks' wallet
// detection and flow (which load bs58 for Solana signatures themselves).
import { CryptoConfirmationScreen } from './CryptoConfirmation/CryptoConfirmationScreen';
import { CryptoConnectScreen } from './CryptoConnect/CryptoConnectScreen';
import { CryptoErrorScreen } from './CryptoError/CryptoErrorScreen';
import { CryptoOtherScreen } from './CryptoOther/CryptoOtherScreen';
import { CryptoSetupWalletScreen } from './CryptoSetupWallet/CryptoSetupWalletScreen';
import { CryptoSignMessageScreen } from './CryptoSignMessage/CryptoSignMessageScreen';

export { CryptoWallets } from './CryptoWallets/CryptoWallets';
/** The product's texts (its screens and block render inside them). */
export { cryptoMessages as messages } from './messages';

/** The product's screens by name (the screen loaders pick from this, see kit.ts). */
export const screens = {
  CryptoConnect: CryptoConnectScreen,
  CryptoSignMessage: CryptoSignMessageScreen,
  CryptoOtherScreen: CryptoOtherScreen,
  CryptoSetupWallet: CryptoSetupWalletScreen,
  CryptoError: CryptoErrorScreen,
  CryptoConfirmation: CryptoConfirmationScreen,
};

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
