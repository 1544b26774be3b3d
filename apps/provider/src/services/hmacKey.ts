import { MIN_SERVER_KEY_BYTES, resolveServerKey, type ServerKeyOptions, type ServerKeySpec } from './serverKeys';

/** The environment variable that holds the HMAC key: at least 32 random bytes, base64 or hex. */
export const HMAC_KEY_ENV = 'LATCHKEY_HMAC_KEY';
/** @deprecated The variable's name before it was named by purpose; still read when `LATCHKEY_HMAC_KEY` is unset. */
export const DEPRECATED_HMAC_KEY_ENV = 'LATCHKEY_PASSCODE_KEY';
/** The shortest key accepted, in bytes. */
export const MIN_HMAC_KEY_BYTES = MIN_SERVER_KEY_BYTES;

const HMAC_KEY: ServerKeySpec = {
  name: 'HMAC',
  article: 'an',
  option: 'hmacKey',
  env: HMAC_KEY_ENV,
  fileSuffix: '.hmac-key',
  productionReason:
    'Passcodes and the nonces, tickets and flow secrets of sign-ins are HMACs under this key, which must not be kept in the database.',
  deprecated: { option: 'passcodeKey', env: DEPRECATED_HMAC_KEY_ENV, fileSuffix: '.passcode-key' },
};

/**
 * The provider's HMAC key, which must never be in the database: passcodes are stored as an HMAC under it, and
 * subkeys of it make wallet challenge nonces, the identity provider's login tickets, social sign-in flow secrets
 * and the outbox's payload key. The explicit one (`hmacKey`, or its deprecated name `passcodeKey`), else
 * `LATCHKEY_HMAC_KEY` (or `LATCHKEY_PASSCODE_KEY`); in development without either, a key kept beside the SQLite
 * file as `<file>.hmac-key` (created on first start, mode 0600; an existing `<file>.passcode-key` is used instead),
 * or a fresh random key for an in-memory or already-open database. Production refuses to start without a key.
 */
export function resolveHmacKey(options: ServerKeyOptions): Buffer {
  return resolveServerKey(HMAC_KEY, options).key;
}
