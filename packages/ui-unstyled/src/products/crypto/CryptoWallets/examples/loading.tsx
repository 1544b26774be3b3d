import { CryptoWallets } from '../CryptoWallets';
import { exampleCryptoWallets } from './fixtures';

/** While the browser is searched for wallets: a spinner, and no button that could flash in and out. */
export default function CryptoWalletsLoadingExample() {
  return (
    <CryptoWallets.Provider value={exampleCryptoWallets({ wallets: [], isDetecting: true })}>
      <CryptoWallets.Layout />
    </CryptoWallets.Provider>
  );
}
