import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseKind, freshDatabase } from '../../../testing/harness';
import { parseConfig } from '../../config';
import { createProvider, type Provider } from '../../provider';
import { ENCRYPTION_KEY_ENV, resolveEncryptionKey } from '../../services/encryptionKey';
import { TOTP_ENCRYPTION_KEY_ALIAS } from './keyAliases';
import { decryptTotpSecret, encryptTotpSecret, recoveryCodeHash } from './totpKey';

const development = parseConfig({});
const production = parseConfig({ mode: 'production' });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('TOTP secrets at rest', () => {
  it('encrypts with a fresh IV each time and decrypts only with the same key and TOTP id', () => {
    const key = randomBytes(32);
    const first = encryptTotpSecret(key, 'totp-test-1', SECRET);
    const second = encryptTotpSecret(key, 'totp-test-1', SECRET);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(SECRET);
    expect(decryptTotpSecret(key, 'totp-test-1', first)).toBe(SECRET);
    expect(decryptTotpSecret(key, 'totp-test-1', second)).toBe(SECRET);
    // Another key, a ciphertext copied onto another TOTP, or a flipped bit: refused, never a wrong secret.
    expect(() => decryptTotpSecret(randomBytes(32), 'totp-test-1', first)).toThrow(
      /does not decrypt with this encryption key \(was LATCHKEY_ENCRYPTION_KEY changed or lost\?\)/,
    );
    expect(() => decryptTotpSecret(key, 'totp-test-2', first)).toThrow(/does not decrypt/);
    const bytes = Buffer.from(first.slice(3), 'base64url');
    bytes[14] = (bytes[14] as number) ^ 1;
    expect(() => decryptTotpSecret(key, 'totp-test-1', `v1.${bytes.toString('base64url')}`)).toThrow(
      /does not decrypt/,
    );
    expect(() => decryptTotpSecret(key, 'totp-test-1', SECRET)).toThrow(/unknown secret format/);
  });

  it('keys recovery-code hashes apart from the secret, per TOTP', () => {
    const key = randomBytes(32);
    expect(recoveryCodeHash(key, 'totp-1', 'abcd-efgh-ijkl-mnop')).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(key, 'totp-1', 'abcd-efgh-ijkl-mnop')).toBe(
      recoveryCodeHash(key, 'totp-1', 'abcd-efgh-ijkl-mnop'),
    );
    expect(recoveryCodeHash(key, 'totp-2', 'abcd-efgh-ijkl-mnop')).not.toBe(
      recoveryCodeHash(key, 'totp-1', 'abcd-efgh-ijkl-mnop'),
    );
    expect(recoveryCodeHash(randomBytes(32), 'totp-1', 'abcd-efgh-ijkl-mnop')).not.toBe(
      recoveryCodeHash(key, 'totp-1', 'abcd-efgh-ijkl-mnop'),
    );
  });
});

