import { ServerEnvironmentError } from './errors';
import { PRODUCT_ENVIRONMENT } from './products/startupParts';

/** The subset of Web Storage the SDK uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A change to a storage key made by another tab (the `storage` event). `key` is null when storage was cleared. */
export interface StorageChange {
  key: string | null;
  newValue: string | null;
}

export interface CookieAttributes {
  expires?: Date | undefined;
  path?: string | undefined;
  domain?: string | undefined;
  sameSite?: 'Lax' | 'Strict' | 'None' | undefined;
  secure?: boolean | undefined;
}

/** Reads and writes the cookies visible to this page. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes: CookieAttributes): void;
  remove(name: string, attributes: Pick<CookieAttributes, 'path' | 'domain' | 'secure'>): void;
}

/** Timers, injectable so tests can drive refresh schedules and batching without waiting. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** The part of `BroadcastChannel` the SDK uses for tab sync. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** The part of the Web Locks API the SDK uses to refresh once across tabs. */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * Everything the SDK takes from the platform. Every field can be replaced through `createClient`'s `environment`.
 * Open by declaration merging: a product namespace adds what it alone takes from the platform in its
 * `src/products/<namespace>.public.ts` (`declare module '@latchkey/sdk' { interface LatchkeyEnvironment { … } }`),
 * and its default to PRODUCT_ENVIRONMENT (src/products/startupParts.ts); a product outside this package adds an optional field.
 */
export interface LatchkeyEnvironment {
  fetch: typeof fetch;
  storage: KeyValueStorage;
  /** Calls `listener` for changes other tabs make to `storage`; returns the unsubscribe function. */
  subscribeToStorage(listener: (change: StorageChange) => void): () => void;
  cookies: CookieJar;
  timers: Timers;
  crypto: Pick<Crypto, 'getRandomValues' | 'subtle'>;
  location: { hostname: string; origin: string; href: string };
  /** Sends the browser to another page (OAuth start, identity-provider redirects). */
  navigate(url: string): void;
  /** Replaces the address bar's URL without a navigation (removes consumed tokens from it). */
  replaceUrl(url: string): void;
  /** Opens a BroadcastChannel, or returns undefined where there is none. */
  openBroadcastChannel(name: string): BroadcastChannelLike | undefined;
  /** Web Locks, or undefined where there are none (a storage lease is used instead). */
  locks: LockManagerLike | undefined;
  /** Calls `listener` when the page becomes visible again or comes back online (catch-up after sleep). */
  subscribeToWake(listener: () => void): () => void;
  /** A random number in [0, 1): refresh jitter. */
  random(): number;
  /** A version-4 UUID: telemetry ids. */
  randomUUID(): string;
  logger: { warn(...args: unknown[]): void; error(...args: unknown[]): void };
  /** The IANA time zone of the device, for telemetry. */
  timezone(): string;
}

/** A `document.cookie` jar. Values are URI-encoded, like js-cookie. */
export function documentCookieJar(doc: Document): CookieJar {
  return {
    get(name) {
      // The name as `set` writes it, compared as sent: a pair without `=` (a nameless cookie) or a name that only
      // decodes to ours (`stytch%5Fsession`, which another subdomain may set) is another cookie. Two copies with
      // different values (a sibling subdomain's `Domain=` cookie on a longer path comes first, RFC 6265 §5.4) answer
      // none, as `@latchkey/server` refuses them: taking the first would sign this tab in to whoever tossed it.
      const key = encodeURIComponent(name);
      let found: string | undefined;
      for (const pair of doc.cookie ? doc.cookie.split('; ') : []) {
        const separator = pair.indexOf('=');
        if (separator <= 0 || pair.slice(0, separator) !== key) continue;
        const value = decodeURIComponentSafe(pair.slice(separator + 1));
        if (value === '') continue;
        if (found !== undefined && found !== value) return undefined;
        found = value;
      }
      return found;
    },
    set(name, value, attributes) {
      doc.cookie = serializeCookie(name, value, attributes);
    },
    remove(name, attributes) {
      doc.cookie = serializeCookie(name, '', { ...attributes, expires: new Date(0) });
    },
  };
}

