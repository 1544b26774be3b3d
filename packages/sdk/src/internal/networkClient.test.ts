import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  basicCredentials,
  createTestClient,
  FakeTransport,
  networkClientFor as networkFor,
  ok,
  PUBLIC_TOKEN,
  rejectionOf,
} from '../../test/fakes';
import {
  APIError,
  APISchemaError,
  APIUnreachableError,
  CaptchaUnavailableError,
  InvalidResponseError,
} from '../errors';
import { SDK_VERSION } from '../version';

afterEach(() => void vi.useRealTimers());

describe('request format', () => {
  it('sends Basic auth with the public token twice before sign-in and the session token after', async () => {
    const transport = new FakeTransport().on('POST', '/otps/authenticate', ok());
    await networkFor(transport).request({ method: 'POST', path: '/otps/authenticate', body: { token: '1' } });
    expect(basicCredentials(transport.last())).toEqual([PUBLIC_TOKEN, PUBLIC_TOKEN]);

    await networkFor(transport, 'session-token-opaque-abc123').request({ method: 'POST', path: '/otps/authenticate' });
    expect(basicCredentials(transport.last())).toEqual([PUBLIC_TOKEN, 'session-token-opaque-abc123']);
  });

  it('sends JSON content type on every call, credentials included, and the parent host; follows no redirect', async () => {
    const transport = new FakeTransport().on('GET', '/users/me', ok()).on('DELETE', '/users/emails/e1', ok());
    const network = networkFor(transport);
    await network.request({ method: 'GET', path: '/users/me' });
    await network.request({ method: 'DELETE', path: '/users/emails/e1' });
    for (const request of transport.calls) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-sdk-parent-host']).toBe('http://localhost:3000');
      expect(request.credentials).toBe('include');
      // A redirect would carry the body (passwords, codes) to wherever it points.
      expect(request.redirect).toBe('error');
      expect(request.rawBody).toBeNull();
      expect(request.url.startsWith('http://localhost:8787/sdk/v1/')).toBe(true);
    }
  });

  it('drops undefined fields from the body', async () => {
    const transport = new FakeTransport().on('POST', '/x', ok());
    await networkFor(transport).request({
      method: 'POST',
      path: '/x',
      body: { email: 'a@b.co', captcha_token: undefined },
    });
    expect(transport.last().rawBody).toBe('{"email":"a@b.co"}');
  });

  it('carries our SDK name and version, fresh ids and the signed-in ids in X-SDK-Client', async () => {
    const transport = new FakeTransport().on('POST', '/x', ok());
    const network = networkFor(transport, 'tok');
    await network.request({ method: 'POST', path: '/x' });
    await network.request({ method: 'POST', path: '/x' });
    const [first, second] = transport.calls.map((r) => JSON.parse(atob(r.headers['x-sdk-client'] ?? '')));
    expect(first.sdk).toEqual({ identifier: 'Latchkey JavaScript SDK', version: `@latchkey/sdk@${SDK_VERSION}` });
    expect(first.app).toEqual({ identifier: 'localhost' });
    expect(first.timezone).toBe('UTC');
    expect(first.stytch_user_id).toBe('user-1');
    expect(first.stytch_session_id).toBe('session-1');
    expect(first.event_id).toMatch(/^event-id-[0-9a-f-]{36}$/);
    expect(first.app_session_id).toMatch(/^app-session-id-/);
    expect(first.persistent_id).toMatch(/^persistent-id-/);
    expect(second.event_id).not.toBe(first.event_id);
    expect(Number.isNaN(Date.parse(first.client_sent_at))).toBe(false);
  });
});

