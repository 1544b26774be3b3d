import { CryptoConnectScreen } from '../CryptoConnectScreen';

/** The same wait for a Solana wallet (Phantom): the screen looks the same whichever wallet is asked. */
export default function CryptoConnectLoadingExample() {
  return (
    <CryptoConnectScreen.Provider value={{ walletOption: 'Phantom', back: () => {} }}>
      <CryptoConnectScreen.Layout />
    </CryptoConnectScreen.Provider>
  );
}
