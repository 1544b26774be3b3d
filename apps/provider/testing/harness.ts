// Starts the real provider in-process for tests: SQLite in memory by default, or a fresh PostgreSQL
// database per provider when LATCHKEY_TEST_POSTGRES_URL is set (CI runs the whole suite both ways).
//
// The one copy of the provider test harness: the provider's own tests import it as `../testing/harness`, and
// `@latchkey/testing` (the hooks' and kits' tests) as `@latchkey/provider/testing` (testing/index.ts, package.json
// `exports`), so the provider never depends on the testing package and there is no cycle.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ProviderConfigInput } from '../src/config';
import { openDatabase, type ProviderDatabase } from '../src/db/database';
import { MIGRATION_NAMES } from '../src/db/migrations';
import type { Clock } from '../src/http/context';
import { type CreateProviderOptions, createProvider, type Provider } from '../src/provider';
import type { InboxMessage } from '../src/services/outbox';
import { newSecretKey } from '../src/services/secretKey';

export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
export const ORIGIN = 'http://localhost:5173';
/** Where a client thinks the provider lives; `provider.fetch` ignores the host, the path is what counts. */
export const API_BASE_URL = 'http://localhost:8787';
export const REDIRECT_URL = 'http://localhost:5173/authenticate';
export const postgresUrl = process.env.LATCHKEY_TEST_POSTGRES_URL;
export const databaseKind = postgresUrl ? 'postgres' : 'sqlite';
/** The instant every TestClock starts at, in epoch milliseconds. */
export const START = Date.parse('2026-11-21T12:00:00.000Z');

/** An epoch-ms instant as the ISO 8601 string the contract's timestamps use. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A passcode that is not `code`, of the same length: each digit shifted by one. */
export const wrongCode = (code: string): string => code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));

/** A clock a test can move forward. */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

