import { CryptoConnectScreen } from '../CryptoConnectScreen';

/** Waiting for Metamask's pop-up: the screen is itself the wait, with a spinner and a way back. */
export default function CryptoConnectBasicExample() {
  return (
    <CryptoConnectScreen.Provider value={{ walletOption: 'Metamask', back: () => {} }}>
      <CryptoConnectScreen.Layout />
    </CryptoConnectScreen.Provider>
  );
}
