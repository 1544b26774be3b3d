import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ENCRYPTION_KEY_ENV } from '../../services/encryptionKey';
import { hmacSha256Hex } from '../../services/secrets';

// TOTP secrets at rest, under the provider's encryption key (services/encryptionKey.ts), which never is in the
// database.

/** Separate keys for the TOTP uses of the encryption key (HKDF-SHA256), so one never stands in for another. */
interface DerivedKeys {
  secret: Buffer;
  recoveryCode: Buffer;
}

const derivedKeys = new WeakMap<Buffer, DerivedKeys>();

function derive(master: Buffer): DerivedKeys {
  let keys = derivedKeys.get(master);
  if (!keys) {
    const expand = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
    keys = { secret: expand('latchkey totp secret v1'), recoveryCode: expand('latchkey totp recovery code v1') };
    derivedKeys.set(master, keys);
  }
  return keys;
}

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts a TOTP secret with AES-256-GCM (a fresh 96-bit IV each time), bound to its TOTP id as additional
 * data so a ciphertext copied onto another row does not decrypt: `v1.` + base64url(iv ‖ ciphertext ‖ tag).
 */
export function encryptTotpSecret(master: Buffer, totpId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', derive(master).secret, iv);
  cipher.setAAD(Buffer.from(totpId, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}${Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString('base64url')}`;
}

/**
 * Decrypts what encryptTotpSecret stored. Throws when the key is not the one it was encrypted under or the
 * row was tampered with: an operator's mistake (a lost or changed key), never the caller's.
 */
export function decryptTotpSecret(master: Buffer, totpId: string, stored: string): string {
  if (!stored.startsWith(VERSION)) throw new Error(`TOTP ${totpId}: unknown secret format`);
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const encrypted = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', derive(master).secret, iv);
    decipher.setAAD(Buffer.from(totpId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
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
