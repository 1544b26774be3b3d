import { createHash, randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { authenticateResponse, emailFactor, expectedUser } from '../../../test/authenticateResponse';
import { BROWSER_PKCE } from '../../../test/browserPkce';
import { expectError as expectErrorWithStatus, expectSchemaError, REQUEST_ID } from '../../../test/expectError';
import { startRangeApi } from '../../../test/startRangeApi';
import { expectedLuds, PASSPHRASE, REPEATED, strengthResult } from '../../../test/strengthResult';
import { providerDeps, snapshotRows, verifyEmailInSession } from '../../../testing/fixtures';
import {
  type CallResult,
  iso,
  REDIRECT_URL,
  START,
  startProvider,
  type TestProvider,
  tokenOf,
} from '../../../testing/harness';
import { ERROR_CATALOGUE, type ErrorType } from '../../http/errors';
import { sha256Hex } from '../../services/secrets';
import { findOrCreateUserByEmail } from '../../services/users';
import { passwordChecks } from './passwordCredentials';
import { hashPassword, passwordVerificationCount, verifyPassword } from './passwordHash';
import { BREACHED_PASSWORD_WARNING } from './passwordStrength';

const PASSWORD = 'dragonfly-marmalade-41';
const NEW_PASSWORD = 'quiet-lantern-zebra-97';
const EMAIL = 'ada@example.com';
const PHC_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** Asserts that `response` is exactly the error `type`, with the status the catalogue gives it. */
function expectError(
  response: { status: number; json: unknown },
  type: ErrorType,
  extra: Record<string, unknown> = {},
): void {
  expectErrorWithStatus(response, ERROR_CATALOGUE[type].status, type, extra);
}

/** Every row a password call may touch (not the rate-limit counters or the inbox). */
const snapshot = (t: TestProvider) =>
  snapshotRows(t, ['users', 'emails', 'passwords', 'sessions', 'tokens', 'failures']);

/** POST /passwords/authenticate with `password` for `email`. */
const authenticateWith = (t: TestProvider, password: unknown, email: unknown = EMAIL) =>
  t.post('/passwords/authenticate', { email, password });

/** POST /passwords (a new account) with `password` for `email`. */
const createWith = (t: TestProvider, password: unknown, email: unknown = EMAIL) =>
  t.post('/passwords', { email, password });

async function createAccount(t: TestProvider, email = EMAIL, password = PASSWORD) {
  const response = await t.post('/passwords', { email, password, session_duration_minutes: 60 });
  expect(response.status).toBe(200);
  return response.json.data;
}

/**
 * Asserts a 200 whose data is the AuthenticateResponse (plus `extra`) for the account
 * `createAccount` made (EMAIL, with a password), its email verified or not; `session` says when the session
 * started and ends, and which factors it has.
 */
function expectAccountAnswer(
  response: CallResult,
  account: { user_id: string; email_id: string },
  verified: boolean,
  session: Omit<Parameters<typeof authenticateResponse>[0], 'userId' | 'user'>,
  extra: Record<string, unknown> = {},
): void {
  expect(response.status).toBe(200);
  const user = expectedUser(account.user_id, {
    emails: [{ email_id: account.email_id, email: EMAIL, verified }],
    password: { password_id: expect.stringMatching(/^password-test-/), requires_reset: false },
  });
  expect(response.json).toEqual({
    data: { ...authenticateResponse({ ...session, userId: account.user_id, user }), ...extra },
  });
}

const passwordFactor = (at: number) => ({
  type: 'password',
  delivery_method: 'knowledge',
  last_authenticated_at: iso(at),
});

async function sessionIsLive(t: TestProvider, token: string): Promise<boolean> {
  const response = await t.post('/sessions/authenticate', {}, token);
  if (response.status === 200) return true;
  expectError(response, 'session_not_found');
  return false;
}

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('password hashing', () => {
  it('stores argon2id at m=19456, t=2, p=1 and verifies the same password only', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash.startsWith(PHC_PREFIX)).toBe(true);
    expect(hash).not.toContain(PASSWORD);
    expect(await verifyPassword(hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(hash, `${PASSWORD}x`)).toBe(false);
    expect(await verifyPassword(hash, PASSWORD.slice(0, -1))).toBe(false);
    expect(await verifyPassword('not a hash', PASSWORD)).toBe(false);
  });

  it('never truncates: a 256-character password differs from one with its last character changed', async () => {
    const long = `${'x'.repeat(255)}a`;
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, `${'x'.repeat(255)}b`)).toBe(false);
  });
});

describe('POST /passwords/strength_check', () => {
  it('answers every field of the zxcvbn result in the data envelope', async () => {
    const t = await startProvider();
    const response = await t.post('/passwords/strength_check', {
      email: 'sandbox@example.com',
      password: PASSPHRASE.password,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ data: { request_id: REQUEST_ID, status_code: 200, ...PASSPHRASE.result } });
  });

  it('follows the LUDS policy of the project', async () => {
    const t = await startProvider({ project: { passwordPolicy: { type: 'luds', complexity: 4, minimumCount: 12 } } });
    const response = await t.post('/passwords/strength_check', { password: 'Xqzvtk7' });
    const luds = expectedLuds({ digit: true, lower: true, upper: true }, { characters: 5, complexity: 1 });
    expect(response.json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      ...strengthResult('luds', false, luds),
    });
    const valid = await t.post('/passwords/strength_check', { password: 'Xqzvtk7!mwpr' });
    expect(valid.json.data.valid_password).toBe(true);
    expect(valid.json.data.feedback.luds_requirements).toMatchObject({ missing_characters: 0, missing_complexity: 0 });
  });

  it('marks a breached password as breached and never valid', async () => {
    const t = await startProvider();
    const response = await t.post('/passwords/strength_check', { password: 'Password1' });
    expect(response.json.data).toMatchObject({
      valid_password: false,
      breached_password: true,
      feedback: { warning: BREACHED_PASSWORD_WARNING },
    });
  });

  it('refuses an over-long password, a missing password and a disabled product', async () => {
    const t = await startProvider();
    expectError(await t.post('/passwords/strength_check', { password: 'a'.repeat(257) }), 'password_too_long');
    expectSchemaError(await t.post('/passwords/strength_check', { email: EMAIL }), ['.password']);
    const off = await startProvider({ project: { products: ['email_otp'] } });
    expectError(await off.post('/passwords/strength_check', { password: PASSWORD }), 'method_not_enabled');
  });

  it('counts against rateLimits.strengthChecksPerIp before zxcvbn runs, and ignores an address no one can have', async () => {
    const t = await startProvider({ rateLimits: { strengthChecksPerIp: { limit: 3, windowSeconds: 60 } } });
    const check = (body: object, remoteAddress = '203.0.113.7') =>
      t.call('POST', '/passwords/strength_check', { body, remoteAddress });
    // The address's pieces are words zxcvbn knows (a password made of them rates lower), but not those of an address
    // longer than any address can be (its thousands of pieces would hold the event loop): it is not used.
    const password = 'wombatfizzlequarkpint';
    const short = await check({ password, email: 'wombatfizzle.quarkpint@example.com' });
    const huge = await check({ password, email: `${'q'.repeat(240)}.wombatfizzle.quarkpint@example.com` });
    const without = await check({ password });
    expect(short.json.data.score).toBeLessThan(without.json.data.score);
    expect(huge.status).toBe(200);
    expect(huge.json.data.score).toBe(without.json.data.score);
    expectError(await check({ password }), 'too_many_requests');
    // Another address is counted apart.
    expect((await check({ password: PASSPHRASE.password }, '198.51.100.2')).status).toBe(200);
  });
});

