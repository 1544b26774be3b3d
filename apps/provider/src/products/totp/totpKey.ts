import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProviderConfig } from '../../config';
import { hmacSha256Hex } from '../../services/secrets';

/** The environment variable that holds the TOTP key: at least 32 random bytes, hex or base64. */
export const TOTP_KEY_ENV = 'LATCHKEY_TOTP_ENCRYPTION_KEY';
/** The shortest key accepted, in bytes. */
export const MIN_TOTP_KEY_BYTES = 32;

/** Where the TOTP key comes from (never the key itself). */
export type TotpKeySource = 'option' | 'environment' | 'file' | 'ephemeral';

export interface ResolvedTotpKey {
  key: Buffer;
  source: TotpKeySource;
  /** The development key file (`<sqlite file>.totp-key`, mode 0600), when the key is kept there. */
  file: string | null;
}

/** Decodes a key given as hex or base64/base64url; refuses one shorter than 32 bytes. */
export function decodeTotpKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = /^(?:[0-9a-fA-F]{2})+$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (key.length < MIN_TOTP_KEY_BYTES) {
    throw new Error(
      `The TOTP key from ${source} is ${key.length} bytes; it needs at least ${MIN_TOTP_KEY_BYTES} random bytes, hex or base64 (for example: openssl rand -base64 32).`,
    );
  }
  return key;
}

/**
 * The key TOTP secrets are encrypted under and recovery codes are keyed with, which must never be in the
 * database: the explicit one, else `LATCHKEY_TOTP_ENCRYPTION_KEY`. Production refuses to start without one. In
 * development without either, a key kept beside the SQLite file as `<file>.totp-key` (created on first start,
 * mode 0600), so authenticator apps keep working across restarts; an in-memory, already-open or PostgreSQL
 * database gets a random key for the life of the process (its TOTPs stop working when it restarts).
 */
export function resolveTotpKey(options: {
  config: ProviderConfig;
  explicit?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** The SQLite file the provider opened itself, if any. */
  sqlitePath?: string;
}): ResolvedTotpKey {
  if (options.explicit !== undefined) {
    const text = typeof options.explicit === 'string' ? options.explicit : options.explicit.toString('hex');
    return { key: decodeTotpKey(text, 'the totpKey option'), source: 'option', file: null };
  }
  const fromEnv = (options.env ?? process.env)[TOTP_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return { key: decodeTotpKey(fromEnv, TOTP_KEY_ENV), source: 'environment', file: null };
  }
  if (options.config.mode === 'production') {
    throw new Error(
      `Production mode needs a TOTP key: set ${TOTP_KEY_ENV} to at least ${MIN_TOTP_KEY_BYTES} random bytes (hex or base64, for example: openssl rand -base64 32). Authenticator-app secrets are encrypted under this key, which must not be kept in the database; keep it, or every enrolled app stops working.`,
    );
  }
  const path = options.sqlitePath;
  if (path === undefined || path === ':memory:') {
    return { key: randomBytes(MIN_TOTP_KEY_BYTES), source: 'ephemeral', file: null };
  }
  const file = `${path}.totp-key`;
  try {
    return { key: decodeTotpKey(readFileSync(file, 'utf8'), file), source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(MIN_TOTP_KEY_BYTES);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: never overwrite a key another instance wrote in the meantime.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return { key, source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { key: decodeTotpKey(readFileSync(file, 'utf8'), file), source: 'file', file };
    }
    throw error;
  }
}

/** Separate keys for the two uses of the TOTP key (HKDF-SHA256), so one never stands in for the other. */
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
      `TOTP ${totpId}: the secret does not decrypt with this TOTP key (was ${TOTP_KEY_ENV} changed or lost?)`,
    );
  }
}

/** How a recovery code is kept: HMAC-SHA256 of `${totp_id}:${code}` under a key derived from the TOTP key. */
export function recoveryCodeHash(master: Buffer, totpId: string, code: string): string {
  return hmacSha256Hex(derive(master).recoveryCode, `${totpId}:${code}`);
}
