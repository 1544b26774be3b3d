import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticateResponse, emailFactor, expectedUser } from '../../../test/authenticateResponse';
import { BROWSER_PKCE } from '../../../test/browserPkce';
import { expectError, expectSchemaError, REQUEST_ID } from '../../../test/expectError';
import { deliveredMessage, snapshotRows } from '../../../testing/fixtures';
import { type CallResult, START, startProvider, type TestProvider, tokenOf } from '../../../testing/harness';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const EMAIL = 'ada@example.com';
const PROJECT_ID = 'project-test-latchkey-playground';
const LINK = /^http:\/\/localhost:5173\/authenticate\?stytch_token_type=magic_links&token=[A-Za-z0-9_-]{43}$/;
const VERIFIER = '0123456789abcdef'.repeat(4);

/** Every row a send or an authenticate could write, to prove a refusal wrote nothing. */
const snapshot = (t: TestProvider) => snapshotRows(t, ['users', 'emails', 'tokens', 'sessions', 'inbox']);

/** The one message `send` delivers to `to`, which carries exactly one link. */
async function delivered(t: TestProvider, to: string, send: () => Promise<CallResult>) {
  const { response, message } = await deliveredMessage(t, to, send);
  expect(message.links).toHaveLength(1);
  return { response, message, link: message.links[0] as string };
}

/** A send from the test browser: with its PKCE challenge (BROWSER_PKCE) unless the body names `code_challenge`. */
async function sendLink(t: TestProvider, body: Record<string, unknown> = { email: EMAIL }, sessionToken?: string) {
  const path = sessionToken === undefined ? '/magic_links/email/login_or_create' : '/magic_links/email/send/secondary';
  const sent = { code_challenge: BROWSER_PKCE.challenge, ...body };
  const result = await delivered(t, String(body.email).toLowerCase(), () => t.post(path, sent, sessionToken));
  expect(result.response.status).toBe(200);
  return { ...result, token: tokenOf(result.link) };
}

/** An authenticate from the test browser: with its PKCE verifier unless `extra` names `code_verifier`. */
async function authenticate(
  t: TestProvider,
  token: string,
  extra: Record<string, unknown> = {},
  sessionToken?: string,
) {
  const body = { token, session_duration_minutes: 60, code_verifier: BROWSER_PKCE.verifier, ...extra };
  return t.post('/magic_links/authenticate', body, sessionToken);
}

/** The test browser's challenge, as every send needs one by default (project.pkce.emailMagicLinks). */
const bound = { code_challenge: BROWSER_PKCE.challenge };

