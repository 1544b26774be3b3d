// The text a wallet signs. The authenticate call carries only the address, the type and the signature, so the
// provider rebuilds the exact message from the challenge row to check the signature. Security.md wants every
// secret (the SIWE nonce included) random and never readable from the database. So the row keeps the message's
// fields and a random salt (128 bits from the CSPRNG), never the nonce, and the nonce is an HMAC of the salt under
// a key derived from the passcode key, which lives outside the database (services/serverKeys.ts). A copy of the
// database reveals no live nonce (nor lets anyone compute one), and the signed message can still be rebuilt
// byte for byte.
import { createHmac } from 'node:crypto';
import { createSiweMessage } from 'viem/siwe';
import type { CryptoWalletType } from '../../config';
import type { CryptoWalletChallengesTable } from '../../db/schema';

/** How long a challenge can be answered: five minutes. This is also the SIWE message's `Expiration Time`. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The SIWE version this provider writes (EIP-4361 knows only `1`). */
const SIWE_VERSION = '1';

/** A subkey for nonces, so that the passcode key is never used directly for anything but passcodes. */
function nonceKey(serverKey: Buffer): Buffer {
  return createHmac('sha256', serverKey).update('latchkey/crypto-wallet-nonce/v1').digest();
}

/**
 * The nonce of a challenge: 128 bits of HMAC-SHA256(subkey, salt), 32 hex digits. The result is alphanumeric and
 * longer than 8 characters, as EIP-4361 requires.
 */
export function challengeNonce(serverKey: Buffer, salt: string): string {
  return createHmac('sha256', nonceKey(serverKey)).update(salt).digest('hex').slice(0, 32);
}

/** What a message is built from: the challenge's row (less its bookkeeping) and the project's name. */
export type ChallengeFields = Pick<
  CryptoWalletChallengesTable,
  | 'format'
  | 'domain'
  | 'uri'
  | 'chain_id'
  | 'statement'
  | 'request_id'
  | 'resources'
  | 'not_before'
  | 'issued_at'
  | 'expires_at'
> & { walletType: CryptoWalletType; displayAddress: string };

const WALLET_NAMES: Record<CryptoWalletType, string> = { ethereum: 'Ethereum', solana: 'Solana' };

/** Control characters out of text the project controls (its name), so that each field keeps to its own line. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is replaced.
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The message a wallet signs. `siwe` is an EIP-4361 message built by viem's `createSiweMessage` (which checks
 * every field). `plain` is a short text naming the project, the page's origin when the call came from an allowed
 * one, the wallet, the nonce and both times. Throws only for fields a start call could not have stored.
 */
export function challengeMessage(projectName: string, fields: ChallengeFields, nonce: string): string {
  if (fields.format === 'siwe') {
    return createSiweMessage({
      domain: fields.domain,
      address: fields.displayAddress as `0x${string}`,
      uri: fields.uri,
      version: SIWE_VERSION,
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
  return [
    `Sign in to ${oneLine(projectName)} with your ${WALLET_NAMES[fields.walletType]} wallet.`,
    ...(fields.uri === '' ? [] : [`Origin: ${fields.uri}`]),
    `Wallet: ${fields.displayAddress}`,
    `Nonce: ${nonce}`,
    `Issued At: ${iso(fields.issued_at)}`,
    `Expiration Time: ${iso(fields.expires_at)}`,
  ].join('\n');
}
