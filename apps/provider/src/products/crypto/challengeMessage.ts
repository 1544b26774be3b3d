// The text a wallet signs. The authenticate call carries only the address, the type and the signature, so the
// provider rebuilds the exact message from the challenge row to check the signature. Security.md wants every
// secret (the SIWE nonce included) random and never readable from the database. So the row keeps the message's
// fields and a random salt (128 bits from the CSPRNG), never the nonce, and the nonce is an HMAC of the salt under
// a key derived from the HMAC key, which lives outside the database (services/serverKeys.ts). A copy of the
// database reveals no live nonce (nor lets anyone compute one), and the signed message can still be rebuilt
// byte for byte.
import { createHmac } from 'node:crypto';
import { createSiweMessage } from 'viem/siwe';
import type { CryptoWalletChallengesTable } from './tables';

/** How long a challenge can be answered: five minutes. This is also the message's `Expiration Time`. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The version this provider writes (EIP-4361 and Sign-In With Solana know only `1`). */
const MESSAGE_VERSION = '1';

/** A subkey for nonces, so that the HMAC key is never used directly for anything but passcodes. */
function nonceKey(serverKey: Buffer): Buffer {
  return createHmac('sha256', serverKey).update('latchkey/crypto-wallet-nonce/v1').digest();
}

/**
 * The nonce of a challenge: 128 bits of HMAC-SHA256(subkey, salt), 32 hex digits. The result is alphanumeric and
 * longer than 8 characters, as EIP-4361 and Sign-In With Solana require (`nonce = 8*( ALPHA / DIGIT )`).
 */
export function challengeNonce(serverKey: Buffer, salt: string): string {
  return createHmac('sha256', nonceKey(serverKey)).update(salt).digest('hex').slice(0, 32);
}

/** What a message is built from: the challenge's row (less its bookkeeping) and the wallet's display address. */
export type ChallengeFields = Pick<
  CryptoWalletChallengesTable,
  | 'format'
  | 'origin'
  | 'domain'
  | 'uri'
  | 'chain_id'
  | 'solana_chain_id'
  | 'statement'
  | 'request_id'
  | 'resources'
  | 'not_before'
  | 'issued_at'
  | 'expires_at'
> & { displayAddress: string };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The EIP-4361 `scheme` of a page: none for https (EIP-4361 "Message Fields": without a scheme, HTTPS is assumed),
 * else the page's own (`http` on a development machine), so that the message names exactly the origin that asked
 * (EIP-4361 "Relying Party Implementer Steps", "Specifying the Request Origin").
 */
export function siweScheme(origin: string): string | undefined {
  const scheme = new URL(origin).protocol.slice(0, -1);
  return scheme === 'https' ? undefined : scheme;
}

/**
 * A Sign-In With Solana message, as its ABNF (`sign-in-with-solana`) writes one with no statement and these
 * advanced fields, each on its own line: URI, Version (1), Chain ID, Nonce, Issued At, Expiration Time. The
 * domain is an RFC 3986 authority (no scheme in SIWS), the address the wallet's base58 key.
 */
function signInWithSolanaMessage(fields: ChallengeFields, nonce: string): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.displayAddress,
    '',
    `URI: ${fields.uri}`,
    `Version: ${MESSAGE_VERSION}`,
    `Chain ID: ${fields.solana_chain_id ?? 'mainnet'}`,
    `Nonce: ${nonce}`,
    `Issued At: ${iso(fields.issued_at)}`,
    `Expiration Time: ${iso(fields.expires_at)}`,
  ].join('\n');
}

/**
 * The message a wallet signs; both name the page's domain and URI, the chain, a single-use nonce and its expiry.
 * `siwe` (Ethereum) is an EIP-4361 message built by viem's `createSiweMessage` (which checks every field against the
 * ABNF of EIP-4361 "ABNF Message Format"); `siws` (Solana) is a Sign-In With Solana message. Throws for a format or
 * field that a start call could not have stored (the plain text of earlier versions included).
 */
export function challengeMessage(fields: ChallengeFields, nonce: string): string {
  if (fields.format === 'siws') return signInWithSolanaMessage(fields, nonce);
  if (fields.format !== 'siwe') throw new Error(`Unknown challenge format ${fields.format}`);
  return createSiweMessage({
    scheme: siweScheme(fields.origin),
    domain: fields.domain,
    address: fields.displayAddress as `0x${string}`,
    uri: fields.uri,
    version: MESSAGE_VERSION,
    chainId: fields.chain_id ?? 1,
    nonce,
    issuedAt: new Date(fields.issued_at),
    expirationTime: new Date(fields.expires_at),
    ...(fields.statement === null ? {} : { statement: fields.statement }),
    ...(fields.not_before === null ? {} : { notBefore: new Date(fields.not_before) }),
    ...(fields.request_id === null ? {} : { requestId: fields.request_id }),
    ...(fields.resources === null ? {} : { resources: JSON.parse(fields.resources) as string[] }),
  });
}
