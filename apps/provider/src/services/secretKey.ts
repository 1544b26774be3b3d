import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProviderConfig } from '../config';
import { randomToken } from './secrets';

/** The environment variable that sets the project's secret key for server calls (`/v1/…`). */
export const SECRET_KEY_ENV = 'LATCHKEY_SECRET_KEY';
/** The shortest secret key accepted, in characters: it is kept as an unsalted SHA-256, so it must be random. */
export const MIN_SECRET_KEY_LENGTH = 32;

/** A fresh secret key: `secret-test-` or `secret-live-` and 256 random bits, base64url. */
export function newSecretKey(environment: 'test' | 'live'): string {
  return `secret-${environment}-${randomToken(32)}`;
}

/** Checks a secret key given by an operator: long enough, printable, no spaces. */
export function checkSecretKey(text: string, source: string): string {
  const key = text.trim();
  if (key.length < MIN_SECRET_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new Error(
      `The secret key from ${source} must be at least ${MIN_SECRET_KEY_LENGTH} printable characters without spaces (for example: openssl rand -base64 32).`,
    );
  }
  return key;
}

/** Where the secret key came from, to tell the operator (never the key itself). */
export type SecretKeySource = 'option' | 'environment' | 'file' | 'database' | 'none';

export interface ResolvedSecretKey {
  /** The key to store the hash of; null keeps whatever hash the database already holds. */
  key: string | null;
  source: SecretKeySource;
  /** The development key file (`<sqlite file>.secret-key`), when the key lives there. */
  file: string | null;
}

/**
 * The project's secret key for server calls: the explicit one, else `LATCHKEY_SECRET_KEY`; in development with
 * a SQLite file, a key kept beside it as `<file>.secret-key` (created on first start, mode 0600) so the developer
 * can read it. Otherwise none: the database keeps the hash it has (set by an earlier start), if any. Only the
 * key's hash is ever written to the database.
 */
export function resolveSecretKey(options: {
  config: ProviderConfig;
  environment: 'test' | 'live';
  explicit?: string;
  env?: NodeJS.ProcessEnv;
  sqlitePath?: string;
}): ResolvedSecretKey {
  if (options.explicit !== undefined) {
    return { key: checkSecretKey(options.explicit, 'the secretKey option'), source: 'option', file: null };
  }
  const fromEnv = (options.env ?? process.env)[SECRET_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return { key: checkSecretKey(fromEnv, SECRET_KEY_ENV), source: 'environment', file: null };
  }
  const path = options.sqlitePath;
  if (options.config.mode === 'production' || path === undefined || path === ':memory:') {
    return { key: null, source: 'none', file: null };
  }
  const file = `${path}.secret-key`;
  try {
    return { key: checkSecretKey(readFileSync(file, 'utf8'), file), source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = newSecretKey(options.environment);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: never overwrite a key another instance wrote in the meantime.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return { key, source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { key: checkSecretKey(readFileSync(file, 'utf8'), file), source: 'file', file };
    }
    throw error;
  }
}
