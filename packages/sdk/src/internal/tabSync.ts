import type { LatchkeyEnvironment } from '../environment';

/** A tab that took the refresh lease and vanished mid-refresh blocks the others at most this long. */
export const REFRESH_LEASE_MS = 60_000;

export interface RefreshLockOptions {
  environment: LatchkeyEnvironment;
  publicToken: string;
  stateKey: string;
}

/**
 * The cross-tab lock of the background refresh, so only one tab refreshes at a time: Web Locks, else a lease in
 * storage. Loaded with the refresh, once a session exists; the news of sign-ins and sign-outs travels between tabs
 * through the session manager (the `storage` event and the BroadcastChannel `latchkey:{publicToken}`).
 */
export class RefreshLock {
  readonly #leaseKey: string;
  readonly #owner: string;

  readonly #options: RefreshLockOptions;

  constructor(options: RefreshLockOptions) {
    this.#options = options;
    const { environment } = options;
    // `{owner, until}`: the tab refreshing now, where Web Locks are missing.
    this.#leaseKey = `${options.stateKey}::refresh_lease`;
    this.#owner = safely(() => environment.randomUUID(), `${environment.timers.now()}-${environment.random()}`);
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

  async #withLease<T>(task: () => Promise<T>): Promise<T | undefined> {
    const { storage, timers } = this.#options.environment;
    const key = this.#leaseKey;
    const now = timers.now();
    const current = readLease(storage.getItem.bind(storage), key);
    // Another tab's lease holds until it lapses, never longer than a lease lasts (one written by a clock far ahead).
    if (current && current.owner !== this.#owner && current.until > now && current.until <= now + REFRESH_LEASE_MS) {
      return undefined;
    }
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
    // Any JSON: `null`, a number or a string has neither field either.
    const value = JSON.parse(getItem(key) ?? 'null') as { owner?: unknown; until?: unknown } | null;
    if (typeof value?.owner === 'string' && typeof value.until === 'number') {
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
