import { createHash } from 'node:crypto';
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

const pkceKey = (flow: string) => `${STATE_KEY}::PKCE_VERIFIER:${flow}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function pkceClient(flags: { magicLinks?: boolean; passwords?: boolean } = {}) {
  return createTestClient({
    bootstrap: {
      pkce_required_for_email_magic_links: flags.magicLinks ?? false,
      pkce_required_for_password_resets: flags.passwords ?? false,
    },
  });
}

function storedPair(browser: { values: Map<string, string> }, flow: string) {
  const raw = browser.values.get(pkceKey(flow));
  return raw ? (JSON.parse(raw) as { code_verifier: string; code_challenge: string }) : undefined;
}

describe('magicLinks.email', () => {
  it('loginOrCreate sends the email and every option', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    const options = {
      login_magic_link_url: 'https://app.example.com/authenticate',
      signup_magic_link_url: 'https://app.example.com/welcome',
      login_expiration_minutes: 30,
      signup_expiration_minutes: 60,
      login_template_id: 'login-tpl',
      signup_template_id: 'signup-tpl',
      locale: 'es',
    };
    const response = await client.magicLinks.email.loginOrCreate('ada@example.com', options);
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/magic_links/email/login_or_create' });
    expect(transport.last().body).toEqual({ ...options, email: 'ada@example.com' });
    expect(response).toEqual({ request_id: 'request-id-test-1', status_code: 200 });
  });

  it('send uses /send/primary signed out and /send/secondary signed in', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/magic_links/email/send/primary', ok());
    transport.on('POST', '/magic_links/email/send/secondary', ok());
    await client.magicLinks.email.send('ada@example.com', { login_magic_link_url: 'https://app.example.com/a' });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/magic_links/email/send/primary' });
    expect(transport.last().body).toEqual({
      login_magic_link_url: 'https://app.example.com/a',
      email: 'ada@example.com',
    });
    await signInWithOtp({ client, transport });
    await client.magicLinks.email.send('ada@example.com');
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/magic_links/email/send/secondary' });
    expect(transport.last().rawBody).toBe('{"email":"ada@example.com"}');
  });

  it('sends no code_challenge and stores no pair when the project does not require PKCE', async () => {
    const { client, transport, browser } = pkceClient({ magicLinks: false });
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    expect(transport.last().body).not.toHaveProperty('code_challenge');
    expect(storedPair(browser, 'magic_links')).toBeUndefined();
  });

  it('sends the S256 challenge of a stored verifier when the project requires PKCE, and reuses it on resend', async () => {
    const { client, transport, browser } = pkceClient({ magicLinks: true });
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    transport.on('POST', '/magic_links/email/send/primary', ok());
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const pair = storedPair(browser, 'magic_links');
    expect(pair?.code_verifier).toMatch(/^[0-9a-f]{128}$/);
    const challenge = (transport.last().body as { code_challenge: string }).code_challenge;
    expect(challenge).toBe(s256(pair?.code_verifier ?? ''));

    await client.magicLinks.email.send('ada@example.com');
    expect(transport.last().body).toEqual({ email: 'ada@example.com', code_challenge: challenge });
    expect(storedPair(browser, 'magic_links')).toEqual(pair);
  });

  it('adds captcha and DFP fields and retries once on Captcha required', async () => {
    const { client, transport } = createProtectedTestClient({ bootstrap: { dfp_protected_auth_mode: 'OBSERVATION' } });
    transport.once('POST', '/magic_links/email/login_or_create', { status: 403, text: 'Captcha required' });
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const sent = transport.find('POST', '/magic_links/email/login_or_create');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toEqual({ email: 'ada@example.com', captcha_token: 'captcha-1', dfp_telemetry_id: 'dfp-1' });
    expect(sent[1]?.body).toEqual({ email: 'ada@example.com', captcha_token: 'captcha-2', dfp_telemetry_id: 'dfp-1' });

    transport.on('POST', '/magic_links/email/send/primary', { status: 403, text: 'Captcha required' });
    expect(await rejectionOf(client.magicLinks.email.send('ada@example.com'))).toBeInstanceOf(CaptchaUnavailableError);
    expect(transport.find('POST', '/magic_links/email/send/primary')).toHaveLength(2);
  });
});

describe('magicLinks.authenticate', () => {
  it('sends token and duration without a verifier when none is stored, stores the session and strips __user', async () => {
    const { client, transport, browser } = createTestClient();
    transport.on(
      'POST',
      '/magic_links/authenticate',
      ok(authenticateData({ method_id: 'email-1', __user: makeUser() })),
    );
    const response = await client.magicLinks.authenticate('link-token-1', { session_duration_minutes: 30 });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/magic_links/authenticate' });
    expect(transport.last().body).toEqual({ token: 'link-token-1', session_duration_minutes: 30 });
    expect(response).not.toHaveProperty('__user');
    expect(response.method_id).toBe('email-1');
    expect(storedState(browser).session.session_id).toBe('session-test-0001');
    expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it('sends the stored magic-link verifier and clears the pair after success', async () => {
    const { client, transport, browser } = pkceClient({ magicLinks: true });
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    transport.on('POST', '/magic_links/authenticate', ok(authenticateData()));
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const pair = storedPair(browser, 'magic_links');
    await client.magicLinks.authenticate('link-token-1', { session_duration_minutes: 30 });
    expect(transport.last().body).toEqual({
      token: 'link-token-1',
      session_duration_minutes: 30,
      code_verifier: pair?.code_verifier,
    });
    expect(storedPair(browser, 'magic_links')).toBeUndefined();
  });

  it('keeps the pair when the provider refuses the token', async () => {
    const { client, transport, browser } = pkceClient({ magicLinks: true });
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    transport.on('POST', '/magic_links/authenticate', apiError(401, 'unable_to_auth_magic_link'));
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const error = await rejectionOf(client.magicLinks.authenticate('used-token', { session_duration_minutes: 30 }));
    expect(error).toBeInstanceOf(APIError);
    expect(error.error_type).toBe('unable_to_auth_magic_link');
    expect(storedPair(browser, 'magic_links')).toBeDefined();
    expect(browser.values.has(STATE_KEY)).toBe(false);
  });

  it('tries the password-reset verifier first (the "log in without a password" link) and clears it', async () => {
    const { client, transport, browser } = pkceClient({ magicLinks: true, passwords: true });
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    transport.on('POST', '/passwords/email/reset/start', ok());
    transport.on('POST', '/magic_links/authenticate', ok(authenticateData()));
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const passwordsPair = storedPair(browser, 'passwords');
    const magicPair = storedPair(browser, 'magic_links');

    await client.magicLinks.authenticate('reset-login-token', { session_duration_minutes: 30 });
    expect(transport.find('POST', '/magic_links/authenticate')).toHaveLength(1);
    expect(transport.last().body).toMatchObject({ code_verifier: passwordsPair?.code_verifier });
    expect(storedPair(browser, 'passwords')).toBeUndefined();
    expect(storedPair(browser, 'magic_links')).toEqual(magicPair);
  });

  it('falls back exactly once to the magic-link verifier when the first try fails with a PKCE error', async () => {
    const { client, transport, browser } = pkceClient({ magicLinks: true, passwords: true });
    transport.on('POST', '/magic_links/email/login_or_create', ok());
    transport.on('POST', '/passwords/email/reset/start', ok());
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const passwordsPair = storedPair(browser, 'passwords');
    const magicPair = storedPair(browser, 'magic_links');
    transport.once(
      'POST',
      '/magic_links/authenticate',
      apiError(400, 'pkce_mismatch', 'The PKCE code verifier does not match.'),
    );
    transport.on('POST', '/magic_links/authenticate', ok(authenticateData()));

    const response = await client.magicLinks.authenticate('link-token-1', { session_duration_minutes: 45 });
    const sent = transport.find('POST', '/magic_links/authenticate');
    expect(sent.map((request) => request.body)).toEqual([
      { token: 'link-token-1', session_duration_minutes: 45, code_verifier: passwordsPair?.code_verifier },
      { token: 'link-token-1', session_duration_minutes: 45, code_verifier: magicPair?.code_verifier },
    ]);
    expect(response.session_token).toBe('session-token-opaque-abc123');
    expect(storedPair(browser, 'magic_links')).toBeUndefined();
    // The reset pair was not the one accepted: it stays for the reset link of the same email.
    expect(storedPair(browser, 'passwords')).toEqual(passwordsPair);
  });

  it('falls back with no verifier when only the password-reset pair is stored', async () => {
    const { client, transport } = pkceClient({ passwords: true });
    transport.on('POST', '/passwords/email/reset/start', ok());
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    transport.once('POST', '/magic_links/authenticate', apiError(400, 'pkce_mismatch'));
    transport.on('POST', '/magic_links/authenticate', ok(authenticateData()));
    await client.magicLinks.authenticate('link-token-1', { session_duration_minutes: 30 });
    const sent = transport.find('POST', '/magic_links/authenticate');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ token: 'link-token-1', session_duration_minutes: 30 });
  });

  it('rejects with the fallback error when the second try fails too, after exactly two calls', async () => {
    const { client, transport } = pkceClient({ passwords: true });
    transport.on('POST', '/passwords/email/reset/start', ok());
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    transport.on('POST', '/magic_links/authenticate', apiError(400, 'pkce_mismatch', 'PKCE mismatch'));
    const error = await rejectionOf(client.magicLinks.authenticate('t', { session_duration_minutes: 30 }));
    expect(error).toBeInstanceOf(APIError);
    expect(transport.find('POST', '/magic_links/authenticate')).toHaveLength(2);
  });

  it('does not fall back on an error that does not mention PKCE', async () => {
    const { client, transport, browser } = pkceClient({ passwords: true });
    transport.on('POST', '/passwords/email/reset/start', ok());
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    transport.on('POST', '/magic_links/authenticate', apiError(401, 'unable_to_auth_magic_link', 'Link already used.'));
    const error = await rejectionOf(client.magicLinks.authenticate('t', { session_duration_minutes: 30 }));
    expect(error.error_type).toBe('unable_to_auth_magic_link');
    expect(transport.find('POST', '/magic_links/authenticate')).toHaveLength(1);
    expect(storedPair(browser, 'passwords')).toBeDefined();
  });

  it('does not wait for the project settings', async () => {
    const transport = new FakeTransport();
    transport.holdBootstrap();
    transport.on('POST', '/magic_links/authenticate', ok(authenticateData()));
    const { client } = createTestClient({ transport });
    await client.magicLinks.authenticate('t', { session_duration_minutes: 30 });
    expect(transport.calls).toHaveLength(1);
  });
});

describe('magicLinks argument rules', () => {
  const D = { session_duration_minutes: 30 };
  const E = 'a@b.co';
  const rules: [string, unknown[], string][] = [
    ['magicLinks.authenticate', [undefined, D], 'token must be a string'],
    ['magicLinks.authenticate', ['t', { session_duration_minutes: '30' }], 'session_duration_minutes must be a number'],
    ['magicLinks.authenticate', ['t'], 'session_duration_minutes must be a number'],
    ['magicLinks.email.loginOrCreate', [null], 'email must be a string'],
    ['magicLinks.email.loginOrCreate', [E, 'x'], 'options must be an object'],
    ['magicLinks.email.loginOrCreate', [E, { login_magic_link_url: 1 }], 'login_magic_link_url must be a string'],
    ['magicLinks.email.loginOrCreate', [E, { signup_magic_link_url: 1 }], 'signup_magic_link_url must be a string'],
    [
      'magicLinks.email.loginOrCreate',
      [E, { login_expiration_minutes: '1' }],
      'login_expiration_minutes must be a number',
    ],
    ['magicLinks.email.send', [1], 'email must be a string'],
    ['magicLinks.email.send', [E, { signup_expiration_minutes: '1' }], 'signup_expiration_minutes must be a number'],
    ['magicLinks.email.send', [E, { login_template_id: 1 }], 'login_template_id must be a string'],
    ['magicLinks.email.send', [E, { signup_template_id: 1 }], 'signup_template_id must be a string'],
    ['magicLinks.email.send', [E, { locale: 1 }], 'locale must be a string'],
  ];

  for (const [method, args, reason] of rules) {
    it(`${method}: ${reason}`, async () => {
      const { client, transport, browser } = pkceClient({ magicLinks: true });
      const error = await rejectionOf(callMethod(client, method, args));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe(`Invalid call to ${method}: ${reason}`);
      await settle();
      expect(transport.calls).toHaveLength(0);
      expect(storedPair(browser, 'magic_links')).toBeUndefined();
    });
  }
});
