import { CryptoWallets } from '../../CryptoWallets/CryptoWallets';
import { exampleCryptoWallets } from '../../CryptoWallets/examples/fixtures';

/** The set-up screen has no error state of its own: this is how it is reached, Main's block finding no wallet. */
export default function CryptoSetupWalletErrorExample() {
  return (
    <CryptoWallets.Provider value={exampleCryptoWallets({ wallets: [], hasNoWallet: true })}>
      <CryptoWallets.Layout />
    </CryptoWallets.Provider>
  );
}
