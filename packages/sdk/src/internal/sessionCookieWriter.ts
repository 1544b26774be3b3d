import type { CookieAttributes, LatchkeyEnvironment } from '../environment';
import type { CookieOptions, CookieWriterParts } from './sessionCookies';

// Loaded with the session's writes (./sessionWrites): a page that never signs in reads its cookies
// (./sessionCookies) but never downloads the code that writes them.

/**
 * The session cookies: written by JS (so not HttpOnly), `SameSite=Lax`, `Secure` unless the
 * page is on a loopback host, `expires` = the session's `expires_at`. Every domain they were written for is
 * remembered under `{stateKey}::seen_domains`, so signing out removes them wherever they were set.
 */
export class SessionCookieWriter {
  readonly names: CookieWriterParts['names'];
  readonly #parts: CookieWriterParts;
  readonly #seenDomainsKey: string;

  readonly #environment: LatchkeyEnvironment;
  readonly #options: CookieOptions;

  constructor(environment: LatchkeyEnvironment, options: CookieOptions, stateKey: string, parts: CookieWriterParts) {
    this.#environment = environment;
    this.#options = options;
    this.#parts = parts;
    this.names = parts.names;
    this.#seenDomainsKey = `${stateKey}::seen_domains`;
  }

  /** Writes the opaque token and, when given, the JWT; a full session makes the intermediate token obsolete. */
  writeSession(sessionToken: string, sessionJwt: string | undefined, expiresAt: string | undefined): void {
    const attributes = this.#attributes(expiresAt === undefined ? undefined : new Date(expiresAt));
    this.#set(this.names.opaque, sessionToken, attributes);
    if (sessionJwt) this.#set(this.names.jwt, sessionJwt, attributes);
    else this.#removeEverywhere([this.names.jwt]);
    this.#removeEverywhere([this.names.intermediate]);
  }

  /** Writes the intermediate session token for 10 minutes; it replaces any session cookies. */
  writeIntermediate(token: string): void {
    this.removeSession();
    const expires = new Date(this.#environment.timers.now() + this.#parts.intermediateLifetimeMs);
    this.#set(this.names.intermediate, token, this.#attributes(expires));
  }

  /** Removes the opaque and JWT cookies for every seen domain (and none) and for both paths. */
  removeSession(): void {
    this.#removeEverywhere([this.names.opaque, this.names.jwt]);
  }

  /** Removes every cookie the SDK writes: sign-out. */
  removeAll(): void {
    this.#removeEverywhere([this.names.opaque, this.names.jwt, this.names.intermediate]);
  }

  /** The domains cookies were written for, as recorded in storage. */
  seenDomains(): string[] {
    try {
      const parsed: unknown = JSON.parse(this.#environment.storage.getItem(this.#seenDomainsKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((d): d is string => typeof d === 'string') : [];
    } catch {
      return [];
    }
  }

  #attributes(expires: Date | undefined): CookieAttributes {
    const attributes: CookieAttributes = {
      expires: expires && !Number.isNaN(expires.getTime()) ? expires : undefined,
      path: this.#options.path ?? '/',
      sameSite: 'Lax',
      // Browsers refuse Secure cookies on http pages, and local development runs on http://localhost.
      secure: !this.#parts.isLoopbackHost(this.#environment.location.hostname),
    };
    const domain = this.#domain();
    if (domain) attributes.domain = domain;
    return attributes;
  }

  #domain(): string | undefined {
    if (!this.#options.availableToSubdomains) return undefined;
    return this.#options.domain ?? this.#environment.location.hostname;
  }

  #set(name: string, value: string, attributes: CookieAttributes): void {
    if (attributes.domain) this.#recordDomain(attributes.domain);
    try {
      this.#environment.cookies.set(name, value, attributes);
    } catch (error) {
      this.#environment.logger.warn(`Latchkey could not write the ${name} cookie.`, error);
    }
  }

  #recordDomain(domain: string): void {
    const seen = this.seenDomains();
    if (seen.includes(domain)) return;
    try {
      this.#environment.storage.setItem(this.#seenDomainsKey, JSON.stringify([...seen, domain]));
    } catch {
      // Storage full or blocked: the configured domain is still cleared on sign-out.
    }
  }

  #removeEverywhere(names: string[]): void {
    // A cookie is keyed by name, domain and path: one written under another domain option or path
    // (an older configuration, another subdomain) survives a removal that does not name them exactly.
    const domains = unique<string | undefined>([undefined, ...this.seenDomains(), this.#domain()]);
    const paths = unique([this.#options.path ?? '/', '/']);
    for (const name of names) {
      for (const domain of domains) {
        for (const path of paths) {
          try {
            this.#environment.cookies.remove(name, domain === undefined ? { path } : { path, domain });
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
