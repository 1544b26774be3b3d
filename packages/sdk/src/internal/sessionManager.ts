import type { Session, User } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';

/** What subscribers see: the signed-in user and session, or nulls. */
export interface SessionSnapshot {
  session: Session | null;
  user: User | null;
  /** True while the state comes from storage and the provider has not confirmed it yet. */
  fromCache: boolean;
}

/** Cookie settings (spec §9 defaults: `stytch_session`, `stytch_session_jwt`, path `/`). */
export interface CookieOptions {
  opaqueTokenCookieName?: string;
  jwtCookieName?: string;
  istCookieName?: string;
  path?: string;
  /** Writes the cookies for `domain` (default: the page's host) so subdomains read them too. */
  availableToSubdomains?: boolean;
  domain?: string;
}

/** The session fields of an authenticate-style answer. */
export interface SessionUpdate {
  session: Session;
  user: User;
  session_token: string;
  session_jwt: string;
  intermediate_session_token?: string;
}

export interface SessionManagerConfig {
  environment: LatchkeyEnvironment;
  publicToken: string;
  /** `stytch_sdk_state_{publicToken}`. */
  stateKey: string;
  cookieOptions: CookieOptions;
  hasCustomApiEndpoint: boolean;
}

/**
 * Owns the local session: state in storage, cookies, subscribers.
 * MINIMAL VERSION — refresh, backoff, tab sync, seen domains and the start-up rule are added on top.
 */
export class SessionManager {
  private snapshot: SessionSnapshot = { session: null, user: null, fromCache: false };
  private readonly listeners = new Set<(snapshot: SessionSnapshot) => void>();

  constructor(private readonly config: SessionManagerConfig) {}

  private get cookieNames() {
    const options = this.config.cookieOptions;
    return {
      opaque: options.opaqueTokenCookieName ?? 'stytch_session',
      jwt: options.jwtCookieName ?? 'stytch_session_jwt',
      intermediate: options.istCookieName ?? 'stytch_intermediate_session_token',
    };
  }

  getSnapshot = (): SessionSnapshot => this.snapshot;

  subscribe = (listener: (snapshot: SessionSnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** True when this tab holds a session (decides primary vs secondary endpoints). */
  hasLocalSession(): boolean {
    return this.snapshot.session !== null;
  }

  /** The opaque token from its cookie, read at each request for Basic auth. */
  getSessionToken(): string | undefined {
    return this.config.environment.cookies.get(this.cookieNames.opaque);
  }

  getTokens(): { session_token: string; session_jwt: string } | null {
    const cookies = this.config.environment.cookies;
    const session_token = cookies.get(this.cookieNames.opaque);
    const session_jwt = cookies.get(this.cookieNames.jwt);
    return session_token && session_jwt ? { session_token, session_jwt } : null;
  }

  /** Stores the session and user of an authenticate answer (the "S" calls of contract §4). */
  applyAuthenticateResponse(update: SessionUpdate): void {
    const { cookies } = this.config.environment;
    const names = this.cookieNames;
    const path = this.config.cookieOptions.path ?? '/';
    if (update.session_token && update.session_jwt) {
      const attributes = { expires: new Date(update.session.expires_at), path, sameSite: 'Lax' as const };
      cookies.set(names.opaque, update.session_token, attributes);
      cookies.set(names.jwt, update.session_jwt, attributes);
    } else {
      cookies.remove(names.opaque, { path });
      cookies.remove(names.jwt, { path });
    }
    this.setState({ session: update.session, user: update.user, fromCache: false });
  }

  /** Replaces the stored user (the "U" calls of contract §4). */
  updateUser(user: User): void {
    this.setState({ ...this.snapshot, user, fromCache: false });
  }

  /** Signs out locally: cookies removed, state `null` in storage, subscribers told. */
  clear(): void {
    const path = this.config.cookieOptions.path ?? '/';
    this.config.environment.cookies.remove(this.cookieNames.opaque, { path });
    this.config.environment.cookies.remove(this.cookieNames.jwt, { path });
    this.setState({ session: null, user: null, fromCache: false });
  }

  /** Starts background work (refresh, tab sync). */
  start(_refresh: () => Promise<unknown>): void {}

  /** Stops timers and listeners. */
  destroy(): void {
    this.listeners.clear();
  }

  private setState(next: SessionSnapshot): void {
    this.snapshot = next;
    const stored = next.session && next.user ? JSON.stringify({ session: next.session, user: next.user }) : 'null';
    try {
      this.config.environment.storage.setItem(this.config.stateKey, stored);
    } catch {
      // Storage full or blocked: the session still works for this page.
    }
    for (const listener of this.listeners) listener(next);
  }
}
