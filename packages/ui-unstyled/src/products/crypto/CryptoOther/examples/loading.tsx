import { CryptoConnectScreen } from '../../CryptoConnect/CryptoConnectScreen';

/** The list has no loading state of its own: choosing a wallet goes straight to CryptoConnect. */
export default function CryptoOtherLoadingExample() {
  return (
    <CryptoConnectScreen.Provider value={{ walletOption: 'Other Solana Wallet', back: () => {} }}>
      <CryptoConnectScreen.Layout />
    </CryptoConnectScreen.Provider>
  );
}
