// Issue 10: the account-takeover paths found under attack. Each describe block is one finding; every test
// fails on the code before the fix. Run on SQLite by default and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderConfigInput } from '../src/config';
import { ERROR_CATALOGUE, type ErrorType } from '../src/http/errors';
import { createProvider } from '../src/provider';
import { serveProvider } from '../src/server';
import { DEPRECATED_HMAC_KEY_ENV, HMAC_KEY_ENV } from '../src/services/hmacKey';
import { sha256Hex } from '../src/services/secrets';
import { keySealing, openPrivateKey, SESSION_KEYS } from '../src/services/signingKeys';
import { signIn, verifyEmailInSession } from '../testing/fixtures';
import {
  type CallResult,
  databaseKind,
  freshDatabase,
  startProvider,
  type TestProvider,
  tokenOf,
} from '../testing/harness';
import { BROWSER_PKCE } from './browserPkce';
import { expectError as expectErrorWithStatus, expectSchemaError } from './expectError';

/** The test browser's PKCE challenge: every link-sending call needs one by default (project.pkce). */
const BOUND = { code_challenge: BROWSER_PKCE.challenge };
const VICTIM = 'victim@example.com';
const ATTACKER = 'attacker@example.com';
const PASSWORD = 'dragonfly-marmalade-41';
const NEW_PASSWORD = 'quiet-lantern-zebra-97';
const PHONE = '+14155550123';
const MINUTE = 60_000;

function expectError(
  response: { status: number; json: unknown },
  type: ErrorType,
  extra: Record<string, unknown> = {},
) {
  expectErrorWithStatus(response, ERROR_CATALOGUE[type].status, type, extra);
}

/** The error type of a refusal (or `ok` for a 200). */
const outcome = (response: CallResult): string => (response.status === 200 ? 'ok' : response.json.error_type);

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

async function createAccount(t: TestProvider, email = VICTIM, password = PASSWORD) {
  const response = await t.post('/passwords', { email, password });
  expect(response.status).toBe(200);
  return response.json.data as { user_id: string; session_token: string; email_id: string };
}

async function passcodeSignIn(t: TestProvider, email: string, sessionToken?: string) {
  const sent = await t.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const code = await t.lastCode(email);
  return t.post('/otps/authenticate', { token: code, method_id: sent.json.data.method_id }, sessionToken);
}

async function sessionIsLive(t: TestProvider, token: string): Promise<boolean> {
  const response = await t.post('/sessions/authenticate', {}, token);
  if (response.status === 200) return true;
  expectError(response, 'session_not_found');
  return false;
}

const failureRows = (t: TestProvider) => t.provider.database.db.selectFrom('auth_failures').selectAll().execute();

/** Every guess may come from one address in these tests: the per-IP password limit is not what they test. */
const MANY_ATTEMPTS: ProviderConfigInput = {
  rateLimits: { passwordAttemptsPerIp: { limit: 1000, windowSeconds: 60 } },
  lockout: { maxFailuresPerUser: 10, maxFailuresPerCode: 5, windowMinutes: 60 },
};

describe('finding 1: the per-user cap holds under parallel guesses', () => {
  it('evaluates at most maxFailuresPerUser of 40 parallel POST /passwords/authenticate (the right password 25th)', async () => {
    const t = await startProvider(MANY_ATTEMPTS);
    await createAccount(t);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        t.post('/passwords/authenticate', { email: VICTIM, password: index === 24 ? PASSWORD : `wrong-${index}` }),
      ),
    );
    const outcomes = countBy(responses.map(outcome));
    // At most the cap of wrong guesses is checked (the right one, if it got a slot, gives it back when it succeeds).
    expect(outcomes.unauthorized_credentials ?? 0).toBeLessThanOrEqual(10);
    expect(
      Object.keys(outcomes).every((key) => ['ok', 'unauthorized_credentials', 'user_lock_limit_reached'].includes(key)),
    ).toBe(true);
    expect(outcomes.user_lock_limit_reached ?? 0).toBeGreaterThanOrEqual(29);
    expect((await failureRows(t)).length).toBeLessThanOrEqual(10);
  });

  it('evaluates at most maxFailuresPerUser of 40 parallel resets by existing password', async () => {
    const t = await startProvider(MANY_ATTEMPTS);
    await createAccount(t);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        t.post('/passwords/existing_password/reset', {
          email: VICTIM,
          existing_password: `wrong-${index}`,
          new_password: NEW_PASSWORD,
        }),
      ),
    );
    const outcomes = countBy(responses.map(outcome));
    expect(outcomes).toEqual({ unauthorized_credentials: 10, user_lock_limit_reached: 30 });
    expect(await failureRows(t)).toHaveLength(10);
    expectError(
      await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD }),
      'user_lock_limit_reached',
    );
  });

  it('evaluates at most maxFailuresPerUser of 40 parallel passcode guesses, giving unchecked guesses back to the code', async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 10, maxFailuresPerCode: 100, windowMinutes: 60 } });
    const sent = await t.post('/otps/email/login_or_create', { email: VICTIM });
    const methodId = sent.json.data.method_id;
    const code = await t.lastCode(VICTIM);
    const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        t.post('/otps/authenticate', { token: wrong(index), method_id: methodId }),
      ),
    );
    expect(countBy(responses.map(outcome))).toEqual({ otp_code_not_found: 10, user_lock_limit_reached: 30 });
    expect(await failureRows(t)).toHaveLength(10);
    const row = await t.provider.database.db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(10);
    // Even the right code is refused now: the user is locked.
    expectError(await t.post('/otps/authenticate', { token: code, method_id: methodId }), 'user_lock_limit_reached');
  });
});

