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
 */
export interface CookieStore {
  get(name: string): { value: string } | string | null | undefined;
}

/** Where the cookies can be read from: a Request, its Headers, a Cookie header's text, or a cookie store. */
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

/**
 * The value of cookie `name` in a Cookie header, or null. The first one wins (browsers send the most specific
 * path first). Nothing is evaluated: malformed pairs are skipped.
 */
export function parseCookie(header: string | null | undefined, name: string): string | null {
  if (!header || header.length > MAX_COOKIE_HEADER_LENGTH) return null;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1) continue;
    if (pair.slice(0, equals).trim() !== name) continue;
    const value = decodeValue(pair.slice(equals + 1).trim());
    return value === '' ? null : value;
  }
  return null;
}

function isRequestLike(source: object): source is Request {
  return 'headers' in source && typeof (source as Request).headers?.get === 'function';
}

function readOne(source: CookieSource, name: string): string | null {
  if (source === null || source === undefined) return null;
  if (typeof source === 'string') return parseCookie(source, name);
  if (typeof Headers !== 'undefined' && source instanceof Headers) return parseCookie(source.get('cookie'), name);
  if (isRequestLike(source)) return parseCookie(source.headers.get('cookie'), name);
  const found = (source as CookieStore).get(name);
  const value = typeof found === 'string' ? found : (found?.value ?? null);
  return value === null || value === '' ? null : value;
}

/** Reads the session cookies the SDK writes from a Request, its Headers, a Cookie header or a cookie store. */
export function readSessionCookies(source: CookieSource, names: SessionCookieNames = {}): SessionCookies {
  return {
    sessionToken: readOne(source, names.sessionToken ?? DEFAULT_COOKIE_NAMES.sessionToken),
    sessionJwt: readOne(source, names.sessionJwt ?? DEFAULT_COOKIE_NAMES.sessionJwt),
  };
}
