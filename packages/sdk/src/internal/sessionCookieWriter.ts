import type { CookieAttributes, LatchkeyEnvironment } from '../environment';
import type { CookieOptions, CookieWriterParts } from './sessionCookies';

// Loaded with the session's writes (./sessionWrites): a page that never signs in reads its cookies
// (./sessionCookies) but never downloads the code that writes them.

/** Browsers refuse a cookie named `__Secure-…` or `__Host-…` without `Secure` (they match the prefix in any case). */
const SECURE_PREFIX = /^__(secure|host)-/i;
/** …and a `__Host-…` cookie with a Domain attribute or a path other than `/`. */
const HOST_PREFIX = /^__host-/i;

/**
 * The session cookies: written by JS (so not HttpOnly), `SameSite=Lax`, `Secure` unless the
 * page is on a loopback host, `expires` = the session's `expires_at`. Every domain they were written for is
 * remembered under `{stateKey}::seen_domains`, and every path other than `/` under `{stateKey}::seen_paths`, so
 * signing out (and each write, for its own name) removes them wherever they were set.
 *
 * A name with the `__Secure-` or `__Host-` prefix is always `Secure`, on loopback hosts too (browsers accept
 * `Secure` cookies from http://localhost, and refuse these prefixes without it). A `__Host-` cookie is always
 * host-only with path `/`: a domain or another path in the options is ignored for it, with one warning.
 */
export class SessionCookieWriter {
  readonly names: CookieWriterParts['names'];
  readonly #parts: CookieWriterParts;
  readonly #seenDomainsKey: string;
  readonly #seenPathsKey: string;

  readonly #environment: LatchkeyEnvironment;
  readonly #options: CookieOptions;
  /** Whether the options were checked against the `__Host-` prefix (at the first write of such a cookie). */
  #hostPrefixChecked = false;

  constructor(environment: LatchkeyEnvironment, options: CookieOptions, stateKey: string, parts: CookieWriterParts) {
    this.#environment = environment;
    this.#options = options;
    this.#parts = parts;
    this.names = parts.names;
    this.#seenDomainsKey = `${stateKey}::seen_domains`;
    this.#seenPathsKey = `${stateKey}::seen_paths`;
  }

  /** Writes the opaque token and, when given, the JWT; a full session makes the intermediate token obsolete. */
  writeSession(sessionToken: string, sessionJwt: string | undefined, expiresAt: string | undefined): void {
    const expires = expiresAt === undefined ? undefined : new Date(expiresAt);
    this.#set(this.names.opaque, sessionToken, expires);
    if (sessionJwt) this.#set(this.names.jwt, sessionJwt, expires);
    else this.#removeEverywhere([this.names.jwt]);
    this.#removeEverywhere([this.names.intermediate]);
  }

