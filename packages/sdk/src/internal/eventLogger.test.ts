import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, createTestClient, FakeBrowser, FakeTransport, PUBLIC_TOKEN } from '../../test/fakes';
import type { EventsRequest } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';
import { APIError } from '../errors';
import { SDK_VERSION } from '../version';
import { EventLogger, TELEMETRY_BATCH_SIZE, TELEMETRY_FLUSH_INTERVAL_MS } from './eventLogger';

const API_URL = 'http://localhost:8787';

function loggerFor(transport: FakeTransport, env: Partial<LatchkeyEnvironment> = {}) {
  const environment = new FakeBrowser().tab({ fetch: transport.fetch, ...env }) as LatchkeyEnvironment;
  return new EventLogger({
    environment,
    publicToken: PUBLIC_TOKEN,
    apiUrl: API_URL,
    getIdentity: () => ({ userId: 'user-test-0001', sessionId: 'session-test-0001' }),
  });
}

function batches(transport: FakeTransport): EventsRequest[] {
  return transport.find('POST', '/events').map((request) => request.body as EventsRequest);
}

function logMany(logger: EventLogger, count: number) {
  for (let i = 0; i < count; i++) logger.log(`event_${i}`, { index: i });
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('batching (15 events, 800 ms)', () => {
  it('exports the spec constants', () => {
    expect(TELEMETRY_BATCH_SIZE).toBe(15);
    expect(TELEMETRY_FLUSH_INTERVAL_MS).toBe(800);
  });

  it('holds 14 events until 800 ms after the first, then sends them in one POST', async () => {
    const transport = new FakeTransport();
    const logger = loggerFor(transport);
    logger.log('event_0');
    await vi.advanceTimersByTimeAsync(300);
    logMany(logger, 13);

    await vi.advanceTimersByTimeAsync(499);
    expect(transport.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches(transport).map((batch) => batch.length)).toEqual([14]);

    await vi.advanceTimersByTimeAsync(5000);
    expect(transport.requests).toHaveLength(1);
  });

  it('sends 15 events at once', async () => {
    const transport = new FakeTransport();
    logMany(loggerFor(transport), 15);
    expect(batches(transport).map((batch) => batch.length)).toEqual([15]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(transport.requests).toHaveLength(1);
  });

  it('sends 31 events as 15 and 15 at once, then the last one 800 ms later', async () => {
    const transport = new FakeTransport();
    logMany(loggerFor(transport), 31);
    expect(batches(transport).map((batch) => batch.length)).toEqual([15, 15]);
    await vi.advanceTimersByTimeAsync(799);
    expect(transport.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    const sent = batches(transport);
    expect(sent.map((batch) => batch.length)).toEqual([15, 15, 1]);
    expect(sent.flat().map((entry) => entry.event.event_name)).toEqual(
      Array.from({ length: 31 }, (_, i) => `event_${i}`),
    );
  });

  it('flush sends what is queued now, at most 15 per POST, and cancels the timer', async () => {
    const transport = new FakeTransport();
    const logger = loggerFor(transport);
    logMany(logger, 3);
    await logger.flush();
    expect(batches(transport).map((batch) => batch.length)).toEqual([3]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(transport.requests).toHaveLength(1);
    await logger.flush();
    expect(transport.requests).toHaveLength(1);
  });

  it('destroy stops the timer and drops later events', async () => {
    const transport = new FakeTransport();
    const logger = loggerFor(transport);
    logger.log('queued');
    logger.destroy();
    logger.log('after_destroy');
    await vi.advanceTimersByTimeAsync(5000);
    expect(transport.requests).toHaveLength(0);
  });
});

describe('request format', () => {
  it('posts a JSON array to /sdk/v1/events with only a JSON content type and the default credentials mode', async () => {
    const transport = new FakeTransport();
    const logger = loggerFor(transport);
    logger.log('email_sent', { email: 'ada@example.com' });
    await logger.flush();

    const [request] = transport.find('POST', '/events');
    expect(request?.url).toBe(`${API_URL}/sdk/v1/events`);
    expect(request?.method).toBe('POST');
    expect(request?.headers).toEqual({ 'content-type': 'application/json' });
    expect(request?.headers).not.toHaveProperty('authorization');
    expect(request?.headers).not.toHaveProperty('x-sdk-client');
    expect(request?.credentials).toBeUndefined();
    expect(request?.redirect).toBe('error');

    const body = request?.body as EventsRequest;
    expect(Array.isArray(body)).toBe(true);
    expect(body[0]?.event).toEqual({
      public_token: PUBLIC_TOKEN,
      event_name: 'email_sent',
      details: { email: 'ada@example.com' },
    });
    const telemetry = body[0]?.telemetry;
    expect(telemetry?.event_id).toMatch(/^event-id-[0-9a-f-]{36}$/);
    expect(telemetry?.app_session_id).toMatch(/^app-session-id-/);
    expect(telemetry?.persistent_id).toMatch(/^persistent-id-/);
    expect(telemetry).toMatchObject({
      timezone: 'UTC',
      stytch_user_id: 'user-test-0001',
      stytch_session_id: 'session-test-0001',
      app: { identifier: 'localhost' },
      sdk: { identifier: 'Latchkey JavaScript SDK', version: `@latchkey/sdk@${SDK_VERSION}` },
    });
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['event', 'telemetry']);
  });

  it('defaults details to {} and fills the error fields from an APIError or another Error', async () => {
    const transport = new FakeTransport();
    const logger = loggerFor(transport);
    logger.log('plain');
    logger.log(
      'api_failure',
      { step: 'send' },
      new APIError({ status_code: 429, error_type: 'too_many_requests', error_message: 'Slow down.' }),
    );
    logger.log('other_failure', {}, new TypeError('boom'));
    await logger.flush();

    const events = batches(transport)[0]?.map((entry) => entry.event);
    expect(events).toEqual([
      { public_token: PUBLIC_TOKEN, event_name: 'plain', details: {} },
      {
        public_token: PUBLIC_TOKEN,
        event_name: 'api_failure',
        details: { step: 'send' },
        error_code: 'too_many_requests',
        error_description: 'Slow down.',
        http_status_code: 429,
      },
      { public_token: PUBLIC_TOKEN, event_name: 'other_failure', details: {}, error_description: 'boom' },
    ]);
  });
});

describe('failures are ignored', () => {
  it.each([
    ['a network error', 'network-error' as const],
    ['an error answer', apiError(500, 'internal_server_error')],
    ['a non-JSON answer', { status: 502, text: 'Bad Gateway' }],
  ])('%s on /events neither rejects nor logs', async (_title, answer) => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const transport = new FakeTransport().on('POST', '/events', answer);
      const browser = new FakeBrowser();
      const environment = browser.tab({ fetch: transport.fetch }) as LatchkeyEnvironment;
      const logger = new EventLogger({
        environment,
        publicToken: PUBLIC_TOKEN,
        apiUrl: API_URL,
        getIdentity: () => ({}),
      });

      logMany(logger, 16);
      await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_INTERVAL_MS);
      await expect(logger.flush()).resolves.toBeUndefined();
      expect(transport.requests).toHaveLength(2);
      expect(browser.logs).toEqual({ warn: [], error: [] });
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a fetch that throws synchronously is swallowed too', async () => {
    const logger = loggerFor(new FakeTransport(), {
      fetch: () => {
        throw new TypeError('fetch is not available');
      },
    });
    logMany(logger, TELEMETRY_BATCH_SIZE);
    await expect(logger.flush()).resolves.toBeUndefined();
  });
});

describe('through the client', () => {
  it('destroy sends what is queued and drops later events', async () => {
    const { client, transport } = createTestClient();
    client.events.log('render_login_screen', { options: {} });
    client.destroy();
    client.events.log('after_destroy');
    await vi.waitFor(() => expect(transport.find('POST', '/events')).toHaveLength(1));
    const events = ((transport.find('POST', '/events')[0]?.body ?? []) as EventsRequest).map((entry) => entry.event);
    expect(events.map((event) => event.event_name)).toEqual(['sdk_instance_instantiated', 'render_login_screen']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(transport.find('POST', '/events')).toHaveLength(1);
  });

  it('sends sdk_instance_instantiated and client.events.log events within 800 ms, without auth headers', async () => {
    const { client, transport } = createTestClient();
    client.events.log('render_login_screen', { options: {} });
    expect(transport.find('POST', '/events')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_INTERVAL_MS);

    const [request] = transport.find('POST', '/events');
    expect(request?.headers).toEqual({ 'content-type': 'application/json' });
    const events = ((request?.body ?? []) as EventsRequest).map((entry) => entry.event);
    expect(events).toEqual([
      {
        public_token: PUBLIC_TOKEN,
        event_name: 'sdk_instance_instantiated',
        details: {
          event_callback_registered: false,
          error_callback_registered: false,
          success_callback_registered: false,
        },
      },
      { public_token: PUBLIC_TOKEN, event_name: 'render_login_screen', details: { options: {} } },
    ]);
  });
});
