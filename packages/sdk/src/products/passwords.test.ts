import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  authenticateData,
  callMethod,
  createProtectedTestClient,
  createTestClient,
  FakeTransport,
  makeSession,
  makeUser,
  ok,
  rejectionOf,
  STATE_KEY,
  settle,
  storedState,
} from '../../test/fakes';
import { APIError, CaptchaUnavailableError, NoSessionError, UsageError } from '../errors';

const PASSWORDS_PKCE_KEY = `${STATE_KEY}::PKCE_VERIFIER:passwords`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

type Setup = ReturnType<typeof createTestClient>;
type Client = Setup['client'];

function storedPair(browser: Setup['browser']) {
  const raw = browser.values.get(PASSWORDS_PKCE_KEY);
  return raw ? (JSON.parse(raw) as { code_verifier: string; code_challenge: string }) : undefined;
}

function resetPkceClient(required: boolean) {
  return createTestClient({ bootstrap: { pkce_required_for_password_resets: required } });
}

async function signIn(client: Client, transport: FakeTransport) {
  transport.once('POST', '/passwords/authenticate', ok(authenticateData()));
  await client.passwords.authenticate({ email: 'ada@example.com', password: 'pw', session_duration_minutes: 30 });
}

function expectSignedIn(browser: Setup['browser'], sessionId = 'session-test-0001') {
  expect(storedState(browser).session.session_id).toBe(sessionId);
  expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
}

