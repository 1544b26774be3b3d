/**
 * The sending half of telemetry, loaded (a chunk of its own) on the first flush, 800 ms after the first event: the
 * error fields of each event, the batches of `TELEMETRY_BATCH_SIZE` and the `POST /events` requests.
 */
import type { TelemetryEvent } from '../contract/common';
import { APIError } from '../errors';
// Types only: a value imported from the logger would make it a chunk shared with the core (one more request).
import type { EventLoggerConfig, QueuedEvent } from './eventLogger';

/** Sends `queued` in batches of at most `batchSize` (`TELEMETRY_BATCH_SIZE`), in parallel. Never rejects. */
export async function sendEvents(config: EventLoggerConfig, queued: QueuedEvent[], batchSize: number): Promise<void> {
  const batches: QueuedEvent[][] = [];
  while (queued.length > 0) batches.push(queued.splice(0, batchSize));
  await Promise.all(batches.map((batch) => send(config, batch)));
}

async function send(config: EventLoggerConfig, batch: QueuedEvent[]): Promise<void> {
  try {
    const body = batch.map(({ telemetry, event, error }) => ({
      telemetry,
      event: { ...event, ...errorFields(error) },
    }));
    const response = await config.environment.fetch(`${config.apiUrl}/sdk/v1/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    // The answer is ignored; reading it releases the connection.
    await response.text();
  } catch {
    // Telemetry is best effort: offline, blocked by an extension or refused, the events are dropped.
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
