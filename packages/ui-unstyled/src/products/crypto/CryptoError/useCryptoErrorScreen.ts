import { type LatchkeyFlowError, useCryptoWalletFlow, useSignInStore, useWallets } from '@latchkey/hooks';

/** What `useCryptoErrorScreen` returns: the state of CryptoError's parts. */
export interface UseCryptoErrorScreenReturn {
  /**
   * What failed, as the wallet flow reported it ('[Error] Could not connect to wallet', '[Error] Could not
   * sign message', or the provider's refusal), or null. The default layout says it in a plain sentence (the `reason`
   * part); the host's `onError` has already received it.
   */
  error: LatchkeyFlowError | null;
  /** The back arrow: → Main, to try again. */
  back: () => void;
  /**
   * 'Try again': the same wallet again (its pop-up opens from this click), or Main when that wallet is gone from the
   * page. Optional for fixed values (no button then).
   */
  tryAgain?: () => void;
}

/** CryptoError's state: the stored failure, the way back and 'Try again' with the same wallet. Inside `<SignIn>`. */
export function useCryptoErrorScreen(): UseCryptoErrorScreenReturn {
  const descriptor = useSignInStore((state) => state.formState.errorDescriptor);
  const walletOption = useSignInStore((state) => state.formState.cryptoState.walletOption);
  const back = useSignInStore((state) => state.back);
  const { wallets } = useWallets();
  const { start } = useCryptoWalletFlow();
  const wallet = wallets.find((candidate) => candidate.option === walletOption) ?? null;
  return {
    error: descriptor ? { type: descriptor.messageId, message: descriptor.message } : null,
    back,
    // `start` never rejects: a second failure comes back to this screen through the store.
    tryAgain: () => (wallet ? void start(wallet) : back()),
  };
}