describe('the encryption key', () => {
  it('comes from the option, else LATCHKEY_ENCRYPTION_KEY (hex or base64, at least 32 bytes)', () => {
    const key = randomBytes(32);
    expect(resolveEncryptionKey({ config: production, explicit: key, env: {} })).toEqual({
      key,
      source: 'option',
      file: null,
    });
    expect(resolveEncryptionKey({ config: production, env: { [ENCRYPTION_KEY_ENV]: key.toString('hex') } })).toEqual({
      key,
      source: 'environment',
      file: null,
    });
    expect(
      resolveEncryptionKey({ config: production, env: { [ENCRYPTION_KEY_ENV]: ` ${key.toString('base64')}\n` } }).key,
    ).toEqual(key);
    expect(() =>
      resolveEncryptionKey({ config: production, env: { [ENCRYPTION_KEY_ENV]: randomBytes(16).toString('hex') } }),
    ).toThrow(
      'The encryption key from LATCHKEY_ENCRYPTION_KEY is 16 bytes; it needs at least 32 random bytes, hex or base64 (for example: openssl rand -base64 32).',
    );
  });

  it('is required in production: the provider refuses to start without it, and says how to set it', async () => {
    vi.stubEnv(ENCRYPTION_KEY_ENV, '');
    vi.stubEnv(TOTP_ENCRYPTION_KEY_ALIAS.env, '');
    expect(() => resolveEncryptionKey({ config: production, env: {} })).toThrow(
      /^Production mode needs an encryption key: set LATCHKEY_ENCRYPTION_KEY to at least 32 random bytes/,
    );
    const fresh = await freshDatabase();
    const options = {
      db: fresh.database,
      config: { mode: 'production' as const },
      outbox: { send: async () => {} },
      hmacKey: randomBytes(32),
    };
    try {
      await expect(createProvider(options)).rejects.toThrow(/Production mode needs an encryption key/);
      vi.stubEnv(ENCRYPTION_KEY_ENV, randomBytes(32).toString('base64'));
      const provider = await createProvider(options);
      expect(provider.encryptionKey).toEqual({ source: 'environment', file: null });
      await provider.close();
    } finally {
      await fresh.drop();
    }
  });

  it('in development without one, is random for an in-memory or already-open database', () => {
    const first = resolveEncryptionKey({ config: development, env: {}, sqlitePath: ':memory:' });
    const second = resolveEncryptionKey({ config: development, env: {} });
    expect(first).toMatchObject({ source: 'ephemeral', file: null });
    expect(first.key).toHaveLength(32);
    expect(first.key).not.toEqual(second.key);
  });

  it.skipIf(databaseKind !== 'sqlite')(
    'in development without one, is kept beside the SQLite file (mode 0600), so enrolled apps survive a restart',
    async () => {
      await withSqliteFile('latchkey-totp-key-', async (file, providers) => {
        const first = await createProvider({ db: file });
        providers.push(first);
        expect(first.encryptionKey).toEqual({ source: 'file', file: `${file}.encryption-key` });
        expect(statSync(`${file}.encryption-key`).mode & 0o777).toBe(0o600);
        expect(Buffer.from(readFileSync(`${file}.encryption-key`, 'utf8').trim(), 'base64')).toHaveLength(32);
        const enrolled = await enrolAda(first);
        await providers.pop()?.close();

        const second = await createProvider({ db: file });
        providers.push(second);
        await expectConfirmed(second, enrolled);
      });
    },
  );

  it.skipIf(databaseKind !== 'sqlite')(
    'in development, keeps using the <file>.totp-key an earlier version made: its enrolled apps keep working',
    async () => {
      await withSqliteFile('latchkey-old-totp-key-', async (file, providers) => {
        // The file a version that named the key after TOTP left beside the database.
        writeFileSync(`${file}.totp-key`, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
        const first = await createProvider({ db: file });
        providers.push(first);
        expect(first.encryptionKey).toEqual({ source: 'file', file: `${file}.totp-key` });
        const enrolled = await enrolAda(first);
        await providers.pop()?.close();

        const second = await createProvider({ db: file });
        providers.push(second);
        expect(second.encryptionKey).toEqual({ source: 'file', file: `${file}.totp-key` });
        expect(existsSync(`${file}.encryption-key`)).toBe(false);
        await expectConfirmed(second, enrolled);
      });
    },
  );
});

/**
 * Runs `body` with a SQLite file in a fresh folder and no key in the environment (development keeps the key beside
 * the file), then closes the providers it started and removes the folder.
 */
async function withSqliteFile(
  prefix: string,
  body: (file: string, providers: Provider[]) => Promise<void>,
): Promise<void> {
  vi.stubEnv(ENCRYPTION_KEY_ENV, '');
  vi.stubEnv(TOTP_ENCRYPTION_KEY_ALIAS.env, '');
  const directory = mkdtempSync(join(tmpdir(), prefix));
  const providers: Provider[] = [];
  try {
    await body(join(directory, 'latchkey.sqlite'), providers);
  } finally {
    for (const provider of providers) await provider.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A call to the provider's SDK API as the SDK makes it (Basic auth: the public token, then a session token). */
async function call(provider: Provider, path: string, body: unknown, sessionToken?: string) {
  const { publicToken } = provider.config.project;
  const authorization = `Basic ${Buffer.from(`${publicToken}:${sessionToken ?? publicToken}`).toString('base64')}`;
  const response = await provider.fetch(
    new Request(`http://localhost/sdk/v1${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  return { status: response.status, json: (await response.json()) as { data: Record<string, any> } };
}

/** Ada signs in with an email passcode and starts enrolling an authenticator app: its secret and id, her session. */
async function enrolAda(provider: Provider): Promise<{ secret: string; totpId: string; sessionToken: string }> {
  const sent = await call(provider, '/otps/email/login_or_create', { email: 'ada@example.com' });
  const code = (await provider.inbox?.list('ada@example.com'))?.flatMap((message) => message.codes).at(-1);
  const signedIn = await call(provider, '/otps/authenticate', { token: code, method_id: sent.json.data.method_id });
  const sessionToken = signedIn.json.data.session_token as string;
  const created = await call(provider, '/totps', { expiration_minutes: 60 }, sessionToken);
  expect(created.status).toBe(200);
  return { secret: created.json.data.secret, totpId: created.json.data.totp_id, sessionToken };
}

/** A code from the app confirms the enrolment on `provider`: the secret decrypted there is the one the app holds. */
async function expectConfirmed(
  provider: Provider,
  enrolled: { secret: string; totpId: string; sessionToken: string },
): Promise<void> {
  const totpCode = await generate({ secret: enrolled.secret });
  const body = { totp_code: totpCode, session_duration_minutes: 30 };
  const confirmed = await call(provider, '/totps/authenticate', body, enrolled.sessionToken);
  expect(confirmed.status).toBe(200);
  expect(confirmed.json.data.user.totps).toEqual([{ totp_id: enrolled.totpId, verified: true }]);
}
