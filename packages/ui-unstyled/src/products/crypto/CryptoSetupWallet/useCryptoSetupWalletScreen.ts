import { useSignInStore, type WalletOption } from '@latchkey/hooks';

/** One wallet CryptoSetupWallet links to, with its official download page. */
export interface WalletDownload {
  wallet: WalletOption;
  href: string;
}

/** The four wallets CryptoSetupWallet offers to install, in the spec's order, with their download pages. */
export const WALLET_DOWNLOADS: readonly WalletDownload[] = [
  { wallet: 'Metamask', href: 'https://metamask.io/download/' },
  { wallet: 'Phantom', href: 'https://phantom.com/download' },
  { wallet: 'Coinbase', href: 'https://www.coinbase.com/wallet/downloads' },
  { wallet: 'Binance', href: 'https://www.binance.com/en/web3wallet' },
];

/** What `useCryptoSetupWalletScreen` returns: the state of CryptoSetupWallet's parts. */
export interface UseCryptoSetupWalletScreenReturn {
  /** The download links, one per wallet (`WALLET_DOWNLOADS`). */
  downloads: readonly WalletDownload[];
  /** The back arrow: → Main. */
  back: () => void;
}

/** CryptoSetupWallet's state: the download links and the way back. Inside `<SignIn>`. */
export function useCryptoSetupWalletScreen(): UseCryptoSetupWalletScreenReturn {
  const back = useSignInStore((state) => state.back);
  return { downloads: WALLET_DOWNLOADS, back };
}
