// Values kept in the database that a copy of it must not reveal (README, "Security"): TOTP secrets, a social sign-in's
// upstream tokens, the outbox's messages, the private halves of the signing keys. Each is sealed with AES-256-GCM under
// a subkey of a key that lives outside the database (the encryption key or the HMAC key), bound to its row by the
// additional data, so a sealed value copied onto another row does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const subkeys = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * The 32-byte subkey of `master` for one use (HKDF-SHA256, RFC 5869, with `info` naming the use), so one use's key
 * never stands in for another's. Kept per master key.
 */
export function subkey(master: Buffer, info: string): Buffer {
  let byInfo = subkeys.get(master);
  if (!byInfo) {
    byInfo = new Map();
    subkeys.set(master, byInfo);
  }
  let key = byInfo.get(info);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
    byInfo.set(info, key);
  }
  return key;
}

/** `v1.` + base64url(iv ‖ ciphertext ‖ tag): `plaintext` under `key` (a fresh 96-bit IV), `context` as additional data. */
export function seal(key: Buffer, context: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}${Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString('base64url')}`;
}

/** Whether `stored` has the form `seal` writes (it may still not open under a given key). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(VERSION);
}

/**
 * What `seal` sealed. Throws when `stored` is not sealed, was sealed under another key or for another context, or was
 * changed: a lost or changed key, or a tampered row.
 */
export function unseal(key: Buffer, context: string, stored: string): string {
  if (!isSealed(stored)) throw new Error('unknown format');
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  // A tag of exactly 16 bytes: GCM would also check a truncated one, which is easier to forge.
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
