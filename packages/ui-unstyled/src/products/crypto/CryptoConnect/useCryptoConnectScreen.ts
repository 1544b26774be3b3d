import { useSignInStore, type WalletOption } from '@latchkey/hooks';

/** What `useCryptoConnectScreen` returns: the state of CryptoConnect's parts. */
export interface UseCryptoConnectScreenReturn {
  /** The wallet being connected (`cryptoState.walletOption`). */
  walletOption: WalletOption;
  /** The back arrow: → Main; the attempt is dropped (a later answer from the wallet changes nothing). */
  back: () => void;
}

/** CryptoConnect's state: the chosen wallet and the way back. Inside `<SignIn>`. */
export function useCryptoConnectScreen(): UseCryptoConnectScreenReturn {
  const walletOption = useSignInStore((state) => state.formState.cryptoState.walletOption);
  const back = useSignInStore((state) => state.back);
  return { walletOption, back };
}
