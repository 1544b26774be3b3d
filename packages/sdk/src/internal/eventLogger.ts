import type { EventsRequest, TelemetryEvent } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';
import { createTelemetryBlob } from './telemetry';

/** At most this many events go in one `POST /events`, and this many queued events send at once. */
export const TELEMETRY_BATCH_SIZE = 15;

/** Queued events are sent this long after the first of them was queued. */
export const TELEMETRY_FLUSH_INTERVAL_MS = 800;

/** What the event logger needs from the client. */
export interface EventLoggerConfig {
  environment: LatchkeyEnvironment;
  publicToken: string;
  /** Without trailing slash; events go to `{apiUrl}/sdk/v1/events`. */
  apiUrl: string;
  /** The signed-in user and session ids, for the telemetry blob of each event. */
  getIdentity(): { userId?: string | undefined; sessionId?: string | undefined };
}

/** A queued event: its wire entry, and the error whose fields the sender adds to it (`eventSender.ts`). */
export type QueuedEvent = EventsRequest[number] & { error?: unknown };

/**
 * Batches telemetry to `POST /events`: a JSON array, with only a
 * JSON content type (no Authorization, no X-SDK headers, default credentials mode). Failures are ignored:
 * telemetry must never break or slow down sign-in.
 */
export class EventLogger {
  #queue: QueuedEvent[] = [];
  #timer: unknown;
  #isDestroyed = false;

  readonly #config: EventLoggerConfig;

  constructor(config: EventLoggerConfig) {
    this.#config = config;
  }

  /**
   * Queues one telemetry event; `error` (an `APIError` or any `Error`) fills the error fields when it is sent (the
   * sender knows `APIError`; the error's fields are read-only).
   */
  log(name: string, details: Record<string, unknown> = {}, error?: unknown): void {
    if (this.#isDestroyed) return;
    const { environment, publicToken } = this.#config;
    const event: TelemetryEvent = { public_token: publicToken, event_name: name, details };
    this.#queue.push({ telemetry: createTelemetryBlob(environment, this.#config.getIdentity()), event, error });
    if (this.#queue.length >= TELEMETRY_BATCH_SIZE) {
      void this.flush();
    } else if (this.#timer === undefined) {
      this.#timer = environment.timers.setTimeout(() => {
        this.#timer = undefined;
        void this.flush();
      }, TELEMETRY_FLUSH_INTERVAL_MS);
    }
  }

  /**
   * Sends what is queued now, in batches of at most `TELEMETRY_BATCH_SIZE`. Never rejects. The sender loads on the
   * first flush; if it cannot be downloaded (offline), the events are dropped, as a failed POST drops them.
   */
  async flush(): Promise<void> {
    this.#stopTimer();
    if (this.#queue.length === 0) return;
    const queued = this.#queue.splice(0);
    try {
      await (await import('./eventSender')).sendEvents(this.#config, queued, TELEMETRY_BATCH_SIZE);
    } catch {
      // Telemetry is best effort (see the class).
    }
  }

  /** Stops the flush timer; later events are dropped. */
  destroy(): void {
    this.#isDestroyed = true;
    this.#stopTimer();
  }

  #stopTimer(): void {
    if (this.#timer === undefined) return;
    this.#config.environment.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
