import { CryptoSignMessageScreen } from '../../CryptoSignMessage/CryptoSignMessageScreen';

/** The success screen has no loading state of its own: this is the moment before it, the signature on its way. */
export default function CryptoConfirmationLoadingExample() {
  return (
    <CryptoSignMessageScreen.Provider
      value={{ walletOption: 'Metamask', walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }}
    >
      <CryptoSignMessageScreen.Layout />
    </CryptoSignMessageScreen.Provider>
  );
}