/** A clock tests can move: `clock.advance(ms)`. Starts at START and stands still otherwise. */
export class TestClock implements AdjustableClock {
  constructor(public current = START) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * A clock that follows `Date.now()` (so vitest's fake timers move it too) plus whatever `advance(ms)` added: for
 * tests whose client runs real timers next to the provider.
 */
export class FollowingClock implements AdjustableClock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

function databaseUrl(name: string): URL {
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return url;
}

let template: Promise<string> | undefined;
/**
 * The name of a PostgreSQL database with every migration applied, made once per server and set of migrations and
 * copied by each fresh database: a copy takes about half the time of migrating an empty database, and the suite
 * makes about a thousand. Test workers take an advisory lock so that one of them builds it. A migration added later
 * gets another name; one edited in place (never done once released) would need the template dropped by hand.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const fingerprint = createHash('sha256').update(MIGRATION_NAMES.join('\n')).digest('hex').slice(0, 16);
    const name = `latchkey_test_template_${fingerprint}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(7415106)');
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        await admin.query(`CREATE DATABASE ${name}`);
        try {
          const database = await openDatabase(databaseUrl(name).toString());
          await database.close();
        } catch (error) {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          throw error;
        }
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return template;
}

/**
 * What a database fresh from the template holds, read once per process: its tables, its schema's fingerprint, and
 * the rows its migrations wrote (ops_leases' row, Kysely's migration log).
 */
interface TemplateContents {
  tables: string[];
  /** Its sequences (none so far: the ids are random), restarted by each reset as TRUNCATE's RESTART IDENTITY would. */
  sequences: string[];
  fingerprint: string;
  rows: { table: string; json: string }[];
}

/** Columns, indexes and triggers of the public schema, as one hash: a test that changed the schema changes it. */
const SCHEMA_FINGERPRINT = `SELECT md5(
  coalesce((SELECT string_agg(table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(column_default, ''),
    ',' ORDER BY table_name, column_name) FROM information_schema.columns WHERE table_schema = 'public'), '') || '|' ||
  coalesce((SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes WHERE schemaname = 'public'), '') || '|' ||
  coalesce((SELECT string_agg(tgname::text, ',' ORDER BY tgname) FROM pg_trigger WHERE NOT tgisinternal), '')
) AS fingerprint`;

let templateContents: Promise<TemplateContents> | undefined;
function contentsOf(template: string): Promise<TemplateContents> {
  templateContents ??= (async () => {
    const client = new pg.Client({ connectionString: databaseUrl(template).toString() });
    await client.connect();
    try {
      const listed = await client.query<{ name: string }>(
        "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      );
      const tables = listed.rows.map((row) => row.name);
      const sequences = (
        await client.query<{ name: string }>(
          "SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename",
        )
      ).rows.map((row) => row.name);
      const fingerprint = (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]!.fingerprint;
      const rows: TemplateContents['rows'] = [];
      for (const table of tables) {
        const found = await client.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${table} t`);
        if (found.rows[0]?.json) rows.push({ table, json: found.rows[0].json });
      }
      return { tables, sequences, fingerprint, rows };
    } finally {
      await client.end();
    }
  })();
  return templateContents;
}

/**
 * The databases this process made and is done with. PostgreSQL takes about 0.4 s of its CPU to copy the template
 * and 0.2 s to drop a copy, and the suite uses about a thousand: a database handed back is emptied instead (about
 * 50 ms) and handed out again. Named after this process, so that a later run can drop what an ended one left.
 */
const idleDatabases: string[] = [];
let databasesMade = 0;
const POOL_PREFIX = 'latchkey_test_p';
/** The run (test/globalSetup.ts) whose global teardown drops this process's databases: `r{id}` in their names. */
const RUN_ID = /^[a-z0-9]{1,16}$/.test(process.env.LATCHKEY_TEST_RUN ?? '') ? process.env.LATCHKEY_TEST_RUN : 'none';

/**
 * Empties `name` back to the template's contents: ends every connection to it (a test's second provider, a child
 * process's pool), then empties every table and writes the migrations' rows again, in one transaction. False when
 * its schema is no longer the template's (a test altered it): it is then dropped and never reused.
 */
async function resetToTemplate(name: string, contents: TemplateContents): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl(name).toString() });
  await client.connect();
  try {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const { fingerprint } = (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]!;
    if (fingerprint !== contents.fingerprint) return false;
    // DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE gives each of the ~110 tables, indexes and TOAST
    // tables a new file (about 70 ms of PostgreSQL's time on a loaded CI box, against 2 ms). With foreign keys and
    // triggers off for the deletes (session_replication_role = replica), the tables empty in any order; they are on
    // again for the rows written back, as for the migrations that wrote them. Sequences restart, as with TRUNCATE's
    // RESTART IDENTITY.
    const deletes = contents.tables.map((table) => `DELETE FROM ${table};`).join(' ');
    const restarts = contents.sequences.map((sequence) => `ALTER SEQUENCE ${sequence} RESTART;`).join(' ');
    await client.query(
      `BEGIN; SET LOCAL session_replication_role = replica; ${deletes} SET LOCAL session_replication_role = DEFAULT; ${restarts}`,
    );
    for (const { table, json } of contents.rows) {
      await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`, [json]);
    }
    await client.query('COMMIT');
    return true;
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Drops the pooled databases of test processes that have ended (their process id is in the name), and with `run`
 * every one of that run (its global teardown, test/globalSetup.ts). Run once per process before its first database.
 */
export async function dropDatabasesOfEndedProcesses(run?: string): Promise<void> {
  if (!postgresUrl) return;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${POOL_PREFIX}%`,
    ]);
    for (const { datname } of rows) {
      const [, pid, ofRun] = /^latchkey_test_p(\d+)_r([a-z0-9]+)_/.exec(datname) ?? [];
      const ended = (run !== undefined && ofRun === run) || (pid !== undefined && !isAlive(Number(pid)));
      if (ended) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let leftoversDropped: Promise<void> | undefined;

/** A database with the template's contents: an idle one emptied, else a new copy of the template. */
async function takeDatabase(): Promise<string> {
  const template = await migratedTemplate();
  const contents = await contentsOf(template);
  while (idleDatabases.length > 0) {
    const name = idleDatabases.pop() as string;
    if (await resetToTemplate(name, contents).catch(() => false)) return name;
    await dropDatabase(name);
  }
  leftoversDropped ??= dropDatabasesOfEndedProcesses();
  await leftoversDropped;
  const name = `${POOL_PREFIX}${process.pid}_r${RUN_ID}_${++databasesMade}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * A fresh, empty database of the kind under test: SQLite in memory, or a PostgreSQL database with the template's
 * contents and nobody else connected, handed back by `drop()` (emptied before its next use, see takeDatabase).
 */
export async function freshDatabase(): Promise<{ database: ProviderDatabase; url: string; drop(): Promise<void> }> {
  if (!postgresUrl) {
    const database = await openDatabase(':memory:');
    return { database, url: ':memory:', drop: () => database.close() };
  }
  const name = await takeDatabase();
  const url = databaseUrl(name);
  // Migrated already (a copy of the template); this finds nothing left to do, or applies migrations added since.
  const database = await openDatabase(url.toString());
  let dropped = false;
  return {
    database,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close();
      idleDatabases.push(name);
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

export interface TestProvider<C extends AdjustableClock = TestClock> {
  provider: Provider;
  clock: C;
  databaseUrl: string;
  /** The HMAC key the provider was given (a fresh random one unless the test named one). */
  hmacKey: Buffer;
  /** @deprecated Use `hmacKey` (the same key). */
  passcodeKey: Buffer;
  /** The project's secret key for server calls (a fresh random one unless the test named one). */
  secretKey: string;
  /** The encryption key the provider was given (a fresh random one unless the test named one). */
  encryptionKey: Buffer;
  /** @deprecated Use `encryptionKey` (the same key). */
  totpKey: Buffer;
  /** The project id: the user of the server calls' Basic auth, the JWT audience. */
  projectId: string;
  /** Calls `/sdk/v1{path}` (or an absolute path starting with `/.well-known`, `/dev` or `/v1/`) as the SDK would. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** `call('POST', path, { body, sessionToken })`: the shape of nearly every SDK call. */
  post(path: string, body: unknown, sessionToken?: string): Promise<CallResult>;
  /** The messages of the development inbox (those sent to `to`, when given), oldest first. */
  inbox(to?: string): Promise<InboxMessage[]>;
  /** The last passcode sent to `to`. */
  lastCode(to: string): Promise<string>;
  /** The last link sent to `to` whose URL contains `contains`. */
  lastLink(to: string, contains?: string): Promise<string>;
}

const cleanups: (() => Promise<void>)[] = [];
/**
 * Closes every provider `startProvider` started (and drops its database), newest first. The test setup file
 * (test/setup.ts, `setupFiles` of the provider's and the server package's vitest projects) runs it after each test:
 * a hook registered here, when the module loads, would serve only the first file of a worker that shares its
 * modules between files (`isolate: false`).
 */
export async function closeStartedProviders(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()?.();
}

export type TestProviderOptions<C extends AdjustableClock = TestClock> = Omit<
  CreateProviderOptions,
  'db' | 'config' | 'clock'
> & { clock?: C };

/** Starts a provider on a fresh database; it is closed after the test. */
export async function startProvider<C extends AdjustableClock = TestClock>(
  config: ProviderConfigInput = {},
  options: TestProviderOptions<C> = {},
): Promise<TestProvider<C>> {
  const { close, ...testProvider } = await openTestProvider(config, options);
  cleanups.push(close);
  return testProvider;
}

/**
 * `startProvider` without the automatic clean-up: the caller closes the provider (and drops its database) with
 * `close()`, after whatever still talks to it has stopped. `@latchkey/testing` uses it so that the rendered tree
 * and the client stop first.
 */
export async function openTestProvider<C extends AdjustableClock = TestClock>(
  config: ProviderConfigInput = {},
  options: TestProviderOptions<C> = {},
): Promise<TestProvider<C> & { close(): Promise<void> }> {
  const clock = options.clock ?? (new TestClock() as AdjustableClock as C);
  const fresh = await freshDatabase();
  // The deprecated names (`passcodeKey`, `totpKey`) stand for the new ones when those are not given.
  const { passcodeKey: deprecatedHmacKey, totpKey: deprecatedEncryptionKey, ...providerOptions } = options;
  const given = options.hmacKey ?? deprecatedHmacKey;
  const hmacKey = given === undefined ? randomBytes(32) : Buffer.isBuffer(given) ? given : Buffer.from(given, 'base64');
  const secretKey = options.secretKey ?? newSecretKey('test');
  const givenEncryption = options.encryptionKey ?? deprecatedEncryptionKey;
  const encryptionKey =
    givenEncryption === undefined
      ? randomBytes(32)
      : Buffer.isBuffer(givenEncryption)
        ? givenEncryption
        : Buffer.from(givenEncryption, 'base64');
  const provider = await createProvider({
    ...providerOptions,
    db: fresh.database,
    config,
    clock,
    hmacKey,
    secretKey,
    encryptionKey,
  });
  const close = async () => {
    await provider.close();
    await fresh.drop();
  };
  const publicToken = provider.config.project.publicToken;
  const call: TestProvider<C>['call'] = async (method, path, callOptions = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...callOptions.headers };
    if (callOptions.authorization !== null) {
      headers.authorization =
        callOptions.authorization ??
        `Basic ${Buffer.from(`${publicToken}:${callOptions.sessionToken ?? publicToken}`).toString('base64')}`;
    }
    if (callOptions.origin !== null) headers.origin = callOptions.origin ?? ORIGIN;
    const url =
      path.startsWith('/.well-known') || path.startsWith('/dev') || path.startsWith('/v1/') ? path : `/sdk/v1${path}`;
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
  const inbox: TestProvider<C>['inbox'] = async (to) => {
    if (!provider.inbox) throw new Error('The development inbox is off');
    return provider.inbox.list(to);
  };
  return {
    close,
    provider,
    clock,
    databaseUrl: fresh.url,
    hmacKey,
    passcodeKey: hmacKey,
    secretKey,
    encryptionKey,
    totpKey: encryptionKey,
    projectId: provider.config.project.projectId,
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

/** One request a client sent, as the provider answered it. */
export interface SentRequest {
  method: string;
  /** The path after `/sdk/v1`. */
  path: string;
  body: unknown;
  /** The provider's status (0 while the request is in flight). */
  status: number;
}

/** A `fetch` for a client that calls the provider in-process and records what it sent. */
export interface RecordingFetch {
  fetch: typeof globalThis.fetch;
  /** Every request except telemetry, in order, with the provider's status. */
  requests: SentRequest[];
  /** The telemetry batches (`POST /events`), which go out on their own timer. */
  telemetry: SentRequest[];
  /** Resolves once every request started has been answered (and any follow-up it caused). */
  settled(): Promise<void>;
}

/**
 * The wire between a real SDK client and the in-process provider: each request gets the Origin header a browser
 * on `origin` adds and goes to `provider.fetch`; the host of the URL is ignored, the path is what counts.
 */
export function recordingFetch(provider: Provider, origin: () => string = () => ORIGIN): RecordingFetch {
  const requests: SentRequest[] = [];
  const telemetry: SentRequest[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const fetch: typeof globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('origin', origin());
    const request = new Request(String(input), { ...init, headers });
    const sent: SentRequest = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/sdk\/v1/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      status: 0,
    };
    // Telemetry is flushed by a timer and could land between a call and the test's look at `requests`.
    (sent.path === '/events' ? telemetry : requests).push(sent);
    const answer = provider.fetch(request, { remoteAddress: '127.0.0.1' }).then((response) => {
      sent.status = response.status;
      return response;
    });
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer)).catch(() => {});
    return answer;
  };
  return {
    fetch,
    requests,
    telemetry,
    async settled() {
      // Answers can start more requests (a refresh after a sign-in elsewhere), so wait until none is left.
      do {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setTimeout(resolve, 0));
      } while (inFlight.size > 0);
    },
  };
}

// Social sign-in through the development upstream, for the oauth tests here and in the hooks and kits.
export {
  completeAtDevelopmentUpstream,
  type DevelopmentGoogleCredentialOptions,
  type DevelopmentIdentity,
  type DevelopmentUpstreamOptions,
  requestDevelopmentGoogleCredential,
  TEST_IDENTITIES,
} from './oauthUpstream';
// The software authenticator, for the hooks' and kits' passkey tests (re-exported by @latchkey/testing).
export { type CeremonyTweaks, SoftAuthenticator, type SoftCredential, type WebAuthnLibrary } from './softAuthenticator';
// Wallets that sign with real keys, for the wallet tests here and in the hooks and kits (re-exported by @latchkey/testing).
export {
  announceEip6963,
  type Eip6963Info,
  TestEthereumWallet,
  TestSolanaWallet,
  UserRejectedError,
  type WalletBehaviour,
} from './testWallets';
