import { describe, expect, it } from 'vitest';
import {
  authenticateData,
  createProtectedTestClient,
  createTestClient,
  makeUser,
  ok,
  rejectionOf,
  signInWithTotp,
  storedState,
} from '../../test/fakes';
import { InvalidResponseError, NO_SESSION_MESSAGE, UsageError } from '../errors';

describe('totps.create', () => {
  it('creates a secret for the signed-in user and replaces the stored user with __user', async () => {
    const setup = createTestClient();
    await signInWithTotp(setup);
    const updated = makeUser({ totps: [{ totp_id: 'totp-1', verified: false }] });
    setup.transport.on(
      'POST',
      '/totps',
      ok({
        totp_id: 'totp-1',
        secret: 'SECRET',
        qr_code: 'data:image/png;base64,x',
        recovery_codes: ['r1'],
        __user: updated,
      }),
    );
    const response = await setup.client.totps.create({ expiration_minutes: 5 });
    expect(setup.transport.last()).toMatchObject({ method: 'POST', path: '/totps', body: { expiration_minutes: 5 } });
    expect(response).toEqual({
      request_id: 'request-id-test-1',
      status_code: 200,
      totp_id: 'totp-1',
      secret: 'SECRET',
      qr_code: 'data:image/png;base64,x',
      recovery_codes: ['r1'],
    });
    expect(storedState(setup.browser).user).toEqual(updated);
  });

  it('refuses an answer without __user instead of wiping the stored user', async () => {
    const setup = createTestClient();
    await signInWithTotp(setup);
    setup.transport.on('POST', '/totps', ok({ totp_id: 'totp-1', secret: 'S', qr_code: 'q', recovery_codes: [] }));
    const error = await rejectionOf(setup.client.totps.create({ expiration_minutes: 5 }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    const state = storedState(setup.browser);
    expect(state.user.user_id).toBe('user-test-0001');
  });

  it('needs a local session and sends nothing without one', async () => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.totps.create({ expiration_minutes: 5 }));
    expect(error.message).toBe(NO_SESSION_MESSAGE);
    expect(transport.calls).toEqual([]);
  });

  it.each([[{}], [{ expiration_minutes: '5' }], [undefined]])(
    'needs a numeric expiration_minutes (%j)',
    async (options) => {
      const setup = createTestClient();
      await signInWithTotp(setup);
      const before = setup.transport.calls.length;
      const error = await rejectionOf(setup.client.totps.create(options as never));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe('Invalid call to totps.create: expiration_minutes must be a number');
      expect(setup.transport.calls.length).toBe(before);
    },
  );
});

describe('totps.authenticate', () => {
  it('signs in with the code and the captcha and DFP fields, stripping __user', async () => {
    const { client, transport, browser } = createProtectedTestClient();
    transport.on('POST', '/totps/authenticate', ok(authenticateData({ totp_id: 'totp-1', __user: makeUser() })));
    const response = await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 60 });
    expect(transport.last()).toMatchObject({
      method: 'POST',
      path: '/totps/authenticate',
      body: {
        totp_code: '123456',
        session_duration_minutes: 60,
        captcha_token: 'captcha-1',
        dfp_telemetry_id: 'dfp-1',
      },
    });
    expect(response.totp_id).toBe('totp-1');
    expect(response).not.toHaveProperty('__user');
    expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it.each([
    [{ session_duration_minutes: 30 }, 'totp_code must be a string'],
    [{ totp_code: 123456, session_duration_minutes: 30 }, 'totp_code must be a string'],
    [{ totp_code: '123456' }, 'session_duration_minutes must be a number'],
  ])('rejects %j without a request', async (options, reason) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.totps.authenticate(options as never));
    expect(error.message).toBe(`Invalid call to totps.authenticate: ${reason}`);
    expect(transport.calls).toEqual([]);
  });
});

describe('totps.recoveryCodes', () => {
  it('posts with no body and returns the codes', async () => {
    const { client, transport } = createTestClient();
    const totps = { totp_id: 'totp-1', verified: true, recovery_codes: ['a', 'b'] };
    transport.on('POST', '/totps/recovery_codes', ok({ user_id: 'user-test-0001', totps }));
    const response = await client.totps.recoveryCodes();
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/totps/recovery_codes', rawBody: null });
    expect(response.totps).toEqual(totps);
  });
});

describe('totps.recover', () => {
  it('signs in with a recovery code and the captcha and DFP fields, stripping __user', async () => {
    const { client, transport } = createProtectedTestClient();
    transport.on('POST', '/totps/recover', ok(authenticateData({ totp_id: 'totp-1', __user: makeUser() })));
    const response = await client.totps.recover({ recovery_code: 'abcd-efgh', session_duration_minutes: 45 });
    expect(transport.last()).toMatchObject({
      method: 'POST',
      path: '/totps/recover',
      body: {
        recovery_code: 'abcd-efgh',
        session_duration_minutes: 45,
        captcha_token: 'captcha-1',
        dfp_telemetry_id: 'dfp-1',
      },
    });
    expect(response).not.toHaveProperty('__user');
  });

  it.each([
    [{ session_duration_minutes: 30 }, 'recovery_code must be a string'],
    [{ recovery_code: 'abcd' }, 'session_duration_minutes must be a number'],
    [undefined, 'recovery_code must be a string'],
  ])('rejects %j without a request', async (options, reason) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.totps.recover(options as never));
    expect(error.message).toBe(`Invalid call to totps.recover: ${reason}`);
    expect(transport.calls).toEqual([]);
  });
});
