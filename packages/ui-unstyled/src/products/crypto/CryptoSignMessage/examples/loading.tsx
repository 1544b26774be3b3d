import { CryptoSignMessageScreen } from '../CryptoSignMessageScreen';

/** The same wait for a Solana wallet (Phantom), signing for a base58 address. */
export default function CryptoSignMessageLoadingExample() {
  return (
    <CryptoSignMessageScreen.Provider
      value={{ walletOption: 'Phantom', walletAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' }}
    >
      <CryptoSignMessageScreen.Layout />
    </CryptoSignMessageScreen.Provider>
  );
}
