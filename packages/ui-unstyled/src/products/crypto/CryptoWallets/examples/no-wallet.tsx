import { CryptoWallets } from '../CryptoWallets';
import { exampleCryptoWallets } from './fixtures';

/** No wallet in the browser: 'Set up a new crypto wallet'. */
export default function CryptoWalletsNoWalletExample() {
  return (
    <CryptoWallets.Provider value={exampleCryptoWallets({ wallets: [], hasNoWallet: true })}>
      <CryptoWallets.Layout />
    </CryptoWallets.Provider>
  );
}
