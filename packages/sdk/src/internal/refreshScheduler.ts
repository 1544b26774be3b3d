import type { Timers } from '../environment';
import type { RefreshTiming } from './refreshTiming';

export interface RefreshSchedulerOptions {
  timers: Timers;
  random(): number;
  /** Whether this tab holds a session: refreshes and retries run only then. */
  hasSession(): boolean;
  /** When any tab last stored a session answered by the provider (ms since epoch), if known. */
  lastConfirmedAt(): number | undefined;
  /** Runs `task` unless another tab is refreshing right now; resolves to undefined when it was skipped. */
  runExclusive<T>(task: () => Promise<T>): Promise<T | undefined>;
  /** Whether a refresh's error means the session is gone for good (errors.ts `isUnrecoverableError`). */
  isUnrecoverable(error: unknown): boolean;
  /** A refresh failed with an unrecoverable error type: the session must go, in every tab. */
  onUnrecoverable(error: unknown): void;
  /** The interval and the backoff (./refreshTiming.ts), handed over by the core (see `RefreshTiming`). */
  timing: RefreshTiming;
}

type Outcome =
  | { kind: 'not-due'; waitMs: number }
  | { kind: 'refreshed' }
  | { kind: 'failed'; error: unknown; isConfirmedElsewhere: boolean };

/**
 * Runs the background refresh: every 180 000 ms after the last confirmed answer, with exponential
 * backoff after failures, once per interval across tabs, and at once when the page wakes up late.
 */
export class RefreshScheduler {
  #refresh: (() => Promise<unknown>) | undefined;
  #timer: unknown;
  #dueAt: number | undefined;
  #failures = 0;
  #isRunning = false;
  #isStopped = false;

  readonly #options: RefreshSchedulerOptions;

  constructor(options: RefreshSchedulerOptions) {
    this.#options = options;
  }

  /**
   * Sets the refresh call (`session.authenticate`) and plans the next one. `first` is the start-up check, already
   * sent (before this code loaded), with the `lastConfirmedAt()` of when it was sent: its outcome counts as a refresh.
   */
  start(refresh: () => Promise<unknown>, first?: Promise<unknown>, confirmedBefore?: number): void {
    this.#refresh = refresh;
    if (first) void this.#run(() => this.#attempt(first, confirmedBefore));
    else this.reschedule();
  }

  /** The session changed (here or in another tab): forget failures and count the interval from the last answer. */
  reschedule(): void {
    this.#failures = 0;
    if (!this.#options.hasSession()) {
      this.#cancel();
      return;
    }
    const { timers } = this.#options;
    const confirmedAt = this.#options.lastConfirmedAt() ?? timers.now();
    this.#schedule(Math.max(0, confirmedAt + this.#options.timing.intervalMs - timers.now()));
  }

  /** The page became visible or came back online: a refresh whose time passed while it slept runs now. */
  catchUp(): void {
    if (this.#dueAt !== undefined && this.#options.timers.now() >= this.#dueAt) void this.#tick();
  }

  /** When the next refresh or retry is planned, if one is. */
  get nextRefreshAt(): number | undefined {
    return this.#dueAt;
  }

  stop(): void {
    this.#isStopped = true;
    this.#cancel();
  }

  #schedule(delayMs: number): void {
    this.#cancel();
    if (this.#isStopped || !this.#refresh) return;
    this.#dueAt = this.#options.timers.now() + delayMs;
    this.#timer = this.#options.timers.setTimeout(() => void this.#tick(), delayMs);
  }

  #cancel(): void {
    if (this.#timer !== undefined) this.#options.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#dueAt = undefined;
  }

  async #tick(): Promise<void> {
    this.#cancel();
    if (!this.#options.hasSession()) return;
    await this.#run(async () => {
      const outcome = await this.#options.runExclusive(async (): Promise<Outcome> => {
        // Checked under the lock: another tab may have refreshed a moment ago, in which case this tab
        // waits for the rest of the interval instead of refreshing a second time.
        const lastConfirmedAt = this.#options.lastConfirmedAt();
        const waitMs =
          lastConfirmedAt === undefined ? 0 : lastConfirmedAt + this.#options.timing.intervalMs - this.#now();
        if (this.#failures === 0 && waitMs > 0) return { kind: 'not-due', waitMs };
        return this.#attempt();
      });
      // Undefined: another tab holds the lock and is refreshing; its answer reaches this tab through storage.
      return outcome ?? { kind: 'not-due', waitMs: this.#options.timing.intervalMs };
    });
  }

  async #run(task: () => Promise<Outcome>): Promise<void> {
    if (this.#isRunning || this.#isStopped) return;
    this.#isRunning = true;
    let outcome: Outcome;
    try {
      outcome = await task();
    } finally {
      this.#isRunning = false;
    }
    if (this.#isStopped) return;
    if (outcome.kind === 'not-due') {
      this.#schedule(outcome.waitMs);
    } else if (outcome.kind === 'refreshed') {
      this.reschedule();
    } else if (this.#options.isUnrecoverable(outcome.error)) {
      this.#cancel();
      this.#options.onUnrecoverable(outcome.error);
    } else if (outcome.isConfirmedElsewhere) {
      // Another tab got an answer while this one failed: the session is fine, wait for the next interval.
      this.reschedule();
    } else if (this.#options.hasSession()) {
      this.#failures += 1;
      this.#schedule(this.#options.timing.backoffDelay(this.#failures, this.#options.random));
    } else {
      this.#cancel();
    }
  }

  async #attempt(sent?: Promise<unknown>, confirmedBefore = this.#options.lastConfirmedAt()): Promise<Outcome> {
    try {
      await (sent ?? this.#refresh?.());
      return { kind: 'refreshed' };
    } catch (error) {
      return { kind: 'failed', error, isConfirmedElsewhere: this.#options.lastConfirmedAt() !== confirmedBefore };
    }
  }

  #now(): number {
    return this.#options.timers.now();
  }
}