  /** Writes the intermediate session token for 10 minutes; it replaces any session cookies. */
  writeIntermediate(token: string): void {
    this.removeSession();
    const expires = new Date(this.#environment.timers.now() + this.#parts.intermediateLifetimeMs);
    this.#set(this.names.intermediate, token, expires);
  }

  /** Removes the opaque and JWT cookies for every seen domain (and none) and every seen path (and `/`). */
  removeSession(): void {
    this.#removeEverywhere([this.names.opaque, this.names.jwt]);
  }

  /** Removes every cookie the SDK writes: sign-out. */
  removeAll(): void {
    this.#removeEverywhere([this.names.opaque, this.names.jwt, this.names.intermediate]);
  }

  /** The domains cookies were written for, as recorded in storage. */
  seenDomains(): string[] {
    return this.#seen(this.#seenDomainsKey);
  }

  /** The paths other than `/` cookies were written under, as recorded in storage. */
  seenPaths(): string[] {
    return this.#seen(this.#seenPathsKey);
  }

  #seen(key: string): string[] {
    try {
      const parsed: unknown = JSON.parse(this.#environment.storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((d): d is string => typeof d === 'string') : [];
    } catch {
      return [];
    }
  }

  #attributes(name: string, expires: Date | undefined): CookieAttributes {
    const hostOnly = HOST_PREFIX.test(name);
    const attributes: CookieAttributes = {
      expires: expires && !Number.isNaN(expires.getTime()) ? expires : undefined,
      path: hostOnly ? '/' : (this.#options.path ?? '/'),
      sameSite: 'Lax',
      // Browsers refuse Secure cookies on http pages, and local development runs on http://localhost. Except for the
      // prefixed names, which need Secure: browsers accept it from http://localhost.
      secure: SECURE_PREFIX.test(name) || !this.#parts.isLoopbackHost(this.#environment.location.hostname),
    };
    const domain = hostOnly ? undefined : this.#domain();
    if (domain) attributes.domain = domain;
    return attributes;
  }

  /** One warning, at the first `__Host-` write, when the options ask for what the prefix forbids. */
  #checkHostPrefix(): void {
    const { availableToSubdomains, domain, path = '/' } = this.#options;
    if (this.#hostPrefixChecked || !(availableToSubdomains || domain || path !== '/')) return;
    this.#hostPrefixChecked = true;
    this.#environment.logger.warn(
      "Latchkey writes __Host- cookies host-only on path '/', as the prefix requires: cookieOptions availableToSubdomains, domain and path do not apply to them.",
    );
  }

  #domain(): string | undefined {
    if (!this.#options.availableToSubdomains) return undefined;
    return this.#options.domain ?? this.#environment.location.hostname;
  }

  #set(name: string, value: string, expires: Date | undefined): void {
    if (HOST_PREFIX.test(name)) this.#checkHostPrefix();
    const attributes = this.#attributes(name, expires);
    // One copy per name: the copies an older configuration left under another domain or path go first, or the
    // browser would send the name twice (and a server that refuses ambiguous cookies, @latchkey/server, would too).
    this.#removeEverywhere([name], attributes);
    if (attributes.domain) this.#record(this.#seenDomainsKey, attributes.domain);
    if (attributes.path && attributes.path !== '/') this.#record(this.#seenPathsKey, attributes.path);
    try {
      this.#environment.cookies.set(name, value, attributes);
    } catch (error) {
      this.#environment.logger.warn(`Latchkey could not write the ${name} cookie.`, error);
    }
  }

  #record(key: string, value: string): void {
    const seen = this.#seen(key);
    if (seen.includes(value)) return;
    try {
      this.#environment.storage.setItem(key, JSON.stringify([...seen, value]));
    } catch {
      // Storage full or blocked: the configured domain and path are still cleared on sign-out.
    }
  }

  /** Removes `names` under every domain and path they may have been written with, except `keep`'s. */
  #removeEverywhere(names: string[], keep?: CookieAttributes): void {
    // A cookie is keyed by name, domain and path: one written under another domain option or path
    // (an older configuration, another subdomain) survives a removal that does not name them exactly.
    const domains = unique<string | undefined>([undefined, ...this.seenDomains(), this.#domain()]);
    const paths = unique([this.#options.path ?? '/', '/', ...this.seenPaths()]);
    for (const name of names) {
      // A __Host- cookie exists only host-only on '/'. Browsers ignore a removal of a prefixed name without Secure.
      const hostOnly = HOST_PREFIX.test(name);
      const secure = SECURE_PREFIX.test(name) ? { secure: true } : {};
      for (const domain of hostOnly ? [undefined] : domains) {
        for (const path of hostOnly ? ['/'] : paths) {
          if (keep && keep.domain === domain && keep.path === path) continue;
          try {
            this.#environment.cookies.remove(
              name,
              domain === undefined ? { path, ...secure } : { path, domain, ...secure },
            );
          } catch (error) {
            this.#environment.logger.warn(`Latchkey could not remove the ${name} cookie.`, error);
          }
        }
      }
    }
  }
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
