import { LatchkeyServerError } from './errors';

/** The cookie names the SDK writes by default (`cookieOptions.opaqueTokenCookieName` / `jwtCookieName`). */
export const DEFAULT_COOKIE_NAMES = { sessionToken: 'stytch_session', sessionJwt: 'stytch_session_jwt' } as const;

/** The names of the two session cookies, when the SDK was configured with other ones. */
export interface SessionCookieNames {
  /** The opaque session token. Default `stytch_session`. */
  sessionToken?: string;
  /** The session JWT. Default `stytch_session_jwt`. */
  sessionJwt?: string;
}

/**
 * A cookie store like Next.js's (`cookies()` in a route handler or server component, `request.cookies` in
 * middleware): `get(name)` answers `{ value }`, or the value itself, or nothing.
 *
 * A store keeps one value per name, so it cannot show that the browser sent a session cookie twice (cookie
 * tossing: see `readSessionCookies`). Pass the Request or its Headers where that matters. In Next.js:
 * `await headers()` from 'next/headers', or `request` in middleware and route handlers.
 */
export interface CookieStore {
  get(name: string): { value: string } | string | null | undefined;
  /**
   * Every cookie named `name`, for a store that keeps duplicates: two different values are refused as ambiguous.
   * Next.js's `getAll(name)` answers one cookie at most (its store keeps the last copy), so it reveals nothing.
   */
  getAll?(name: string): ReadonlyArray<{ value: string } | string>;
}

/**
 * Where the cookies can be read from: a Request, its Headers, a Cookie header's text, or a cookie store. Only the
 * first three show a session cookie sent twice; a cookie store has already kept one copy (see `CookieStore`).
 */
export type CookieSource = Request | Headers | CookieStore | string | null | undefined;

/** The session cookies found; null for a cookie that is absent or empty. */
export interface SessionCookies {
  sessionToken: string | null;
  sessionJwt: string | null;
}

/** A Cookie header larger than this is not parsed (browsers send at most a few kilobytes). */
const MAX_COOKIE_HEADER_LENGTH = 64 * 1024;

function decodeValue(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    // A stray `%` is not an encoding: keep the value as sent rather than refuse the whole header.
    return unquoted;
  }
}

/** The decoded value of every pair named `name` in a Cookie header, in the order sent, empty ones included. */
function* valuesNamed(header: string | null | undefined, name: string): Generator<string> {
  if (!header || header.length > MAX_COOKIE_HEADER_LENGTH) return;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1) continue;
    if (pair.slice(0, equals).trim() !== name) continue;
    yield decodeValue(pair.slice(equals + 1).trim());
  }
}

/**
 * The value of cookie `name` in a Cookie header, or null. The first one wins (browsers send the most specific
 * path first). Nothing is evaluated: malformed pairs are skipped.
 *
 * This is a generic reader: it does not look for a second copy of the name. The session readers
 * (`readSessionCookies` and the server's `sessionFrom…` / `authenticateRequest`) do, and refuse a session cookie
 * sent twice with different values.
 */
export function parseCookie(header: string | null | undefined, name: string): string | null {
  for (const value of valuesNamed(header, name)) return value === '' ? null : value;
  return null;
}

function isRequestLike(source: object): source is Request {
  return 'headers' in source && typeof (source as Request).headers?.get === 'function';
}

function storeValue(found: { value: string } | string | null | undefined): string | null {
  if (typeof found === 'string') return found;
  return typeof found?.value === 'string' ? found.value : null;
}

/** The values a cookie store holds for `name`: what `get` answers, and what `getAll` answers when it has one. */
function storeValues(store: CookieStore, name: string): (string | null)[] {
  const values = [storeValue(store.get(name))];
  if (typeof store.getAll !== 'function') return values;
  const all = store.getAll(name);
  for (const entry of Array.isArray(all) ? all : []) {
    // A store whose getAll ignores its argument answers every cookie: keep only the ones named `name`.
    if (typeof entry === 'object' && entry !== null && 'name' in entry && entry.name !== name) continue;
    values.push(storeValue(entry));
  }
  return values;
}

/** The distinct non-empty values of cookie `name` in `source`, in the order found. */
function valuesOf(source: CookieSource, name: string): string[] {
  if (source === null || source === undefined) return [];
  let found: Iterable<string | null>;
  if (typeof source === 'string') found = valuesNamed(source, name);
  else if (typeof Headers !== 'undefined' && source instanceof Headers) found = valuesNamed(source.get('cookie'), name);
  else if (isRequestLike(source)) found = valuesNamed(source.headers.get('cookie'), name);
  else found = storeValues(source as CookieStore, name);
  const values: string[] = [];
  for (const value of found) if (value !== null && value !== '' && !values.includes(value)) values.push(value);
  return values;
}

/** A session cookie's one value, or null; throws `ambiguous_session_cookie` when it has two different ones. */
function readSessionCookie(source: CookieSource, name: string): string | null {
  const values = valuesOf(source, name);
  if (values.length > 1) {
    throw new LatchkeyServerError(
      'ambiguous_session_cookie',
      `The request carries the cookie "${name}" more than once with different values, for example one set for a parent domain by another subdomain, or one left by an earlier cookie configuration. It is refused because either copy could be someone else's session. To fix it, sign out or clear this site's cookies; to prevent it, use __Host- cookie names.`,
    );
  }
  return values[0] ?? null;
}

/**
 * Reads the session cookies the SDK writes from a Request, its Headers, a Cookie header or a cookie store.
 *
 * A browser sends a name twice when another subdomain set its own copy for the parent domain (cookie tossing) or an
 * earlier configuration left one under another domain or path. Picking either could act on someone else's session,
 * so a session cookie with two different non-empty values throws a LatchkeyServerError `ambiguous_session_cookie`.
 * The same value twice, empty copies and duplicates of other cookies are accepted. A cookie store cannot show
 * duplicates (see `CookieStore`): pass the Request or its Headers.
 */
export function readSessionCookies(source: CookieSource, names: SessionCookieNames = {}): SessionCookies {
  return {
    sessionToken: readSessionCookie(source, names.sessionToken ?? DEFAULT_COOKIE_NAMES.sessionToken),
    sessionJwt: readSessionCookie(source, names.sessionJwt ?? DEFAULT_COOKIE_NAMES.sessionJwt),
  };
}
