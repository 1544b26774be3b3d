// The failure path of a request (`requestFailure.ts`: the mapping of failed answers, the captcha retry) loads on
// demand: a page whose requests succeed never evaluates it, and the first namespace to load fetches it ahead of its
// first failure. The real module runs; the mock only counts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, createTestClient, PUBLIC_TOKEN, rejectionOf, settle } from '../../test/fakes';
import { APIError } from '../errors';
import { TELEMETRY_FLUSH_INTERVAL_MS } from './eventLogger';

const loads = vi.hoisted(() => ({ failure: 0 }));

vi.mock('./requestFailure', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./requestFailure')>();
  loads.failure += 1;
  return actual;
});

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

describe('code loaded on demand', () => {
  it('a page whose requests succeed (the bootstrap, telemetry) never loads the failure path', async () => {
    const { client, transport } = createTestClient();
    await client.bootstrap.getAsync();
    await settle();
    expect(transport.find('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_INTERVAL_MS);
    await vi.waitFor(() => expect(transport.find('POST', '/events')).toHaveLength(1));
    await settle();
    expect(loads.failure).toBe(0);
  });

  it('the first namespace to load fetches the failure path, and a failed sign-in call gets its typed error', async () => {
    const { client, transport } = createTestClient();
    const before = loads.failure;
    await client.preload(['otps']);
    await vi.waitFor(() => expect(loads.failure).toBe(before + 1));

    transport.once('POST', '/otps/authenticate', apiError(404, 'otp_code_not_found'));
    const error = await rejectionOf(client.otps.authenticate('123456', 'email-1', { session_duration_minutes: 30 }));
    expect(error).toBeInstanceOf(APIError);
    expect(error.error_type).toBe('otp_code_not_found');
  });
});