describe('finding 2: a password set before the email was verified does not survive the owner’s verification', () => {
  it('the owner’s passcode sign-in removes the stranger’s password and revokes the sessions it made', async () => {
    const t = await startProvider();
    const attacker = await createAccount(t, VICTIM, PASSWORD);
    const owner = await passcodeSignIn(t, VICTIM);
    expect(owner.status).toBe(200);
    expect(owner.json.data.user_id).toBe(attacker.user_id);
    expect(owner.json.data.user.password).toBeNull();
    expect(owner.json.data.user.emails).toEqual([{ email_id: attacker.email_id, email: VICTIM, verified: true }]);
    expect(await sessionIsLive(t, attacker.session_token)).toBe(false);
    expect(await sessionIsLive(t, owner.json.data.session_token)).toBe(true);
    expectError(await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD }), 'no_user_password');
  });

  it('the owner’s magic link does the same', async () => {
    const t = await startProvider();
    const attacker = await createAccount(t, VICTIM, PASSWORD);
    const sent = await t.post('/magic_links/email/login_or_create', { email: VICTIM, ...BOUND });
    expect(sent.status).toBe(200);
    const owner = await t.post('/magic_links/authenticate', {
      token: tokenOf(await t.lastLink(VICTIM, 'magic_links')),
      code_verifier: BROWSER_PKCE.verifier,
    });
    expect(owner.status).toBe(200);
    expect(owner.json.data.user.password).toBeNull();
    expect(await sessionIsLive(t, attacker.session_token)).toBe(false);
    expectError(await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD }), 'no_user_password');
  });

  it('keeps the password when the one who set it verifies the email from that same session', async () => {
    const t = await startProvider();
    const created = await createAccount(t, VICTIM, PASSWORD);
    // A secondary send from the sign-up session, as the widget makes right after a password sign-up.
    const verified = await verifyEmailInSession(t, VICTIM, created.session_token);
    expect(verified.json.data.session_token).toBe(created.session_token);
    expect(verified.json.data.user.password).not.toBeNull();
    expect(verified.json.data.account_reset).toBeUndefined();
    expect((await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD })).status).toBe(200);
  });

  it("runs the reset when the owner's sign-in merely carries the stranger's session (a planted cookie), and gives the owner a new one", async () => {
    for (const redeem of ['passcode', 'magic link', 'reset link'] as const) {
      const t = await startProvider();
      const stranger = await createAccount(t, VICTIM, PASSWORD);
      // The owner signs in with a code or link anyone could ask for, while the stranger's session token rides along.
      let signedIn: CallResult;
      if (redeem === 'passcode') {
        signedIn = await passcodeSignIn(t, VICTIM, stranger.session_token);
      } else if (redeem === 'magic link') {
        expect((await t.post('/magic_links/email/login_or_create', { email: VICTIM, ...BOUND })).status).toBe(200);
        const token = tokenOf(await t.lastLink(VICTIM, 'magic_links'));
        signedIn = await t.post(
          '/magic_links/authenticate',
          { token, code_verifier: BROWSER_PKCE.verifier },
          stranger.session_token,
        );
      } else {
        const started = await t.post('/passwords/email/reset/start', { email: VICTIM, ...BOUND });
        expect(started.status).toBe(200);
        const token = tokenOf(await t.lastLink(VICTIM, 'reset'));
        signedIn = await t.post(
          '/passwords/email/reset',
          { token, password: NEW_PASSWORD, code_verifier: BROWSER_PKCE.verifier },
          stranger.session_token,
        );
      }
      expect(signedIn.status, redeem).toBe(200);
      expect(signedIn.json.data.account_reset, redeem).toMatchObject({ identifier: VICTIM });
      expect(signedIn.json.data.session_token, redeem).not.toBe(stranger.session_token);
      expect(await sessionIsLive(t, stranger.session_token), redeem).toBe(false);
      expect(await sessionIsLive(t, signedIn.json.data.session_token), redeem).toBe(true);
      expect((await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD })).status, redeem).not.toBe(
        200,
      );
    }
  });

  it('leaves a password alone once the account has a verified identifier', async () => {
    const t = await startProvider();
    await createAccount(t, VICTIM, PASSWORD);
    expect((await passcodeSignIn(t, VICTIM)).status).toBe(200);
    const again = await t.post(
      '/passwords/session/reset',
      { password: NEW_PASSWORD },
      (await passcodeSignIn(t, VICTIM)).json.data.session_token,
    );
    expect(again.status).toBe(200);
    expect((await passcodeSignIn(t, VICTIM)).json.data.user.password).not.toBeNull();
    expect((await t.post('/passwords/authenticate', { email: VICTIM, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('the pre-hijacking reset against sign-ins in flight', () => {
  it("leaves no session of the stranger's magic links to another address of the account, redeemed while the owner's runs", async () => {
    const t = await startProvider({
      rateLimits: {
        sendsPerIdentifier: { limit: 100, windowSeconds: 60 },
        sendsPerIp: { limit: 1000, windowSeconds: 60 },
      },
    });
    // The stranger's account holds the owner's address (unverified) and the stranger's own, verified.
    const stranger = await createAccount(t, VICTIM, PASSWORD);
    await verifyEmailInSession(t, ATTACKER, stranger.session_token);
    const links: string[] = [];
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/magic_links/email/login_or_create', { email: ATTACKER, ...BOUND })).status).toBe(200);
      links.push(tokenOf(await t.lastLink(ATTACKER, 'magic_links')));
    }
    expect((await t.post('/magic_links/email/login_or_create', { email: VICTIM, ...BOUND })).status).toBe(200);
    const ownerLink = tokenOf(await t.lastLink(VICTIM, 'magic_links'));
    const redeem = (token: string) =>
      t.post('/magic_links/authenticate', { token, code_verifier: BROWSER_PKCE.verifier });
    // The owner's redemption runs the reset (the stranger's address removed, every session revoked) while the
    // stranger's redemptions are in flight on both sides of it.
    const answers = await Promise.all([
      ...links.slice(0, 5).map(redeem),
      redeem(ownerLink),
      ...links.slice(5).map(redeem),
    ]);
    // No deadlock between them (a 500): each stranger's redemption either finished before the reset or is refused.
    expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
    const owner = answers[5] as CallResult;
    expect(owner.status).toBe(200);
    expect(owner.json.data.account_reset).toMatchObject({ identifier: VICTIM });
    const { db } = t.provider.database;
    expect(await db.selectFrom('emails').select('email').where('user_id', '=', stranger.user_id).execute()).toEqual([
      { email: VICTIM },
    ]);
    // Whatever the stranger's redemptions answered, only the owner's session is live in the account afterwards.
    const live = await db
      .selectFrom('sessions')
      .select('session_id')
      .where('user_id', '=', stranger.user_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', t.clock.now())
      .execute();
    expect(live).toEqual([{ session_id: owner.json.data.session.session_id }]);
  });
});

describe('finding 3: an identifier joins an account only when its owner authenticates it', () => {
  it('a magic-link secondary send attaches nothing: the victim signs up and signs in to their own account', async () => {
    const t = await startProvider();
    const attacker = await signIn(t, { email: ATTACKER });
    const sent = await t.post('/magic_links/email/send/secondary', { email: VICTIM, ...BOUND }, attacker.sessionToken);
    expect(sent.status).toBe(200);
    const { db } = t.provider.database;
    expect(await db.selectFrom('emails').selectAll().where('email', '=', VICTIM).execute()).toEqual([]);
    // The victim opens the link the attacker had sent: it signs nobody in to the attacker's account.
    const opened = await t.post('/magic_links/authenticate', {
      token: tokenOf(await t.lastLink(VICTIM, 'magic_links')),
      code_verifier: BROWSER_PKCE.verifier,
    });
    expectError(opened, 'unable_to_auth_magic_link');
    expect(await db.selectFrom('emails').selectAll().where('email', '=', VICTIM).execute()).toEqual([]);
    // Their own password sign-up works and lands in a new account.
    const own = await createAccount(t, VICTIM, PASSWORD);
    expect(own.user_id).not.toBe(attacker.userId);
    const signedIn = await passcodeSignIn(t, VICTIM);
    expect(signedIn.json.data.user_id).toBe(own.user_id);
  });

  it('an SMS secondary send attaches nothing, and the victim’s passcode sign-in creates their own account', async () => {
    const t = await startProvider();
    const attacker = await signIn(t, { email: ATTACKER });
    const sent = await t.post('/otps/sms/send/secondary', { phone_number: PHONE }, attacker.sessionToken);
    expect(sent.status).toBe(200);
    const { db } = t.provider.database;
    expect(await db.selectFrom('phone_numbers').selectAll().execute()).toEqual([]);
    // Without the attacker's session, the code sent for the attacker's account does not redeem.
    const code = await t.lastCode(PHONE);
    expectError(
      await t.post('/otps/authenticate', { token: code, method_id: sent.json.data.method_id }),
      'otp_code_not_found',
    );
    const own = await t.post('/otps/sms/login_or_create', { phone_number: PHONE });
    const signedIn = await t.post('/otps/authenticate', {
      token: await t.lastCode(PHONE),
      method_id: own.json.data.method_id,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.user_id).not.toBe(attacker.userId);
    expect(signedIn.json.data.user.phone_numbers).toEqual([
      { phone_id: own.json.data.method_id, phone_number: PHONE, verified: true },
    ]);
  });

  it('refuses to attach an address that someone else took between the send and the redemption', async () => {
    const t = await startProvider();
    const first = await signIn(t, { email: ATTACKER });
    const sent = await t.post('/otps/email/send/secondary', { email: VICTIM }, first.sessionToken);
    const code = await t.lastCode(VICTIM);
    const owner = await createAccount(t, VICTIM, PASSWORD);
    expectError(
      await t.post('/otps/authenticate', { token: code, method_id: sent.json.data.method_id }, first.sessionToken),
      'duplicate_email',
    );
    const emails = await t.provider.database.db.selectFrom('emails').selectAll().where('email', '=', VICTIM).execute();
    expect(emails.map((row) => row.user_id)).toEqual([owner.user_id]);
  });
});

describe('finding 4: sensitive changes need a recent authentication', () => {
  it('refuses a password reset by a session whose factors are an hour old, changing nothing', async () => {
    const t = await startProvider();
    const created = await createAccount(t, VICTIM, PASSWORD);
    const other = await t.post('/passwords/authenticate', {
      email: VICTIM,
      password: PASSWORD,
      session_duration_minutes: 240,
    });
    t.clock.advance(60 * MINUTE);
    const refused = await t.post(
      '/passwords/session/reset',
      { password: NEW_PASSWORD, session_duration_minutes: 120 },
      other.json.data.session_token,
    );
    expect(refused.status).toBe(403);
    expect(refused.json.error_type).toBe('reauthentication_required');
    expect(refused.json.error_message).toContain('within the last 5 minutes');
    expect(await sessionIsLive(t, other.json.data.session_token)).toBe(true);
    expect(await t.provider.database.db.selectFrom('sessions').select('revoked_at').execute()).toEqual([
      { revoked_at: null },
      { revoked_at: null },
    ]);
    expect(created.user_id).toBe(other.json.data.user_id);
    expect((await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD })).status).toBe(200);
  });

  it('allows it within recentAuthenticationMinutes (configurable)', async () => {
    const t = await startProvider({ recentAuthenticationMinutes: 90 });
    await createAccount(t, VICTIM, PASSWORD);
    const other = await t.post('/passwords/authenticate', {
      email: VICTIM,
      password: PASSWORD,
      session_duration_minutes: 240,
    });
    t.clock.advance(60 * MINUTE);
    const done = await t.post('/passwords/session/reset', { password: NEW_PASSWORD }, other.json.data.session_token);
    expect(done.status).toBe(200);
  });

  it('refuses removing an email or adding an identifier with a stale session; a phone passcode does not count', async () => {
    const t = await startProvider();
    const user = await signIn(t, { email: ATTACKER, phoneNumber: PHONE, durationMinutes: 600 });
    t.clock.advance(30 * MINUTE);
    const { db } = t.provider.database;
    const before = await db.selectFrom('emails').selectAll().execute();
    const removal = await t.call('DELETE', `/users/emails/${user.emailId}`, { sessionToken: user.sessionToken });
    expect(removal.json.error_type).toBe('reauthentication_required');
    const adding = await t.post('/magic_links/email/send/secondary', { email: VICTIM }, user.sessionToken);
    expect(adding.json.error_type).toBe('reauthentication_required');
    expect(await db.selectFrom('emails').selectAll().execute()).toEqual(before);
    expect(await t.inbox(VICTIM)).toEqual([]);
    // A fresh email passcode makes the session recent again.
    const fresh = await passcodeSignIn(t, ATTACKER, user.sessionToken);
    expect(fresh.json.data.session_token).toBe(user.sessionToken);
    const removed = await t.call('DELETE', `/users/emails/${user.emailId}`, { sessionToken: user.sessionToken });
    expect(removed.status).toBe(200);
  });
});

describe('finding 5: client-chosen lifetimes are bounded', () => {
  it('refuses a passcode lifetime over 10 minutes with a clear schema error, sending nothing', async () => {
    const t = await startProvider();
    for (const path of ['/otps/email/login_or_create', '/otps/email/send/primary']) {
      const response = await t.post(path, { email: VICTIM, expiration_minutes: 10080 });
      expectSchemaError(response, [
        { dataPath: '.expiration_minutes', message: 'A passcode may last at most 10 minutes' },
      ]);
    }
    expectSchemaError(await t.post('/otps/sms/login_or_create', { phone_number: PHONE, expiration_minutes: 11 }), [
      '.expiration_minutes',
    ]);
    expect(await t.inbox(VICTIM)).toEqual([]);
    expect(await t.provider.database.db.selectFrom('otp_codes').selectAll().execute()).toEqual([]);
    const ok = await t.post('/otps/email/login_or_create', { email: VICTIM, expiration_minutes: 10 });
    expect(ok.status).toBe(200);
  });

  it('refuses magic-link and reset-link lifetimes over a day, and session durations over a year', async () => {
    const t = await startProvider();
    await createAccount(t);
    const link = 'A link may last at most 1440 minutes';
    expectSchemaError(
      await t.post('/magic_links/email/login_or_create', { email: VICTIM, login_expiration_minutes: 1441 }),
      [{ dataPath: '.login_expiration_minutes', message: link }],
    );
    expectSchemaError(
      await t.post('/magic_links/email/login_or_create', { email: VICTIM, signup_expiration_minutes: 10080 }),
      [{ dataPath: '.signup_expiration_minutes', message: link }],
    );
    expectSchemaError(
      await t.post('/passwords/email/reset/start', { email: VICTIM, reset_password_expiration_minutes: 10080 }),
      [{ dataPath: '.reset_password_expiration_minutes', message: link }],
    );
    expectSchemaError(
      await t.post('/otps/sms/login_or_create', { phone_number: PHONE, autofill_session_duration_minutes: 600_000 }),
      ['.autofill_session_duration_minutes'],
    );
    expectSchemaError(
      await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD, session_duration_minutes: 527_041 }),
      ['.session_duration_minutes'],
    );
    expect(await t.inbox(VICTIM)).toHaveLength(0);
  });
});

describe('finding 6: per-IP limits on password attempts, user searches and telemetry events', () => {
  it('answers 429 with Retry-After past passwordAttemptsPerIp, before any hash is checked', async () => {
    // Four: the account's own sign-up counts too.
    const t = await startProvider({ rateLimits: { passwordAttemptsPerIp: { limit: 4, windowSeconds: 60 } } });
    await createAccount(t);
    for (let index = 0; index < 3; index += 1) {
      expectError(
        await t.post('/passwords/authenticate', { email: `nobody-${index}@example.com`, password: PASSWORD }),
        'unauthorized_credentials',
      );
    }
    const limited = await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD });
    expectError(limited, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    const reset = await t.post('/passwords/existing_password/reset', {
      email: VICTIM,
      existing_password: 'wrong-one',
      new_password: NEW_PASSWORD,
    });
    expectError(reset, 'too_many_requests');
    expect(await failureRows(t)).toEqual([]);
    // Another address is not affected; a forwarded header from an untrusted peer changes nothing.
    const spoofed = await t.call('POST', '/passwords/authenticate', {
      body: { email: VICTIM, password: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expectError(spoofed, 'too_many_requests');
    const other = await t.call('POST', '/passwords/authenticate', {
      body: { email: VICTIM, password: PASSWORD },
      remoteAddress: '10.0.0.2',
    });
    expect(other.status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD })).status).toBe(200);
  });

  it('counts each client behind a trusted proxy separately', async () => {
    const t = await startProvider({
      trustedProxies: ['10.0.0.1'],
      rateLimits: { passwordAttemptsPerIp: { limit: 1, windowSeconds: 60 } },
    });
    const attempt = (client: string) =>
      t.call('POST', '/passwords/authenticate', {
        body: { email: VICTIM, password: PASSWORD },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    expectError(await attempt('198.51.100.1'), 'unauthorized_credentials');
    expectError(await attempt('198.51.100.1'), 'too_many_requests');
    expectError(await attempt('198.51.100.2'), 'unauthorized_credentials');
  });

  it('limits users/search per IP', async () => {
    const t = await startProvider({ rateLimits: { userSearchesPerIp: { limit: 2, windowSeconds: 60 } } });
    for (let index = 0; index < 2; index += 1) {
      expect((await t.post('/users/search', { email: `a${index}@example.com` })).json.data.userType).toBe('new');
    }
    const limited = await t.post('/users/search', { email: VICTIM });
    expectError(limited, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('limits the events stored per IP by the unauthenticated POST /events, storing nothing past the limit', async () => {
    const t = await startProvider({ rateLimits: { eventsPerIp: { limit: 150, windowSeconds: 60 } } });
    const batch = Array.from({ length: 100 }, (_, index) => ({
      event: { public_token: t.provider.config.project.publicToken, event_name: `e${index}` },
    }));
    const post = () => t.call('POST', '/events', { body: batch, authorization: null });
    expect((await post()).status).toBe(200);
    const limited = await post();
    expectError(limited, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await t.provider.database.db.selectFrom('events').selectAll().execute()).toHaveLength(100);
  });
});

describe('finding 8: passcodes are kept under a key that is not in the database', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('stores an HMAC of the code that the row alone cannot reproduce', async () => {
    const t = await startProvider();
    const sent = await t.post('/otps/email/login_or_create', { email: VICTIM });
    const code = await t.lastCode(VICTIM);
    const row = await t.provider.database.db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.method_id).toBe(sent.json.data.method_id);
    // A full search of the code space with everything in the row finds nothing.
    const found: string[] = [];
    for (let candidate = 0; candidate < 1_000_000; candidate += 1) {
      const guess = String(candidate).padStart(6, '0');
      if (sha256Hex(`${row.otp_id}:${guess}`) === row.code_hash) found.push(guess);
    }
    expect(found).toEqual([]);
    expect(createHmac('sha256', t.hmacKey).update(`${row.otp_id}:${code}`).digest('hex')).toBe(row.code_hash);
  });

  it('refuses to start in production without LATCHKEY_HMAC_KEY, with a clear message', async () => {
    vi.stubEnv(HMAC_KEY_ENV, '');
    vi.stubEnv(DEPRECATED_HMAC_KEY_ENV, '');
    const outbox = { send: async () => {} };
    const fresh = await freshDatabase();
    try {
      await expect(createProvider({ db: fresh.database, config: { mode: 'production' }, outbox })).rejects.toThrow(
        /Production mode needs an HMAC key: set LATCHKEY_HMAC_KEY to at least 32 random bytes/,
      );
      vi.stubEnv(HMAC_KEY_ENV, randomBytes(8).toString('base64'));
      await expect(createProvider({ db: fresh.database, config: { mode: 'production' }, outbox })).rejects.toThrow(
        /needs at least 32 random bytes/,
      );
      vi.stubEnv(HMAC_KEY_ENV, randomBytes(32).toString('base64'));
      // Production needs the encryption key too (products/totp/totpKey.test.ts); given here, so only the HMAC key is under test.
      const encryptionKey = randomBytes(32);
      const provider = await createProvider({
        db: fresh.database,
        config: { mode: 'production' },
        outbox,
        encryptionKey,
      });
      await provider.close();
    } finally {
      await fresh.drop();
    }
  });

  it.skipIf(databaseKind !== 'sqlite')(
    'in development keeps a generated key beside the SQLite file (mode 0600), so codes survive a restart',
    async () => {
      vi.stubEnv(HMAC_KEY_ENV, '');
      vi.stubEnv(DEPRECATED_HMAC_KEY_ENV, '');
      const directory = mkdtempSync(join(tmpdir(), 'latchkey-key-'));
      const file = join(directory, 'latchkey.sqlite');
      try {
        const first = await createProvider({ db: file });
        const authorization = `Basic ${Buffer.from(`${first.config.project.publicToken}:`).toString('base64')}`;
        const call = (provider: typeof first, path: string, body: unknown) =>
          provider.fetch(
            new Request(`http://localhost/sdk/v1${path}`, {
              method: 'POST',
              headers: { authorization, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }),
            { remoteAddress: '127.0.0.1' },
          );
        const sent = (await (await call(first, '/otps/email/login_or_create', { email: VICTIM })).json()) as {
          data: { method_id: string };
        };
        const code = (await first.inbox?.list(VICTIM))?.flatMap((message) => message.codes).at(-1);
        await first.close();
        const keyFile = `${file}.hmac-key`;
        expect(statSync(keyFile).mode & 0o777).toBe(0o600);
        expect(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
        const second = await createProvider({ db: file });
        const response = await call(second, '/otps/authenticate', { token: code, method_id: sent.data.method_id });
        expect(response.status).toBe(200);
        await second.close();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  );
});

describe('finding 9: the development inbox answers only loopback hosts', () => {
  it('answers 404 not_found to any other Host, in-process and over a real socket', async () => {
    const t = await startProvider();
    await t.post('/otps/email/login_or_create', { email: VICTIM });
    const get = (host: string) =>
      t.provider.fetch(new Request(`http://${host}/dev/inbox`), { remoteAddress: '127.0.0.1' });
    for (const host of [
      'rebind.attacker.example',
      'rebind.attacker.example:8787',
      '192.168.1.20:8787',
      'localhost.attacker.example',
    ]) {
      const response = await get(host);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error_type: string }).error_type).toBe('not_found');
    }
    for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787', 'app.localhost']) {
      const response = await get(host);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { messages: unknown[] }).messages).toHaveLength(1);
    }
    const deleted = await t.provider.fetch(
      new Request('http://rebind.attacker.example/dev/inbox', { method: 'DELETE' }),
    );
    expect(deleted.status).toBe(404);
    expect(await t.inbox(VICTIM)).toHaveLength(1);

    const server = await serveProvider(t.provider, { port: 0, host: '127.0.0.1' });
    try {
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const request = httpRequest(
            { host: '127.0.0.1', port: server.port, path: '/dev/inbox', headers: { host } },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
          request.end();
        });
      expect(await status('rebind.attacker.example')).toBe(404);
      expect(await status(`127.0.0.1:${server.port}`)).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('also: resets clear the lockout, JWTs need exp, the reset email’s log-in link honours magic-link PKCE', () => {
  it('a successful reset by email clears the lockout count', async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 3, maxFailuresPerCode: 5, windowMinutes: 60 } });
    await createAccount(t);
    for (let index = 0; index < 3; index += 1) {
      expectError(
        await t.post('/passwords/authenticate', { email: VICTIM, password: `wrong-${index}` }),
        'unauthorized_credentials',
      );
    }
    expectError(
      await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD }),
      'user_lock_limit_reached',
    );
    expect((await t.post('/passwords/email/reset/start', { email: VICTIM, ...BOUND })).status).toBe(200);
    const token = tokenOf(await t.lastLink(VICTIM, 'reset_password'));
    const reset = await t.post('/passwords/email/reset', {
      token,
      password: NEW_PASSWORD,
      code_verifier: BROWSER_PKCE.verifier,
    });
    expect(reset.status).toBe(200);
    expect((await t.post('/passwords/authenticate', { email: VICTIM, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a session JWT without exp like an expired one', async () => {
    const t = await startProvider();
    const created = await createAccount(t);
    const jwt = (await t.post('/sessions/authenticate', {}, created.session_token)).json.data.session_jwt as string;
    expect((await t.call('GET', '/users/me', { sessionToken: jwt })).status).toBe(200);
    const [, payload] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const { exp: _exp, ...withoutExp } = claims;
    // The key that signed the real JWT: the table also holds the next key (published, never signed with yet), and
    // its rows come back in no set order (on PostgreSQL it can come first).
    const row = await t.provider.database.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('kid', '=', decodeProtectedHeader(jwt).kid as string)
      .executeTakeFirstOrThrow();
    // The key's private half, opened the way the provider opens it (sealed under the encryption key).
    const key = openPrivateKey(SESSION_KEYS, row, keySealing(t.encryptionKey));
    const forged = await new SignJWT(withoutExp)
      .setProtectedHeader({ alg: 'ES256', kid: row.kid, typ: 'JWT' })
      .sign(key);
    const refused = await t.call('GET', '/users/me', { sessionToken: forged });
    t.clock.advance(6 * MINUTE);
    const expired = await t.call('GET', '/users/me', { sessionToken: jwt });
    expectError(expired, 'session_not_found');
    expectError(refused, 'session_not_found');
  });

  it('with PKCE required for magic links only, the reset email offers no log-in link and no reset token signs in without a verifier', async () => {
    const t = await startProvider({
      project: { pkce: { passwordResets: false, unboundReason: 'resets are finished on another device here' } },
    });
    await createAccount(t);
    expect((await t.post('/passwords/email/reset/start', { email: VICTIM })).status).toBe(200);
    const [message] = await t.inbox(VICTIM);
    expect(message?.links).toHaveLength(1);
    expect(message?.links[0]).toContain('stytch_token_type=reset_password');
    expect(message?.text).not.toContain('log in without a password');
    const resetToken = tokenOf(message?.links[0] ?? '');
    expectError(await t.post('/magic_links/authenticate', { token: resetToken }), 'missing_pkce');
    // A log-in token issued without a challenge (before the setting changed) does not sign in either.
    const { db } = t.provider.database;
    const template = await db.selectFrom('email_tokens').selectAll().executeTakeFirstOrThrow();
    const loginToken = randomBytes(32).toString('base64url');
    await db
      .insertInto('email_tokens')
      .values({ ...template, token_id: 'magic-link-test-old', kind: 'magic_link', token_hash: sha256Hex(loginToken) })
      .execute();
    expectError(await t.post('/magic_links/authenticate', { token: loginToken }), 'missing_pkce');
    // The reset link itself still sets the password.
    expect((await t.post('/passwords/email/reset', { token: resetToken, password: NEW_PASSWORD })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Issue 25: the takeover paths through the factors and flows added since (findings 1, 2, 5, 6 and 7).
// ---------------------------------------------------------------------------------------------------------------

const APP_CALLBACK = 'https://notes.example.com/callback';
/** A public client the attacker (or the owner) consents to, allowed refresh tokens and session exchange. */
const NOTES_CLIENT = {
  clientId: 'notes',
  name: 'Notes',
  type: 'public' as const,
  redirectUris: [APP_CALLBACK],
  scopes: ['openid', 'email', 'profile', 'offline_access', 'full_access'],
};
const IDP: ProviderConfigInput = { project: { idp: { clients: [NOTES_CLIENT] } } };
const ATTACKER_PHONE = '+14155550199';

/** The form-encoded token endpoint (RFC 6749 §3.2), as a public client calls it. */
async function tokenEndpoint(t: TestProvider, params: Record<string, string>): Promise<CallResult> {
  const response = await t.provider.fetch(
    new Request('http://provider.test/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: NOTES_CLIENT.clientId, ...params }).toString(),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  return { status: response.status, headers: response.headers, json: await response.json() };
}

async function userinfo(t: TestProvider, accessToken: string): Promise<number> {
  const response = await t.provider.fetch(
    new Request('http://provider.test/oauth2/userinfo', { headers: { authorization: `Bearer ${accessToken}` } }),
    { remoteAddress: '127.0.0.1' },
  );
  return response.status;
}

/** Consent through the widget's submit call: an authorization code (PKCE S256) for NOTES_CLIENT. */
async function authorizationCode(t: TestProvider, sessionToken: string): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const submitted = await t.post(
    '/idp/oauth/authorize/submit',
    {
      client_id: NOTES_CLIENT.clientId,
      redirect_uri: APP_CALLBACK,
      response_type: 'code',
      scopes: NOTES_CLIENT.scopes,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      state: 'state-1234',
      nonce: 'nonce-5678',
      consent_granted: true,
    },
    sessionToken,
  );
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  return { code: submitted.json.data.authorization_code as string, verifier };
}

/** Consent, the code redeemed: an access token and a refresh token of the grant. */
async function grantTokens(t: TestProvider, sessionToken: string) {
  const { code, verifier } = await authorizationCode(t, sessionToken);
  const tokens = await tokenEndpoint(t, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: APP_CALLBACK,
    code_verifier: verifier,
  });
  expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
  return {
    code,
    verifier,
    accessToken: tokens.json.access_token as string,
    refreshToken: tokens.json.refresh_token as string,
  };
}

async function exchangeForSession(t: TestProvider, accessToken: string, minutes = 60): Promise<CallResult> {
  return t.post('/sessions/exchange_access_token', { access_token: accessToken, session_duration_minutes: minutes });
}

/** A new phone number attached and verified by a secondary SMS send with `sessionToken`. */
async function addPhoneInSession(t: TestProvider, phoneNumber: string, sessionToken: string) {
  const sent = await t.post('/otps/sms/send/secondary', { phone_number: phoneNumber }, sessionToken);
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const added = await t.post(
    '/otps/authenticate',
    { token: await t.lastCode(phoneNumber), method_id: sent.json.data.method_id, session_duration_minutes: 60 },
    sessionToken,
  );
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  return added;
}

async function smsSignIn(t: TestProvider, phoneNumber: string, sessionToken?: string) {
  const sent = await t.post('/otps/sms/login_or_create', { phone_number: phoneNumber });
  expect(sent.status).toBe(200);
  return t.post(
    '/otps/authenticate',
    { token: await t.lastCode(phoneNumber), method_id: sent.json.data.method_id, session_duration_minutes: 60 },
    sessionToken,
  );
}

describe('issue 25, findings 1 and 2: the pre-hijacking reset covers grants, tokens, exchanged sessions and a "trojan" phone', () => {
  it('an attacker with a verified phone, a consented app, a refresh token and an exchanged session loses all of it when the owner proves the address', async () => {
    const t = await startProvider(IDP);
    const { db } = t.provider.database;
    // The attacker signs up with the victim's address and a password, then verifies their own phone on that account.
    const attacker = await createAccount(t, VICTIM, PASSWORD);
    await addPhoneInSession(t, ATTACKER_PHONE, attacker.session_token);
    // They consent to an app and keep its refresh token, exchange its access token for a session, and keep one
    // authorization code unredeemed.
    const grant = await grantTokens(t, attacker.session_token);
    const exchanged = await exchangeForSession(t, grant.accessToken);
    expect(exchanged.status).toBe(200);
    const spare = await authorizationCode(t, attacker.session_token);
    // A phone sign-in works for them at this point, into the victim's account.
    const phoneSession = await smsSignIn(t, ATTACKER_PHONE);
    expect(phoneSession.json.data.user_id).toBe(attacker.user_id);

    // The owner proves the address with a passcode, with no session: they land in a clean account.
    const owner = await passcodeSignIn(t, VICTIM);
    expect(owner.status).toBe(200);
    expect(owner.json.data.user_id).toBe(attacker.user_id);
    expect(owner.json.data.user).toMatchObject({
      emails: [{ email_id: attacker.email_id, email: VICTIM, verified: true }],
      phone_numbers: [],
      password: null,
      totps: [],
      webauthn_registrations: [],
      crypto_wallets: [],
      providers: [],
    });
    expect(owner.json.data.account_reset).toEqual({
      identifier: VICTIM,
      removed: ['password', 'phone_numbers', 'sessions', 'connected_apps'],
    });
    expect(owner.json.data.session.authentication_factors).toHaveLength(1);
    expect(await sessionIsLive(t, owner.json.data.session_token)).toBe(true);

    // Nothing the attacker kept works any more.
    const refreshed = await tokenEndpoint(t, { grant_type: 'refresh_token', refresh_token: grant.refreshToken });
    expect(refreshed.status).toBe(400);
    expect(refreshed.json.error).toBe('invalid_grant');
    expect(await userinfo(t, grant.accessToken)).toBe(401);
    expectError(await exchangeForSession(t, grant.accessToken), 'invalid_access_token');
    const redeemed = await tokenEndpoint(t, {
      grant_type: 'authorization_code',
      code: spare.code,
      redirect_uri: APP_CALLBACK,
      code_verifier: spare.verifier,
    });
    expect(redeemed.json.error).toBe('invalid_grant');
    expect(await sessionIsLive(t, attacker.session_token)).toBe(false);
    expect(await sessionIsLive(t, exchanged.json.data.session_token)).toBe(false);
    expect(await sessionIsLive(t, phoneSession.json.data.session_token)).toBe(false);
    expectError(await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD }), 'no_user_password');
    // The attacker's phone now signs in to an account of its own, never the owner's.
    const phoneAgain = await smsSignIn(t, ATTACKER_PHONE);
    expect(phoneAgain.status).toBe(200);
    expect(phoneAgain.json.data.user_id).not.toBe(attacker.user_id);
    expect(await db.selectFrom('idp_grants').selectAll().execute()).toEqual([]);
    expect(
      await db.selectFrom('idp_tokens').select('revoked_at').where('user_id', '=', attacker.user_id).execute(),
    ).toEqual([{ revoked_at: expect.any(Number) }, { revoked_at: expect.any(Number) }]);
    // The owner's next sign-in resets nothing: the address is proved.
    const again = await passcodeSignIn(t, VICTIM);
    expect(again.json.data).not.toHaveProperty('account_reset');
    expect(await sessionIsLive(t, owner.json.data.session_token)).toBe(true);
  });

  it('without a phone, the owner’s magic link ends the grant, its tokens and the session exchanged from them', async () => {
    const t = await startProvider(IDP);
    const attacker = await createAccount(t, VICTIM, PASSWORD);
    const grant = await grantTokens(t, attacker.session_token);
    const exchanged = await exchangeForSession(t, grant.accessToken);
    expect((await t.post('/magic_links/email/login_or_create', { email: VICTIM, ...BOUND })).status).toBe(200);
    const owner = await t.post('/magic_links/authenticate', {
      token: tokenOf(await t.lastLink(VICTIM, 'magic_links')),
      session_duration_minutes: 60,
      code_verifier: BROWSER_PKCE.verifier,
    });
    expect(owner.status).toBe(200);
    expect(owner.json.data.account_reset).toEqual({
      identifier: VICTIM,
      removed: ['password', 'sessions', 'connected_apps'],
    });
    expect((await tokenEndpoint(t, { grant_type: 'refresh_token', refresh_token: grant.refreshToken })).status).toBe(
      400,
    );
    expect(await userinfo(t, grant.accessToken)).toBe(401);
    expectError(await exchangeForSession(t, grant.accessToken), 'invalid_access_token');
    expect(await sessionIsLive(t, exchanged.json.data.session_token)).toBe(false);
    expect(
      (await t.call('GET', '/users/connected_apps', { sessionToken: owner.json.data.session_token })).json.data,
    ).toMatchObject({ connected_apps: [] });
  });

  it('proving a phone number runs the same reset: every email of the account goes', async () => {
    const t = await startProvider();
    // A send to the owner's number creates an account whose phone nobody has proved yet.
    const sent = await t.post('/otps/sms/login_or_create', { phone_number: PHONE });
    const userId = (
      await t.provider.database.db
        .selectFrom('phone_numbers')
        .select('user_id')
        .where('phone_id', '=', sent.json.data.method_id)
        .executeTakeFirstOrThrow()
    ).user_id;
    // A stranger's verified email sits on that account (written directly: no route attaches one without a session).
    await t.provider.database.db
      .insertInto('emails')
      .values({
        email_id: 'email-test-stranger',
        user_id: userId,
        project_id: t.projectId,
        email: ATTACKER,
        verified: 1,
        created_at: t.clock.now(),
      })
      .execute();
    const owner = await t.post('/otps/authenticate', {
      token: await t.lastCode(PHONE),
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(owner.status).toBe(200);
    expect(owner.json.data.user.emails).toEqual([]);
    expect(owner.json.data.account_reset).toEqual({ identifier: PHONE, removed: ['emails'] });
  });

  it('proving a pending address nobody attached anything to answers no account_reset', async () => {
    const t = await startProvider();
    // Someone asked for a code to the owner's address: a pending user with nothing attached.
    expect((await t.post('/otps/email/login_or_create', { email: VICTIM })).status).toBe(200);
    const owner = await passcodeSignIn(t, VICTIM);
    expect(owner.status).toBe(200);
    expect(owner.json.data).not.toHaveProperty('account_reset');
  });
});

describe('issue 25, finding 7: the legitimate owner never reaches the reset', () => {
  it('verifies the address in the sign-up session (secondary send), resetting nothing; the authenticator app then survives every sign-in', async () => {
    const t = await startProvider();
    const created = await createAccount(t, VICTIM, PASSWORD);
    // The account's own unverified address: the secondary send reaches it, no recent-auth question asked.
    const verified = await verifyEmailInSession(t, VICTIM, created.session_token);
    expect(verified.json.data.session_token).toBe(created.session_token);
    expect(verified.json.data).not.toHaveProperty('account_reset');
    expect(verified.json.data.user).toMatchObject({
      emails: [{ email_id: created.email_id, email: VICTIM, verified: true }],
      password: { password_id: expect.any(String) },
    });
    // Now a TOTP can be enrolled, and a sign-in by code from another browser keeps the password and the app.
    const enrolled = await t.call('POST', '/totps', { body: {}, sessionToken: created.session_token });
    expect(enrolled.status).toBe(200);
    const again = await passcodeSignIn(t, VICTIM);
    expect(again.status).toBe(200);
    expect(again.json.data).not.toHaveProperty('account_reset');
    expect(again.json.data.user.password).not.toBeNull();
    expect(again.json.data.user.totps).toHaveLength(1);
    expect(await sessionIsLive(t, created.session_token)).toBe(true);
  });

  it('refuses a TOTP on an account whose email is unverified with identifier_not_verified, writing nothing', async () => {
    const t = await startProvider();
    const created = await createAccount(t, VICTIM, PASSWORD);
    const refused = await t.call('POST', '/totps', { body: {}, sessionToken: created.session_token });
    expectError(refused, 'identifier_not_verified', {
      error_message:
        'Verify your email address before adding a second factor, a passkey or a wallet: signing in with a code sent to it would otherwise remove them.',
      error_details: { unverified_identifier: VICTIM },
    });
    expect(await t.provider.database.db.selectFrom('totps').selectAll().execute()).toEqual([]);
    await verifyEmailInSession(t, VICTIM, created.session_token);
    expect((await t.call('POST', '/totps', { body: {}, sessionToken: created.session_token })).status).toBe(200);
  });
});

describe('issue 25, finding 5: sessions exchanged from a grant’s tokens end with the grant, and never outlive the token by much', () => {
  it('revoking the connected app revokes the sessions exchanged from its tokens, and only those', async () => {
    const t = await startProvider(IDP);
    const ada = await signIn(t, { email: VICTIM, durationMinutes: 60 });
    const grant = await grantTokens(t, ada.sessionToken);
    const exchanged = await exchangeForSession(t, grant.accessToken);
    expect(exchanged.status).toBe(200);
    const revoked = await t.call('POST', `/users/connected_apps/${NOTES_CLIENT.clientId}/revoke`, {
      sessionToken: ada.sessionToken,
    });
    expect(revoked.status).toBe(200);
    expect(await sessionIsLive(t, exchanged.json.data.session_token)).toBe(false);
    expect(await sessionIsLive(t, ada.sessionToken)).toBe(true);
  });

  it('a replayed authorization code revokes the tokens and the sessions exchanged from them', async () => {
    const t = await startProvider(IDP);
    const ada = await signIn(t, { email: VICTIM, durationMinutes: 60 });
    const grant = await grantTokens(t, ada.sessionToken);
    const exchanged = await exchangeForSession(t, grant.accessToken);
    const replay = await tokenEndpoint(t, {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: APP_CALLBACK,
      code_verifier: grant.verifier,
    });
    expect(replay.json.error).toBe('invalid_grant');
    expect(await sessionIsLive(t, exchanged.json.data.session_token)).toBe(false);
    expect(await sessionIsLive(t, ada.sessionToken)).toBe(true);
  });

  it('a reused refresh token and a revoked access token end the sessions exchanged from their family', async () => {
    const t = await startProvider(IDP);
    const ada = await signIn(t, { email: VICTIM, durationMinutes: 60 });
    const grant = await grantTokens(t, ada.sessionToken);
    const first = await exchangeForSession(t, grant.accessToken);
    const rotated = await tokenEndpoint(t, { grant_type: 'refresh_token', refresh_token: grant.refreshToken });
    expect(rotated.status).toBe(200);
    const second = await exchangeForSession(t, rotated.json.access_token);
    expect(await sessionIsLive(t, first.json.data.session_token)).toBe(true);
    // The old refresh token again: the whole family goes, with both exchanged sessions.
    expect((await tokenEndpoint(t, { grant_type: 'refresh_token', refresh_token: grant.refreshToken })).status).toBe(
      400,
    );
    expect(await sessionIsLive(t, first.json.data.session_token)).toBe(false);
    expect(await sessionIsLive(t, second.json.data.session_token)).toBe(false);

    // RFC 7009 revocation of an access token ends the session exchanged from it.
    const other = await grantTokens(t, ada.sessionToken);
    const third = await exchangeForSession(t, other.accessToken);
    const response = await t.provider.fetch(
      new Request('http://provider.test/oauth2/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: NOTES_CLIENT.clientId, token: other.accessToken }).toString(),
      }),
    );
    expect(response.status).toBe(200);
    expect(await sessionIsLive(t, third.json.data.session_token)).toBe(false);
  });

  it('caps an exchanged session at its token’s expiry plus idp.exchangedSessionMinutes, through every refresh', async () => {
    const t = await startProvider({
      project: { idp: { clients: [NOTES_CLIENT], accessTokenMinutes: 60, exchangedSessionMinutes: 30 } },
    });
    const ada = await signIn(t, { email: VICTIM, durationMinutes: 60 });
    const issuedAt = t.clock.now();
    const grant = await grantTokens(t, ada.sessionToken);
    const cap = issuedAt + 60 * MINUTE + 30 * MINUTE;
    // A year asked for: 90 minutes given.
    const exchanged = await exchangeForSession(t, grant.accessToken, 527_040);
    expect(exchanged.status).toBe(200);
    expect(Date.parse(exchanged.json.data.session.expires_at)).toBe(cap);
    // A refresh asking for more later never moves it past the cap.
    t.clock.advance(80 * MINUTE);
    const refreshed = await t.post(
      '/sessions/authenticate',
      { session_duration_minutes: 600 },
      exchanged.json.data.session_token,
    );
    expect(refreshed.status).toBe(200);
    expect(Date.parse(refreshed.json.data.session.expires_at)).toBe(cap);
    t.clock.advance(10 * MINUTE);
    expect(await sessionIsLive(t, exchanged.json.data.session_token)).toBe(false);
  });
});

/** A refusal of this type and its catalogue status (the message may name the configured minutes). */
function expectRefused(response: CallResult, type: ErrorType): void {
  expect(response.status).toBe(ERROR_CATALOGUE[type].status);
  expect(response.json.error_type).toBe(type);
}

describe('issue 25, finding 6: recency counts the strongest kind of factor the user holds', () => {
  it('a phone-only user (signed up by SMS passcode) adds an email, a passkey and an authenticator app', async () => {
    const t = await startProvider();
    const signedUp = await smsSignIn(t, PHONE);
    expect(signedUp.status).toBe(200);
    const sessionToken = signedUp.json.data.session_token as string;
    // The email: a secondary send (a new identifier needs recent authentication), then the code with the session.
    const added = await verifyEmailInSession(t, VICTIM, sessionToken);
    expect(added.json.data.user.emails).toEqual([{ email_id: expect.any(String), email: VICTIM, verified: true }]);
    expect(added.json.data).not.toHaveProperty('account_reset');
    // The passkey: registration starts (its ceremony is products/passkeys' and the vanilla suite's).
    const passkey = await t.post(
      '/webauthn/register/start',
      { domain: 'localhost', return_passkey_credential_options: true },
      sessionToken,
    );
    expect(passkey.status, JSON.stringify(passkey.json)).toBe(200);
    const totp = await t.call('POST', '/totps', { body: {}, sessionToken });
    expect(totp.status).toBe(200);
  });

  it('a phone-only user adds a TOTP with only the SMS factor; once they hold an email, a phone passcode stops counting', async () => {
    const t = await startProvider();
    const signedUp = await smsSignIn(t, PHONE);
    const sessionToken = signedUp.json.data.session_token as string;
    expect((await t.call('POST', '/totps', { body: {}, sessionToken })).status).toBe(200);
    await verifyEmailInSession(t, VICTIM, sessionToken);
    // Later, in a new session, only a fresh SMS passcode: not enough for a user who holds an email.
    t.clock.advance(30 * MINUTE);
    const phoneOnly = await smsSignIn(t, PHONE);
    expectRefused(
      await t.post('/otps/email/send/secondary', { email: ATTACKER }, phoneOnly.json.data.session_token),
      'reauthentication_required',
    );
  });

  it('a user with a password cannot use a phone passcode as recent authentication', async () => {
    const t = await startProvider();
    const created = await createAccount(t, VICTIM, PASSWORD);
    await verifyEmailInSession(t, VICTIM, created.session_token);
    await addPhoneInSession(t, PHONE, created.session_token);
    t.clock.advance(30 * MINUTE);
    const phoneSession = await smsSignIn(t, PHONE);
    expect(phoneSession.json.data.user_id).toBe(created.user_id);
    const token = phoneSession.json.data.session_token as string;
    expectRefused(await t.call('POST', '/totps', { body: {}, sessionToken: token }), 'reauthentication_required');
    expectRefused(
      await t.post('/passwords/session/reset', { password: NEW_PASSWORD }, token),
      'reauthentication_required',
    );
    expectRefused(
      await t.post('/webauthn/register/start', { domain: 'localhost', return_passkey_credential_options: true }, token),
      'reauthentication_required',
    );
  });
});
