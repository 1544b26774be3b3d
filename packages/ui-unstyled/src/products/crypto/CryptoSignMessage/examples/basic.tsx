import { CryptoSignMessageScreen } from '../CryptoSignMessageScreen';

/** Waiting for Metamask's signature: the screen is itself the wait, with a spinner. */
export default function CryptoSignMessageBasicExample() {
  return (
    <CryptoSignMessageScreen.Provider
      value={{ walletOption: 'Metamask', walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }}
    >
      <CryptoSignMessageScreen.Layout />
    </CryptoSignMessageScreen.Provider>
  );
}
