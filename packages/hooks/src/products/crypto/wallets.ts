// The wallets the widget can offer (its wallet buttons, `cryptoState.walletOption`) and the browser
// interfaces it talks to: EIP-1193 for Ethereum-like wallets (announced through EIP-6963, or `window.ethereum`),
// the Phantom-style provider for Solana-like wallets (`window.phantom.solana`, `window.solana`).

/** The crypto wallet type sent to the provider. */
export type CryptoWalletType = 'ethereum' | 'solana';

/** The wallet options, in a fixed order (the order of the wallet buttons). */
export const WALLET_OPTIONS = [
  'Phantom',
  'Vessel',
  'Binance',
  'Coinbase',
  'Metamask',
  'Other Ethereum Wallet',
  'Other Solana Wallet',
] as const;

/** One of the spec's wallet options. */
export type WalletOption = (typeof WALLET_OPTIONS)[number];

/** `cryptoState.walletOption` before a wallet is chosen. */
export const DEFAULT_WALLET_OPTION: WalletOption = 'Metamask';

/** The chain each wallet option signs on (what `crypto_wallet_type` the provider is sent). */
export const WALLET_TYPES: Readonly<Record<WalletOption, CryptoWalletType>> = {
  Phantom: 'solana',
  Vessel: 'ethereum',
  Binance: 'ethereum',
  Coinbase: 'ethereum',
  Metamask: 'ethereum',
  'Other Ethereum Wallet': 'ethereum',
  'Other Solana Wallet': 'solana',
};

/** An EIP-1193 provider (the part of it the flow uses: `eth_requestAccounts`, `personal_sign`). */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
}

/** A Solana public key as wallets hand it out (`@solana/web3.js` `PublicKey`, or anything with `toBase58`). */
export interface SolanaPublicKey {
  toBase58(): string;
}

/** A Phantom-style Solana provider (`window.phantom.solana`, `window.solana`). */
export interface SolanaProvider {
  publicKey?: SolanaPublicKey | null;
  // biome-ignore lint/suspicious/noConfusingVoidType: wallets type `connect` as `Promise<void>`; it must be assignable.
  connect(): Promise<{ publicKey: SolanaPublicKey } | undefined | void>;
  /** Phantom answers `{ signature }`; some wallets answer the bytes alone. */
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array } | Uint8Array>;
}

/** A wallet found in the browser, mapped to one of the spec's options. */
export type DetectedWallet =
  | { option: WalletOption; type: 'ethereum'; name: string; provider: Eip1193Provider }
  | { option: WalletOption; type: 'solana'; name: string; provider: SolanaProvider };

/** The Main screen lists at most this many wallets, minus the number of social providers. */
export const CRYPTO_WALLET_BUTTON_LIMIT = 5;

/** How many wallet buttons the Main screen shows beside `socialProviderCount` social buttons (the rest: 'other'). */
export function mainWalletCount(socialProviderCount: number): number {
  return Math.max(0, CRYPTO_WALLET_BUTTON_LIMIT - socialProviderCount);
}
