import { CryptoWallets } from '../CryptoWallets';
import { EVERY_WALLET, exampleCryptoWallets } from './fixtures';

/** Every wallet found: the first five on Main (5 minus no social buttons), the rest behind 'Continue with other Crypto Wallet'. */
export default function CryptoWalletsMoreWalletsExample() {
  return (
    <CryptoWallets.Provider value={exampleCryptoWallets({ wallets: EVERY_WALLET.slice(0, 5), hasOtherWallets: true })}>
      <CryptoWallets.Layout />
    </CryptoWallets.Provider>
  );
}
