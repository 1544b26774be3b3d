// Starts the real provider in-process for tests: SQLite in memory by default, or a fresh PostgreSQL
// database per provider when LATCHKEY_TEST_POSTGRES_URL is set (CI runs the whole suite both ways).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach } from 'vitest';
import type { ProviderConfigInput } from '../src/config';
import { openDatabase, type ProviderDatabase } from '../src/db/database';
import type { Clock } from '../src/http/context';
import { type CreateProviderOptions, createProvider, type Provider } from '../src/provider';

export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
export const ORIGIN = 'http://localhost:5173';
export const REDIRECT_URL = 'http://localhost:5173/authenticate';
export const postgresUrl = process.env.LATCHKEY_TEST_POSTGRES_URL;
export const databaseKind = postgresUrl ? 'postgres' : 'sqlite';
/** The instant every TestClock starts at, in epoch milliseconds. */
export const START = Date.parse('2026-11-21T12:00:00.000Z');

/** An epoch-ms instant as the ISO 8601 string the contract's timestamps use. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A clock tests can move: `clock.advance(ms)`. Starts at START. */
export class TestClock implements Clock {
  constructor(public current = START) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A fresh, empty database of the kind under test. PostgreSQL gets a throwaway database, dropped afterwards. */
export async function freshDatabase(): Promise<{ database: ProviderDatabase; url: string; drop(): Promise<void> }> {
  if (!postgresUrl) {
    const database = await openDatabase(':memory:');
    return { database, url: ':memory:', drop: () => database.close() };
  }
  const name = `latchkey_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface CallOptions {
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  rawBody?: string;
  /** Put in the Basic-auth password slot. */
  sessionToken?: string;
  /** Overrides the whole Authorization header (null: none). */
  authorization?: string | null;
  origin?: string | null;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: any;
}

export interface TestProvider {
  provider: Provider;
  clock: TestClock;
  databaseUrl: string;
  /** The passcode HMAC key the provider was given (a fresh random one unless the test named one). */
  passcodeKey: Buffer;
  /** Calls `/sdk/v1{path}` (or an absolute path starting with `/.well-known` or `/dev`) as the SDK would. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** `call('POST', path, { body, sessionToken })`: the shape of nearly every SDK call. */
  post(path: string, body: unknown, sessionToken?: string): Promise<CallResult>;
  /** The passcodes and links of the messages sent to `to`, newest last. */
  inbox(to: string): Promise<{ codes: string[]; links: string[]; subject: string; text: string; channel: string }[]>;
  /** The last passcode sent to `to`. */
  lastCode(to: string): Promise<string>;
  /** The last link sent to `to` whose URL contains `contains`. */
  lastLink(to: string, contains?: string): Promise<string>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** Starts a provider on a fresh database; it is closed after the test. */
export async function startProvider(
  config: ProviderConfigInput = {},
  options: Omit<CreateProviderOptions, 'db' | 'config' | 'clock'> & { clock?: TestClock } = {},
): Promise<TestProvider> {
  const clock = options.clock ?? new TestClock();
  const fresh = await freshDatabase();
  const passcodeKey =
    options.passcodeKey === undefined
      ? randomBytes(32)
      : Buffer.isBuffer(options.passcodeKey)
        ? options.passcodeKey
        : Buffer.from(options.passcodeKey, 'base64');
  const provider = await createProvider({ ...options, db: fresh.database, config, clock, passcodeKey });
  cleanups.push(async () => {
    await provider.close();
    await fresh.drop();
  });
  const publicToken = provider.config.project.publicToken;
  const call: TestProvider['call'] = async (method, path, callOptions = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...callOptions.headers };
    if (callOptions.authorization !== null) {
      headers.authorization =
        callOptions.authorization ??
        `Basic ${Buffer.from(`${publicToken}:${callOptions.sessionToken ?? publicToken}`).toString('base64')}`;
    }
    if (callOptions.origin !== null) headers.origin = callOptions.origin ?? ORIGIN;
    const url = path.startsWith('/.well-known') || path.startsWith('/dev') ? path : `/sdk/v1${path}`;
    const body = callOptions.rawBody ?? (callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body));
    // Development routes answer loopback hosts only; everything else goes to a name like a deployment's.
    const host = url.startsWith('/dev') ? 'http://localhost' : 'http://provider.test';
    const response = await provider.fetch(new Request(`${host}${url}`, { method, headers, body }), {
      remoteAddress: callOptions.remoteAddress ?? '127.0.0.1',
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, headers: response.headers, json };
  };
  const inbox: TestProvider['inbox'] = async (to) => {
    if (!provider.inbox) throw new Error('The development inbox is off');
    return provider.inbox.list(to);
  };
  return {
    provider,
    clock,
    databaseUrl: fresh.url,
    passcodeKey,
    call,
    post: (path, body, sessionToken) => call('POST', path, { body, sessionToken }),
    inbox,
    async lastCode(to) {
      const code = (await inbox(to)).flatMap((message) => message.codes).at(-1);
      if (code === undefined) throw new Error(`No passcode was sent to ${to}`);
      return code;
    },
    async lastLink(to, contains = '') {
      const link = (await inbox(to))
        .flatMap((message) => message.links)
        .filter((item) => item.includes(contains))
        .at(-1);
      if (link === undefined) throw new Error(`No link containing "${contains}" was sent to ${to}`);
      return link;
    },
  };
}

/** The `token` query parameter of an emailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (token === null) throw new Error(`No token in ${link}`);
  return token;
}
