// A page whose telemetry sender (`eventSender.ts`, a chunk loaded on the first flush) cannot be downloaded: the
// batch is dropped as a failed POST drops it, without a rejection or a log.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowser, FakeTransport, PUBLIC_TOKEN } from '../../test/fakes';
import type { LatchkeyEnvironment } from '../environment';
import { EventLogger, TELEMETRY_BATCH_SIZE, TELEMETRY_FLUSH_INTERVAL_MS } from './eventLogger';

const loads = vi.hoisted(() => ({ attempts: 0 }));

vi.mock('./eventSender', () => {
  loads.attempts += 1;
  throw new TypeError('Failed to fetch dynamically imported module: eventSender.js');
});

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('a telemetry sender that cannot be downloaded', () => {
  it('drops the batch silently: flush resolves, nothing is sent, logged or left unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const transport = new FakeTransport();
      const browser = new FakeBrowser();
      const logger = new EventLogger({
        environment: browser.tab({ fetch: transport.fetch }) as LatchkeyEnvironment,
        publicToken: PUBLIC_TOKEN,
        apiUrl: 'http://localhost:8787',
        getIdentity: () => ({}),
      });
      for (let i = 0; i < TELEMETRY_BATCH_SIZE + 1; i++) logger.log(`event_${i}`);
      await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_INTERVAL_MS);
      await vi.waitFor(() => expect(loads.attempts).toBeGreaterThan(0));
      logger.log('later');
      await expect(logger.flush()).resolves.toBeUndefined();
      await vi.dynamicImportSettled();
      expect(transport.requests).toHaveLength(0);
      expect(browser.logs).toEqual({ warn: [], error: [] });
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
