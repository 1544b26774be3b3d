// Secrets of a social sign-in that must not be readable from a copy of the database (README, "Security": Tokens and
// codes). The upstream PKCE verifier and the OIDC nonce are never stored: a transaction keeps a random salt and
// both are HMACs of it under a subkey of the HMAC key, which lives outside the database (as the wallet slice
// derives its SIWE nonces). The upstream's tokens handed back by `oauth/authenticate` are kept until then
// encrypted with AES-256-GCM under a subkey of the encryption key (services/encryptionKey.ts), bound to the token row.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { OAuthProviderValues } from '@latchkey/sdk/contract';

type FlowSecret = 'pkce-verifier' | 'oidc-nonce';

/**
 * The upstream PKCE verifier or OIDC nonce of a transaction: HMAC-SHA256(subkey, salt), base64url (43 characters,
 * a valid RFC 7636 verifier).
 */
export function flowSecret(hmacKey: Buffer, salt: string, purpose: FlowSecret): string {
  const subkey = createHmac('sha256', hmacKey).update(`latchkey/oauth-${purpose}/v1`).digest();
  return createHmac('sha256', subkey).update(salt).digest('base64url');
}

const subkeys = new WeakMap<Buffer, Buffer>();

/** A key for provider values only (HKDF-SHA256), so the encryption key itself never encrypts anything else. */
function valuesKey(encryptionKey: Buffer): Buffer {
  let key = subkeys.get(encryptionKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'latchkey oauth provider values v1', 32));
    subkeys.set(encryptionKey, key);
  }
  return key;
}

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `v1.` + base64url(iv ‖ ciphertext ‖ tag) of the values' JSON, with the token id as additional data. */
export function encryptProviderValues(encryptionKey: Buffer, tokenId: string, values: OAuthProviderValues): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', valuesKey(encryptionKey), iv);
  cipher.setAAD(Buffer.from(tokenId, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return `${VERSION}${Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString('base64url')}`;
}

/** Decrypts what encryptProviderValues stored; throws when the key changed or the row was tampered with. */
export function decryptProviderValues(encryptionKey: Buffer, tokenId: string, stored: string): OAuthProviderValues {
  if (!stored.startsWith(VERSION)) throw new Error(`OAuth token ${tokenId}: unknown provider values format`);
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', valuesKey(encryptionKey), bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(tokenId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const json = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(json.toString('utf8')) as OAuthProviderValues;
}

/** Empty provider values (an upstream that sent no ID token or refresh token leaves those fields ''). */
export function emptyProviderValues(): OAuthProviderValues {
  return { access_token: '', id_token: '', refresh_token: '', scopes: [], expires_at: '' };
}
