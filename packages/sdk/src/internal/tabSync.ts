import type { BroadcastChannelLike, LatchkeyEnvironment } from '../environment';
import { isPlainObject } from './isPlainObject';
import { parseState, type StoredSessionState, serializeState, toState } from './sessionState';

/** A tab that took the refresh lease and vanished mid-refresh blocks the others at most this long. */
export const REFRESH_LEASE_MS = 60_000;

const MESSAGE_TYPE = 'latchkey:session';

/** The storage keys next to the state key that tabs coordinate through. */
export function tabSyncKeys(stateKey: string) {
  return {
    state: stateKey,
    /** When a tab last stored a session answered by the provider (ms since epoch, as a string). */
    refreshedAt: `${stateKey}::refreshed_at`,
    /** `{owner, until}`: the tab refreshing now, where Web Locks are missing. */
    refreshLease: `${stateKey}::refresh_lease`,
  };
}

export interface TabSyncOptions {
  environment: LatchkeyEnvironment;
  publicToken: string;
  stateKey: string;
  /** Another tab changed the session state (null: it signed out). */
  onRemoteState(state: StoredSessionState | null): void;
  /** Another tab refreshed without changing the state subscribers see. */
  onRemoteRefresh(): void;
}

/**
 * Keeps the tabs of one browser in step: the `storage` event on the state key (the specified path), a
 * BroadcastChannel `latchkey:{publicToken}` for the same news where it exists, and a cross-tab lock so
 * only one tab refreshes at a time.
 */
export class TabSync {
  readonly #keys: ReturnType<typeof tabSyncKeys>;
  readonly #channel: BroadcastChannelLike | undefined;
  readonly #unsubscribeStorage: () => void;
  readonly #owner: string;
  #isClosed = false;

  readonly #options: TabSyncOptions;

  constructor(options: TabSyncOptions) {
    this.#options = options;
    const { environment } = options;
    this.#keys = tabSyncKeys(options.stateKey);
    this.#owner = safely(() => environment.randomUUID(), `${environment.timers.now()}-${environment.random()}`);
    this.#unsubscribeStorage = safely(
      () =>
        environment.subscribeToStorage((change) => {
          if (this.#isClosed) return;
          if (change.key === this.#keys.state) options.onRemoteState(parseState(change.newValue));
          else if (change.key === this.#keys.refreshedAt) options.onRemoteRefresh();
        }),
      () => {},
    );
    this.#channel = safely(() => environment.openBroadcastChannel(`latchkey:${options.publicToken}`), undefined);
    this.#channel?.addEventListener('message', (event) => {
      if (this.#isClosed || !isPlainObject(event.data) || event.data.type !== MESSAGE_TYPE) return;
      options.onRemoteState(toState(event.data.state));
    });
  }

  /** Tells the other tabs about a change this tab made (storage already carries it where storage works). */
  announce(state: StoredSessionState | null): void {
    if (this.#isClosed) return;
    try {
      this.#channel?.postMessage({ type: MESSAGE_TYPE, state: state && JSON.parse(serializeState(state)) });
    } catch {
      // A closed or unavailable channel: the storage event still reaches the other tabs.
    }
  }

  /**
   * Runs `task` unless another tab is inside it now (Web Locks with `ifAvailable`, else a storage lease);
   * resolves to undefined when skipped. Without either mechanism working, the task runs: refreshing twice
   * is better than never.
   */
  async runExclusive<T>(task: () => Promise<T>): Promise<T | undefined> {
    const { locks } = this.#options.environment;
    if (locks) {
      let hasStarted = false;
      try {
        return await locks.request(`latchkey:refresh:${this.#options.publicToken}`, { ifAvailable: true }, (lock) => {
          hasStarted = true;
          return lock ? task() : Promise.resolve(undefined);
        });
      } catch (error) {
        if (hasStarted) throw error;
        // The lock manager refused (an opaque origin, a sandboxed frame): fall back to the lease.
      }
    }
    return this.#withLease(task);
  }

  close(): void {
    this.#isClosed = true;
    this.#unsubscribeStorage();
    try {
      this.#channel?.close();
    } catch {
      // Already closed.
    }
  }

  async #withLease<T>(task: () => Promise<T>): Promise<T | undefined> {
    const { storage, timers } = this.#options.environment;
    const key = this.#keys.refreshLease;
    const now = timers.now();
    const current = readLease(storage.getItem.bind(storage), key);
    if (current && current.owner !== this.#owner && current.until > now) return undefined;
    const lease = JSON.stringify({ owner: this.#owner, until: now + REFRESH_LEASE_MS });
    try {
      storage.setItem(key, lease);
      // Storage is not atomic across tabs: read back, and give way if another tab wrote in between.
      if (readLease(storage.getItem.bind(storage), key)?.owner !== this.#owner) return undefined;
    } catch {
      return task();
    }
    try {
      return await task();
    } finally {
      try {
        if (readLease(storage.getItem.bind(storage), key)?.owner === this.#owner) storage.removeItem(key);
      } catch {
        // The lease expires on its own.
      }
    }
  }
}

function readLease(getItem: (key: string) => string | null, key: string): { owner: string; until: number } | null {
  try {
    const value: unknown = JSON.parse(getItem(key) ?? 'null');
    if (isPlainObject(value) && typeof value.owner === 'string' && typeof value.until === 'number') {
      return { owner: value.owner, until: value.until };
    }
  } catch {
    // Unreadable: treat as free.
  }
  return null;
}

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}