describe('answers', () => {
  it('returns data from the success envelope', async () => {
    const transport = new FakeTransport().on('POST', '/x', ok({ method_id: 'email-1' }));
    await expect(networkFor(transport).request({ method: 'POST', path: '/x' })).resolves.toMatchObject({
      method_id: 'email-1',
      request_id: 'request-id-test-1',
    });
  });

  it('throws APIError with the display form and every field of the unwrapped body', async () => {
    const transport = new FakeTransport().on(
      'POST',
      '/x',
      apiError(401, 'unauthorized_credentials', 'Unauthorized credentials.'),
    );
    const error = await rejectionOf(networkFor(transport).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status_code: 401,
      error_type: 'unauthorized_credentials',
      error_message: 'Unauthorized credentials.',
      error_url: 'https://latchkey.dev/docs/errors#unauthorized_credentials',
      request_id: 'request-id-test-err',
    });
    expect(error.message).toBe(
      '[401] unauthorized_credentials\nUnauthorized credentials.\n' +
        'See https://latchkey.dev/docs/errors#unauthorized_credentials for more information\n' +
        'request_id: request-id-test-err',
    );
  });

  it('throws the schema error listing every path and message', async () => {
    const transport = new FakeTransport().on('POST', '/x', {
      status: 400,
      json: {
        status_code: 400,
        request_id: 'r',
        body: [
          { dataPath: '.email', message: 'must be string' },
          { dataPath: '.session_duration_minutes', message: 'must be number' },
        ],
      },
    });
    const error = await rejectionOf(networkFor(transport).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(APISchemaError);
    expect(error.message).toBe(
      'Request does not match expected schema\n.email: must be string\n.session_duration_minutes: must be number',
    );
    expect(error.issues).toHaveLength(2);
  });

  it.each([
    ['a success that is not JSON', { status: 200, text: '<html>' }, 'Invalid JSON response from our servers.'],
    [
      'a success without the data envelope',
      { status: 200, json: { method_id: 'x' } },
      'Invalid or no response from server',
    ],
    ['a success with data null', { status: 200, json: { data: null } }, 'Invalid or no response from server'],
    ['an empty success', { status: 200, text: '' }, 'Invalid or no response from server'],
    ['an error that is not JSON', { status: 502, text: 'Bad Gateway' }, 'Invalid response from our servers.'],
    [
      'an error with broken JSON',
      { status: 500, text: '{', contentType: 'application/json' },
      'Invalid response from our servers.',
    ],
  ] as const)('turns %s into "%s"', async (_name, answer, message) => {
    const transport = new FakeTransport().on('POST', '/x', answer);
    const error = await rejectionOf(networkFor(transport).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe(message);
  });

  it('turns any network failure into "Unable to contact our servers."', async () => {
    for (const failure of [
      new TypeError('Failed to fetch'),
      new TypeError('fetch failed'),
      new Error('NetworkError'),
    ]) {
      const network = networkFor(Object.assign(new FakeTransport(), { fetch: () => Promise.reject(failure) }) as never);
      const error = await rejectionOf(network.request({ method: 'GET', path: '/users/me' }));
      expect(error).toBeInstanceOf(APIUnreachableError);
      expect(error.message).toBe('Unable to contact our servers.');
    }
  });

  it('gives up on a request that never answers after the time-out', async () => {
    vi.useFakeTimers();
    const transport = new FakeTransport().on('GET', '/users/me', 'hang');
    const pending = rejectionOf(networkFor(transport, undefined, 1000).request({ method: 'GET', path: '/users/me' }));
    await vi.advanceTimersByTimeAsync(1000);
    const error = await pending;
    expect(error).toBeInstanceOf(APIUnreachableError);
    expect(error.message).toBe('Unable to contact our servers.');
  });

  it("throws 'Unable to query captcha and/or dfp telemetry ID' on 'Captcha required' without a retry path", async () => {
    const transport = new FakeTransport().on('POST', '/x', { status: 403, text: 'Captcha required' });
    const error = await rejectionOf(networkFor(transport).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(CaptchaUnavailableError);
    expect(error.message).toBe('Unable to query captcha and/or dfp telemetry ID');
  });
});

describe('captcha retry', () => {
  it('retries exactly once with the captcha token and telemetry id', async () => {
    const transport = new FakeTransport()
      .once('POST', '/x', { status: 403, text: 'Captcha required' })
      .on('POST', '/x', ok({ method_id: 'm' }));
    const getFields = vi.fn(async () => ({ captcha_token: 'captcha-1', dfp_telemetry_id: 'dfp-1' }));
    const data = await networkFor(transport).requestWithCaptchaRetry(
      { method: 'POST', path: '/x', body: { a: 1 } },
      getFields,
    );
    expect(data).toMatchObject({ method_id: 'm' });
    expect(getFields).toHaveBeenCalledTimes(1);
    expect(transport.calls.map((r) => r.body)).toEqual([
      { a: 1 },
      { a: 1, captcha_token: 'captcha-1', dfp_telemetry_id: 'dfp-1' },
    ]);
  });

  it('does not retry a second time when the retry is also refused', async () => {
    const transport = new FakeTransport().on('POST', '/x', { status: 403, text: 'Captcha required' });
    const getFields = vi.fn(async () => ({ captcha_token: 'captcha-1' }));
    const error = await rejectionOf(
      networkFor(transport).requestWithCaptchaRetry({ method: 'POST', path: '/x' }, getFields),
    );
    expect(error).toBeInstanceOf(CaptchaUnavailableError);
    expect(transport.calls).toHaveLength(2);
    expect(getFields).toHaveBeenCalledTimes(1);
  });

  it('fails with the captcha message when no provider can supply a token', async () => {
    const transport = new FakeTransport().on('POST', '/x', { status: 403, text: 'Captcha required' });
    const error = await rejectionOf(
      networkFor(transport).requestWithCaptchaRetry({ method: 'POST', path: '/x' }, async () => ({})),
    );
    expect(error.message).toBe('Unable to query captcha and/or dfp telemetry ID');
    expect(transport.calls).toHaveLength(1);
  });
});

describe('client wiring', () => {
  it('reads the project bootstrap at start-up with Basic auth', async () => {
    const { transport } = createTestClient();
    await vi.waitFor(() => expect(transport.find('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).toHaveLength(1));
  });
});
