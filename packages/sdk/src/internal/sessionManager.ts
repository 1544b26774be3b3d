import type { Session, User } from '../contract/common';
import type { BroadcastChannelLike, LatchkeyEnvironment } from '../environment';
import { isPlainObject } from './isPlainObject';
import { REFRESH_TIMING } from './refreshTiming';
import { type CookieOptions, type CookieWriterParts, cookieWriterParts, readCookie } from './sessionCookies';
import type { BackgroundRefresh } from './sessionRefresh';
import {
  isSameSession,
  isSameState,
  isSameUser,
  parseState,
  type StoredSessionState,
  serializeState,
  tabSyncKeys,
  toState,
} from './sessionState';
import { SHARED } from './shared';

export type { CookieOptions } from './sessionCookies';
export { INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS } from './sessionCookies';

/** What subscribers see: the signed-in user and session, or nulls. */
export interface SessionSnapshot {
  session: Session | null;
  user: User | null;
  /** True while the state comes from storage and the provider has not confirmed it yet. */
  fromCache: boolean;
}

/** The session fields of an authenticate-style answer. */
export interface SessionUpdate {
  session: Session;
  user: User;
  session_token: string;
  session_jwt: string;
  /** A sign-in waiting for its second factor (with empty tokens): not a session, never stored. */
  intermediate_session_token?: string;
}

export interface SessionManagerConfig {
  environment: LatchkeyEnvironment;
  publicToken: string;
  /** `stytch_sdk_state_{publicToken}`. */
  stateKey: string;
  cookieOptions: CookieOptions;
  hasCustomApiEndpoint: boolean;
  /** `createClient`'s `initialSession`: the snapshot until the start-up check when storage holds no session. */
  initialSession?: { session: object; user?: User | null } | null;
  /** A server's client: storage is not read, and the snapshot stays "none yet" (or `initialSession`), unconfirmed. */
  onServer?: boolean;
}

/** The type of the messages tabs send each other on the BroadcastChannel `latchkey:{publicToken}`. */
const MESSAGE_TYPE = 'latchkey:session';

/**
 * Owns the local session (README, "Sessions"): the state read from storage, the cookies read at each request,
 * subscribers, and the news from the other tabs (the `storage` event on the state key, and the BroadcastChannel).
 * What a page needs only once a session exists loads then, each a chunk of its own: the writes (storage, cookies,
 * the news to the other tabs: `./sessionWrites`, statically imported by the calls that sign in, refresh and sign
 * out) and the background refresh (scheduler, cross-tab lock, wake catch-up: `./sessionRefresh`).
 */
export class SessionManager {
  #state: StoredSessionState | null;
  #snapshot: SessionSnapshot;
  readonly #serverSnapshot: SessionSnapshot;
  readonly #listeners = new Set<(snapshot: SessionSnapshot) => void>();
  /** The cookie names and what the cookie writer takes from the first load; for `./sessionWrites`. */
  readonly cookieParts: CookieWriterParts;
  /** The storage keys tabs share the session through; for `./sessionWrites`. */
  readonly keys: ReturnType<typeof tabSyncKeys>;
  #refresh: (() => Promise<unknown>) | undefined;
  /** The background refresh, once its code has loaded; `#loading` while it loads. */
  #background: BackgroundRefresh | undefined;
  #loading: Promise<void> | undefined;
  #channel: BroadcastChannelLike | undefined;
  #unsubscribeStorage: (() => void) | undefined;
  /** When this tab last stored a session answered by the provider; set by `./sessionWrites`. */
  confirmedAt: number | undefined;
  /** The `session_duration_minutes` of the last authentication (for `keepSessionAlive` refreshes); set by `./sessionWrites`. */
  sessionDurationMinutes: number | undefined;
  /**
   * Tokens `session.updateSession` gave while the cookie writer was loading: answered by the readers below until
   * they are in their cookies (`./sessionWrites`' `writeTokens`) or replaced by a sign-in or a sign-out.
   */
  pendingTokens: readonly [sessionToken: string, sessionJwt: string | undefined] | undefined;
  #isStarted = false;
  #isDestroyed = false;

  readonly config: SessionManagerConfig;

  constructor(config: SessionManagerConfig) {
    this.config = config;
    this.keys = tabSyncKeys(config.stateKey);
    this.cookieParts = cookieWriterParts(config.cookieOptions);
    this.#state = config.onServer ? null : parseState(this.read(this.keys.state));
    const initial = config.initialSession;
    this.#snapshot =
      this.#state || !initial
        ? { session: this.#state?.session ?? null, user: this.#state?.user ?? null, fromCache: !!this.#state }
        : {
            session: { custom_claims: null, ...initial.session } as Session,
            user: initial.user ?? null,
            fromCache: true,
          };
    // What a server's client reports (`initialSession`, else none yet), unconfirmed: the hydration snapshot.
    this.#serverSnapshot = {
      session: initial ? ({ custom_claims: null, ...initial.session } as Session) : null,
      user: initial?.user ?? null,
      fromCache: true,
    };
    if (config.onServer) this.#snapshot = this.#serverSnapshot;
  }

