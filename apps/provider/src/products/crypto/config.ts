// The crypto wallets' configuration section (`project.cryptoWallets`), declared by their descriptor
// (products/crypto/descriptor.ts) and merged into the project's by config.ts.
import { z } from 'zod';
import { rateWindow } from '../../configFields';

/** The wallet families `crypto_wallets/*` accepts. */
export const CRYPTO_WALLET_TYPES = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof CRYPTO_WALLET_TYPES)[number];
/** The cluster names Sign-In With Solana allows as `Chain ID` (its ABNF's `message-chain-id`, unprefixed). */
export const SOLANA_CHAIN_IDS = ['mainnet', 'testnet', 'devnet', 'localnet'] as const;

const cryptoWalletsConfig = z.strictObject({
  /** The wallet types a project accepts; a call naming another answers `method_not_enabled` (`[]`: wallets off). */
  types: z.array(z.enum(CRYPTO_WALLET_TYPES)).default([...CRYPTO_WALLET_TYPES]),
  /**
   * The Solana cluster a Sign-In With Solana challenge names (its `Chain ID`), one of the SIWS chain ids. Ethereum
   * challenges are always Sign-In with Ethereum (EIP-4361) messages; their chain is `siwe_params.chain_id` (default 1).
   */
  solanaChainId: z.enum(SOLANA_CHAIN_IDS).default('mainnet'),
});

/** `project.cryptoWallets`: crypto wallet sign-in (Ethereum and Solana), which wallet types, and the Solana cluster challenges name. */
export const cryptoWalletsProjectConfig = {
  cryptoWallets: cryptoWalletsConfig.default({ types: [...CRYPTO_WALLET_TYPES], solanaChainId: 'mainnet' }),
};

/** Its entries of `rateLimits`. */
export const cryptoWalletsRateLimits = {
  /** Wallet sign-in challenges (`crypto_wallets/authenticate/start/primary`), which need no session. */
  cryptoWalletChallengesPerIp: rateWindow.default({ limit: 60, windowSeconds: 60 }),
  /**
   * Refused wallet signatures (`crypto_wallets/authenticate`) per client IP; past it even a right one waits. A
   * refused signature of a primary challenge counts here, never against the wallet's user (issue 25, finding 8).
   */
  cryptoWalletSignatureFailuresPerIp: rateWindow.default({ limit: 10, windowSeconds: 60 }),
};
