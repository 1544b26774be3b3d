import { useSignInStore, type WalletOption } from '@latchkey/hooks';

/** What `useCryptoSignMessageScreen` returns: the state of CryptoSignMessage's parts. */
export interface UseCryptoSignMessageScreenReturn {
  /** The wallet asked to sign (`cryptoState.walletOption`). */
  walletOption: WalletOption;
  /** The address the wallet connected (`cryptoState.walletAddress`). */
  walletAddress: string;
  /**
   * The back arrow: → Main; the attempt is dropped (a signature that arrives later is never sent). Optional for fixed
   * values (no arrow then).
   */
  back?: () => void;
}

/** CryptoSignMessage's state: the wallet, the address it is signing for and the way back. Inside `<SignIn>`. */
export function useCryptoSignMessageScreen(): UseCryptoSignMessageScreenReturn {
  const walletOption = useSignInStore((state) => state.formState.cryptoState.walletOption);
  const walletAddress = useSignInStore((state) => state.formState.cryptoState.walletAddress);
  const back = useSignInStore((state) => state.back);
  return { walletOption, walletAddress, back };
}
