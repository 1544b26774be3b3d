import { EVERY_WALLET } from '../../CryptoWallets/examples/fixtures';
import { WalletIcon } from '../../WalletIcon';
import { CryptoOtherScreen } from '../CryptoOtherScreen';

/** A re-arranged list: the title first, buttons with the wallet's icon and name only, a worded way back at the end. */
export default function CryptoOtherCustomLayoutExample() {
  const value = { wallets: EVERY_WALLET.slice(3), choose: () => {}, back: () => {} };
  return (
    <CryptoOtherScreen.Provider value={value}>
      <CryptoOtherScreen.Root>
        <CryptoOtherScreen.Title />
        <CryptoOtherScreen.WalletList>
          {value.wallets.map((wallet) => (
            <CryptoOtherScreen.Wallet key={wallet.option} wallet={wallet}>
              <WalletIcon wallet={wallet.option} />
              {wallet.option}
            </CryptoOtherScreen.Wallet>
          ))}
        </CryptoOtherScreen.WalletList>
        <CryptoOtherScreen.Back aria-label={undefined}>Back to log in</CryptoOtherScreen.Back>
      </CryptoOtherScreen.Root>
    </CryptoOtherScreen.Provider>
  );
}
