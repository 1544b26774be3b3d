import type { KeyAlias } from '../products/descriptor';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import {
  MIN_SERVER_KEY_BYTES,
  type ResolvedServerKey,
  resolveServerKey,
  type ServerKeyOptions,
  type ServerKeySource,
  type ServerKeySpec,
} from './serverKeys';

/** The environment variable that holds the encryption key: at least 32 random bytes, hex or base64. */
export const ENCRYPTION_KEY_ENV = 'LATCHKEY_ENCRYPTION_KEY';
/**
 * The key's deprecated names (a product's descriptor's `keyAliases.encryption`: authenticator apps named it first),
 * still read when the key is not given under its own: an option, a variable, a development file.
 */
export const ENCRYPTION_KEY_ALIAS: KeyAlias | undefined = PRODUCT_DESCRIPTORS.map(
  (descriptor) => descriptor.keyAliases?.encryption,
).find((alias) => alias !== undefined);
/**
 * @deprecated The variable's name before it was named by purpose; still read when `LATCHKEY_ENCRYPTION_KEY` is
 * unset.
 */
export const DEPRECATED_ENCRYPTION_KEY_ENV: string | undefined = ENCRYPTION_KEY_ALIAS?.env;
/** The shortest key accepted, in bytes. */
export const MIN_ENCRYPTION_KEY_BYTES = MIN_SERVER_KEY_BYTES;

/** Where the encryption key comes from (never the key itself). */
export type EncryptionKeySource = ServerKeySource;

export type ResolvedEncryptionKey = ResolvedServerKey;

const ENCRYPTION_KEY: ServerKeySpec = {
  name: 'encryption',
  article: 'an',
  option: 'encryptionKey',
  env: ENCRYPTION_KEY_ENV,
  fileSuffix: '.encryption-key',
  productionReason:
    'Authenticator-app secrets and social sign-in provider tokens are encrypted under this key, which must not be kept in the database; keep it, or every enrolled app stops working.',
  ...(ENCRYPTION_KEY_ALIAS ? { deprecated: ENCRYPTION_KEY_ALIAS } : {}),
};

/**
 * The provider's encryption key, which must never be in the database: subkeys of it encrypt authenticator-app
 * (TOTP) secrets and social sign-in provider values, and key the recovery codes. The explicit one
 * (`encryptionKey`, or its deprecated name, ENCRYPTION_KEY_ALIAS), else `LATCHKEY_ENCRYPTION_KEY` (or the deprecated
 * variable). Production refuses to start without one. In development without either, a key
 * kept beside the SQLite file as `<file>.encryption-key` (created on first start, mode 0600; an existing
 * `<file>.totp-key` is used instead), so authenticator apps keep working across restarts; an in-memory,
 * already-open or PostgreSQL database gets a random key for the life of the process (its TOTPs stop working when
 * it restarts).
 */
export function resolveEncryptionKey(options: ServerKeyOptions): ResolvedEncryptionKey {
  return resolveServerKey(ENCRYPTION_KEY, options);
}
