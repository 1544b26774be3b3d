import { type DetectedWallet, useSignInStore } from '@latchkey/hooks';
import { useWalletChoice, useWalletSplit } from '../walletParts';

/** What `useCryptoOtherScreen` returns: the state of CryptoOtherScreen's parts. */
export interface UseCryptoOtherScreenReturn {
  /** The detected wallets Main had no room for, in the spec's order. */
  wallets: DetectedWallet[];
  /** Starts signing in with `wallet` (→ CryptoConnect). */
  choose: (wallet: DetectedWallet) => void;
  /** The back arrow: → Main. */
  back: () => void;
}

/** CryptoOtherScreen's state: the wallets beyond Main's and the wallet flow. Inside `<SignIn>`. */
export function useCryptoOtherScreen(): UseCryptoOtherScreenReturn {
  const { others } = useWalletSplit();
  const { choose } = useWalletChoice();
  const back = useSignInStore((state) => state.back);
  return { wallets: others, choose, back };
}
