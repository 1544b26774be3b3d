// A page whose failure path (`requestFailure.ts`, a chunk loaded on the first failure) cannot be downloaded: the
// import rejects, as a browser's does for a chunk it cannot fetch (offline, the server of the app's files down).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  createTestClient,
  FakeTransport,
  networkClientFor as networkFor,
  ok,
  rejectionOf,
  STATE_KEY,
  signInWithAccessToken,
} from '../../test/fakes';
import { APIUnreachableError } from '../errors';

vi.mock('./requestFailure', () => {
  throw new TypeError('Failed to fetch dynamically imported module: requestFailure.js');
});

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

describe('a request whose failure path cannot be downloaded', () => {
  it('still returns the data of a success (the success path needs no download)', async () => {
    const transport = new FakeTransport().on('POST', '/x', ok({ method_id: 'email-1' }));
    await expect(networkFor(transport).request({ method: 'POST', path: '/x' })).resolves.toMatchObject({
      method_id: 'email-1',
    });
  });

  it('rejects a network failure with APIUnreachableError, as before (its class is in the core)', async () => {
    const transport = new FakeTransport().on('POST', '/x', 'network-error');
    const error = await rejectionOf(networkFor(transport).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(APIUnreachableError);
    expect(error.message).toBe('Unable to contact our servers.');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it.each([
    ['an error answer', apiError(400, 'otp_code_not_found')],
    ['an error that is not JSON', { status: 502, text: 'Bad Gateway' }],
    ['a success without the data envelope', { status: 200, json: { method_id: 'x' } }],
    ["'Captcha required'", { status: 403, text: 'Captcha required' }],
  ] as const)('rejects %s as unreachable, the failed download as its cause', async (_name, answer) => {
    const transport = new FakeTransport().on('POST', '/x', answer);
    const error = await rejectionOf(networkFor(transport).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(APIUnreachableError);
    expect(error.message).toBe('Unable to contact our servers.');
    // The failed import (vitest wraps the factory's error in its own).
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.cause).not.toBeInstanceOf(APIUnreachableError);
  });

  it('never signs the user out: an unrecoverable answer to session.authenticate keeps the session', async () => {
    const tab = createTestClient();
    await signInWithAccessToken(tab);
    tab.transport.once('POST', '/sessions/authenticate', apiError(404, 'session_not_found'));
    const error = await rejectionOf(tab.client.session.authenticate());
    expect(error).toBeInstanceOf(APIUnreachableError);
    expect(tab.client.session.getSync()).not.toBeNull();
    expect(tab.browser.values.get(STATE_KEY)).not.toBe('null');
  });
});
