import { CryptoSetupWalletScreen, WALLET_DOWNLOADS } from '../CryptoSetupWalletScreen';

/** A re-arranged set-up screen: two of the wallets only, named by the host, and no back arrow. */
export default function CryptoSetupWalletCustomLayoutExample() {
  return (
    <CryptoSetupWalletScreen.Provider value={{ downloads: WALLET_DOWNLOADS, back: () => {} }}>
      <CryptoSetupWalletScreen.Root>
        <CryptoSetupWalletScreen.Title />
        <CryptoSetupWalletScreen.Links>
          <CryptoSetupWalletScreen.Link wallet="Metamask">Get MetaMask</CryptoSetupWalletScreen.Link>
          <CryptoSetupWalletScreen.Link wallet="Phantom">Get Phantom</CryptoSetupWalletScreen.Link>
        </CryptoSetupWalletScreen.Links>
        <CryptoSetupWalletScreen.Instruction />
      </CryptoSetupWalletScreen.Root>
    </CryptoSetupWalletScreen.Provider>
  );
}
