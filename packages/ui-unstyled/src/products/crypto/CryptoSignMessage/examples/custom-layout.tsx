import { CryptoSignMessageScreen } from '../CryptoSignMessageScreen';

/** A re-arranged wait: the spinner first, then the title and which address is signing. */
export default function CryptoSignMessageCustomLayoutExample() {
  const value = { walletOption: 'Metamask', walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } as const;
  return (
    <CryptoSignMessageScreen.Provider value={value}>
      <CryptoSignMessageScreen.Root>
        <CryptoSignMessageScreen.Spinner />
        <CryptoSignMessageScreen.Title />
        <p>
          Signing as <code>{value.walletAddress}</code>
        </p>
      </CryptoSignMessageScreen.Root>
    </CryptoSignMessageScreen.Provider>
  );
}
