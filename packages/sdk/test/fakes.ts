// Test doubles for the SDK's own unit tests: a fake transport (exact requests, network loss, bad bodies,
// time-outs) and a fake browser (storage shared between tabs with storage events, a cookie jar that keeps
// attributes, BroadcastChannel, Web Locks). Nothing here mocks our own code.
import { afterEach } from 'vitest';
import { type ClientOptions, createClient, type LatchkeyClient } from '../src/client';
import type { AuthenticateResponse, BootstrapResponse, Session, User } from '../src/contract/common';
import type {
  BroadcastChannelLike,
  CookieAttributes,
  CookieJar,
  LatchkeyEnvironment,
  LockManagerLike,
  StorageChange,
} from '../src/environment';
import { NetworkClient } from '../src/internal/networkClient';

// ---------- transport ----------

export interface RecordedRequest {
  method: string;
  url: string;
  /** The path after `/sdk/v1`, without the query string. */
  path: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
  rawBody: string | null;
  credentials: RequestCredentials | undefined;
  redirect: RequestRedirect | undefined;
}

export type FakeAnswer =
  | { status?: number; json?: unknown; text?: string; contentType?: string }
  | 'network-error'
  | 'hang';

export type Responder = FakeAnswer | ((request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>);

/** A success envelope with `request_id` and `status_code` inside `data`. */
export function ok(data: Record<string, unknown> = {}): FakeAnswer {
  return { status: 200, json: { data: { request_id: 'request-id-test-1', status_code: 200, ...data } } };
}

/** An API error body, top level, as the provider sends it. */
export function apiError(status: number, error_type: string, error_message = `${error_type} message`): FakeAnswer {
  return {
    status,
    json: {
      status_code: status,
      error_type,
      error_message,
      error_url: `https://latchkey.dev/docs/errors#${error_type}`,
      request_id: 'request-id-test-err',
    },
  };
}

export class FakeTransport {
  readonly requests: RecordedRequest[] = [];
  private readonly persistent = new Map<string, Responder>();
  private readonly queued = new Map<string, Responder[]>();
  bootstrap: BootstrapResponse = bootstrapWire();

  /** Answers every `method path` call with `responder` (a `*` at the end of `path` matches any rest). */
  on(method: string, path: string, responder: Responder): this {
    this.persistent.set(`${method} ${path}`, responder);
    return this;
  }

  /** Answers the next `method path` call with `responder`, before any persistent answer. */
  once(method: string, path: string, responder: Responder): this {
    const key = `${method} ${path}`;
    this.queued.set(key, [...(this.queued.get(key) ?? []), responder]);
    return this;
  }

  /**
   * Holds every bootstrap request until the returned function is called, then answers with `this.bootstrap` as it
   * is at that moment. Never calling it leaves the project settings pending for good.
   */
  holdBootstrap(): () => void {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.on('GET', '/projects/bootstrap/*', async () => {
      await gate;
      return ok({ ...this.bootstrap });
    });
    return release;
  }

  /** Requests to `method path`, in order (events and bootstrap included). */
  find(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** Requests other than bootstrap and telemetry: what a test usually asserts on. */
  get calls(): RecordedRequest[] {
    return this.requests.filter((r) => !r.path.startsWith('/projects/bootstrap/') && r.path !== '/events');
  }

  /** The last call (bootstrap and telemetry excluded). */
  last(): RecordedRequest {
    const call = this.calls.at(-1);
    if (!call) throw new Error('no call was sent');
    return call;
  }

  private responderFor(method: string, path: string): Responder | undefined {
    const key = `${method} ${path}`;
    const queue = this.queued.get(key);
    if (queue?.length) return queue.shift();
    const found = this.persistent.get(key);
    if (found) return found;
    for (const [key, responder] of this.persistent) {
      if (key.endsWith('*') && `${method} ${path}`.startsWith(key.slice(0, -1))) return responder;
    }
    if (method === 'GET' && path.startsWith('/projects/bootstrap/')) return ok({ ...this.bootstrap });
    if (path === '/events') return { status: 200, json: {} };
    return apiError(404, 'route_not_found', `No fake answer for ${method} ${path}`);
  }

  readonly fetch: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/^.*?\/sdk\/v1/, '');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      headers[name.toLowerCase()] = value;
    }
    const rawBody = typeof init.body === 'string' ? init.body : null;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      path,
      headers,
      body: rawBody === null ? undefined : JSON.parse(rawBody),
      rawBody,
      credentials: init.credentials,
      redirect: init.redirect,
    };
    this.requests.push(request);
    const responder = this.responderFor(request.method, path);
    const answer = typeof responder === 'function' ? await responder(request) : responder;
    if (answer === undefined) throw new Error('no answer');
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const body = answer.text ?? JSON.stringify(answer.json ?? null);
    const contentType = answer.contentType ?? (answer.text === undefined ? 'application/json' : 'text/plain');
    return new Response(body, { status: answer.status ?? 200, headers: { 'content-type': contentType } });
  };
}