  /** For `useSyncExternalStore`: the same object until something subscribers care about changes. */
  getSnapshot = (): SessionSnapshot => this.#snapshot;

  /**
   * For `useSyncExternalStore`'s `getServerSnapshot`: what the server rendered (its `initialSession`, else no session
   * yet), so hydration matches the server's HTML; React renders `getSnapshot()` right after. Always the same object.
   */
  getServerSnapshot = (): SessionSnapshot => this.#serverSnapshot;

  /** Calls `listener` after each change of the snapshot; returns the unsubscribe function. */
  subscribe = (listener: (snapshot: SessionSnapshot) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The stored session, with the latest `last_accessed_at` (which the snapshot may lag behind). */
  getSession(): Session | null {
    return this.#state?.session ?? null;
  }

  /** True when this tab holds a session (decides primary vs secondary endpoints). */
  hasLocalSession(): boolean {
    return this.#state !== null;
  }

  /** The opaque token from its cookie, read at each request for Basic auth. */
  getSessionToken(): string | undefined {
    return this.pendingTokens ? this.pendingTokens[0] : this.#cookie('opaque');
  }

  /** Both tokens from their cookies, or null when either is missing (opaque/HttpOnly mode). */
  getTokens(): { session_token: string; session_jwt: string } | null {
    const [session_token, session_jwt] = this.pendingTokens ?? [this.#cookie('opaque'), this.#cookie('jwt')];
    return session_token && session_jwt ? { session_token, session_jwt } : null;
  }

  /** The intermediate session token (a sign-in that still needs another factor), if one is stored. */
  getIntermediateSessionToken(): string | undefined {
    // Tokens being written replace it.
    return this.pendingTokens ? undefined : this.#cookie('intermediate');
  }

  /**
   * Writes tokens from a backend sign-in into the cookies (`session.updateSession`); `session.authenticate` then loads
   * the session. The readers answer with them at once; the cookie writer (a chunk of its own) writes them once loaded.
   */
  updateTokens(sessionToken: string, sessionJwt: string | undefined): void {
    const tokens = [sessionToken, sessionJwt] as const;
    this.pendingTokens = tokens;
    import('./sessionWrites').then(
      (writes) => writes.writeTokens(this, tokens),
      () => {
        // The chunk did not load (offline): the tokens stay in memory for this page, and a later write retries.
      },
    );
  }

  /**
   * Starts background work. Start-up rule (README, "Sessions"): with a session cookie, the cached state is kept
   * (`fromCache`) and `refresh` runs at once. Without one: on the default endpoint the cached state is dropped
   * (in this tab only) and nothing is sent; on a custom endpoint a cached session is kept and refreshed at once
   * (HttpOnly cookies the page cannot see may carry it), but with no cached session either there is nothing to
   * refresh, so nothing is sent: a signed-out page load makes no request (and no 401 in the browser's console).
   */
  start(refresh: () => Promise<unknown>): void {
    if (this.#isStarted || this.#isDestroyed) return;
    this.#isStarted = true;
    this.#refresh = refresh;
    const { environment, publicToken } = this.config;
    // Another tab's sign-in, sign-out or user change arrives here even in a signed-out tab (whose background refresh
    // has not loaded): the `storage` event on the state key, and the same news on the BroadcastChannel.
    try {
      this.#unsubscribeStorage = environment.subscribeToStorage((change) => {
        if (change.key === this.keys.state) this.#adopt(parseState(change.newValue));
        else if (change.key === this.keys.refreshedAt) this.#background?.reschedule();
      });
    } catch {
      // No storage events: the channel still carries the news.
    }
    try {
      this.#channel = environment.openBroadcastChannel(`latchkey:${publicToken}`);
      this.#channel?.addEventListener('message', ({ data }) => {
        if (isPlainObject(data) && data.type === MESSAGE_TYPE) this.#adopt(toState(data.state));
      });
    } catch {
      // No channel: the storage event still reaches the other tabs.
    }
    const isSignedOutAtStart = !this.getSessionToken() && (!this.config.hasCustomApiEndpoint || this.#state === null);
    if (isSignedOutAtStart) {
      // Only the state, and only in this tab (no storage write, no news): a page outside `cookieOptions.path` cannot
      // see the cookie the tabs under it still hold; they learn of a real sign-out at their own refresh. An
      // intermediate token cookie may still be waiting for its second factor.
      if (this.#state) this.#commit(null, false);
      // The server's `initialSession`, with nothing here to confirm it: signed out (an unconfirmed snapshot notifies).
      else if (this.#snapshot.fromCache) this.#notify();
    } else {
      // The start-up check goes out now; the background refresh (loading meanwhile) takes over its outcome.
      const confirmedBefore = this.lastConfirmedAt();
      const first = refresh();
      first.catch(() => {});
      this.#startBackground(first, confirmedBefore);
    }
  }

  /** Stops timers and listeners, and closes the channel. */
  destroy(): void {
    this.#isDestroyed = true;
    this.#background?.stop();
    this.#unsubscribeStorage?.();
    try {
      this.#channel?.close();
    } catch {
      // Already closed.
    }
    this.#listeners.clear();
  }

  /** When any tab last stored a session answered by the provider (ms since epoch), if known. */
  lastConfirmedAt(): number | undefined {
    const stored = Number(this.read(this.keys.refreshedAt) ?? Number.NaN);
    const shared = Number.isFinite(stored) ? stored : undefined;
    if (shared === undefined) return this.confirmedAt;
    return this.confirmedAt === undefined ? shared : Math.max(shared, this.confirmedAt);
  }

  /**
   * Loads and starts the background refresh, once (a failed download is tried again at the next session change).
   * Called only when a session exists, so a signed-out page never downloads it.
   */
  #startBackground(first?: Promise<unknown>, confirmedBefore?: number): void {
    const refresh = this.#refresh;
    if (!refresh || this.#isDestroyed) return;
    this.#loading ??= import('./sessionRefresh').then(
      ({ startBackgroundRefresh }) => {
        if (!this.#isDestroyed) {
          this.#background = startBackgroundRefresh(this, refresh, first, confirmedBefore, REFRESH_TIMING, SHARED);
        }
      },
      () => {
        this.#loading = undefined;
      },
    );
  }

  /** A change made in this tab (`./sessionWrites`): stored, announced to the other tabs, shown to subscribers. */
  store(next: StoredSessionState | null, reschedule = true): void {
    const serialized = serializeState(next);
    this.write(this.keys.state, serialized);
    try {
      this.#channel?.postMessage({ type: MESSAGE_TYPE, state: JSON.parse(serialized) });
    } catch {
      // A closed or unavailable channel: the storage event still reaches the other tabs.
    }
    this.#commit(next, reschedule);
  }

  /** Subscribers hear of a change, and the background refresh starts (a session exists) or plans its next run. */
  #commit(next: StoredSessionState | null, reschedule: boolean): void {
    this.#state = next;
    this.#notify();
    if (next) this.#startBackground();
    if (reschedule) this.#background?.reschedule();
  }