describe('magic_links/email/login_or_create', () => {
  it('creates the user, stores only the token hash and emails a link to the redirect URL', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { response, message, link, token } = await sendLink(t, { email: 'Ada@Example.com' });
    expect(response.json).toEqual({ data: { request_id: REQUEST_ID, status_code: 200 } });
    expect(link).toMatch(LINK);
    expect(message).toMatchObject({
      channel: 'email',
      to: EMAIL,
      subject: 'Finish creating your Latchkey Playground account',
      codes: [],
      links: [link],
    });
    expect(message.text).toContain(link);

    const [user] = await db.selectFrom('users').selectAll().execute();
    expect(user?.status).toBe('active');
    const [email] = await db.selectFrom('emails').selectAll().execute();
    expect(email).toMatchObject({ user_id: user?.user_id, email: EMAIL, verified: 0 });
    const tokens = await db.selectFrom('email_tokens').selectAll().execute();
    expect(tokens).toEqual([
      {
        token_id: expect.stringMatching(/^magic-link-test-/),
        project_id: PROJECT_ID,
        kind: 'magic_link',
        token_hash: sha256(token),
        user_id: user?.user_id,
        email_id: email?.email_id,
        code_challenge: BROWSER_PKCE.challenge,
        expires_at: START + 30 * 60_000,
        consumed_at: null,
        created_at: START,
        pending_email: null,
        sender_session_id: null,
      },
    ]);
    for (const value of Object.values(tokens[0] ?? {})) expect(String(value)).not.toContain(token);
  });

  it('uses the signup URL and expiry for a new user and the login URL and expiry for an existing one', async () => {
    const t = await startProvider({
      project: { redirectUrls: ['http://localhost:5173/login', 'http://localhost:5173/signup?from=email'] },
    });
    const { db } = t.provider.database;
    const body = {
      email: EMAIL,
      login_magic_link_url: 'http://localhost:5173/login',
      signup_magic_link_url: 'http://localhost:5173/signup?from=email',
      login_expiration_minutes: 10,
      signup_expiration_minutes: 20,
      locale: 'en',
      login_template_id: 'ignored',
    };
    const signup = await sendLink(t, body);
    expect(signup.link).toMatch(
      /^http:\/\/localhost:5173\/signup\?from=email&stytch_token_type=magic_links&token=[A-Za-z0-9_-]{43}$/,
    );
    t.clock.advance(1000);
    const login = await sendLink(t, body);
    expect(login.link).toMatch(
      /^http:\/\/localhost:5173\/login\?stytch_token_type=magic_links&token=[A-Za-z0-9_-]{43}$/,
    );
    expect(login.message.subject).toBe('Your Latchkey Playground sign-in link');
    const rows = await db
      .selectFrom('email_tokens')
      .select(['token_hash', 'expires_at'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { token_hash: sha256(signup.token), expires_at: START + 20 * 60_000 },
      { token_hash: sha256(login.token), expires_at: START + 1000 + 10 * 60_000 },
    ]);
  });

  it('uses the project default redirect URLs when the call names none', async () => {
    const t = await startProvider({
      project: {
        redirectUrls: ['http://localhost:5173/authenticate', 'http://localhost:5173/welcome'],
        defaultRedirectUrls: { signup: 'http://localhost:5173/welcome', login: 'http://localhost:5173/authenticate' },
      },
    });
    expect((await sendLink(t)).link).toMatch(/^http:\/\/localhost:5173\/welcome\?stytch_token_type=magic_links&token=/);
    expect((await sendLink(t)).link).toMatch(LINK);
  });

  it('refuses every redirect URL off the allowlist with invalid_redirect_url and writes nothing', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    const refused = [
      '//evil.com',
      '//evil.com/authenticate',
      'https://localhost:5173/authenticate',
      'http://localhost:5173@evil.com/authenticate',
      'http://user:pass@localhost:5173/authenticate',
      'http://localhost:5173.evil.com/authenticate',
      'http://app.localhost:5173/authenticate',
      'http://localhost:5174/authenticate',
      'http://localhost:5173/authenticate/../x',
      'http://localhost:5173/authenticate/',
      'http://localhost:5173/authenticate%2F..%2Fx',
      'http://localhost:5173%2F@evil.com/authenticate',
      'http:\\\\evil.com\\authenticate',
      'http://localhost:5173\\@evil.com/authenticate',
      'javascript:alert(1)//http://localhost:5173/authenticate',
      'data:text/html,<script>alert(1)</script>',
      '/authenticate',
      'http://localhost:5173/authenticate\n',
    ];
    for (const url of refused) {
      for (const field of ['login_magic_link_url', 'signup_magic_link_url']) {
        const response = await t.post('/magic_links/email/login_or_create', { ...bound, email: EMAIL, [field]: url });
        expectError(response, 400, 'invalid_redirect_url');
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('creates the user as pending with create_user_as_pending and activates it when the link is used', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { token } = await sendLink(t, { email: EMAIL, create_user_as_pending: true });
    expect((await db.selectFrom('users').select('status').executeTakeFirstOrThrow()).status).toBe('pending');
    const response = await authenticate(t, token);
    expect(response.status).toBe(200);
    expect(response.json.data.user.status).toBe('active');
    expect((await db.selectFrom('users').select('status').executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('refuses a malformed email, wrong types and missing fields, writing nothing', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    const path = '/magic_links/email/login_or_create';
    expectError(await t.post(path, { email: 'ada@example' }), 400, 'invalid_email');
    expectSchemaError(await t.post(path, {}), ['.email']);
    expectSchemaError(await t.post(path, { email: ['a@b.co'] }), ['.email']);
    expectSchemaError(await t.post(path, { email: EMAIL, create_user_as_pending: 'yes' }), ['.create_user_as_pending']);
    expectSchemaError(await t.post(path, { email: EMAIL, login_expiration_minutes: 1.5 }), [
      '.login_expiration_minutes',
    ]);
    expectSchemaError(await t.post(path, { email: EMAIL, code_challenge: 'short' }), ['.code_challenge']);
    expectSchemaError(await t.post(path, { email: EMAIL, login_magic_link_url: 5 }), ['.login_magic_link_url']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses an unknown public token (401), a foreign origin (403) and a disabled product (403)', async () => {
    const t = await startProvider({ project: { products: ['email_otp'] } });
    const before = await snapshot(t);
    const path = '/magic_links/email/login_or_create';
    const wrongToken = `Basic ${Buffer.from('public-token-test-nope:public-token-test-nope').toString('base64')}`;
    expectError(
      await t.call('POST', path, { body: { email: EMAIL }, authorization: wrongToken }),
      401,
      'unauthorized_credentials',
    );
    expectError(
      await t.call('POST', path, { body: { email: EMAIL }, origin: 'http://localhost:5173.evil.com' }),
      403,
      'origin_not_allowed',
    );
    expectError(await t.post(path, { email: EMAIL }), 403, 'method_not_enabled');
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 429 too_many_requests with Retry-After past the send limit, writing nothing', async () => {
    const t = await startProvider({ rateLimits: { sendsPerIdentifier: { limit: 2, windowSeconds: 120 } } });
    await sendLink(t);
    await sendLink(t);
    const before = await snapshot(t);
    const response = await t.post('/magic_links/email/login_or_create', { ...bound, email: EMAIL });
    expectError(response, 429, 'too_many_requests');
    expect(response.headers.get('retry-after')).toBe('120');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('magic_links/email/send', () => {
  it('send/primary emails a login link to an existing email only (email_not_found otherwise)', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    expectError(await t.post('/magic_links/email/send/primary', { ...bound, email: EMAIL }), 404, 'email_not_found');
    expect(await snapshot(t)).toEqual(before);
    await sendLink(t);
    const { response, link, message } = await delivered(t, EMAIL, () =>
      t.post('/magic_links/email/send/primary', { ...bound, email: EMAIL }),
    );
    expect(response.json).toEqual({ data: { request_id: REQUEST_ID, status_code: 200 } });
    expect(link).toMatch(LINK);
    expect(message.subject).toBe('Your Latchkey Playground sign-in link');
    expect((await authenticate(t, tokenOf(link))).status).toBe(200);
  });

  it('send/secondary adds the email to the session user only when its link is redeemed, adding a factor to the same session', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const first = await authenticate(t, (await sendLink(t)).token);
    const { session_token: sessionToken, user_id: userId } = first.json.data;
    const sent = await sendLink(t, { email: 'ada.work@example.com' }, sessionToken);
    const byAddress = () => db.selectFrom('emails').selectAll().where('email', '=', 'ada.work@example.com').execute();
    // Nothing joins the account at send time.
    expect(await byAddress()).toEqual([]);
    t.clock.advance(60_000);
    const second = await authenticate(t, sent.token, {}, sessionToken);
    expect(second.status).toBe(200);
    const added = await byAddress();
    expect(added).toEqual([
      {
        email_id: expect.stringMatching(/^email-test-/),
        user_id: userId,
        project_id: PROJECT_ID,
        email: 'ada.work@example.com',
        verified: 1,
        created_at: START + 60_000,
      },
    ]);
    expect(second.json.data.session.session_id).toBe(first.json.data.session.session_id);
    expect(second.json.data.method_id).toBe(added[0]?.email_id);
    expect(second.json.data.session.authentication_factors).toEqual([
      first.json.data.session.authentication_factors[0],
      emailFactor('magic_link', added[0]?.email_id, 'ada.work@example.com', START + 60_000),
    ]);
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('send/secondary needs a session and refuses another user’s email with duplicate_email', async () => {
    const t = await startProvider();
    await sendLink(t, { email: 'grace@example.com' });
    const sessionToken = (await authenticate(t, (await sendLink(t)).token)).json.data.session_token;
    const before = await snapshot(t);
    const path = '/magic_links/email/send/secondary';
    expectError(await t.post(path, { email: 'new@example.com' }), 401, 'user_unauthenticated');
    expectError(await t.post(path, { email: 'grace@example.com' }, sessionToken), 409, 'duplicate_email');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('magic_links/authenticate', () => {
  it('answers the full AuthenticateResponse with method_id, verifies the email and consumes the token', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { token } = await sendLink(t);
    const response = await authenticate(t, token);
    expect(response.status).toBe(200);
    const email = await db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
    const factor = emailFactor('magic_link', email.email_id, EMAIL, START);
    expect(email.user_id).toMatch(/^user-test-/);
    expect(response.json).toEqual({
      data: {
        ...authenticateResponse({
          userId: email.user_id,
          user: expectedUser(email.user_id, { emails: [{ email_id: email.email_id, email: EMAIL, verified: true }] }),
          factors: [factor],
          expiresAt: START + 60 * 60_000,
        }),
        method_id: email.email_id,
      },
    });
    expect(email.verified).toBe(1);
    const session = await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(sha256(response.json.data.session_token));
    expect(JSON.parse(session.factors)).toEqual([factor]);
    expect((await db.selectFrom('email_tokens').select('consumed_at').executeTakeFirstOrThrow()).consumed_at).toBe(
      START,
    );
  });

  it('refuses a used, an expired and an unknown token with unable_to_auth_magic_link, changing nothing', async () => {
    const t = await startProvider();
    const used = await sendLink(t);
    expect((await authenticate(t, used.token)).status).toBe(200);
    const expiring = await sendLink(t);
    t.clock.advance(30 * 60_000);
    const before = await snapshot(t);
    expectError(await authenticate(t, used.token), 401, 'unable_to_auth_magic_link');
    expectError(await authenticate(t, expiring.token), 401, 'unable_to_auth_magic_link');
    expectError(await authenticate(t, 'not-a-token'), 401, 'unable_to_auth_magic_link');
    expectError(await authenticate(t, ''), 401, 'unable_to_auth_magic_link');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses wrong types and missing fields with a schema error', async () => {
    const t = await startProvider();
    const { token } = await sendLink(t);
    const before = await snapshot(t);
    expectSchemaError(await t.post('/magic_links/authenticate', {}), ['.token']);
    expectSchemaError(await t.post('/magic_links/authenticate', { token: 42 }), ['.token']);
    expectSchemaError(await t.post('/magic_links/authenticate', { token, session_duration_minutes: '60' }), [
      '.session_duration_minutes',
    ]);
    expectSchemaError(await t.post('/magic_links/authenticate', { token, code_verifier: 7 }), ['.code_verifier']);
    expect(await snapshot(t)).toEqual(before);
  });

  it("accepts a password-reset token (the reset form's 'Login without a password') and consumes it", async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    await sendLink(t);
    const email = await db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
    const resetToken = 'reset-token-for-this-test-only-0123456789abc';
    await db
      .insertInto('email_tokens')
      .values({
        token_id: 'password-reset-test-1',
        project_id: PROJECT_ID,
        kind: 'password_reset',
        token_hash: sha256(resetToken),
        user_id: email.user_id,
        email_id: email.email_id,
        code_challenge: BROWSER_PKCE.challenge,
        expires_at: START + 30 * 60_000,
        consumed_at: null,
        created_at: START,
        pending_email: null,
      })
      .execute();
    const response = await authenticate(t, resetToken);
    expect(response.status).toBe(200);
    expect(response.json.data.user_id).toBe(email.user_id);
    const row = await db
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_id', '=', 'password-reset-test-1')
      .executeTakeFirstOrThrow();
    expect(row.consumed_at).toBe(START);
    // Used once: it can neither sign in again nor set a password afterwards.
    expectError(await authenticate(t, resetToken), 401, 'unable_to_auth_magic_link');
    const reset = await t.post('/passwords/email/reset', {
      token: resetToken,
      password: 'a-long-and-unusual-passphrase-9271',
      session_duration_minutes: 30,
    });
    expectError(reset, 401, 'unable_to_auth_magic_link');
  });

  it('signs a different user into a new session when the caller holds another user’s session', async () => {
    const t = await startProvider();
    const ada = (await authenticate(t, (await sendLink(t)).token)).json.data;
    const grace = await sendLink(t, { email: 'grace@example.com' });
    const response = await authenticate(t, grace.token, {}, ada.session_token);
    expect(response.status).toBe(200);
    expect(response.json.data.session.session_id).not.toBe(ada.session.session_id);
    expect(response.json.data.user_id).not.toBe(ada.user_id);
  });
});

describe('magic links with PKCE (the default: project.pkce.emailMagicLinks)', () => {
  const unbound = {
    project: {
      pkce: { emailMagicLinks: false, unboundReason: 'users open links on another device than they asked on' },
    },
  };

  it('refuses a send without code_challenge with missing_pkce, writing nothing', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    expectError(await t.post('/magic_links/email/login_or_create', { email: EMAIL }), 400, 'missing_pkce');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a missing or wrong code_verifier (another browser) with pkce_mismatch, keeping the token usable', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { token } = await sendLink(t, { email: EMAIL, code_challenge: s256(VERIFIER) });
    expect(
      (await db.selectFrom('email_tokens').select('code_challenge').executeTakeFirstOrThrow()).code_challenge,
    ).toBe(s256(VERIFIER));
    const before = await snapshot(t);
    const missing = await authenticate(t, token, { code_verifier: undefined });
    expectError(missing, 400, 'pkce_mismatch', {
      error_message:
        'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.',
    });
    // The SDK falls back from the reset verifier to the magic-link one on a refusal that mentions PKCE.
    expect(missing.json.error_message).toContain('PKCE');
    expectError(await authenticate(t, token, { code_verifier: `${VERIFIER}x` }), 400, 'pkce_mismatch');
    expect(await snapshot(t)).toEqual(before);

    const response = await authenticate(t, token, { code_verifier: VERIFIER });
    expect(response.status).toBe(200);
    expect(response.json.data.method_id).toMatch(/^email-test-/);
  });

  it('binds the challenge even when the project does not require PKCE', async () => {
    const t = await startProvider(unbound);
    const { token } = await sendLink(t, { email: EMAIL, code_challenge: s256(VERIFIER) });
    expectError(await authenticate(t, token, { code_verifier: undefined }), 400, 'pkce_mismatch');
    expect((await authenticate(t, token, { code_verifier: VERIFIER })).status).toBe(200);
  });

  it('signs in with an unbound link where the project turned PKCE off for magic links (with a reason)', async () => {
    const t = await startProvider(unbound);
    const { token } = await sendLink(t, { email: EMAIL, code_challenge: undefined });
    expect((await authenticate(t, token, { code_verifier: undefined })).status).toBe(200);
  });

  it('refuses a link sent without a challenge once the project binds magic links (missing_pkce)', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { token } = await sendLink(t);
    // A link emailed before PKCE was switched on (as the default now is): it names no browser.
    await db.updateTable('email_tokens').set({ code_challenge: null }).execute();
    expectError(await authenticate(t, token, { code_verifier: undefined }), 400, 'missing_pkce');
  });
});

describe('magic links: concurrency', () => {
  it('lets exactly one of 50 parallel redemptions of one token succeed, creating one session', async () => {
    const t = await startProvider();
    const { token } = await sendLink(t);
    const responses = await Promise.all(Array.from({ length: 50 }, () => authenticate(t, token)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expectError(response, 401, 'unable_to_auth_magic_link');
    }
    expect(await t.provider.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });
});
