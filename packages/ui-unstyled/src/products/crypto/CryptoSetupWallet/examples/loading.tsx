import { CryptoWallets } from '../../CryptoWallets/CryptoWallets';
import { exampleCryptoWallets } from '../../CryptoWallets/examples/fixtures';

/** The set-up screen has no loading state of its own: this is the moment before, Main's block still searching. */
export default function CryptoSetupWalletLoadingExample() {
  return (
    <CryptoWallets.Provider value={exampleCryptoWallets({ wallets: [], isDetecting: true })}>
      <CryptoWallets.Layout />
    </CryptoWallets.Provider>
  );
}
