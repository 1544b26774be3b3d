// Secrets of a social sign-in that must not be readable from a copy of the database (README, "Security": Tokens and
// codes). The upstream PKCE verifier and the OIDC nonce are never stored: a transaction keeps a random salt and
// both are HMACs of it under a subkey of the HMAC key, which lives outside the database (as the wallet slice
// derives its SIWE nonces). The upstream's tokens handed back by `oauth/authenticate` are kept until then
// encrypted with AES-256-GCM under a subkey of the encryption key (services/encryptionKey.ts), bound to the token row.
import { createHmac } from 'node:crypto';
import type { OAuthProviderValues } from '@latchkey/sdk/contract';
import { isSealed, seal, subkey, unseal } from '../../services/sealed';

type FlowSecret = 'pkce-verifier' | 'oidc-nonce';

/**
 * The upstream PKCE verifier or OIDC nonce of a transaction: HMAC-SHA256(subkey, salt), base64url (43 characters,
 * a valid RFC 7636 verifier).
 */
export function flowSecret(hmacKey: Buffer, salt: string, purpose: FlowSecret): string {
  const subkey = createHmac('sha256', hmacKey).update(`latchkey/oauth-${purpose}/v1`).digest();
  return createHmac('sha256', subkey).update(salt).digest('base64url');
}

/** `v1.` + base64url(iv ‖ ciphertext ‖ tag) of the values' JSON, with the token id as additional data. */
export function encryptProviderValues(encryptionKey: Buffer, tokenId: string, values: OAuthProviderValues): string {
  return seal(valuesKey(encryptionKey), tokenId, JSON.stringify(values));
}

/** Decrypts what encryptProviderValues stored; throws when the key changed or the row was tampered with. */
export function decryptProviderValues(encryptionKey: Buffer, tokenId: string, stored: string): OAuthProviderValues {
  if (!isSealed(stored)) throw new Error(`OAuth token ${tokenId}: unknown provider values format`);
  return JSON.parse(unseal(valuesKey(encryptionKey), tokenId, stored)) as OAuthProviderValues;
}

/** A key for provider values only (HKDF-SHA256), so the encryption key itself never encrypts anything else. */
function valuesKey(encryptionKey: Buffer): Buffer {
  return subkey(encryptionKey, 'latchkey oauth provider values v1');
}

/** Empty provider values (an upstream that sent no ID token or refresh token leaves those fields ''). */
export function emptyProviderValues(): OAuthProviderValues {
  return { access_token: '', id_token: '', refresh_token: '', scopes: [], expires_at: '' };
}
