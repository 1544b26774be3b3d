import { describe, expect, it } from 'vitest';
import {
  apiError,
  authenticateData,
  callMethod,
  createProtectedTestClient,
  createTestClient,
  FakeTransport,
  makeUser,
  ok,
  rejectionOf,
  STATE_KEY,
  settle,
  signInWithOtp,
  storedState,
} from '../../test/fakes';
import { APIError, CaptchaUnavailableError, UsageError } from '../errors';

/** Captcha and DFP on, the project in DFP decisioning mode. */
const captchaSetup = () => createProtectedTestClient({ bootstrap: { dfp_protected_auth_mode: 'DECISIONING' } });

describe('otps login_or_create', () => {
  it('emails a passcode with the options spread into the body', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/otps/email/login_or_create', ok({ method_id: 'email-test-0001' }));
    const response = await client.otps.email.loginOrCreate('ada@example.com', {
      expiration_minutes: 5,
      locale: 'en',
      login_template_id: 'login-tpl',
      signup_template_id: 'signup-tpl',
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/otps/email/login_or_create' });
    expect(transport.last().body).toEqual({
      expiration_minutes: 5,
      locale: 'en',
      login_template_id: 'login-tpl',
      signup_template_id: 'signup-tpl',
      email: 'ada@example.com',
    });
    expect(response).toEqual({ request_id: 'request-id-test-1', status_code: 200, method_id: 'email-test-0001' });
  });

  it('sends only the email when no options are given, and passes extra caller fields through', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/otps/email/login_or_create', ok({ method_id: 'm' }));
    await client.otps.email.loginOrCreate('ada@example.com');
    expect(transport.last().rawBody).toBe('{"email":"ada@example.com"}');
    await client.otps.email.loginOrCreate('ada@example.com', { custom_field: 'x' } as never);
    expect(transport.last().body).toEqual({ custom_field: 'x', email: 'ada@example.com' });
  });

  it('texts a passcode with the autofill options', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/otps/sms/login_or_create', ok({ method_id: 'phone-test-1' }));
    const response = await client.otps.sms.loginOrCreate('+14155550123', {
      expiration_minutes: 10,
      enable_autofill: true,
      autofill_session_duration_minutes: 5,
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/otps/sms/login_or_create' });
    expect(transport.last().body).toEqual({
      expiration_minutes: 10,
      enable_autofill: true,
      autofill_session_duration_minutes: 5,
      phone_number: '+14155550123',
    });
    expect(response.method_id).toBe('phone-test-1');
  });

  it('sends a WhatsApp passcode', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/otps/whatsapp/login_or_create', ok({ method_id: 'phone-test-2' }));
    await client.otps.whatsapp.loginOrCreate('+14155550123', { locale: 'fr' });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/otps/whatsapp/login_or_create' });
    expect(transport.last().body).toEqual({ locale: 'fr', phone_number: '+14155550123' });
  });

  it('waits for the project settings before sending (B)', async () => {
    const transport = new FakeTransport();
    const release = transport.holdBootstrap();
    transport.on('POST', '/otps/email/login_or_create', ok({ method_id: 'm' }));
    const { client } = createTestClient({ transport });
    const pending = client.otps.email.loginOrCreate('ada@example.com');
    await settle();
    expect(transport.calls).toHaveLength(0);
    release();
    await pending;
    expect(transport.calls).toHaveLength(1);
  });
});

describe('otps send: primary or secondary by the local session', () => {
  const cases = [
    ['email', 'ada@example.com', { email: 'ada@example.com' }],
    ['sms', '+14155550123', { phone_number: '+14155550123' }],
    ['whatsapp', '+14155550123', { phone_number: '+14155550123' }],
  ] as const;

  for (const [channel, destination, body] of cases) {
    it(`${channel}.send uses /send/primary signed out and /send/secondary signed in`, async () => {
      const { client, transport } = createTestClient();
      transport.on('POST', `/otps/${channel}/send/primary`, ok({ method_id: 'm1' }));
      transport.on('POST', `/otps/${channel}/send/secondary`, ok({ method_id: 'm2' }));

      const first = await client.otps[channel].send(destination, { expiration_minutes: 5 });
      expect(transport.last()).toMatchObject({ method: 'POST', path: `/otps/${channel}/send/primary` });
      expect(transport.last().body).toEqual({ expiration_minutes: 5, ...body });
      expect(first.method_id).toBe('m1');

      await signInWithOtp({ client, transport });
      const second = await client.otps[channel].send(destination);
      expect(transport.last()).toMatchObject({ method: 'POST', path: `/otps/${channel}/send/secondary` });
      expect(transport.last().body).toEqual(body);
      expect(second.method_id).toBe('m2');
    });
  }
});

