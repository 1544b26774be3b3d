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
 * @deprecated The variable's name before it was named by purpose; still read when `LATCHKEY_ENCRYPTION_KEY` is
 * unset.
 */
export const DEPRECATED_ENCRYPTION_KEY_ENV = 'LATCHKEY_TOTP_ENCRYPTION_KEY';
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
  deprecated: { option: 'totpKey', env: DEPRECATED_ENCRYPTION_KEY_ENV, fileSuffix: '.totp-key' },
};

/**
 * The provider's encryption key, which must never be in the database: subkeys of it encrypt authenticator-app
 * (TOTP) secrets and social sign-in provider values, and key the recovery codes. The explicit one
 * (`encryptionKey`, or its deprecated name `totpKey`), else `LATCHKEY_ENCRYPTION_KEY` (or
 * `LATCHKEY_TOTP_ENCRYPTION_KEY`). Production refuses to start without one. In development without either, a key
 * kept beside the SQLite file as `<file>.encryption-key` (created on first start, mode 0600; an existing
 * `<file>.totp-key` is used instead), so authenticator apps keep working across restarts; an in-memory,
 * already-open or PostgreSQL database gets a random key for the life of the process (its TOTPs stop working when
 * it restarts).
 */
export function resolveEncryptionKey(options: ServerKeyOptions): ResolvedEncryptionKey {
  return resolveServerKey(ENCRYPTION_KEY, options);
}
