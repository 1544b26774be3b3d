import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProviderConfig } from '../../config';

/** The environment variable that holds the passcode key: at least 32 random bytes, base64 or hex. */
export const PASSCODE_KEY_ENV = 'LATCHKEY_PASSCODE_KEY';
/** The shortest key accepted, in bytes. */
export const MIN_PASSCODE_KEY_BYTES = 32;

/** Decodes a key given as hex (64+ hex digits) or base64/base64url; refuses one that is too short. */
export function decodePasscodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = /^(?:[0-9a-fA-F]{2})+$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (key.length < MIN_PASSCODE_KEY_BYTES) {
    throw new Error(
      `The passcode key from ${source} is ${key.length} bytes; it needs at least ${MIN_PASSCODE_KEY_BYTES} random bytes, hex or base64 (for example: openssl rand -base64 32).`,
    );
  }
  return key;
}

/**
 * The key of the passcodes' HMAC, which must never be in the database: the explicit one, else
 * `LATCHKEY_PASSCODE_KEY`; in development without either, a key kept beside the SQLite file (created on first
 * start, mode 0600), or a fresh random key for an in-memory or already-open database. Production refuses to
 * start without a key.
 */
export function resolvePasscodeKey(options: {
  config: ProviderConfig;
  explicit?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** The SQLite file the provider opened itself, if any. */
  sqlitePath?: string;
}): Buffer {
  if (options.explicit !== undefined) {
    return typeof options.explicit === 'string'
      ? decodePasscodeKey(options.explicit, 'the passcodeKey option')
      : decodePasscodeKey(options.explicit.toString('hex'), 'the passcodeKey option');
  }
  const fromEnv = (options.env ?? process.env)[PASSCODE_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return decodePasscodeKey(fromEnv, PASSCODE_KEY_ENV);
  if (options.config.mode === 'production') {
    throw new Error(
      `Production mode needs a passcode key: set ${PASSCODE_KEY_ENV} to at least ${MIN_PASSCODE_KEY_BYTES} random bytes (hex or base64, for example: openssl rand -base64 32). Passcodes are stored as an HMAC under this key, which must not be kept in the database.`,
    );
  }
  const path = options.sqlitePath;
  if (path === undefined || path === ':memory:') return randomBytes(MIN_PASSCODE_KEY_BYTES);
  const keyPath = `${path}.passcode-key`;
  try {
    return decodePasscodeKey(readFileSync(keyPath, 'utf8'), keyPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(MIN_PASSCODE_KEY_BYTES);
  mkdirSync(dirname(keyPath), { recursive: true });
  try {
    // `wx`: never overwrite a key another instance wrote in the meantime.
    writeFileSync(keyPath, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(keyPath, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return decodePasscodeKey(readFileSync(keyPath, 'utf8'), keyPath);
    throw error;
  }
}
