import { RefreshScheduler } from './refreshScheduler';
import type { RefreshTiming } from './refreshTiming';
import type { SessionManager } from './sessionManager';
import { clearSession } from './sessionWrites';
import type { Shared } from './shared';
import { RefreshLock } from './tabSync';

/** What the session manager keeps of the background refresh once it has loaded. */
export interface BackgroundRefresh {
  /** The session changed (here or in another tab), or another tab refreshed: plan the next refresh again. */
  reschedule(): void;
  /** Stops the timers and the wake listener. */
  stop(): void;
}

/**
 * The background refresh of a tab that holds a session (README, "Sessions"): the scheduler, the cross-tab lock and
 * the catch-up on wake (with the core's `timing`, and its `shared` parts: shared.ts). Loaded by the session manager
 * only once a session exists (at start-up, at sign-in here or in another tab), so a signed-out page neither downloads
 * nor runs it. `first` is the start-up refresh, already sent.
 */
export function startBackgroundRefresh(
  manager: SessionManager,
  refresh: () => Promise<unknown>,
  first: Promise<unknown> | undefined,
  confirmedBefore: number | undefined,
  timing: RefreshTiming,
  shared: Shared,
): BackgroundRefresh {
  const { config } = manager;
  const { environment } = config;
  const lock = new RefreshLock(config);
  // Which session the refresh in flight is about (the start-up check's: the one held when this code loaded).
  const identity = () => `${manager.getSession()?.session_id}\n${manager.getSessionToken()}`;
  let refreshed = identity();
  const scheduler = new RefreshScheduler({
    timers: environment.timers,
    random: () => environment.random(),
    hasSession: () => manager.hasLocalSession(),
    // A time ahead (a tab whose clock ran fast, a corrupted value) counts as unknown: it would put the next refresh
    // off for as long, or past setTimeout's 2^31 ms, which fires at once and loops without refreshing. The next
    // refresh stores the time again.
    lastConfirmedAt: () => {
      const at = manager.lastConfirmedAt();
      return at !== undefined && at <= environment.timers.now() ? at : undefined;
    },
    runExclusive: (task) => lock.runExclusive(task),
    isUnrecoverable: shared.isUnrecoverableError,
    // A session another tab signed in while the refresh was out is not the one the provider refused: it stays.
    onUnrecoverable: () => (identity() === refreshed ? clearSession(manager) : scheduler.reschedule()),
    timing,
  });
  let unsubscribeWake = () => {};
  try {
    unsubscribeWake = environment.subscribeToWake(() => scheduler.catchUp());
  } catch {
    // No visibility or online events: refreshes then run only on their timers.
  }
  scheduler.start(
    () => {
      refreshed = identity();
      return refresh();
    },
    first,
    confirmedBefore,
  );
  return {
    reschedule: () => scheduler.reschedule(),
    stop() {
      scheduler.stop();
      unsubscribeWake();
    },
  };
}
