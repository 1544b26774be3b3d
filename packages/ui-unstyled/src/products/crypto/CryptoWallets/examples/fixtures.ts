import { type DetectedWallet, WALLET_OPTIONS, WALLET_TYPES, type WalletOption } from '@latchkey/hooks';
import type { UseCryptoWalletsReturn } from '../useCryptoWallets';

const refuse = async (): Promise<never> => {
  throw new Error('An example wallet does not connect.');
};

/** A wallet as `useWallets` gives it, whose provider refuses every request (the examples sign nobody in). */
export function exampleWallet(option: WalletOption): DetectedWallet {
  return WALLET_TYPES[option] === 'ethereum'
    ? { option, type: 'ethereum', name: option, provider: { request: refuse } }
    : { option, type: 'solana', name: option, provider: { connect: refuse, signMessage: refuse } };
}

/** One detected wallet per spec option, in the spec's order. */
export const EVERY_WALLET: DetectedWallet[] = WALLET_OPTIONS.map(exampleWallet);

/** Main's wallet block's state with `wallets` on Main and nowhere to go. */
export function exampleCryptoWallets(overrides: Partial<UseCryptoWalletsReturn> = {}): UseCryptoWalletsReturn {
  return {
    wallets: ['Phantom', 'Coinbase', 'Metamask'].map((option) => exampleWallet(option as WalletOption)),
    isDetecting: false,
    hasOtherWallets: false,
    hasNoWallet: false,
    choose: () => {},
    showOtherWallets: () => {},
    setUpWallet: () => {},
    ...overrides,
  };
}
