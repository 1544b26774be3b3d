import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProviderConfig } from '../config';

/** The shortest server key accepted, in bytes. */
export const MIN_SERVER_KEY_BYTES = 32;

/** Where a server key comes from (never the key itself). */
export type ServerKeySource = 'option' | 'environment' | 'file' | 'ephemeral';

/**
 * A key the provider needs and must never keep in its database (the passcodes' HMAC key, the TOTP key): how it is
 * named in messages, the option and environment variable that give it, and the development file beside the
 * SQLite database that keeps it across restarts.
 */
export interface ServerKeySpec {
  /** In messages: 'passcode', 'TOTP'. */
  name: string;
  /** The provider option that gives it, e.g. `passcodeKey`. */
  option: string;
  env: string;
  /** `<sqlite file><fileSuffix>`, e.g. `.passcode-key`. */
  fileSuffix: string;
  /** Why production needs it: the end of the refusal message. */
  productionReason: string;
}

/** Where a server key may come from, besides the development file. */
export interface ServerKeyOptions {
  config: ProviderConfig;
  /** Given to the provider directly (an option of `createProvider`). */
  explicit?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** The SQLite file the provider opened itself, if any. */
  sqlitePath?: string;
}

export interface ResolvedServerKey {
  key: Buffer;
  source: ServerKeySource;
  /** The development key file (mode 0600), when the key is kept there. */
  file: string | null;
}

/** Decodes a key given as hex or base64/base64url; refuses one shorter than 32 bytes. */
export function decodeServerKey(spec: ServerKeySpec, text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = /^(?:[0-9a-fA-F]{2})+$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (key.length < MIN_SERVER_KEY_BYTES) {
    throw new Error(
      `The ${spec.name} key from ${source} is ${key.length} bytes; it needs at least ${MIN_SERVER_KEY_BYTES} random bytes, hex or base64 (for example: openssl rand -base64 32).`,
    );
  }
  return key;
}

/**
 * The key: the explicit one, else the environment variable. Production refuses to start without one. In
 * development without either, a key kept beside the SQLite file (created on first start, mode 0600, never
 * overwritten), or a random key for the life of the process for an in-memory, already-open or PostgreSQL database.
 */
export function resolveServerKey(spec: ServerKeySpec, options: ServerKeyOptions): ResolvedServerKey {
  if (options.explicit !== undefined) {
    const text = typeof options.explicit === 'string' ? options.explicit : options.explicit.toString('hex');
    return { key: decodeServerKey(spec, text, `the ${spec.option} option`), source: 'option', file: null };
  }
  const fromEnv = (options.env ?? process.env)[spec.env];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return { key: decodeServerKey(spec, fromEnv, spec.env), source: 'environment', file: null };
  }
  if (options.config.mode === 'production') {
    throw new Error(
      `Production mode needs a ${spec.name} key: set ${spec.env} to at least ${MIN_SERVER_KEY_BYTES} random bytes (hex or base64, for example: openssl rand -base64 32). ${spec.productionReason}`,
    );
  }
  const path = options.sqlitePath;
  if (path === undefined || path === ':memory:') {
    return { key: randomBytes(MIN_SERVER_KEY_BYTES), source: 'ephemeral', file: null };
  }
  const file = `${path}${spec.fileSuffix}`;
  const fromFile = (): ResolvedServerKey => ({
    key: decodeServerKey(spec, readFileSync(file, 'utf8'), file),
    source: 'file',
    file,
  });
  try {
    return fromFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(MIN_SERVER_KEY_BYTES);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: never overwrite a key another instance wrote in the meantime.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return { key, source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromFile();
    throw error;
  }
}
