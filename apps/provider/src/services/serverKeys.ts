import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProviderConfig } from '../config';

/** The shortest server key accepted, in bytes. */
export const MIN_SERVER_KEY_BYTES = 32;

/** Where a server key comes from (never the key itself). */
export type ServerKeySource = 'option' | 'environment' | 'file' | 'ephemeral';

/**
 * A key the provider needs and must never keep in its database (the HMAC key, the encryption key): how it is
 * named in messages, the option and environment variable that give it, and the development file beside the
 * SQLite database that keeps it across restarts.
 */
export interface ServerKeySpec {
  /** In messages: 'HMAC', 'encryption' (`The HMAC key from …`). */
  name: string;
  /** `a` or `an`, before the name (`needs an HMAC key`). */
  article: 'a' | 'an';
  /** The provider option that gives it, e.g. `hmacKey`. */
  option: string;
  env: string;
  /** `<sqlite file><fileSuffix>`, e.g. `.hmac-key`. */
  fileSuffix: string;
  /** Why production needs it: the end of the refusal message. */
  productionReason: string;
  /**
   * The names it had before (named after its first user): the option and the variable are still read when the new
   * one is not given, and an existing old development file is still used when the new one does not exist.
   */
  deprecated?: { option: string; env: string; fileSuffix: string };
}

/** Where a server key may come from, besides the development file. */
export interface ServerKeyOptions {
  config: ProviderConfig;
  /** Given to the provider directly (an option of `createProvider`). */
  explicit?: string | Buffer;
  /** Given under the deprecated name of that option (`spec.deprecated.option`). */
  explicitDeprecated?: string | Buffer;
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

/** A key given as text (hex or base64) or bytes, decoded. */
function decodeGiven(spec: ServerKeySpec, given: string | Buffer, source: string): Buffer {
  return decodeServerKey(spec, typeof given === 'string' ? given : given.toString('hex'), source);
}

/**
 * The key given under its name or its deprecated name (options or environment variables), if any; both with
 * different keys is an error, since one of them would be silently ignored.
 */
function givenKey(
  spec: ServerKeySpec,
  current: { name: string; value: string | Buffer | undefined },
  deprecated: { name: string; value: string | Buffer | undefined } | null,
): Buffer | null {
  const key = current.value === undefined ? null : decodeGiven(spec, current.value, current.name);
  const old = deprecated?.value === undefined ? null : decodeGiven(spec, deprecated.value, deprecated.name);
  if (key && old && !key.equals(old)) {
    throw new Error(
      `Both ${current.name} and ${deprecated?.name} (its deprecated name) are given, with different keys: give only ${current.name}.`,
    );
  }
  return key ?? old;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * The key: the explicit one, else the environment variable (each also under its deprecated name). Production
 * refuses to start without one. In development without either, a key kept beside the SQLite file (created on first
 * start, mode 0600, never overwritten; an existing file under the deprecated suffix is used instead of creating a
 * new one), or a random key for the life of the process for an in-memory, already-open or PostgreSQL database.
 */
export function resolveServerKey(spec: ServerKeySpec, options: ServerKeyOptions): ResolvedServerKey {
  const { deprecated } = spec;
  const explicit = givenKey(
    spec,
    { name: `the ${spec.option} option`, value: options.explicit },
    deprecated ? { name: `the ${deprecated.option} option`, value: options.explicitDeprecated } : null,
  );
  if (explicit) return { key: explicit, source: 'option', file: null };
  const env = options.env ?? process.env;
  const fromEnv = givenKey(
    spec,
    { name: spec.env, value: nonEmpty(env[spec.env]) },
    deprecated ? { name: deprecated.env, value: nonEmpty(env[deprecated.env]) } : null,
  );
  if (fromEnv) return { key: fromEnv, source: 'environment', file: null };
  if (options.config.mode === 'production') {
    throw new Error(
      `Production mode needs ${spec.article} ${spec.name} key: set ${spec.env} to at least ${MIN_SERVER_KEY_BYTES} random bytes (hex or base64, for example: openssl rand -base64 32). ${spec.productionReason}`,
    );
  }
  const path = options.sqlitePath;
  if (path === undefined || path === ':memory:') {
    return { key: randomBytes(MIN_SERVER_KEY_BYTES), source: 'ephemeral', file: null };
  }
  const file = `${path}${spec.fileSuffix}`;
  const fromFile = (at: string): ResolvedServerKey => ({
    key: decodeServerKey(spec, readFileSync(at, 'utf8'), at),
    source: 'file',
    file: at,
  });
  try {
    return fromFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The file a version before the rename wrote: the key of everything stored so far, so never replaced.
  if (deprecated) {
    const oldFile = `${path}${deprecated.fileSuffix}`;
    if (existsSync(oldFile)) return fromFile(oldFile);
  }
  const key = randomBytes(MIN_SERVER_KEY_BYTES);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: never overwrite a key another instance wrote in the meantime.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return { key, source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromFile(file);
    throw error;
  }
}