// ---------- browser ----------

export interface StoredCookie {
  name: string;
  value: string;
  attributes: CookieAttributes;
}

/** A cookie jar keyed like a browser's: name + domain + path. */
export class FakeCookieJar implements CookieJar {
  readonly cookies = new Map<string, StoredCookie>();
  /** Every remove call, to assert that all seen domains and paths were cleared. */
  readonly removals: { name: string; path?: string | undefined; domain?: string | undefined }[] = [];

  private static key(name: string, attributes: Pick<CookieAttributes, 'domain' | 'path'>): string {
    return `${name};${attributes.domain ?? ''};${attributes.path ?? '/'}`;
  }

  get(name: string): string | undefined {
    for (const cookie of this.cookies.values()) if (cookie.name === name) return cookie.value;
    return undefined;
  }

  /** The stored cookie named `name` (first match), with its attributes. */
  find(name: string): StoredCookie | undefined {
    for (const cookie of this.cookies.values()) if (cookie.name === name) return cookie;
    return undefined;
  }

  set(name: string, value: string, attributes: CookieAttributes): void {
    this.cookies.set(FakeCookieJar.key(name, attributes), { name, value, attributes: { ...attributes } });
  }

  remove(name: string, attributes: Pick<CookieAttributes, 'path' | 'domain'>): void {
    this.removals.push({ name, path: attributes.path, domain: attributes.domain });
    this.cookies.delete(FakeCookieJar.key(name, attributes));
  }
}

/**
 * One browser profile: storage and cookies shared by its tabs. `tab()` gives the environment of a new tab;
 * a storage write in one tab reaches the others as a storage event, like the real `storage` event.
 */
export class FakeBrowser {
  readonly values = new Map<string, string>();
  readonly cookies = new FakeCookieJar();
  readonly navigations: string[] = [];
  /** URLs written to the address bar with replaceUrl. */
  readonly replacedUrls: string[] = [];
  readonly logs = { warn: [] as unknown[][], error: [] as unknown[][] };
  private readonly storageListeners = new Set<{ tab: number; listener: (change: StorageChange) => void }>();
  private readonly channels = new Set<{ tab: number; name: string; listener: (event: { data: unknown }) => void }>();
  private readonly wakeListeners = new Set<() => void>();
  private readonly heldLocks = new Set<string>();
  private tabCount = 0;
  /** Web Locks; set to undefined to make tabs use the storage lease. */
  locks: LockManagerLike | undefined = {
    request: async (name, _options, callback) => {
      if (this.heldLocks.has(name)) return callback(null);
      this.heldLocks.add(name);
      try {
        return await callback({ name });
      } finally {
        this.heldLocks.delete(name);
      }
    },
  };
  /** Random numbers for jitter: 0.5 means no jitter. */
  random: () => number = () => 0.5;

