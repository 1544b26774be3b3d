import { CryptoSetupWalletScreen, WALLET_DOWNLOADS } from '../CryptoSetupWalletScreen';

/** No wallet in the browser: how to get one, and the four download pages. */
export default function CryptoSetupWalletBasicExample() {
  return (
    <CryptoSetupWalletScreen.Provider value={{ downloads: WALLET_DOWNLOADS, back: () => {} }}>
      <CryptoSetupWalletScreen.Layout />
    </CryptoSetupWalletScreen.Provider>
  );
}