describe('every password endpoint', () => {
  it('answers method_not_enabled when the passwords product is off, and changes nothing', async () => {
    const t = await startProvider({ project: { products: ['email_otp', 'email_magic_links'] } });
    const before = await snapshot(t);
    const calls: [string, object][] = [
      ['/passwords/strength_check', { password: PASSWORD }],
      ['/passwords', { email: EMAIL, password: PASSWORD }],
      ['/passwords/authenticate', { email: EMAIL, password: PASSWORD }],
      ['/passwords/email/reset/start', { email: EMAIL }],
      ['/passwords/email/reset', { token: 'x', password: PASSWORD }],
      ['/passwords/existing_password/reset', { email: EMAIL, existing_password: PASSWORD, new_password: PASSWORD }],
      ['/passwords/session/reset', { password: PASSWORD }],
    ];
    for (const [path, body] of calls) expectError(await t.post(path, body), 'method_not_enabled');
    expect(await snapshot(t)).toEqual(before);
    expect(await t.inbox(EMAIL)).toEqual([]);
  });
});

describe('POST /passwords', () => {
  it('creates the user, an unverified email, an argon2id password and a session, and answers every field', async () => {
    const t = await startProvider();
    const response = await t.post('/passwords', {
      email: 'Ada@Example.com',
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const { db } = t.provider.database;
    const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    const email = await db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
    const account = { user_id: user.user_id, email_id: email.email_id };
    const started = { factors: [passwordFactor(START)], expiresAt: START + 60 * 60_000 };
    expectAccountAnswer(response, account, false, started, { email_id: email.email_id });
    const data = response.json.data;
    expect(email).toMatchObject({ user_id: user.user_id, email: EMAIL, verified: 0 });
    expect(user.status).toBe('active');
    const password = await db.selectFrom('passwords').selectAll().executeTakeFirstOrThrow();
    expect(password).toMatchObject({
      password_id: data.user.password.password_id,
      user_id: user.user_id,
      requires_reset: 0,
    });
    expect(password.hash.startsWith(PHC_PREFIX)).toBe(true);
    expect(await verifyPassword(password.hash, PASSWORD)).toBe(true);
    const session = await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(sha256Hex(data.session_token));
    // The password is nowhere in plain text.
    expect(JSON.stringify(await snapshot(t))).not.toContain(PASSWORD);
    expect(await sessionIsLive(t, data.session_token)).toBe(true);
  });

  it('refuses bad input with the specified error and creates nothing', async () => {
    const t = await startProvider();
    await findOrCreateUserByEmail(providerDeps(t), 'taken@example.com');
    const before = await snapshot(t);
    const schemaCases: [object, string][] = [
      [{ email: EMAIL, password: 12345678 }, '.password'],
      [{ email: 42, password: PASSWORD }, '.email'],
      [{ email: EMAIL }, '.password'],
      [{ password: PASSWORD }, '.email'],
      [{ email: EMAIL, password: PASSWORD, session_duration_minutes: '60' }, '.session_duration_minutes'],
    ];
    for (const [body, dataPath] of schemaCases) {
      expectSchemaError(await t.post('/passwords', body), [dataPath]);
    }
    expectError(await createWith(t, PASSWORD, 'not-an-email'), 'invalid_email');
    expectError(await createWith(t, 'a'.repeat(257)), 'password_too_long');
    const breached = await createWith(t, 'password1');
    expectError(breached, 'breached_password', {
      error_details: expect.objectContaining({
        breached_password: true,
        valid_password: false,
        feedback: expect.objectContaining({ warning: BREACHED_PASSWORD_WARNING }),
      }),
    });
    const weak = await createWith(t, REPEATED.password);
    expectError(weak, 'weak_password', { error_details: REPEATED.result });
    const short = await createWith(t, 'Ab1!');
    expect(short.json.error_type).toBe('weak_password');
    const personal = await t.post('/passwords', {
      email: 'alicewonderland@example.com',
      password: 'alicewonderland2024',
    });
    expect(personal.json.error_type).toBe('weak_password');
    // An existing passwordless account is never given a password by someone who merely knows the address.
    expectError(await createWith(t, PASSWORD, 'Taken@example.com'), 'duplicate_email');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a second account for an email that already has a password', async () => {
    const t = await startProvider();
    await createAccount(t);
    const before = await snapshot(t);
    expectError(await createWith(t, NEW_PASSWORD), 'duplicate_email');
    expect(await snapshot(t)).toEqual(before);
  });

  it('creates exactly one user when 50 requests race for one new email', async () => {
    const t = await startProvider();
    const responses = await Promise.all(Array.from({ length: 50 }, () => createWith(t, PASSWORD, 'race@example.com')));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) expectError(response, 'duplicate_email');
    const rows = await snapshot(t);
    expect(rows.users).toHaveLength(1);
    expect(rows.emails).toHaveLength(1);
    expect(rows.passwords).toHaveLength(1);
    expect(rows.sessions).toHaveLength(1);
    expect(rows.passwords[0]?.user_id).toBe(rows.users[0]?.user_id);
  });

  it('counts each sign-up against rateLimits.passwordAttemptsPerIp, before it tells whether the address is taken', async () => {
    const t = await startProvider({ rateLimits: { passwordAttemptsPerIp: { limit: 2, windowSeconds: 60 } } });
    await createAccount(t);
    expectError(await createWith(t, NEW_PASSWORD), 'duplicate_email');
    const before = await snapshot(t);
    // The third call of the IP: neither a new account nor the answer that the address has one.
    const limited = await createWith(t, PASSWORD, 'grace@example.com');
    expectError(limited, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    expectError(await createWith(t, NEW_PASSWORD), 'too_many_requests');
    expect(await snapshot(t)).toEqual(before);
    // Another IP has its own count, and the window's end gives this one back its own.
    const elsewhere = await t.call('POST', '/passwords', {
      body: { email: 'grace@example.com', password: PASSWORD },
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.status).toBe(200);
    t.clock.advance(60_000);
    expect((await createWith(t, PASSWORD, 'alan@example.com')).status).toBe(200);
  });

  it('refuses a password the range API knows from a breach, and creates it when the API is down', async () => {
    const digest = createHash('sha1').update(PASSWORD).digest('hex').toUpperCase();
    let up = true;
    const { url, paths } = await startRangeApi((_request, response) => {
      if (!up) {
        response.statusCode = 500;
        response.end();
        return;
      }
      response.end(`${digest.slice(5)}:7\n`);
    });
    const t = await startProvider({ project: { breachRangeApiUrl: `${url}/` } });
    const refused = await createWith(t, PASSWORD);
    expect(refused.json.error_type).toBe('breached_password');
    expect(paths).toEqual([`/range/${digest.slice(0, 5)}`]);
    expect((await snapshot(t)).users).toEqual([]);
    up = false;
    const created = await createWith(t, PASSWORD);
    expect(created.status).toBe(200);
    expect(paths).toHaveLength(2);
  });

  it('rates the password in the form it is hashed in: a full-width spelling of a breached one is refused', async () => {
    // NFKC, which the hash applies, folds full-width forms to ASCII: this is "password123", from the breach list.
    const typed = 'ｐａｓｓｗｏｒｄ１２３';
    const t = await startProvider();
    const rated = await t.post('/passwords/strength_check', { password: typed });
    expect(rated.status).toBe(200);
    expect(rated.json.data).toMatchObject({ breached_password: true, valid_password: false });
    expect(rated.json.data.feedback.warning).toBe(BREACHED_PASSWORD_WARNING);
    expectError(await createWith(t, typed), 'breached_password', { error_details: expect.any(Object) });
    expect((await snapshot(t)).users).toEqual([]);
    expectError(await authenticateWith(t, 'password123'), 'unauthorized_credentials');

    // The range API is asked about the SHA-1 of that form too.
    const digest = createHash('sha1').update(PASSWORD).digest('hex').toUpperCase();
    const { url, paths } = await startRangeApi((_request, response) => response.end(`${digest.slice(5)}:7\n`));
    const withApi = await startProvider({ project: { breachRangeApiUrl: url } });
    const wide = PASSWORD.replace(/[!-~]/g, (char) => String.fromCodePoint((char.codePointAt(0) as number) + 0xfee0));
    expectError(await createWith(withApi, wide), 'breached_password', { error_details: expect.any(Object) });
    expect(paths).toEqual([`/range/${digest.slice(0, 5)}`]);
  });
});

describe('POST /passwords/authenticate', () => {
  it('starts a session with the password factor and answers every field', async () => {
    const t = await startProvider();
    const created = await createAccount(t);
    t.clock.advance(60_000);
    const response = await t.post('/passwords/authenticate', {
      email: 'ADA@example.com',
      password: PASSWORD,
      session_duration_minutes: 120,
    });
    expectAccountAnswer(response, created, false, {
      factors: [passwordFactor(START + 60_000)],
      startedAt: START + 60_000,
      expiresAt: START + 60_000 + 120 * 60_000,
    });
    expect(response.json.data.session.session_id).not.toBe(created.session.session_id);
    expect(await sessionIsLive(t, response.json.data.session_token)).toBe(true);
    expect((await snapshot(t)).sessions).toHaveLength(2);
  });

  it('refuses unknown emails, wrong passwords, passwordless users and flagged passwords, starting no session', async () => {
    const t = await startProvider();
    const created = await createAccount(t);
    await findOrCreateUserByEmail(providerDeps(t), 'magic@example.com');
    const { db } = t.provider.database;
    const before = await snapshot(t);

    // An unknown email still pays for one argon2id verification, exactly as a wrong password does, so timing
    // cannot tell them apart. Counted, not timed: a loaded machine makes any timing comparison flaky.
    let counted = passwordVerificationCount();
    expectError(await authenticateWith(t, PASSWORD, 'nobody@example.com'), 'unauthorized_credentials');
    expect(passwordVerificationCount() - counted).toBe(1);
    expectError(await authenticateWith(t, PASSWORD, 'magic@example.com'), 'no_user_password');
    expectError(await authenticateWith(t, PASSWORD, 'bad'), 'invalid_email');
    expectError(await authenticateWith(t, 'a'.repeat(300)), 'password_too_long');
    expectSchemaError(await authenticateWith(t, null), ['.password']);
    expect(await snapshot(t)).toEqual(before);

    counted = passwordVerificationCount();
    expectError(await authenticateWith(t, NEW_PASSWORD), 'unauthorized_credentials');
    expect(passwordVerificationCount() - counted).toBe(1);
    const after = await snapshot(t);
    expect(after.failures).toEqual([{ failure_id: expect.any(String), user_id: created.user_id, created_at: START }]);
    expect(after.sessions).toEqual(before.sessions);

    await db.updateTable('passwords').set({ requires_reset: 1 }).where('user_id', '=', created.user_id).execute();
    expectError(await authenticateWith(t, PASSWORD), 'reset_password');
    expect((await snapshot(t)).sessions).toEqual(before.sessions);
  });

  it('locks the user after lockout.maxFailuresPerUser wrong passwords, even for the right one', async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 3, windowMinutes: 60 } });
    await createAccount(t);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expectError(await authenticateWith(t, `wrong-${attempt}`), 'unauthorized_credentials');
    }
    const before = await snapshot(t);
    expectError(await authenticateWith(t, PASSWORD), 'user_lock_limit_reached');
    expect(await snapshot(t)).toEqual(before);
    t.clock.advance(61 * 60_000);
    const later = await authenticateWith(t, PASSWORD);
    expect(later.status).toBe(200);
  });
});