describe('otps.authenticate', () => {
  it('sends the code as token, stores the session and strips __user', async () => {
    const { client, transport, browser } = createTestClient();
    const data = authenticateData({ method_id: 'email-test-0001', __user: makeUser() });
    transport.on('POST', '/otps/authenticate', ok(data));
    const response = await client.otps.authenticate('123456', 'email-test-0001', { session_duration_minutes: 60 });

    expect(transport.last()).toMatchObject({ method: 'POST', path: '/otps/authenticate' });
    expect(transport.last().rawBody).toBe(
      '{"token":"123456","method_id":"email-test-0001","session_duration_minutes":60}',
    );
    expect(response).not.toHaveProperty('__user');
    expect(response.method_id).toBe('email-test-0001');
    expect(response.session_token).toBe('session-token-opaque-abc123');

    const stored = storedState(browser);
    expect(stored.session.session_id).toBe('session-test-0001');
    expect(stored.user.user_id).toBe('user-test-0001');
    expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
    expect(browser.cookies.get('stytch_session_jwt')).toBe('eyJhbGciOiJFUzI1NiJ9.session.jwt');
  });

  it('passes account_reset through untouched (what the pre-hijacking reset removed)', async () => {
    const { client, transport } = createTestClient();
    const accountReset = { identifier: 'ada@example.com', removed: ['password', 'totp', 'sessions'] };
    transport.on('POST', '/otps/authenticate', ok(authenticateData({ method_id: 'm', account_reset: accountReset })));
    const response = await client.otps.authenticate('123456', 'm', { session_duration_minutes: 60 });
    expect(response.account_reset).toEqual(accountReset);
  });

  it('propagates an API error and stores nothing', async () => {
    const { client, transport, browser } = createTestClient();
    transport.on('POST', '/otps/authenticate', apiError(404, 'otp_code_not_found', 'The passcode is wrong.'));
    const error = await rejectionOf(client.otps.authenticate('000000', 'm', { session_duration_minutes: 30 }));
    expect(error).toBeInstanceOf(APIError);
    expect(error.error_type).toBe('otp_code_not_found');
    expect(browser.values.has(STATE_KEY)).toBe(false);
    expect(browser.cookies.get('stytch_session')).toBeUndefined();
  });
});

describe('otps argument rules', () => {
  const D = { session_duration_minutes: 30 };
  const P = '+14155550123';
  const rules: [string, unknown[], string][] = [
    ['otps.authenticate', [123456, 'm', D], 'code must be a string'],
    ['otps.authenticate', ['123456', undefined, D], 'method_id must be a string'],
    [
      'otps.authenticate',
      ['123456', 'm', { session_duration_minutes: '30' }],
      'session_duration_minutes must be a number',
    ],
    ['otps.authenticate', ['123456', 'm'], 'session_duration_minutes must be a number'],
    ['otps.email.loginOrCreate', [undefined], 'email must be a string'],
    ['otps.email.loginOrCreate', ['a@b.co', null], 'options must be an object'],
    ['otps.email.loginOrCreate', ['a@b.co', { expiration_minutes: '5' }], 'expiration_minutes must be a number'],
    ['otps.email.loginOrCreate', ['a@b.co', { locale: 1 }], 'locale must be a string'],
    ['otps.email.loginOrCreate', ['a@b.co', { login_template_id: 1 }], 'login_template_id must be a string'],
    ['otps.email.send', [42], 'email must be a string'],
    ['otps.email.send', ['a@b.co', { signup_template_id: 1 }], 'signup_template_id must be a string'],
    ['otps.sms.loginOrCreate', [14155550123], 'phone_number must be a string'],
    ['otps.sms.loginOrCreate', [P, { enable_autofill: 'yes' }], 'enable_autofill must be a boolean'],
    [
      'otps.sms.send',
      [P, { autofill_session_duration_minutes: '5' }],
      'autofill_session_duration_minutes must be a number',
    ],
    ['otps.whatsapp.loginOrCreate', [undefined], 'phone_number must be a string'],
    ['otps.whatsapp.send', [P, { expiration_minutes: null }], 'expiration_minutes must be a number'],
  ];

  for (const [method, args, reason] of rules) {
    it(`${method}: ${reason}`, async () => {
      const { client, transport } = createTestClient();
      const error = await rejectionOf(callMethod(client, method, args));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe(`Invalid call to ${method}: ${reason}`);
      await settle();
      expect(transport.calls).toHaveLength(0);
    });
  }
});

