import { type LatchkeyFlowError, useSignInStore } from '@latchkey/hooks';

/** What `useCryptoErrorScreen` returns: the state of CryptoError's parts. */
export interface UseCryptoErrorScreenReturn {
  /**
   * What failed, as the wallet flow reported it ('[Error] Could not connect to wallet', '[Error] Could not
   * sign message', or the provider's refusal), or null. The default layout shows the spec's fixed text instead; the
   * host's `onError` has already received it.
   */
  error: LatchkeyFlowError | null;
  /** The back arrow: → Main, to try again. */
  back: () => void;
}

/** CryptoError's state: the stored failure and the way back. Inside `<SignIn>`. */
export function useCryptoErrorScreen(): UseCryptoErrorScreenReturn {
  const descriptor = useSignInStore((state) => state.formState.errorDescriptor);
  const back = useSignInStore((state) => state.back);
  return { error: descriptor ? { type: descriptor.messageId, message: descriptor.message } : null, back };
}