/** A reset start from the test browser: with its PKCE challenge (BROWSER_PKCE) unless the body names another. */
async function startReset(t: TestProvider, body: Record<string, unknown> = {}) {
  const response = await t.post('/passwords/email/reset/start', {
    email: EMAIL,
    code_challenge: BROWSER_PKCE.challenge,
    ...body,
  });
  expect(response.status).toBe(200);
  const resetLink = await t.lastLink(EMAIL, 'stytch_token_type=reset_password');
  const loginLink = await t.lastLink(EMAIL, 'stytch_token_type=login');
  return { resetToken: tokenOf(resetLink), loginToken: tokenOf(loginLink) };
}

describe('POST /passwords/email/reset/start', () => {
  it('emails a reset link and a log-in link, storing only their hashes', async () => {
    const t = await startProvider({ project: { name: 'Acme' } });
    const created = await createAccount(t);
    const response = await t.post('/passwords/email/reset/start', {
      email: 'Ada@Example.com',
      reset_password_expiration_minutes: 10,
      locale: 'en',
      code_challenge: BROWSER_PKCE.challenge,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: { request_id: expect.stringMatching(/^request-id-test-/), status_code: 200 },
    });

    const messages = await t.inbox(EMAIL);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.channel).toBe('email');
    expect(message?.subject).toBe('Reset your Acme password');
    expect(message?.codes).toEqual([]);
    expect(message?.links).toHaveLength(2);
    const [resetLink, loginLink] = message?.links ?? [];
    const reset = new URL(resetLink as string);
    const login = new URL(loginLink as string);
    expect(`${reset.origin}${reset.pathname}`).toBe(REDIRECT_URL);
    expect(`${login.origin}${login.pathname}`).toBe(REDIRECT_URL);
    expect(reset.searchParams.get('stytch_token_type')).toBe('reset_password');
    expect(login.searchParams.get('stytch_token_type')).toBe('login');
    const resetToken = tokenOf(resetLink as string);
    const loginToken = tokenOf(loginLink as string);
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loginToken).not.toBe(resetToken);
    expect(message?.text).toContain(resetLink);
    expect(message?.text).toContain(loginLink);

    const tokens = (await snapshot(t)).tokens.sort((a, b) => a.kind.localeCompare(b.kind));
    expect(tokens).toEqual([
      {
        token_id: expect.stringMatching(/^magic-link-test-/),
        project_id: 'project-test-latchkey-playground',
        kind: 'magic_link',
        token_hash: sha256Hex(loginToken),
        user_id: created.user_id,
        email_id: created.email_id,
        code_challenge: BROWSER_PKCE.challenge,
        expires_at: START + 30 * 60_000,
        consumed_at: null,
        created_at: START,
        pending_email: null,
        sender_session_id: null,
      },
      {
        token_id: expect.stringMatching(/^password-reset-test-/),
        project_id: 'project-test-latchkey-playground',
        kind: 'password_reset',
        token_hash: sha256Hex(resetToken),
        user_id: created.user_id,
        email_id: created.email_id,
        code_challenge: BROWSER_PKCE.challenge,
        expires_at: START + 10 * 60_000,
        consumed_at: null,
        created_at: START,
        pending_email: null,
        sender_session_id: null,
      },
    ]);
    expect(JSON.stringify(tokens)).not.toContain(resetToken);
  });

  it('uses the allowed redirect URLs the caller names and stores the PKCE challenge on both tokens', async () => {
    const resetUrl = 'http://localhost:5173/reset?from=email';
    const loginUrl = 'http://localhost:5173/login';
    const t = await startProvider({
      project: {
        redirectUrls: [REDIRECT_URL, 'http://localhost:5173/reset', loginUrl],
      },
    });
    await createAccount(t);
    const { challenge } = pkcePair();
    await t.post('/passwords/email/reset/start', {
      email: EMAIL,
      reset_password_redirect_url: resetUrl,
      login_redirect_url: loginUrl,
      code_challenge: challenge,
    });
    const [message] = await t.inbox(EMAIL);
    const [resetLink, loginLink] = message?.links ?? [];
    expect(resetLink).toMatch(/^http:\/\/localhost:5173\/reset\?from=email&stytch_token_type=reset_password&token=/);
    expect(loginLink).toMatch(/^http:\/\/localhost:5173\/login\?stytch_token_type=login&token=/);
    const tokens = (await snapshot(t)).tokens;
    expect(tokens.map((token) => token.code_challenge)).toEqual([challenge, challenge]);
    // Thirty minutes, whatever the reset link's own lifetime.
    expect(tokens.find((token) => token.kind === 'magic_link')?.expires_at).toBe(START + 30 * 60_000);
    expect(tokens.find((token) => token.kind === 'password_reset')?.expires_at).toBe(START + 30 * 60_000);
  });

  it('refuses unknown emails, disallowed redirect URLs and a missing PKCE challenge (the default), sending nothing', async () => {
    const t = await startProvider();
    await createAccount(t);
    const { challenge } = pkcePair();
    const before = await snapshot(t);
    const start = (body: object) => t.post('/passwords/email/reset/start', body);
    expectError(await start({ email: 'nobody@example.com', code_challenge: challenge }), 'email_not_found');
    expectError(await start({ email: 'nobody', code_challenge: challenge }), 'invalid_email');
    expectError(await start({ email: EMAIL }), 'missing_pkce');
    for (const evil of [
      'https://evil.com/authenticate',
      'http://localhost:5173@evil.com/authenticate',
      'javascript:alert(1)',
    ]) {
      expectError(
        await start({ email: EMAIL, code_challenge: challenge, reset_password_redirect_url: evil }),
        'invalid_redirect_url',
      );
      expectError(
        await start({ email: EMAIL, code_challenge: challenge, login_redirect_url: evil }),
        'invalid_redirect_url',
      );
    }
    expectSchemaError(await start({ email: EMAIL, code_challenge: 'short' }), ['.code_challenge']);
    expect(await snapshot(t)).toEqual(before);
    expect(await t.inbox(EMAIL)).toEqual([]);
    expect(await t.inbox('nobody@example.com')).toEqual([]);
  });

  it('limits sends per email address', async () => {
    const t = await startProvider({ rateLimits: { sendsPerIdentifier: { limit: 1, windowSeconds: 60 } } });
    await createAccount(t);
    await startReset(t);
    const limited = await t.post('/passwords/email/reset/start', {
      email: EMAIL,
      code_challenge: BROWSER_PKCE.challenge,
    });
    expectError(limited, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await t.inbox(EMAIL)).toHaveLength(1);
  });
});

