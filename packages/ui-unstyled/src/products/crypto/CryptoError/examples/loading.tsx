import { CryptoConnectScreen } from '../../CryptoConnect/CryptoConnectScreen';

/** The error screen has no loading state of its own: this is the moment before it, the wallet's pop-up still open. */
export default function CryptoErrorLoadingExample() {
  return (
    <CryptoConnectScreen.Provider value={{ walletOption: 'Metamask', back: () => {} }}>
      <CryptoConnectScreen.Layout />
    </CryptoConnectScreen.Provider>
  );
}
