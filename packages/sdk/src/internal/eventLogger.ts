import type { EventsRequest, TelemetryEvent } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';
import { APIError } from '../errors';
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

type QueuedEvent = EventsRequest[number];

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

  /** Queues one telemetry event; `error` (an `APIError` or any `Error`) fills the error fields. */
  log(name: string, details: Record<string, unknown> = {}, error?: unknown): void {
    if (this.#isDestroyed) return;
    const { environment, publicToken } = this.#config;
    const event: TelemetryEvent = { public_token: publicToken, event_name: name, details, ...errorFields(error) };
    this.#queue.push({ telemetry: createTelemetryBlob(environment, this.#config.getIdentity()), event });
    if (this.#queue.length >= TELEMETRY_BATCH_SIZE) {
      void this.flush();
    } else if (this.#timer === undefined) {
      this.#timer = environment.timers.setTimeout(() => {
        this.#timer = undefined;
        void this.flush();
      }, TELEMETRY_FLUSH_INTERVAL_MS);
    }
  }

  /** Sends what is queued now, in batches of at most `TELEMETRY_BATCH_SIZE`. Never rejects. */
  async flush(): Promise<void> {
    this.#stopTimer();
    const batches: QueuedEvent[][] = [];
    while (this.#queue.length > 0) batches.push(this.#queue.splice(0, TELEMETRY_BATCH_SIZE));
    await Promise.all(batches.map((batch) => this.#send(batch)));
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

  async #send(batch: QueuedEvent[]): Promise<void> {
    try {
      const response = await this.#config.environment.fetch(`${this.#config.apiUrl}/sdk/v1/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(batch),
        redirect: 'error',
      });
      // The answer is ignored; reading it releases the connection.
      await response.text();
    } catch {
      // Telemetry is best effort: offline, blocked by an extension or refused, the events are dropped.
    }
  }
}

function errorFields(error: unknown): Pick<TelemetryEvent, 'error_code' | 'error_description' | 'http_status_code'> {
  if (error instanceof APIError) {
    return {
      error_code: error.error_type,
      error_description: error.error_message,
      http_status_code: error.status_code,
    };
  }
  if (error instanceof Error) return { error_description: error.message };
  return {};
}
