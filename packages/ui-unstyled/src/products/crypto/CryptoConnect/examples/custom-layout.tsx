import { WalletIcon } from '../../WalletIcon';
import { CryptoConnectScreen } from '../CryptoConnectScreen';

/** A re-arranged wait: the wallet's icon and name first, the spinner beside the title, a worded way back. */
export default function CryptoConnectCustomLayoutExample() {
  const value = { walletOption: 'Coinbase', back: () => {} } as const;
  return (
    <CryptoConnectScreen.Provider value={value}>
      <CryptoConnectScreen.Root>
        <p>
          <WalletIcon wallet={value.walletOption} /> {value.walletOption}
        </p>
        <CryptoConnectScreen.Title />
        <CryptoConnectScreen.Spinner />
        <CryptoConnectScreen.Description />
        <CryptoConnectScreen.Back aria-label={undefined}>Choose another wallet</CryptoConnectScreen.Back>
      </CryptoConnectScreen.Root>
    </CryptoConnectScreen.Provider>
  );
}
