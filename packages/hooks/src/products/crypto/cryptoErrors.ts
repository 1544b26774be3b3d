// The two texts of a wallet that refused, kept apart from the flow hook so a message catalogue can name
// them without loading the wallet chunk (bs58, the transition rows). A provider refusal keeps its own text.
import type { LatchkeyFlowError } from '../../errors';

/** The wallet refused to connect, or gave no account. */
export const CRYPTO_CONNECT_ERROR = '[Error] Could not connect to wallet';
/** The wallet refused to sign the challenge. */
export const CRYPTO_SIGN_ERROR = '[Error] Could not sign message';

/** The error ids the wallet flow reports besides the provider's `error_type`s. */
export type CryptoErrorType = 'crypto_connect_failed' | 'crypto_sign_failed';

/** The connect failure as the flow reports it (`cause`: what the wallet threw). */
export function cryptoConnectError(cause: unknown): LatchkeyFlowError {
  return { type: 'crypto_connect_failed', message: CRYPTO_CONNECT_ERROR, cause };
}

/** The signing failure as the flow reports it (`cause`: what the wallet threw). */
export function cryptoSignError(cause: unknown): LatchkeyFlowError {
  return { type: 'crypto_sign_failed', message: CRYPTO_SIGN_ERROR, cause };
}