describe('POST /passwords/email/reset', () => {
  it('refuses a link that expired while the new password was hashed: its expiry is judged when it is used', async () => {
    const t = await startProvider();
    await createAccount(t);
    const { resetToken } = await startReset(t, { reset_password_expiration_minutes: 1 });
    t.clock.advance(60_000 - 1);
    const before = await snapshot(t);
    // The link is live when the request reads it; the hash (100-200 ms, longer under load) ends past its expiry.
    const { hashPassword: realHash } = passwordChecks;
    passwordChecks.hashPassword = async (password) => {
      t.clock.advance(10_000);
      return realHash(password);
    };
    try {
      const late = await t.post('/passwords/email/reset', {
        token: resetToken,
        password: NEW_PASSWORD,
        code_verifier: BROWSER_PKCE.verifier,
      });
      expectError(late, 'unable_to_auth_magic_link');
    } finally {
      passwordChecks.hashPassword = realHash;
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await authenticateWith(t, PASSWORD)).status).toBe(200);
  });

  it('counts each new password against rateLimits.passwordAttemptsPerIp, before its strength check and hash', async () => {
    const t = await startProvider({ rateLimits: { passwordAttemptsPerIp: { limit: 3, windowSeconds: 60 } } });
    await createAccount(t);
    const { resetToken } = await startReset(t);
    const reset = (password: string) =>
      t.post('/passwords/email/reset', { token: resetToken, password, code_verifier: BROWSER_PKCE.verifier });
    // A refused weak password leaves the link usable: without the count, one link bought unlimited strength checks.
    expect((await reset(REPEATED.password)).json.error_type).toBe('weak_password');
    expect((await reset(REPEATED.password)).json.error_type).toBe('weak_password');
    const before = await snapshot(t);
    const limited = await reset(NEW_PASSWORD);
    expectError(limited, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await snapshot(t)).toEqual(before);
    t.clock.advance(60_000);
    expect((await reset(NEW_PASSWORD)).status).toBe(200);
  });

  it('sets the new password, verifies the email and revokes every other session', async () => {
    const t = await startProvider();
    const created = await createAccount(t);
    const other = await authenticateWith(t, PASSWORD);
    const { db } = t.provider.database;
    await db.updateTable('passwords').set({ requires_reset: 1 }).execute();
    const { resetToken, loginToken } = await startReset(t);
    t.clock.advance(5 * 60_000);
    const now = START + 5 * 60_000;

    const response = await t.post('/passwords/email/reset', {
      token: resetToken,
      password: NEW_PASSWORD,
      session_duration_minutes: 45,
      code_verifier: BROWSER_PKCE.verifier,
    });
    expectAccountAnswer(
      response,
      created,
      true,
      {
        factors: [emailFactor('magic_link', created.email_id, EMAIL, now)],
        startedAt: now,
        expiresAt: now + 45 * 60_000,
      },
      // The owner's first proof of the address ran the pre-hijacking reset: the answer says what went.
      { account_reset: { identifier: EMAIL, removed: ['password', 'sessions'] } },
    );

    const rows = await snapshot(t);
    expect(rows.passwords).toHaveLength(1);
    // The password was set before the email was verified, so the owner's first verification replaced it.
    expect(rows.passwords[0]).toMatchObject({ requires_reset: 0, updated_at: now, created_at: now });
    expect(rows.passwords[0]?.hash.startsWith(PHC_PREFIX)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
    // The email's log-in link is used up with its reset link: the email must not sign anyone in after the reset.
    const byKind = Object.fromEntries(rows.tokens.map((token) => [token.kind, token.consumed_at]));
    expect(byKind).toEqual({ password_reset: now, magic_link: now });
    expect(sha256Hex(loginToken)).toBe(rows.tokens.find((token) => token.kind === 'magic_link')?.token_hash);

    expect(await sessionIsLive(t, created.session_token)).toBe(false);
    expect(await sessionIsLive(t, other.json.data.session_token)).toBe(false);
    expect(await sessionIsLive(t, response.json.data.session_token)).toBe(true);
    expectError(await authenticateWith(t, PASSWORD), 'unauthorized_credentials');
    expect((await authenticateWith(t, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses used, expired and unknown tokens and the email’s log-in token, changing nothing', async () => {
    const t = await startProvider();
    await createAccount(t);
    const { resetToken, loginToken } = await startReset(t);
    const reset = (token: string, password = NEW_PASSWORD) =>
      t.post('/passwords/email/reset', { token, password, code_verifier: BROWSER_PKCE.verifier });

    let before = await snapshot(t);
    expectError(await reset(loginToken), 'unable_to_auth_magic_link');
    expectError(await reset('unknown-token'), 'unable_to_auth_magic_link');
    expectError(await reset(resetToken, 'password1'), 'breached_password', { error_details: expect.any(Object) });
    expectError(await reset(resetToken, 'aaaaaaaaaaaa'), 'weak_password', { error_details: expect.any(Object) });
    expectError(await reset(resetToken, 'b'.repeat(257)), 'password_too_long');
    expectSchemaError(await t.post('/passwords/email/reset', { password: NEW_PASSWORD }), ['.token']);
    expect(await snapshot(t)).toEqual(before);

    expect((await reset(resetToken)).status).toBe(200);
    before = await snapshot(t);
    expectError(await reset(resetToken, 'another-fine-passphrase-12'), 'unable_to_auth_magic_link');
    expect(await snapshot(t)).toEqual(before);

    const second = await startReset(t);
    t.clock.advance(30 * 60_000 + 1);
    before = await snapshot(t);
    expectError(await reset(second.resetToken, 'another-fine-passphrase-12'), 'unable_to_auth_magic_link');
    expect(await snapshot(t)).toEqual(before);
  });

  it('requires the matching PKCE verifier (another browser has none) and keeps the token usable after a mismatch', async () => {
    const t = await startProvider();
    await createAccount(t);
    const { verifier, challenge } = pkcePair();
    const { resetToken } = await startReset(t, { code_challenge: challenge });
    const before = await snapshot(t);
    for (const codeVerifier of [undefined, pkcePair().verifier]) {
      const response = await t.post('/passwords/email/reset', {
        token: resetToken,
        password: NEW_PASSWORD,
        code_verifier: codeVerifier,
      });
      expectError(response, 'pkce_mismatch', {
        error_message:
          'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.',
      });
    }
    expect(await snapshot(t)).toEqual(before);
    const response = await t.post('/passwords/email/reset', {
      token: resetToken,
      password: NEW_PASSWORD,
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
  });

  it('gives exactly one success when 50 requests redeem one token at once', async () => {
    const t = await startProvider();
    await createAccount(t);
    const { resetToken } = await startReset(t);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post('/passwords/email/reset', {
          token: resetToken,
          password: NEW_PASSWORD,
          code_verifier: BROWSER_PKCE.verifier,
        }),
      ),
    );
    const successes = responses.filter((response) => response.status === 200);
    expect(successes).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expectError(response, 'unable_to_auth_magic_link');
    }
    const rows = await snapshot(t);
    const live = rows.sessions.filter((session) => session.revoked_at === null);
    expect(live.map((session) => session.session_id)).toEqual([successes[0]?.json.data.session.session_id]);
    expect(rows.sessions).toHaveLength(2);
  });
});

describe('POST /passwords/existing_password/reset', () => {
  it('replaces the password after checking the old one and revokes the other sessions', async () => {
    const t = await startProvider();
    const created = await createAccount(t);
    t.clock.advance(60_000);
    const now = START + 60_000;
    const response = await t.post('/passwords/existing_password/reset', {
      email: EMAIL,
      existing_password: PASSWORD,
      new_password: NEW_PASSWORD,
      session_duration_minutes: 30,
    });
    expectAccountAnswer(response, created, false, {
      factors: [passwordFactor(now)],
      startedAt: now,
      expiresAt: now + 30 * 60_000,
    });
    expect(await sessionIsLive(t, created.session_token)).toBe(false);
    expect(await sessionIsLive(t, response.json.data.session_token)).toBe(true);
    const stored = (await snapshot(t)).passwords[0];
    expect(stored?.hash.startsWith(PHC_PREFIX)).toBe(true);
    expect(await verifyPassword(stored?.hash ?? '', NEW_PASSWORD)).toBe(true);
    expect(stored?.updated_at).toBe(now);
  });

  it('refuses a wrong existing password (counting it), a weak new one and a locked user, changing nothing', async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 2, windowMinutes: 60 } });
    const created = await createAccount(t);
    const reset = (existing: string, next: string) =>
      t.post('/passwords/existing_password/reset', { email: EMAIL, existing_password: existing, new_password: next });
    let before = await snapshot(t);
    expectError(await reset(PASSWORD, 'aaaaaaaaaaaa'), 'weak_password', { error_details: expect.any(Object) });
    expectError(await reset(PASSWORD, 'password1'), 'breached_password', { error_details: expect.any(Object) });
    expectError(await reset(PASSWORD, 'z'.repeat(257)), 'password_too_long');
    expect(await snapshot(t)).toEqual(before);

    expectError(await reset('not-the-password', NEW_PASSWORD), 'unauthorized_credentials');
    const after = await snapshot(t);
    expect(after.failures.map((failure) => failure.user_id)).toEqual([created.user_id]);
    expect(after.passwords).toEqual(before.passwords);
    expect(after.sessions).toEqual(before.sessions);

    expectError(await reset('still-not-it', NEW_PASSWORD), 'unauthorized_credentials');
    before = await snapshot(t);
    expectError(await reset(PASSWORD, NEW_PASSWORD), 'user_lock_limit_reached');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('a reset by email link or by existing password, carrying an older session of the account', () => {
  for (const way of ['email', 'existing_password'] as const) {
    it(`by ${way}: answers a new session and revokes the one it carried (a stolen one planted in the browser)`, async () => {
      const t = await startProvider();
      const created = await createAccount(t);
      // Proved from the account's own session, so the reset by email does not run the pre-hijacking reset (which
      // never keeps the carried session of its own accord): only the reset decides here.
      await verifyEmailInSession(t, EMAIL, created.session_token);
      const stolen = await authenticateWith(t, PASSWORD);
      expect(stolen.status).toBe(200);
      const stolenToken = stolen.json.data.session_token as string;
      let reset: CallResult;
      if (way === 'email') {
        const { resetToken } = await startReset(t);
        reset = await t.post(
          '/passwords/email/reset',
          { token: resetToken, password: NEW_PASSWORD, code_verifier: BROWSER_PKCE.verifier },
          stolenToken,
        );
      } else {
        reset = await t.post(
          '/passwords/existing_password/reset',
          { email: EMAIL, existing_password: PASSWORD, new_password: NEW_PASSWORD },
          stolenToken,
        );
      }
      expect(reset.status).toBe(200);
      const answered = reset.json.data;
      // The owner gets a session of its own (token and JWT), which the SDK keeps as after any sign-in.
      expect(answered.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(answered.session_token).not.toBe(stolenToken);
      expect(answered.session_jwt).not.toBe('');
      expect(answered.session.session_id).not.toBe(stolen.json.data.session.session_id);
      expect(answered.session.authentication_factors).toHaveLength(1);
      // Every older session is revoked, the one the request carried too.
      expect(await sessionIsLive(t, stolenToken)).toBe(false);
      expect(await sessionIsLive(t, created.session_token)).toBe(false);
      expect(await sessionIsLive(t, answered.session_token)).toBe(true);
      const live = (await snapshot(t)).sessions.filter((session) => session.revoked_at === null);
      expect(live.map((session) => session.session_id)).toEqual([answered.session.session_id]);
    });
  }
});

describe('POST /passwords/session/reset', () => {
  it('counts each new password against rateLimits.passwordAttemptsPerIp, before its strength check and hash', async () => {
    const t = await startProvider({ rateLimits: { passwordAttemptsPerIp: { limit: 3, windowSeconds: 60 } } });
    const created = await createAccount(t);
    const reset = (password: string) => t.post('/passwords/session/reset', { password }, created.session_token);
    expect((await reset(NEW_PASSWORD)).status).toBe(200);
    expect((await reset(REPEATED.password)).json.error_type).toBe('weak_password');
    const before = await snapshot(t);
    // One fresh session asked for a strength check and an argon2id hash per call, without limit.
    const limited = await reset(PASSWORD);
    expectError(limited, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await snapshot(t)).toEqual(before);
  });

  it('sets the password of the session’s user, keeps this session and revokes the others', async () => {
    const t = await startProvider();
    const created = await createAccount(t);
    const other = await authenticateWith(t, PASSWORD);
    t.clock.advance(2 * 60_000);
    const now = START + 2 * 60_000;
    const response = await t.post('/passwords/session/reset', { password: NEW_PASSWORD }, created.session_token);
    expectAccountAnswer(response, created, false, {
      factors: [passwordFactor(START)],
      lastAccessedAt: now,
      expiresAt: START + 60 * 60_000,
      sessionId: created.session.session_id,
      sessionToken: created.session_token,
    });
    expect(await sessionIsLive(t, created.session_token)).toBe(true);
    expect(await sessionIsLive(t, other.json.data.session_token)).toBe(false);
    expect((await authenticateWith(t, NEW_PASSWORD)).status).toBe(200);
  });

  it('gives a passwordless user a password and sets the session expiry to the duration asked for', async () => {
    const t = await startProvider();
    const owner = await findOrCreateUserByEmail(providerDeps(t), 'magic@example.com');
    // A session as the magic-link route would create it.
    const created = await createAccount(t);
    const { db } = t.provider.database;
    const token = 'a'.repeat(43);
    await db
      .insertInto('sessions')
      .values({
        ...(await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow()),
        session_id: 'session-test-magic',
        user_id: owner.userId,
        token_hash: sha256Hex(token),
      })
      .execute();
    const response = await t.post(
      '/passwords/session/reset',
      { password: NEW_PASSWORD, session_duration_minutes: 10 },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.json.data.user.password).toEqual({ password_id: expect.any(String), requires_reset: false });
    expect(response.json.data.session.expires_at).toBe(iso(START + 10 * 60_000));
    // Only the session's own user was touched.
    expect(await sessionIsLive(t, created.session_token)).toBe(true);
    const passwords = (await snapshot(t)).passwords;
    expect(passwords.map((row) => row.user_id).sort()).toEqual([created.user_id, owner.userId].sort());
  });

  it('needs a live session and a strong password, and changes nothing otherwise', async () => {
    const t = await startProvider();
    const created = await createAccount(t);
    const before = await snapshot(t);
    expectError(await t.post('/passwords/session/reset', { password: NEW_PASSWORD }), 'user_unauthenticated');
    expectError(
      await t.post('/passwords/session/reset', { password: NEW_PASSWORD }, 'no-such-session'),
      'session_not_found',
    );
    const reset = (password: string) => t.post('/passwords/session/reset', { password }, created.session_token);
    expectError(await reset('aaaaaaaaaaaa'), 'weak_password', { error_details: expect.any(Object) });
    expectError(await reset('password1'), 'breached_password', { error_details: expect.any(Object) });
    expectError(await reset('q'.repeat(257)), 'password_too_long');
    // The user's own email address is guessable.
    const personal = await t.post('/passwords/session/reset', { password: 'ada@example.com' }, created.session_token);
    expect(personal.json.error_type).toBe('weak_password');
    expect(await snapshot(t)).toEqual(before);
  });
});

/** The three ways to change a password. */
const PASSWORD_CHANGES = ['email', 'existing_password', 'session'] as const;

/**
 * Changes the password of the account createAccount made from PASSWORD to NEW_PASSWORD, `way`: a new reset email's
 * link, the existing password, or the account's session (`sessionToken`).
 */
async function changePassword(
  t: TestProvider,
  way: (typeof PASSWORD_CHANGES)[number],
  sessionToken: string,
): Promise<CallResult> {
  if (way === 'email') {
    const { resetToken } = await startReset(t);
    return t.post('/passwords/email/reset', {
      token: resetToken,
      password: NEW_PASSWORD,
      code_verifier: BROWSER_PKCE.verifier,
    });
  }
  if (way === 'existing_password') {
    return t.post('/passwords/existing_password/reset', {
      email: EMAIL,
      existing_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
  }
  return t.post('/passwords/session/reset', { password: NEW_PASSWORD }, sessionToken);
}

/**
 * An account (EMAIL, PASSWORD) with a verified email and a TOTP, on a project that requires a second factor. Its
 * email is proved from the account's own session, so a reset by email does not run the pre-hijacking reset (which
 * ends every intermediate session of its own accord). The clock is one TOTP step on: each code works once.
 */
async function accountWithTotp(options: Parameters<typeof startProvider>[0] = {}) {
  const t = await startProvider({ ...options, project: { mfa: { required: true } } });
  const created = await createAccount(t);
  await verifyEmailInSession(t, EMAIL, created.session_token);
  const enrolled = await t.post('/totps', { expiration_minutes: 30 }, created.session_token);
  expect(enrolled.status).toBe(200);
  const secret = enrolled.json.data.secret as string;
  const totpCode = () => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
  const totp = (code: string, ist: string) =>
    t.post('/totps/authenticate', { totp_code: code, session_duration_minutes: 60, intermediate_session_token: ist });
  expect((await t.post('/totps/authenticate', { totp_code: await totpCode() }, created.session_token)).status).toBe(
    200,
  );
  t.clock.advance(30_000);
  return { t, created, totpCode, totp };
}

describe('what a password change uses up', () => {
  for (const way of PASSWORD_CHANGES) {
    it(`by ${way}: the reset email sent before (both its links) and every other magic link of the user`, async () => {
      const t = await startProvider();
      const created = await createAccount(t);
      // Proved from the account's own session, so no later proof runs the pre-hijacking reset, which would use up
      // every link of its own accord: only the password change decides here.
      await verifyEmailInSession(t, EMAIL, created.session_token);
      const sent = await t.post('/magic_links/email/login_or_create', {
        email: EMAIL,
        code_challenge: BROWSER_PKCE.challenge,
      });
      expect(sent.status).toBe(200);
      const magicLink = tokenOf(await t.lastLink(EMAIL, 'stytch_token_type=magic_links'));
      const leaked = await startReset(t);

      expect((await changePassword(t, way, created.session_token)).status).toBe(200);

      const redeem = (path: string, token: string, password?: string) =>
        t.post(path, { token, password, code_verifier: BROWSER_PKCE.verifier });
      // The leaked email sets no password, and signs nobody in, after the owner changed theirs.
      const later = 'another-fine-passphrase-12';
      expectError(await redeem('/passwords/email/reset', leaked.resetToken, later), 'unable_to_auth_magic_link');
      expectError(await redeem('/magic_links/authenticate', leaked.resetToken), 'unable_to_auth_magic_link');
      expectError(await redeem('/magic_links/authenticate', leaked.loginToken), 'unable_to_auth_magic_link');
      expectError(await authenticateWith(t, later), 'unauthorized_credentials');
      expect((await authenticateWith(t, NEW_PASSWORD)).status).toBe(200);
      // A sign-in link asked for before the change is used up too: whoever changes a password may suspect someone.
      expectError(await redeem('/magic_links/authenticate', magicLink), 'unable_to_auth_magic_link');
    });

    it(`by ${way}: a sign-in with the old password that waits for its second factor can no longer complete`, async () => {
      const { t, created, totpCode, totp } = await accountWithTotp();
      const first = await authenticateWith(t, PASSWORD);
      expect(first.status).toBe(200);
      const pending = first.json.data.intermediate_session_token as string;
      expect(pending).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const changed = await changePassword(t, way, created.session_token);
      expect(changed.status).toBe(200);
      t.clock.advance(30_000);
      // The reset's own sign-in (by email or existing password) waits for the second factor, and the change with it:
      // completing it makes the change, which ends the sign-in the old password left waiting.
      if (way !== 'session') {
        const own = changed.json.data.intermediate_session_token as string;
        expect(own).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect((await totp(await totpCode(), own)).status).toBe(200);
        t.clock.advance(30_000);
      }
      expectError(await totp(await totpCode(), pending), 'intermediate_session_not_found');
    });
  }
});

describe('a reset whose sign-in waits for a second factor (project mfa.required)', () => {
  for (const way of ['email', 'existing_password'] as const) {
    it(`by ${way}: changes nothing, and signs no one out, until the second factor completes it`, async () => {
      const { t, created, totpCode, totp } = await accountWithTotp();
      const changed = await changePassword(t, way, created.session_token);
      expect(changed.status).toBe(200);
      expect(changed.json.data).toMatchObject({ session_token: '', session_jwt: '' });
      const ist = changed.json.data.intermediate_session_token as string;
      // The owner's session lives on, and the old password is still the password.
      expect((await t.post('/sessions/authenticate', {}, created.session_token)).status).toBe(200);
      expect((await authenticateWith(t, PASSWORD)).status).toBe(200);
      expectError(await authenticateWith(t, NEW_PASSWORD), 'unauthorized_credentials');
      // The new password waits as a hash, never in clear.
      const [pending] = await providerDeps(t)
        .db.selectFrom('intermediate_sessions')
        .select('deferred')
        .where('deferred', 'is not', null)
        .execute();
      expect(pending?.deferred).toContain(PHC_PREFIX);
      expect(pending?.deferred).not.toContain(NEW_PASSWORD);

      const completed = await totp(await totpCode(), ist);
      expect(completed.status).toBe(200);
      expect(completed.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Now the change is made, and every other session of the user ends.
      expectError(await authenticateWith(t, PASSWORD), 'unauthorized_credentials');
      expect((await authenticateWith(t, NEW_PASSWORD)).status).toBe(200);
      expectError(await t.post('/sessions/authenticate', {}, created.session_token), 'session_not_found');
      expect((await t.post('/sessions/authenticate', {}, completed.json.data.session_token)).status).toBe(200);
    });
  }

  it('by existing password: cannot be repeated between guesses at the second factor to lift its cap', async () => {
    const { t, totpCode, totp } = await accountWithTotp();
    const current = await totpCode();
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    let evaluated = 0;
    const refusals: string[] = [];
    // The attack: reset with the password the attacker knows, guess, reset again. Each reset used to clear the guess
    // counter the TOTP shares (12 wrong guesses evaluated here, no lock). A reset now changes nothing before the
    // second factor, so the counter fills: at most lockout.maxFailuresPerUser (10) guesses are evaluated.
    for (let round = 0; round < 4; round += 1) {
      const reset = await t.post('/passwords/existing_password/reset', {
        email: EMAIL,
        existing_password: PASSWORD,
        new_password: NEW_PASSWORD,
      });
      if (reset.status !== 200) {
        refusals.push(reset.json.error_type as string);
        continue;
      }
      const ist = reset.json.data.intermediate_session_token as string;
      for (let guess = 0; guess < 4; guess += 1) {
        const answer = await totp(wrong, ist);
        if (answer.json.error_type === 'otp_code_not_found') evaluated += 1;
        else refusals.push(answer.json.error_type as string);
      }
    }
    expect(evaluated).toBe(10);
    expect(refusals).toContain('user_lock_limit_reached');
    expect((await authenticateWith(t, PASSWORD)).json.error_type).toBe('user_lock_limit_reached');
  });

  it('by existing password: a change made meanwhile wins, and the waiting one is refused', async () => {
    const { t, created, totpCode, totp } = await accountWithTotp();
    const changed = await changePassword(t, 'existing_password', created.session_token);
    const ist = changed.json.data.intermediate_session_token as string;
    // The owner changes the password from their session (recently signed in): it ends the waiting sign-in.
    const other = 'patient-harbour-otter-58';
    expect((await t.post('/passwords/session/reset', { password: other }, created.session_token)).status).toBe(200);
    expectError(await totp(await totpCode(), ist), 'intermediate_session_not_found');
    expect((await authenticateWith(t, other)).status).toBe(200);
    expectError(await authenticateWith(t, NEW_PASSWORD), 'unauthorized_credentials');
  });
});
