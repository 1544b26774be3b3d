// The provider's two server keys are named by purpose (issue 27): the HMAC key (once the passcode key) and the
// encryption key (once the TOTP key). The new option, variable and development file are read first; the old names
// still work, an old development file is kept in use, and an old and a new name giving different keys is an error.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../testing/harness';
import { parseConfig } from '../config';
import { TOTP_ENCRYPTION_KEY_ALIAS } from '../products/totp/keyAliases';
import { createProvider } from '../provider';
import { ENCRYPTION_KEY_ENV, resolveEncryptionKey } from './encryptionKey';
import { DEPRECATED_HMAC_KEY_ENV, HMAC_KEY_ENV, resolveHmacKey } from './hmacKey';
import type { ServerKeyOptions } from './serverKeys';

const development = parseConfig({});
const production = parseConfig({ mode: 'production' });

const directories: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function sqliteFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'latchkey-server-keys-'));
  directories.push(directory);
  return join(directory, 'latchkey.sqlite');
}

const KEYS = [
  {
    key: 'HMAC',
    resolve: (options: ServerKeyOptions) => resolveHmacKey(options),
    option: 'hmacKey',
    deprecatedOption: 'passcodeKey',
    env: HMAC_KEY_ENV,
    deprecatedEnv: DEPRECATED_HMAC_KEY_ENV,
    suffix: '.hmac-key',
    deprecatedSuffix: '.passcode-key',
  },
  {
    key: 'encryption',
    resolve: (options: ServerKeyOptions) => resolveEncryptionKey(options).key,
    option: 'encryptionKey',
    deprecatedOption: 'totpKey',
    env: ENCRYPTION_KEY_ENV,
    deprecatedEnv: TOTP_ENCRYPTION_KEY_ALIAS.env,
    suffix: '.encryption-key',
    deprecatedSuffix: '.totp-key',
  },
] as const;

describe.each(KEYS)('the $key key', (spec) => {
  it('is named by purpose: the option, the variable and the development file', () => {
    const key = randomBytes(32);
    expect(spec.env).toBe(spec.key === 'HMAC' ? 'LATCHKEY_HMAC_KEY' : 'LATCHKEY_ENCRYPTION_KEY');
    expect(spec.resolve({ config: production, explicit: key, env: {} })).toEqual(key);
    expect(spec.resolve({ config: production, env: { [spec.env]: key.toString('base64') } })).toEqual(key);
    const file = sqliteFile();
    const generated = spec.resolve({ config: development, env: {}, sqlitePath: file });
    expect(Buffer.from(readFileSync(`${file}${spec.suffix}`, 'utf8').trim(), 'base64')).toEqual(generated);
    expect(existsSync(`${file}${spec.deprecatedSuffix}`)).toBe(false);
  });

  it(`still takes the deprecated option (${spec.deprecatedOption}) and variable (${spec.deprecatedEnv})`, () => {
    const key = randomBytes(32);
    expect(spec.resolve({ config: production, explicitDeprecated: key, env: {} })).toEqual(key);
    expect(spec.resolve({ config: production, env: { [spec.deprecatedEnv]: key.toString('hex') } })).toEqual(key);
    // The new name first; the same key under both names is fine.
    const other = randomBytes(32);
    expect(spec.resolve({ config: production, explicit: other, env: { [spec.env]: key.toString('hex') } })).toEqual(
      other,
    );
    expect(spec.resolve({ config: production, explicit: key, explicitDeprecated: key.toString('base64') })).toEqual(
      key,
    );
    expect(
      spec.resolve({ config: production, env: { [spec.env]: key.toString('hex'), [spec.deprecatedEnv]: '' } }),
    ).toEqual(key);
  });

  it('refuses an old and a new name that give different keys', () => {
    const [one, two] = [randomBytes(32), randomBytes(32)];
    expect(() => spec.resolve({ config: production, explicit: one, explicitDeprecated: two, env: {} })).toThrow(
      `Both the ${spec.option} option and the ${spec.deprecatedOption} option (its deprecated name) are given, with different keys: give only the ${spec.option} option.`,
    );
    expect(() =>
      spec.resolve({
        config: production,
        env: { [spec.env]: one.toString('base64'), [spec.deprecatedEnv]: two.toString('base64') },
      }),
    ).toThrow(
      `Both ${spec.env} and ${spec.deprecatedEnv} (its deprecated name) are given, with different keys: give only ${spec.env}.`,
    );
  });

  it('keeps using a development file an earlier version wrote under the old name, and never makes a new one', () => {
    const file = sqliteFile();
    const old = randomBytes(32);
    writeFileSync(`${file}${spec.deprecatedSuffix}`, `${old.toString('base64')}\n`, { mode: 0o600 });
    expect(spec.resolve({ config: development, env: {}, sqlitePath: file })).toEqual(old);
    expect(spec.resolve({ config: development, env: {}, sqlitePath: file })).toEqual(old);
    expect(existsSync(`${file}${spec.suffix}`)).toBe(false);
  });

  it('refuses to start in production without a key, naming the new variable', () => {
    expect(() => spec.resolve({ config: production, env: {} })).toThrow(
      new RegExp(`^Production mode needs an ${spec.key} key: set ${spec.env} to at least 32 random bytes`),
    );
  });
});

describe('createProvider and the keys', () => {
  it('takes hmacKey and encryptionKey, still takes passcodeKey and totpKey, and refuses different keys under both', async () => {
    vi.stubEnv(HMAC_KEY_ENV, '');
    vi.stubEnv(DEPRECATED_HMAC_KEY_ENV, '');
    vi.stubEnv(ENCRYPTION_KEY_ENV, '');
    vi.stubEnv(TOTP_ENCRYPTION_KEY_ALIAS.env, '');
    const fresh = await freshDatabase();
    const base = { db: fresh.database, config: { mode: 'production' as const }, outbox: { send: async () => {} } };
    try {
      const current = await createProvider({ ...base, hmacKey: randomBytes(32), encryptionKey: randomBytes(32) });
      expect(current.encryptionKey).toEqual({ source: 'option', file: null });
      await current.close();
      const deprecated = await createProvider({ ...base, passcodeKey: randomBytes(32), totpKey: randomBytes(32) });
      expect(deprecated.encryptionKey).toEqual({ source: 'option', file: null });
      // The Provider's deprecated property is the same object.
      expect(deprecated.totpKey).toBe(deprecated.encryptionKey);
      await deprecated.close();
      await expect(
        createProvider({
          ...base,
          hmacKey: randomBytes(32),
          passcodeKey: randomBytes(32),
          encryptionKey: randomBytes(32),
        }),
      ).rejects.toThrow(/^Both the hmacKey option and the passcodeKey option \(its deprecated name\)/);
      await expect(
        createProvider({ ...base, hmacKey: randomBytes(32), encryptionKey: randomBytes(32), totpKey: randomBytes(32) }),
      ).rejects.toThrow(/^Both the encryptionKey option and the totpKey option \(its deprecated name\)/);
    } finally {
      await fresh.drop();
    }
  });
});