  constructor(readonly origin = 'http://localhost:3000') {}

  /** The environment of a new tab of this browser. */
  tab(overrides: Partial<LatchkeyEnvironment> = {}): Partial<LatchkeyEnvironment> {
    const tab = ++this.tabCount;
    const tabRef = this;
    const url = new URL(this.origin);
    const deliver = (change: StorageChange) => {
      for (const entry of this.storageListeners) {
        if (entry.tab !== tab) queueMicrotask(() => entry.listener(change));
      }
    };
    const openBroadcastChannel = (name: string): BroadcastChannelLike => {
      const mine = new Set<{ tab: number; name: string; listener: (event: { data: unknown }) => void }>();
      return {
        postMessage: (data) => {
          for (const entry of this.channels) {
            if (entry.tab !== tab && entry.name === name) queueMicrotask(() => entry.listener({ data }));
          }
        },
        addEventListener: (_type, listener) => {
          const entry = { tab, name, listener };
          mine.add(entry);
          this.channels.add(entry);
        },
        close: () => {
          for (const entry of mine) this.channels.delete(entry);
        },
      };
    };
    return {
      storage: {
        getItem: (key) => this.values.get(key) ?? null,
        setItem: (key, value) => {
          if (this.values.get(key) === value) return;
          this.values.set(key, value);
          deliver({ key, newValue: value });
        },
        removeItem: (key) => {
          if (!this.values.has(key)) return;
          this.values.delete(key);
          deliver({ key, newValue: null });
        },
      },
      subscribeToStorage: (listener) => {
        const entry = { tab, listener };
        this.storageListeners.add(entry);
        return () => this.storageListeners.delete(entry);
      },
      cookies: this.cookies,
      timers: {
        setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
        clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
        now: () => Date.now(),
      },
      crypto: globalThis.crypto,
      location: { hostname: url.hostname, origin: url.origin, href: `${url.origin}/` },
      navigate: (target) => void this.navigations.push(target),
      // As history.replaceState does: the address bar (the tab's location) shows the new URL.
      replaceUrl(target) {
        tabRef.replacedUrls.push(target);
        if (this?.location) this.location.href = new URL(target, this.location.href).href;
      },
      loadWebAuthn: () =>
        Promise.reject(new Error('WebAuthn is not available in this fake browser; inject loadWebAuthn')),
      openBroadcastChannel,
      locks: this.locks,
      subscribeToWake: (listener) => {
        this.wakeListeners.add(listener);
        return () => this.wakeListeners.delete(listener);
      },
      random: () => this.random(),
      randomUUID: () => globalThis.crypto.randomUUID(),
      logger: {
        warn: (...args) => void this.logs.warn.push(args),
        error: (...args) => void this.logs.error.push(args),
      },
      timezone: () => 'UTC',
      ...overrides,
    };
  }

  /** Fires the page-visible / back-online listeners of every tab. */
  wake(): void {
    for (const listener of this.wakeListeners) listener();
  }
}

// ---------- clients ----------

const created: LatchkeyClient[] = [];
afterEach(() => {
  for (const client of created.splice(0)) client.destroy();
});

export const PUBLIC_TOKEN = 'public-token-test-5f1c0c1e-4a2b-4f7e-9d1e-000000000001';