  /**
   * The snapshot marked unconfirmed and announced again (same session and user): after an intermediate token was
   * stored, whoever reads the pending sign-in from its cookie reads it again.
   */
  renotify(): void {
    // The fewest bytes for the first load: `onChange` listeners hear it as the (unchanged) signed-out state.
    this.#snapshot.fromCache = true;
    this.#notify();
  }

  /** A change another tab made: its cookies are ours already (one browser), so only memory changes. */
  #adopt(next: StoredSessionState | null): void {
    if (this.#isDestroyed) return;
    // A refresh elsewhere reschedules through `refreshed_at`; a user-only change must not reset a backoff.
    this.#commit(next, !isSameSession(this.#state?.session ?? null, next?.session ?? null));
  }

  #notify(): void {
    const previous = this.#snapshot;
    // The first update after a cache load always notifies, so subscribers learn the cache was confirmed.
    if (!previous.fromCache && isSameState(previous, this.#state)) return;
    const session = this.#state?.session ?? null;
    const user = this.#state?.user ?? null;
    // Unchanged parts keep their identity, so a selector (`s => s.user`) re-renders only for its own part.
    this.#snapshot = {
      session: isSameSession(previous.session, session) ? previous.session : session,
      user: isSameUser(previous.user, user) ? previous.user : user,
      fromCache: false,
    };
    for (const listener of [...this.#listeners]) {
      try {
        listener(this.#snapshot);
      } catch (error) {
        this.config.environment.logger.error('A Latchkey session subscriber threw.', error);
      }
    }
  }

  #cookie(name: keyof CookieWriterParts['names']): string | undefined {
    return readCookie(this.config.environment, this.cookieParts.names[name]);
  }

  /** Storage, where it answers: full or blocked storage reads as empty and keeps nothing. */
  read(key: string): string | null {
    try {
      return this.config.environment.storage.getItem(key);
    } catch {
      return null;
    }
  }

  write(key: string, value: string): void {
    try {
      this.config.environment.storage.setItem(key, value);
    } catch {
      // Storage full or blocked: the session still works for this page; other tabs hear of it by the channel.
    }
  }
}
