import { ENCRYPTION_KEY_ENV } from '../../services/encryptionKey';
import { isSealed, seal, subkey, unseal } from '../../services/sealed';
import { hmacSha256Hex } from '../../services/secrets';

// TOTP secrets at rest, under the provider's encryption key (services/encryptionKey.ts), which never is in the
// database.

/** Separate keys for the TOTP uses of the encryption key (HKDF-SHA256), so one never stands in for another. */
interface DerivedKeys {
  secret: Buffer;
  recoveryCode: Buffer;
}

function derive(master: Buffer): DerivedKeys {
  return {
    secret: subkey(master, 'latchkey totp secret v1'),
    recoveryCode: subkey(master, 'latchkey totp recovery code v1'),
  };
}

/**
 * Encrypts a TOTP secret with AES-256-GCM (a fresh 96-bit IV each time), bound to its TOTP id as additional
 * data so a ciphertext copied onto another row does not decrypt: `v1.` + base64url(iv ‖ ciphertext ‖ tag).
 */
export function encryptTotpSecret(master: Buffer, totpId: string, secret: string): string {
  return seal(derive(master).secret, totpId, secret);
}

/**
 * Decrypts what encryptTotpSecret stored. Throws when the key is not the one it was encrypted under or the
 * row was tampered with: an operator's mistake (a lost or changed key), never the caller's.
 */
export function decryptTotpSecret(master: Buffer, totpId: string, stored: string): string {
  if (!isSealed(stored)) throw new Error(`TOTP ${totpId}: unknown secret format`);
  try {
    return unseal(derive(master).secret, totpId, stored);
  } catch {
    throw new Error(
      `TOTP ${totpId}: the secret does not decrypt with this encryption key (was ${ENCRYPTION_KEY_ENV} changed or lost?)`,
    );
  }
}

/** How a recovery code is kept: HMAC-SHA256 of `${totp_id}:${code}` under a key derived from the encryption key. */
export function recoveryCodeHash(master: Buffer, totpId: string, code: string): string {
  return hmacSha256Hex(derive(master).recoveryCode, `${totpId}:${code}`);
}
