// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).

/**
 * A crypto wallet of a user: an Ethereum address or a Solana public key. A row exists only once a signature by
 * the wallet verified, so every wallet is verified; one (project, type, address) belongs to one user.
 */
export interface CryptoWalletsTable {
  crypto_wallet_id: string;
  project_id: string;
  user_id: string;
  /** `ethereum` or `solana`. */
  wallet_type: string;
  /** The address as compared: Ethereum lower-case `0x…` hex, Solana base58 (case matters there). */
  address: string;
  created_at: number;
}

/**
 * A challenge issued by `crypto_wallets/authenticate/start/*`, bound to the wallet type and address that asked
 * (and, for a secondary start, to the session). The message the wallet signs is rebuilt from these fields at
 * authenticate time; its nonce is never stored (an HMAC of `nonce_salt` under a key outside the database, see
 * products/crypto/challengeMessage.ts).
 */
export interface CryptoWalletChallengesTable {
  challenge_id: string;
  project_id: string;
  wallet_type: string;
  /** Normalised as in `crypto_wallets.address`. */
  address: string;
  /** `siwe` (an EIP-4361 message, Ethereum) or `siws` (a Sign-In With Solana message). */
  format: string;
  /** 128 random bits (base64url), the input of the nonce's HMAC: useless without the server key. */
  nonce_salt: string;
  /** Secondary starts: the user and session that asked (the wallet is attached to that user). */
  user_id: string | null;
  session_id: string | null;
  /** The client IP that asked ('' when unknown): its own challenges are tried first. */
  client_ip: string;
  /** The origin of the page that asked (its Origin header, one of the project's allowed origins). */
  origin: string;
  /** The message's domain: the host (and port) of `origin`. */
  domain: string;
  /** The message's URI: SIWE, `siwe_params.uri` or else `origin`; SIWS, `origin`. */
  uri: string;
  /** SIWE: the EIP-155 chain id. */
  chain_id: number | null;
  /** SIWS: the Solana chain id (`mainnet`, `testnet`, `devnet` or `localnet`). */
  solana_chain_id: string | null;
  statement: string | null;
  request_id: string | null;
  /** SIWE: JSON array of resource URIs, or null. */
  resources: string | null;
  not_before: number | null;
  issued_at: number;
  /** Also the message's `Expiration Time`. */
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

declare module '../../db/schema' {
  interface Database {
    crypto_wallets: CryptoWalletsTable;
    crypto_wallet_challenges: CryptoWalletChallengesTable;
  }
}
