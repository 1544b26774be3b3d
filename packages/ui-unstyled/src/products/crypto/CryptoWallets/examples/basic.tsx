import { CryptoWallets } from '../CryptoWallets';
import { exampleCryptoWallets } from './fixtures';

/** Three wallets found in the browser: a button each, in the spec's order. */
export default function CryptoWalletsBasicExample() {
  return (
    <CryptoWallets.Provider value={exampleCryptoWallets()}>
      <CryptoWallets.Layout />
    </CryptoWallets.Provider>
  );
}
