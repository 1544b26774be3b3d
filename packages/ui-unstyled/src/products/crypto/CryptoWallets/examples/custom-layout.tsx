import { WalletIcon } from '../../WalletIcon';
import { CryptoWallets } from '../CryptoWallets';
import { EVERY_WALLET, exampleCryptoWallets } from './fixtures';

/** A re-arranged block: a line of the host's own, buttons with the wallet's icon and name only, 'More wallets' for the rest. */
export default function CryptoWalletsCustomLayoutExample() {
  const value = exampleCryptoWallets({ wallets: EVERY_WALLET.slice(0, 3), hasOtherWallets: true });
  return (
    <CryptoWallets.Provider value={value}>
      <CryptoWallets.Root>
        <p>Use your wallet</p>
        <CryptoWallets.WalletList>
          {value.wallets.map((wallet) => (
            <CryptoWallets.Wallet key={wallet.option} wallet={wallet}>
              <WalletIcon wallet={wallet.option} />
              {wallet.option}
            </CryptoWallets.Wallet>
          ))}
        </CryptoWallets.WalletList>
        <CryptoWallets.Other>More wallets</CryptoWallets.Other>
      </CryptoWallets.Root>
    </CryptoWallets.Provider>
  );
}