describe('passwords sign-in calls', () => {
  it('create posts email, password and duration, stores the session and strips __user', async () => {
    const { client, transport, browser } = createTestClient();
    transport.on('POST', '/passwords', ok(authenticateData({ email_id: 'email-1', __user: makeUser() })));
    const response = await client.passwords.create({
      email: 'ada@example.com',
      password: 'correct horse battery staple',
      session_duration_minutes: 60,
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/passwords' });
    expect(transport.last().body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery staple',
      session_duration_minutes: 60,
    });
    expect(response.email_id).toBe('email-1');
    expect(response).not.toHaveProperty('__user');
    expectSignedIn(browser);
  });

  it('authenticate posts email, password and duration, stores the session and strips __user', async () => {
    const { client, transport, browser } = createTestClient();
    transport.on('POST', '/passwords/authenticate', ok(authenticateData({ __user: makeUser() })));
    const response = await client.passwords.authenticate({
      email: 'ada@example.com',
      password: 'pw',
      session_duration_minutes: 30,
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/passwords/authenticate' });
    expect(transport.last().body).toEqual({ email: 'ada@example.com', password: 'pw', session_duration_minutes: 30 });
    expect(response).not.toHaveProperty('__user');
    expectSignedIn(browser);
  });

  it('resetByExistingPassword posts all four fields and signs the user in', async () => {
    const { client, transport, browser } = createTestClient();
    transport.on('POST', '/passwords/existing_password/reset', ok(authenticateData({ __user: makeUser() })));
    const response = await client.passwords.resetByExistingPassword({
      email: 'ada@example.com',
      existing_password: 'old',
      new_password: 'new-password-1',
      session_duration_minutes: 30,
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/passwords/existing_password/reset' });
    expect(transport.last().body).toEqual({
      email: 'ada@example.com',
      existing_password: 'old',
      new_password: 'new-password-1',
      session_duration_minutes: 30,
    });
    expect(response).not.toHaveProperty('__user');
    expectSignedIn(browser);
  });

  it('adds captcha and DFP fields and retries once on Captcha required', async () => {
    const { client, transport } = createProtectedTestClient({ bootstrap: { dfp_protected_auth_mode: 'DECISIONING' } });
    transport.once('POST', '/passwords', { status: 403, text: 'Captcha required' });
    transport.on('POST', '/passwords', ok(authenticateData()));
    await client.passwords.create({ email: 'ada@example.com', password: 'pw', session_duration_minutes: 30 });
    const sent = transport.find('POST', '/passwords');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toMatchObject({ captcha_token: 'captcha-1', dfp_telemetry_id: 'dfp-1' });
    expect(sent[1]?.body).toMatchObject({ captcha_token: 'captcha-2', dfp_telemetry_id: 'dfp-1' });

    transport.on('POST', '/passwords/authenticate', { status: 403, text: 'Captcha required' });
    const error = await rejectionOf(
      client.passwords.authenticate({ email: 'ada@example.com', password: 'pw', session_duration_minutes: 30 }),
    );
    expect(error).toBeInstanceOf(CaptchaUnavailableError);
    expect(transport.find('POST', '/passwords/authenticate')).toHaveLength(2);
  });

  it('propagates API errors and stores nothing', async () => {
    const { client, transport, browser } = createTestClient();
    transport.on(
      'POST',
      '/passwords/authenticate',
      apiError(401, 'unauthorized_credentials', 'Unauthorized credentials.'),
    );
    const error = await rejectionOf(
      client.passwords.authenticate({ email: 'ada@example.com', password: 'nope', session_duration_minutes: 30 }),
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error.error_type).toBe('unauthorized_credentials');
    expect(browser.values.has(STATE_KEY)).toBe(false);
  });
});

describe('passwords.strengthCheck', () => {
  it('posts the password and email and returns the full answer', async () => {
    const { client, transport } = createTestClient();
    const answer = {
      valid_password: false,
      score: 1,
      breached_password: true,
      breach_detection_on_create: true,
      strength_policy: 'luds',
      feedback: {
        suggestions: ['Add another word or two.'],
        warning: 'This is a commonly used password.',
        luds_requirements: {
          has_digit: false,
          has_lower_case: true,
          has_symbol: false,
          has_upper_case: false,
          missing_characters: 2,
          missing_complexity: 1,
        },
      },
    };
    transport.on('POST', '/passwords/strength_check', ok(answer));
    const response = await client.passwords.strengthCheck({ email: 'ada@example.com', password: 'password' });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/passwords/strength_check' });
    expect(transport.last().body).toEqual({ email: 'ada@example.com', password: 'password' });
    expect(response).toEqual({ request_id: 'request-id-test-1', status_code: 200, ...answer });

    await client.passwords.strengthCheck({ password: 'correct horse battery staple' });
    expect(transport.last().rawBody).toBe('{"password":"correct horse battery staple"}');
  });

  it('does not wait for the project settings', async () => {
    const transport = new FakeTransport();
    transport.holdBootstrap();
    transport.on('POST', '/passwords/strength_check', ok({ valid_password: true }));
    const { client } = createTestClient({ transport });
    await client.passwords.strengthCheck({ password: 'x' });
    expect(transport.calls).toHaveLength(1);
  });
});

describe('password reset by email', () => {
  const startOptions = {
    email: 'ada@example.com',
    login_redirect_url: 'https://app.example.com/login',
    reset_password_redirect_url: 'https://app.example.com/reset',
    reset_password_expiration_minutes: 20,
    reset_password_template_id: 'reset-tpl',
    locale: 'de',
  };

  it('resetByEmailStart sends the options but never login_expiration_minutes, and no challenge without PKCE', async () => {
    const { client, transport, browser } = resetPkceClient(false);
    transport.on('POST', '/passwords/email/reset/start', ok());
    const response = await client.passwords.resetByEmailStart({ ...startOptions, login_expiration_minutes: 15 });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/passwords/email/reset/start' });
    expect(transport.last().body).toEqual(startOptions);
    expect(response).toEqual({ request_id: 'request-id-test-1', status_code: 200 });
    expect(storedPair(browser)).toBeUndefined();
  });

  it('resetByEmailStart sends the S256 challenge of a stored verifier when the project requires PKCE', async () => {
    const { client, transport, browser } = resetPkceClient(true);
    transport.on('POST', '/passwords/email/reset/start', ok());
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const pair = storedPair(browser);
    expect(pair?.code_verifier).toMatch(/^[0-9a-f]{128}$/);
    expect(transport.last().body).toEqual({
      email: 'ada@example.com',
      code_challenge: s256(pair?.code_verifier ?? ''),
    });
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    expect(transport.last().body).toEqual({ email: 'ada@example.com', code_challenge: pair?.code_challenge });
  });

  it('resetByEmail sends the stored verifier, signs in, strips __user and clears the pair', async () => {
    const { client, transport, browser } = resetPkceClient(true);
    transport.on('POST', '/passwords/email/reset/start', ok());
    transport.on('POST', '/passwords/email/reset', ok(authenticateData({ __user: makeUser() })));
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const pair = storedPair(browser);
    const response = await client.passwords.resetByEmail({
      token: 'reset-token-1',
      password: 'new-password-1',
      session_duration_minutes: 30,
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/passwords/email/reset' });
    expect(transport.last().body).toEqual({
      token: 'reset-token-1',
      password: 'new-password-1',
      session_duration_minutes: 30,
      code_verifier: pair?.code_verifier,
    });
    expect(response).not.toHaveProperty('__user');
    expect(storedPair(browser)).toBeUndefined();
    expectSignedIn(browser);
  });

  it('resetByEmail keeps the pair when the provider refuses, and sends no verifier when none is stored', async () => {
    const { client, transport, browser } = resetPkceClient(true);
    transport.on('POST', '/passwords/email/reset/start', ok());
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    transport.once('POST', '/passwords/email/reset', apiError(400, 'breached_password', 'This password is breached.'));
    const error = await rejectionOf(
      client.passwords.resetByEmail({ token: 't', password: 'password', session_duration_minutes: 30 }),
    );
    expect(error).toBeInstanceOf(APIError);
    expect(storedPair(browser)).toBeDefined();

    browser.values.delete(PASSWORDS_PKCE_KEY);
    transport.on('POST', '/passwords/email/reset', ok(authenticateData()));
    await client.passwords.resetByEmail({ token: 't', password: 'new-password-1', session_duration_minutes: 30 });
    expect(transport.last().body).toEqual({ token: 't', password: 'new-password-1', session_duration_minutes: 30 });
  });
});

describe('passwords.resetBySession', () => {
  it('needs a local session: NoSessionError and no request', async () => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.passwords.resetBySession({ password: 'p', session_duration_minutes: 30 }));
    expect(error).toBeInstanceOf(NoSessionError);
    await settle();
    expect(transport.calls).toHaveLength(0);
  });

  it('posts password and duration, updates the session and keeps __user in the answer', async () => {
    const { client, transport, browser } = createTestClient();
    await signIn(client, transport);
    const user = makeUser({ password: { password_id: 'password-1', requires_reset: false } });
    const session = makeSession({ session_id: 'session-test-0002' });
    transport.on('POST', '/passwords/session/reset', ok(authenticateData({ session, user, __user: user })));
    const response = await client.passwords.resetBySession({
      password: 'new-password-1',
      session_duration_minutes: 30,
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/passwords/session/reset' });
    expect(transport.last().body).toEqual({ password: 'new-password-1', session_duration_minutes: 30 });
    expect(response.__user).toEqual(user);
    expectSignedIn(browser, 'session-test-0002');
    expect(storedState(browser).user.password).toEqual({ password_id: 'password-1', requires_reset: false });
  });

  it('accepts a call without a duration (only the password is required)', async () => {
    const { client, transport } = createTestClient();
    await signIn(client, transport);
    transport.on('POST', '/passwords/session/reset', ok(authenticateData()));
    await client.passwords.resetBySession({ password: 'new-password-1' } as never);
    expect(transport.last().rawBody).toBe('{"password":"new-password-1"}');
  });
});

describe('passwords argument rules', () => {
  const d = { session_duration_minutes: 30 };
  const email = 'a@b.co';
  const existing = { email, existing_password: 'o', new_password: 'n' };
  const NUM = 'session_duration_minutes must be a number';
  const rules: [string, unknown[], string][] = [
    ['create', [{ ...d, password: 'p' }], 'email must be a string'],
    ['create', [{ ...d, email }], 'password must be a string'],
    ['create', [{ email, password: 'p' }], NUM],
    ['create', [], 'email must be a string'],
    ['authenticate', [{ ...d, email: 1, password: 'p' }], 'email must be a string'],
    ['authenticate', [{ ...d, email, password: null }], 'password must be a string'],
    ['authenticate', [{ email, password: 'p', session_duration_minutes: NaN }], NUM],
    ['strengthCheck', [{ email }], 'password must be a string'],
    ['strengthCheck', [{ password: 'p', email: 5 }], 'email must be a string'],
    ['resetByEmailStart', [{}], 'email must be a string'],
    ['resetByEmailStart', [{ email, login_redirect_url: 1 }], 'login_redirect_url must be a string'],
    ['resetByEmailStart', [{ email, reset_password_redirect_url: 1 }], 'reset_password_redirect_url must be a string'],
    [
      'resetByEmailStart',
      [{ email, reset_password_expiration_minutes: '1' }],
      'reset_password_expiration_minutes must be a number',
    ],
    ['resetByEmailStart', [{ email, reset_password_template_id: 1 }], 'reset_password_template_id must be a string'],
    ['resetByEmailStart', [{ email, locale: 1 }], 'locale must be a string'],
    ['resetByEmail', [{ ...d, password: 'p' }], 'token must be a string'],
    ['resetByEmail', [{ ...d, token: 't' }], 'password must be a string'],
    ['resetByEmail', [{ token: 't', password: 'p' }], NUM],
    ['resetByExistingPassword', [{ ...d, ...existing, email: undefined }], 'email must be a string'],
    ['resetByExistingPassword', [{ ...d, ...existing, existing_password: 1 }], 'existing_password must be a string'],
    ['resetByExistingPassword', [{ ...d, ...existing, new_password: 1 }], 'new_password must be a string'],
    ['resetByExistingPassword', [existing], NUM],
    ['resetBySession', [{ ...d }], 'password must be a string'],
    ['resetBySession', [{ password: 'p', session_duration_minutes: '30' }], NUM],
  ];

  for (const [name, args, reason] of rules) {
    const method = `passwords.${name}`;
    it(`${method}: ${reason}`, async () => {
      const { client, transport, browser } = resetPkceClient(true);
      const error = await rejectionOf(callMethod(client, method, args));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe(`Invalid call to ${method}: ${reason}`);
      await settle();
      expect(transport.calls).toHaveLength(0);
      expect(storedPair(browser)).toBeUndefined();
    });
  }
});