describe('otps captcha and device fingerprint', () => {
  it('adds captcha_token and dfp_telemetry_id to login_or_create and authenticate, captcha only to send', async () => {
    const { client, transport, providerCalls } = captchaSetup();
    transport.on('POST', '/otps/email/login_or_create', ok({ method_id: 'm' }));
    transport.on('POST', '/otps/email/send/primary', ok({ method_id: 'm' }));
    transport.on('POST', '/otps/authenticate', ok(authenticateData()));

    await client.otps.email.loginOrCreate('ada@example.com');
    expect(transport.last().body).toEqual({
      email: 'ada@example.com',
      captcha_token: 'captcha-1',
      dfp_telemetry_id: 'dfp-1',
    });
    await client.otps.email.send('ada@example.com');
    expect(transport.last().body).toEqual({ email: 'ada@example.com', captcha_token: 'captcha-2' });
    await client.otps.authenticate('123456', 'm', { session_duration_minutes: 30 });
    expect(transport.last().body).toEqual({
      token: '123456',
      method_id: 'm',
      session_duration_minutes: 30,
      captcha_token: 'captcha-3',
      dfp_telemetry_id: 'dfp-1',
    });
    expect(providerCalls.captchaSiteKeys).toEqual(['site-key-1', 'site-key-1', 'site-key-1']);
  });

  it('retries login_or_create exactly once on a Captcha required answer', async () => {
    const { client, transport } = captchaSetup();
    transport.once('POST', '/otps/sms/login_or_create', { status: 403, text: 'Captcha required' });
    transport.on('POST', '/otps/sms/login_or_create', ok({ method_id: 'phone-1' }));
    const response = await client.otps.sms.loginOrCreate('+14155550123');
    const sent = transport.find('POST', '/otps/sms/login_or_create');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ phone_number: '+14155550123', captcha_token: 'captcha-2' });
    expect(sent[1]?.body).toHaveProperty('dfp_telemetry_id', 'dfp-1');
    expect(response.method_id).toBe('phone-1');
  });

  it('does not retry a second Captcha required answer', async () => {
    const { client, transport } = captchaSetup();
    transport.on('POST', '/otps/email/login_or_create', { status: 403, text: 'Captcha required' });
    const error = await rejectionOf(client.otps.email.loginOrCreate('ada@example.com'));
    expect(error).toBeInstanceOf(CaptchaUnavailableError);
    expect(transport.find('POST', '/otps/email/login_or_create')).toHaveLength(2);
  });

  it('does not retry send on a Captcha required answer', async () => {
    const { client, transport } = captchaSetup();
    transport.on('POST', '/otps/email/send/primary', { status: 403, text: 'Captcha required' });
    const error = await rejectionOf(client.otps.email.send('ada@example.com'));
    expect(error).toBeInstanceOf(CaptchaUnavailableError);
    expect(error.message).toBe('Unable to query captcha and/or dfp telemetry ID');
    expect(transport.find('POST', '/otps/email/send/primary')).toHaveLength(1);
  });

  it('sends neither field when the project has captcha and DFP off', async () => {
    const { client, transport, providerCalls } = createProtectedTestClient({ captcha: false, dfp: false });
    transport.on('POST', '/otps/email/login_or_create', ok({ method_id: 'm' }));
    await client.otps.email.loginOrCreate('ada@example.com');
    expect(transport.last().body).toEqual({ email: 'ada@example.com' });
    expect(providerCalls).toEqual({ captchaSiteKeys: [], dfp: 0 });
  });
});

describe('otps API errors', () => {
  it('rejects with the typed APIError', async () => {
    const { client, transport } = createTestClient();
    transport.on(
      'POST',
      '/otps/sms/send/primary',
      apiError(400, 'invalid_phone_number', 'Phone number format is invalid.'),
    );
    const error = await rejectionOf(client.otps.sms.send('+1'));
    expect(error).toBeInstanceOf(APIError);
    expect(error.status_code).toBe(400);
    expect(error.error_type).toBe('invalid_phone_number');
  });
});
