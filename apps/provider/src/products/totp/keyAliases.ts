// The encryption key's deprecated names (its descriptor's `keyAliases.encryption`): authenticator apps were the key's
// first users, and it was named after them. Still read when the key is not given under its own name
// (services/encryptionKey.ts), and the provider object still answers under the old field.
import type { KeyAlias } from '../descriptor';

export const TOTP_ENCRYPTION_KEY_ALIAS = {
  option: 'totpKey',
  env: 'LATCHKEY_TOTP_ENCRYPTION_KEY',
  fileSuffix: '.totp-key',
} as const satisfies KeyAlias;

declare module '../../provider' {
  interface CreateProviderOptions {
    /**
     * @deprecated Use `encryptionKey` (the same key, named by purpose). Still accepted; giving both with different
     * keys is an error.
     */
    totpKey?: string | Buffer;
  }
  interface Provider {
    /** @deprecated Use `encryptionKey` (the same object). */
    totpKey: EncryptionKeyInfo;
  }
}
