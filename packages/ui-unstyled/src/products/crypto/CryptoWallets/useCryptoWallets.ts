import { type DetectedWallet, useSignInStore } from '@latchkey/hooks';
import { useWalletChoice, useWalletSplit } from '../walletParts';

/** What `useCryptoWallets` returns: the state of Main's wallet block. */
export interface UseCryptoWalletsReturn {
  /**
   * The detected wallets whose buttons Main shows, in the spec's order: at most 5 minus the number of social
   * buttons.
   */
  wallets: DetectedWallet[];
  /** The browser is still being searched for wallets: no button shows yet (`aria-busy` on the root). */
  isDetecting: boolean;
  /** More wallets were found than Main shows: 'Continue with other Crypto Wallet' shows. */
  hasOtherWallets: boolean;
  /** No wallet was found: 'Set up a new crypto wallet' shows. */
  hasNoWallet: boolean;
  /** Starts signing in with `wallet` (→ CryptoConnect → CryptoSignMessage → CryptoConfirmation, or CryptoError). */
  choose: (wallet: DetectedWallet) => void;
  /** 'Continue with other Crypto Wallet': → CryptoOtherScreen. */
  showOtherWallets: () => void;
  /** 'Set up a new crypto wallet': → CryptoSetupWallet. */
  setUpWallet: () => void;
}

/** Main's wallet block's state: the wallets the browser offers (the hooks' `useWallets`) and the wallet flow. */
export function useCryptoWallets(): UseCryptoWalletsReturn {
  const { onMain, others, isReady } = useWalletSplit();
  const { choose } = useWalletChoice();
  const navigate = useSignInStore((state) => state.navigate);
  return {
    wallets: onMain,
    isDetecting: !isReady,
    hasOtherWallets: others.length > 0,
    hasNoWallet: isReady && onMain.length + others.length === 0,
    choose,
    showOtherWallets: () => navigate('CryptoOtherScreen'),
    setUpWallet: () => navigate('CryptoSetupWallet'),
  };
}
