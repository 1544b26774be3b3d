// Helpers of the operations tests (outbox, purge, key rotation): several providers on one database, and requests to a
// provider made with createProvider directly.
import { randomBytes } from 'node:crypto';
import { parseConfig } from '../src/config';
import type { ProviderDatabase } from '../src/db/database';
import { createLogger, type ProviderLogger } from '../src/ops/logging';
import { type CreateProviderOptions, createProvider, type Provider } from '../src/provider';
import { newSecretKey } from '../src/services/secretKey';
import { freshDatabase, ORIGIN, PUBLIC_TOKEN, postgresUrl } from '../testing/harness';

const cleanups: (() => Promise<void> | void)[] = [];
/** Drops the databases `sharedDatabase` made and stops what `startOpsProvider` started (test/setup.ts, after each test). */
export async function cleanUpOpsProviders(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()?.();
}

/**
 * A database several providers can use at once. PostgreSQL: a throwaway database each provider opens with its own
 * pool, as separate instances do. SQLite: one open in-memory database the providers share (two connections to one
 * SQLite file in one process would wait on each other's write locks with the event loop blocked); each provider keeps
 * its own caches, workers and signers all the same, except the ID-token signer, which is one per database handle.
 */
export async function sharedDatabase(): Promise<string | ProviderDatabase> {
  const fresh = await freshDatabase();
  cleanups.push(fresh.drop);
  return postgresUrl ? fresh.url : fresh.database;
}

/** The server keys every provider of one deployment shares. */
export function deploymentKeys(): Pick<CreateProviderOptions, 'hmacKey' | 'encryptionKey' | 'secretKey'> {
  return { hmacKey: randomBytes(32), encryptionKey: randomBytes(32), secretKey: newSecretKey('test') };
}

/** A provider on `db` (closed after the test, before its database is dropped). */
export async function openProvider(options: CreateProviderOptions): Promise<Provider> {
  const provider = await createProvider(options);
  cleanups.push(() => provider.close());
  return provider;
}

/** POSTs `body` to `/sdk/v1{path}` as the SDK would, and reads the JSON answer. */
export async function sdkPost(
  provider: Provider,
  path: string,
  body: unknown,
  sessionToken?: string,
): Promise<{ status: number; json: any }> {
  const response = await provider.fetch(
    new Request(`http://provider.test/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${sessionToken ?? PUBLIC_TOKEN}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : JSON.parse(text) };
}

/** A promise with its resolve function, for senders a test holds up. */
export function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** A JSON logger (every level) whose lines the test reads: pass `logger` to the provider. */
export function captureLog(): { logger: ProviderLogger; entries(): Record<string, unknown>[]; text(): string } {
  const lines: string[] = [];
  const logger = createLogger(parseConfig({ logging: { format: 'json', level: 'trace' } }), {
    destination: { write: (line: string) => lines.push(line) },
  });
  return {
    logger,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join(''),
  };
}