/** `name=value; expires=…; path=…; domain=…; samesite=…; secure`, as a browser expects it in `document.cookie`. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  if (attributes.expires) cookie += `; expires=${attributes.expires.toUTCString()}`;
  if (attributes.path) cookie += `; path=${attributes.path}`;
  if (attributes.domain) cookie += `; domain=${attributes.domain}`;
  if (attributes.sameSite) cookie += `; samesite=${attributes.sameSite.toLowerCase()}`;
  if (attributes.secure) cookie += '; secure';
  return cookie;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The device's IANA time zone. `Temporal.Now.timeZoneId()` where the runtime has Temporal: the first
 * `Intl.DateTimeFormat()` of a page loads the locale's calendar data, about 50 ms of CPU (200 ms on the throttled
 * phone the bench emulates) spent before the first request, the bootstrap, can leave; Temporal answers the same name
 * at once. Elsewhere `Intl`, and 'UTC' if neither answers.
 */
function deviceTimeZone(): string {
  try {
    const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
    return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function uuidFrom(crypto: LatchkeyEnvironment['crypto']): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True where there is a browser page (`window` and `document`): false on a server, in plain Node, in a worker. */
export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

/**
 * The platform of a client made on a server (no `window`, nothing injected): nothing in it reaches out. Its fetch
 * rejects with `ServerEnvironmentError` without sending, its storage and cookies are empty and keep nothing, its
 * timers never start, and no listener is ever called.
 */
export function serverEnvironment(): LatchkeyEnvironment {
  const crypto = globalThis.crypto;
  return {
    fetch: () => Promise.reject(new ServerEnvironmentError()),
    storage: { getItem: () => null, setItem() {}, removeItem() {} },
    subscribeToStorage: () => () => {},
    cookies: { get: () => undefined, set() {}, remove() {} },
    timers: { setTimeout: () => undefined, clearTimeout() {}, now: () => Date.now() },
    crypto,
    location: { hostname: 'localhost', origin: 'http://localhost', href: 'http://localhost/' },
    navigate() {},
    replaceUrl() {},
    openBroadcastChannel: () => undefined,
    locks: undefined,
    subscribeToWake: () => () => {},
    random: () => Math.random(),
    randomUUID: () => uuidFrom(crypto),
    logger: console,
    timezone: () => 'UTC',
    ...PRODUCT_ENVIRONMENT,
  };
}

/**
 * The platform as the browser gives it, with `overrides` on top. Throws `ServerEnvironmentError`
 * where there is no `window` and nothing was injected (`createClient` uses `serverEnvironment` there).
 */
export function resolveEnvironment(overrides?: Partial<LatchkeyEnvironment>): LatchkeyEnvironment {
  const hasWindow = isBrowser();
  if (!hasWindow && !overrides) throw new ServerEnvironmentError();
  const g = globalThis as typeof globalThis & { window?: Window };
  const win = hasWindow ? g.window : undefined;
  const crypto = overrides?.crypto ?? globalThis.crypto;
  let storage: KeyValueStorage | undefined;
  try {
    storage = win?.localStorage;
  } catch {
    // Site data blocked, an opaque-origin frame (SecurityError): the state is kept in memory.
  }

  const defaults: LatchkeyEnvironment = {
    fetch: (input, init) => globalThis.fetch(input, init),
    storage: storage ?? memoryStorage(),
    subscribeToStorage(listener) {
      if (!win) return () => {};
      const handler = (event: StorageEvent) => {
        if (event.storageArea === storage || event.storageArea === null) {
          listener({ key: event.key, newValue: event.newValue });
        }
      };
      win.addEventListener('storage', handler);
      return () => win.removeEventListener('storage', handler);
    },
    cookies: hasWindow ? documentCookieJar(document) : memoryCookieJar(),
    // Looked up at call time so fake timers installed after the client exists still apply.
    timers: {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
    },
    crypto,
    location: win?.location ?? { hostname: 'localhost', origin: 'http://localhost', href: 'http://localhost/' },
    navigate(url) {
      if (win) win.location.assign(url);
    },
    replaceUrl(url) {
      if (win) win.history.replaceState(win.history.state, '', url);
    },
    openBroadcastChannel(name) {
      return typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined;
    },
    locks: (globalThis.navigator as Navigator | undefined)?.locks as LockManagerLike | undefined,
    subscribeToWake(listener) {
      if (!win) return () => {};
      const onVisible = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onVisible);
      win.addEventListener('online', listener);
      return () => {
        document.removeEventListener('visibilitychange', onVisible);
        win.removeEventListener('online', listener);
      };
    },
    random: () => Math.random(),
    randomUUID: () => uuidFrom(crypto),
    logger: console,
    timezone: deviceTimeZone,
    ...PRODUCT_ENVIRONMENT,
  };
  return { ...defaults, ...overrides };
}

/** In-memory storage, for environments without localStorage. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

/** In-memory cookie jar, for environments without `document.cookie`. Ignores attributes. */
export function memoryCookieJar(): CookieJar {
  const values = new Map<string, string>();
  return {
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
  };
}
