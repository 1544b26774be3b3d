import {
  MIN_SERVER_KEY_BYTES,
  resolveServerKey,
  type ServerKeyOptions,
  type ServerKeySpec,
} from '../../services/serverKeys';

/** The environment variable that holds the passcode key: at least 32 random bytes, base64 or hex. */
export const PASSCODE_KEY_ENV = 'LATCHKEY_PASSCODE_KEY';
/** The shortest key accepted, in bytes. */
export const MIN_PASSCODE_KEY_BYTES = MIN_SERVER_KEY_BYTES;

const PASSCODE_KEY: ServerKeySpec = {
  name: 'passcode',
  option: 'passcodeKey',
  env: PASSCODE_KEY_ENV,
  fileSuffix: '.passcode-key',
  productionReason: 'Passcodes are stored as an HMAC under this key, which must not be kept in the database.',
};

/**
 * The key of the passcodes' HMAC, which must never be in the database: the explicit one, else
 * `LATCHKEY_PASSCODE_KEY`; in development without either, a key kept beside the SQLite file (created on first
 * start, mode 0600), or a fresh random key for an in-memory or already-open database. Production refuses to
 * start without a key.
 */
export function resolvePasscodeKey(options: ServerKeyOptions): Buffer {
  return resolveServerKey(PASSCODE_KEY, options).key;
}