/** The key the client keeps `{ session, user }` under in storage, for the default public token. */
export const STATE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}`;

export interface TestClient {
  client: LatchkeyClient;
  transport: FakeTransport;
  browser: FakeBrowser;
  env: Partial<LatchkeyEnvironment>;
}

export interface TestClientSetup {
  transport?: FakeTransport;
  browser?: FakeBrowser;
  options?: ClientOptions;
  publicToken?: string;
  env?: Partial<LatchkeyEnvironment>;
  /** Project settings on top of `bootstrapWire()`; when given, they replace `transport.bootstrap`. */
  bootstrap?: Partial<BootstrapResponse>;
}

/** A client on a fake transport in a fake browser tab. Pass the same `browser` (and transport) for a second tab. */
/**
 * A network client alone over `transport` in a fake tab (every platform field supplied): with `sessionToken`, signed in
 * as user-1 in session-1; `timeout` is its request time-out.
 */
export function networkClientFor(transport: FakeTransport, sessionToken?: string, timeout = 30_000): NetworkClient {
  return new NetworkClient({
    environment: new FakeBrowser().tab({ fetch: transport.fetch }) as never,
    publicToken: PUBLIC_TOKEN,
    apiUrl: 'http://localhost:8787',
    getSessionToken: () => sessionToken,
    getIdentity: () => (sessionToken ? { userId: 'user-1', sessionId: 'session-1' } : {}),
    requestTimeoutMs: timeout,
  });
}

export function createTestClient(setup: TestClientSetup = {}): TestClient {
  const transport = setup.transport ?? new FakeTransport();
  if (setup.bootstrap) transport.bootstrap = bootstrapWire(setup.bootstrap);
  const browser = setup.browser ?? new FakeBrowser();
  const env = browser.tab({ fetch: transport.fetch, ...setup.env });
  const client = createClient(setup.publicToken ?? PUBLIC_TOKEN, { ...setup.options, environment: env });
  created.push(client);
  return { client, transport, browser, env };
}

export interface ProtectedTestClient extends TestClient {
  /**
   * What the providers were asked so far: the site key of every captcha-token request, in order (request n was
   * answered `captcha-n`), and how many DFP telemetry ids were requested.
   */
  providerCalls: { captchaSiteKeys: (string | undefined)[]; dfp: number };
}

/**
 * A client whose project turns on captcha (site key `site-key-1`) and DFP-protected auth, with both providers
 * installed: captcha tokens are numbered `captcha-1`, `captcha-2`, … so a retry shows which token it sent, and the
 * DFP telemetry id is always `dfp-1`. `captcha: false` / `dfp: false` turn the project setting off but keep the
 * provider, to show an unused provider is not asked. `bootstrap` and `options` override what this sets.
 */
export function createProtectedTestClient(
  setup: TestClientSetup & { captcha?: boolean; dfp?: boolean } = {},
): ProtectedTestClient {
  const { captcha = true, dfp = true, bootstrap, options, ...rest } = setup;
  const providerCalls: ProtectedTestClient['providerCalls'] = { captchaSiteKeys: [], dfp: 0 };
  const test = createTestClient({
    ...rest,
    bootstrap: {
      captcha_settings: captcha ? { enabled: true, siteKey: 'site-key-1' } : { enabled: false },
      dfp_protected_auth_enabled: dfp,
      ...bootstrap,
    },
    options: {
      captchaProvider: {
        getCaptchaToken: async (siteKey) => {
          providerCalls.captchaSiteKeys.push(siteKey);
          return `captcha-${providerCalls.captchaSiteKeys.length}`;
        },
      },
      dfpProvider: {
        getTelemetryId: async () => {
          providerCalls.dfp++;
          return 'dfp-1';
        },
      },
      ...options,
    },
  });
  return { ...test, providerCalls };
}

// ---------- shared steps ----------

/** Signs the tab in through `POST /sessions/exchange_access_token`, answered with `data`. */
export function signInWithAccessToken(
  { client, transport }: Pick<TestClient, 'client' | 'transport'>,
  data: Record<string, unknown> = authenticateData(),
  session_duration_minutes = 30,
) {
  transport.once('POST', '/sessions/exchange_access_token', ok(data));
  return client.session.exchangeAccessToken({ access_token: 'access-token-1', session_duration_minutes });
}

/** Signs the tab in through `POST /totps/authenticate` (the default session and user). */
export async function signInWithTotp({ client, transport }: Pick<TestClient, 'client' | 'transport'>): Promise<void> {
  transport.once('POST', '/totps/authenticate', ok(authenticateData()));
  await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 30 });
}

/** Signs the tab in through `POST /otps/authenticate` (the default session and user). */
export async function signInWithOtp({ client, transport }: Pick<TestClient, 'client' | 'transport'>): Promise<void> {
  transport.once('POST', '/otps/authenticate', ok(authenticateData()));
  await client.otps.authenticate('000000', 'email-test-0001', { session_duration_minutes: 30 });
}

/** The `{ session, user }` this browser stores for the default public token, parsed, or null when none. */
export function storedState(browser: FakeBrowser): any {
  return JSON.parse(browser.values.get(STATE_KEY) ?? 'null');
}

/**
 * Calls a client method by its dotted path with loosely typed arguments, so argument-rule tests can pass
 * what TypeScript would refuse: `callMethod(client, 'otps.email.send', [42])` runs `client.otps.email.send(42)`.
 */
export function callMethod(client: any, method: string, args: unknown[]): Promise<unknown> {
  const path = method.split('.');
  const name = path.pop() ?? '';
  const target = path.reduce((object, key) => object[key], client);
  return target[name](...args);
}

/** The error a promise rejects with (typed loosely so tests can read any field), or a failure if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

/** Lets pending promises and microtasks run (no timers advance). */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

// ---------- fixtures ----------

export function bootstrapWire(overrides: Partial<BootstrapResponse> = {}): BootstrapResponse {
  return {
    request_id: 'request-id-bootstrap',
    status_code: 200,
    project_name: 'Latchkey Test Project',
    disable_sdk_watermark: false,
    captcha_settings: { enabled: false },
    cname_domain: null,
    email_domains: ['latchkey.dev'],
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: null,
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: null,
    rbac_policy: null,
    siwe_required_for_crypto_wallets: false,
    vertical: 'CONSUMER',
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'user-test-0001',
    created_at: '2026-11-01T10:00:00Z',
    status: 'active',
    name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
    emails: [{ email_id: 'email-test-0001', email: 'ada@example.com', verified: true }],
    phone_numbers: [],
    crypto_wallets: [],
    providers: [],
    webauthn_registrations: [],
    biometric_registrations: [],
    totps: [],
    password: null,
    trusted_metadata: {},
    untrusted_metadata: {},
    roles: ['stytch_user'],
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  const now = Date.now();
  return {
    session_id: 'session-test-0001',
    user_id: 'user-test-0001',
    started_at: new Date(now).toISOString(),
    last_accessed_at: new Date(now).toISOString(),
    expires_at: new Date(now + 30 * 60_000).toISOString(),
    attributes: { ip_address: '127.0.0.1', user_agent: 'vitest' },
    authentication_factors: [
      {
        type: 'otp',
        delivery_method: 'email',
        last_authenticated_at: new Date(now).toISOString(),
        email_factor: { email_id: 'email-test-0001', email_address: 'ada@example.com' },
      },
    ],
    custom_claims: null,
    roles: ['stytch_user'],
    ...overrides,
  };
}

/** The data of an authenticate answer: session, user and both tokens. */
export function authenticateData(
  overrides: Partial<AuthenticateResponse> & Record<string, unknown> = {},
): Record<string, unknown> {
  const user = overrides.user ?? makeUser();
  const session = overrides.session ?? makeSession({ user_id: user.user_id });
  return {
    user_id: user.user_id,
    session_token: 'session-token-opaque-abc123',
    session_jwt: 'eyJhbGciOiJFUzI1NiJ9.session.jwt',
    session,
    user,
    ...overrides,
  };
}

/** Decodes the Basic credentials of a recorded request: `[publicToken, secret]`. */
export function basicCredentials(request: RecordedRequest): [string, string] {
  const header = request.headers.authorization ?? '';
  const decoded = atob(header.replace(/^Basic /, ''));
  const separator = decoded.indexOf(':');
  return [decoded.slice(0, separator), decoded.slice(separator + 1)];
}
