import { useSignInStore, type WalletOption } from '@latchkey/hooks';

/** What `useCryptoSignMessageScreen` returns: the state of CryptoSignMessage's parts. */
export interface UseCryptoSignMessageScreenReturn {
  /** The wallet asked to sign (`cryptoState.walletOption`). */
  walletOption: WalletOption;
  /** The address the wallet connected (`cryptoState.walletAddress`). */
  walletAddress: string;
}

/** CryptoSignMessage's state: the wallet and the address it is signing for. Inside `<SignIn>`. */
export function useCryptoSignMessageScreen(): UseCryptoSignMessageScreenReturn {
  const walletOption = useSignInStore((state) => state.formState.cryptoState.walletOption);
  const walletAddress = useSignInStore((state) => state.formState.cryptoState.walletAddress);
  return { walletOption, walletAddress };
}
