import type { LatchkeyEnvironment } from '../environment';
import { isLoopbackHost } from './baseUrl';

/** Cookie settings (defaults: `stytch_session`, `stytch_session_jwt`, path `/`). */
export interface CookieOptions {
  opaqueTokenCookieName?: string;
  jwtCookieName?: string;
  istCookieName?: string;
  path?: string;
  /** Writes the cookies for `domain` (default: the page's host) so subdomains read them too. */
  availableToSubdomains?: boolean;
  domain?: string;
}

/** The intermediate session token cookie lives 10 minutes. */
export const INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS = 10 * 60_000;

/** The cookie names in use, with the spec's defaults. */
export function cookieNames(options: CookieOptions) {
  return {
    opaque: options.opaqueTokenCookieName ?? 'stytch_session',
    jwt: options.jwtCookieName ?? 'stytch_session_jwt',
    intermediate: options.istCookieName ?? 'stytch_intermediate_session_token',
  };
}

/** A cookie's value, or undefined when it is absent or empty, or when the jar throws. */
export function readCookie(environment: LatchkeyEnvironment, name: string): string | undefined {
  try {
    return environment.cookies.get(name) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the cookie writer (./sessionCookieWriter, loaded with the session's writes) takes from the first load, handed
 * to it as a value: a lazily loaded module that imported a module of the first load would make esbuild move that
 * module into a chunk of its own, one more file in every page's first load.
 */
export function cookieWriterParts(options: CookieOptions) {
  return {
    names: cookieNames(options),
    isLoopbackHost,
    intermediateLifetimeMs: INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS,
  };
}

export type CookieWriterParts = ReturnType<typeof cookieWriterParts>;
