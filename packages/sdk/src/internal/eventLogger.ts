import type { LatchkeyEnvironment } from '../environment';
/** STUB — batching to POST /events is implemented separately. */
export class EventLogger {
  // biome-ignore lint/complexity/noUselessConstructor: stub keeps the real constructor's signature
  constructor(_config: {
    environment: LatchkeyEnvironment;
    publicToken: string;
    apiUrl: string;
    getIdentity(): object;
  }) {}
  /** Queues one telemetry event. */
  log(_name: string, _details: Record<string, unknown> = {}, _error?: unknown): void {}
  /** Sends what is queued now. */
  flush(): Promise<void> {
    return Promise.resolve();
  }
  destroy(): void {}
}
