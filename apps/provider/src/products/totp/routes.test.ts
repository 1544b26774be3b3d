import { createHash } from 'node:crypto';
import { generate } from 'otplib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { authenticateResponse, emailFactor, expectedUser } from '../../../test/authenticateResponse';
import { BROWSER_PKCE } from '../../../test/browserPkce';
import { expectError, expectSchemaError, REQUEST_ID } from '../../../test/expectError';
import { asIfVerified, signIn, snapshotRows, verifyEmailInSession } from '../../../testing/fixtures';
import {
  type CallResult,
  iso,
  START,
  startProvider,
  type TestProvider,
  tokenOf,
  wrongCode,
} from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';
import { ERROR_CATALOGUE, type ErrorType } from '../../http/errors';
import { decryptTotpSecret, recoveryCodeHash } from './totpKey';

const EMAIL = 'ada@example.com';
const PASSWORD = 'dragonfly-marmalade-41';
const MINUTE = 60_000;
/** One TOTP time step: a code of the next step is a new code. */
const STEP = 30_000;
const MFA: ProviderConfigInput = { project: { mfa: { required: true } } };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function refused(response: CallResult, type: ErrorType) {
  expectError(response, ERROR_CATALOGUE[type].status, type);
}

/** What a refusal could have written: nothing of these may change. */
const snapshot = (t: TestProvider) =>
  snapshotRows(t, ['users', 'sessions', 'failures', 'totps', 'recoveryCodes', 'intermediateSessions']);

/** The code an authenticator app shows for `secret` at `ms` (what the user types). */
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/** A six-digit code that is not `code`. */

interface Enrolled {
  totpId: string;
  secret: string;
  recoveryCodes: string[];
  response: CallResult;
}

async function enrol(t: TestProvider, sessionToken: string, body: Record<string, unknown> = {}): Promise<Enrolled> {
  const response = await t.post('/totps', { expiration_minutes: 30, ...body }, sessionToken);
  expect(response.status).toBe(200);
  const data = response.json.data;
  return { totpId: data.totp_id, secret: data.secret, recoveryCodes: data.recovery_codes, response };
}

async function authenticateTotp(t: TestProvider, code: string, sessionToken?: string, extra = {}) {
  return t.post('/totps/authenticate', { totp_code: code, session_duration_minutes: 60, ...extra }, sessionToken);
}

async function recover(t: TestProvider, code: string, sessionToken?: string, extra = {}) {
  return t.post('/totps/recover', { recovery_code: code, session_duration_minutes: 60, ...extra }, sessionToken);
}

/** A signed-in user (email passcode factor at the current time) with a verified TOTP; the clock is one step on. */
async function userWithTotp(t: TestProvider, email = EMAIL) {
  const signedIn = await signIn(t, { email });
  const enrolled = await enrol(t, signedIn.sessionToken);
  const confirmed = await authenticateTotp(t, await codeAt(enrolled.secret, t.clock.now()), signedIn.sessionToken);
  expect(confirmed.status).toBe(200);
  t.clock.advance(STEP);
  return { ...signedIn, ...enrolled };
}

const totpRow = (t: TestProvider, totpId: string) =>
  t.provider.database.db.selectFrom('totps').selectAll().where('totp_id', '=', totpId).executeTakeFirst();

const recoveryRows = (t: TestProvider, totpId: string) =>
  t.provider.database.db.selectFrom('totp_recovery_codes').selectAll().where('totp_id', '=', totpId).execute();

const totpFactorAt = (totpId: string, at: number) => ({
  type: 'totp',
  delivery_method: 'authenticator_app',
  last_authenticated_at: iso(at),
  authenticator_app_factor: { totp_id: totpId },
});

describe('POST /totps', () => {
  it('creates a pending TOTP: secret, otpauth URI, QR image, recovery codes and __user', async () => {
    const t = await startProvider({ project: { name: 'Acme' } });
    const { sessionToken, userId, emailId } = await signIn(t, { email: EMAIL });
    const { response, totpId, secret, recoveryCodes } = await enrol(t, sessionToken, { expiration_minutes: 10 });

    expect(response.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        user_id: userId,
        totp_id: expect.stringMatching(/^totp-test-/),
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        qr_code: expect.stringMatching(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/),
        otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/Acme:/),
        recovery_codes: expect.any(Array),
        __user: expectedUser(userId, {
          emails: [{ email_id: emailId, email: EMAIL, verified: true }],
          totps: [{ totp_id: totpId, verified: false }],
        }),
      },
    });
    // What an authenticator app reads: issuer Acme, account = the user's email, the secret, 6 digits every 30 s.
    const otpauth = new URL(response.json.data.otpauth_uri);
    expect(`${otpauth.protocol}//${otpauth.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(otpauth.pathname)).toBe(`/Acme:${EMAIL}`);
    expect(Object.fromEntries(otpauth.searchParams)).toMatchObject({ secret, issuer: 'Acme' });
    expect(otpauth.searchParams.get('digits') ?? '6').toBe('6');
    expect(otpauth.searchParams.get('period') ?? '30').toBe('30');
    // The QR image is the otpauth URI, rendered as a PNG by the server (no QR library in the browser).
    const png = Buffer.from(response.json.data.qr_code.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(response.json.data.qr_code).toBe(
      await QRCode.toDataURL(response.json.data.otpauth_uri, {
        type: 'image/png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 256,
      }),
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    // At rest: the secret only encrypted (under a key that is not in the database), the codes only as keyed hashes.
    const row = await totpRow(t, totpId);
    expect(row).toEqual({
      totp_id: totpId,
      project_id: 'project-test-latchkey-playground',
      user_id: userId,
      secret_ciphertext: expect.stringMatching(/^v1\.[A-Za-z0-9_-]+$/),
      verified: 0,
      last_time_step: null,
      expires_at: START + 10 * MINUTE,
      created_at: START,
    });
    expect(row?.secret_ciphertext).not.toContain(secret);
    expect(Buffer.from(row?.secret_ciphertext.slice(3) ?? '', 'base64url').toString('latin1')).not.toContain(secret);
    expect(decryptTotpSecret(t.encryptionKey, totpId, row?.secret_ciphertext ?? '')).toBe(secret);
    const codes = await recoveryRows(t, totpId);
    expect(codes).toHaveLength(10);
    expect(codes.map((code) => code.code_hash).sort()).toEqual(
      recoveryCodes.map((code) => recoveryCodeHash(t.encryptionKey, totpId, code)).sort(),
    );
    const stored = JSON.stringify(codes);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
      expect(stored).not.toContain(sha256(code));
    }
  });

  it('needs a session, and a recent sign-in, writing nothing otherwise', async () => {
    const t = await startProvider();
    const { sessionToken } = await signIn(t, { email: EMAIL });
    const before = await snapshot(t);
    refused(await t.post('/totps', { expiration_minutes: 30 }), 'user_unauthenticated');
    refused(await t.post('/totps', { expiration_minutes: 30 }, 'not-a-session'), 'session_not_found');
    expectSchemaError(await t.post('/totps', { expiration_minutes: 4 }, sessionToken), ['.expiration_minutes']);
    expectSchemaError(await t.post('/totps', { expiration_minutes: 1441 }, sessionToken), ['.expiration_minutes']);
    expectSchemaError(await t.post('/totps', { expiration_minutes: '30' }, sessionToken), ['.expiration_minutes']);
    t.clock.advance(6 * MINUTE);
    const stale = await t.post('/totps', { expiration_minutes: 30 }, sessionToken);
    expect(stale.status).toBe(403);
    expect(stale.json.error_type).toBe('reauthentication_required');
    expect(await snapshot(t)).toEqual(before);
  });

  it('replaces a pending TOTP, but never a verified one (active_totp_exists)', async () => {
    const t = await startProvider();
    const { sessionToken, userId } = await signIn(t, { email: EMAIL });
    const first = await enrol(t, sessionToken);
    const second = await enrol(t, sessionToken);
    const { db } = t.provider.database;
    expect(await db.selectFrom('totps').select('totp_id').where('user_id', '=', userId).execute()).toEqual([
      { totp_id: second.totpId },
    ]);
    // The first one's recovery codes went with it.
    expect(await recoveryRows(t, first.totpId)).toEqual([]);
    refused(await authenticateTotp(t, await codeAt(first.secret, t.clock.now()), sessionToken), 'otp_code_not_found');
    expect((await authenticateTotp(t, await codeAt(second.secret, t.clock.now()), sessionToken)).status).toBe(200);

    const before = await snapshot(t);
    refused(await t.post('/totps', { expiration_minutes: 30 }, sessionToken), 'active_totp_exists');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('POST /totps/authenticate', () => {
  it('verifies a pending TOTP with its first code and adds the factor to the session', async () => {
    const t = await startProvider();
    const { sessionToken, sessionId, userId, emailId } = await signIn(t, { email: EMAIL });
    const { totpId, secret } = await enrol(t, sessionToken);
    t.clock.advance(10_000);
    const response = await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken);
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      ...authenticateResponse({
        userId,
        user: expectedUser(userId, {
          emails: [{ email_id: emailId, email: EMAIL, verified: true }],
          totps: [{ totp_id: totpId, verified: true }],
        }),
        factors: [emailFactor('otp', emailId, EMAIL, START), totpFactorAt(totpId, START + 10_000)],
        sessionId,
        sessionToken,
        expiresAt: START + 10_000 + 60 * MINUTE,
        lastAccessedAt: START + 10_000,
        userAgent: 'vitest',
      }),
      totp_id: totpId,
    });
    const row = await totpRow(t, totpId);
    expect(row).toMatchObject({ verified: 1, last_time_step: Math.floor((START + 10_000) / STEP) });
  });

  it('refuses a code used once already (no replay within its window), as a failed guess', async () => {
    const t = await startProvider();
    const { sessionToken, secret, userId } = await userWithTotp(t);
    const code = await codeAt(secret, t.clock.now());
    expect((await authenticateTotp(t, code, sessionToken)).status).toBe(200);
    t.clock.advance(10_000);
    const failuresBefore = (await snapshot(t)).failures.length;
    refused(await authenticateTotp(t, code, sessionToken), 'otp_code_not_found');
    // A code of the step before is refused too once a later one was used.
    refused(await authenticateTotp(t, await codeAt(secret, t.clock.now() - STEP), sessionToken), 'otp_code_not_found');
    const failures = (await snapshot(t)).failures;
    expect(failures.slice(failuresBefore)).toMatchObject([{ user_id: userId }, { user_id: userId }]);
    // The next step's code works.
    t.clock.advance(STEP);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken)).status).toBe(200);
  });

  it('accepts the step before and after (clock drift), and nothing further', async () => {
    const t = await startProvider();
    const { sessionToken, secret } = await userWithTotp(t);
    t.clock.advance(5 * STEP);
    refused(
      await authenticateTotp(t, await codeAt(secret, t.clock.now() - 2 * STEP), sessionToken),
      'otp_code_not_found',
    );
    refused(
      await authenticateTotp(t, await codeAt(secret, t.clock.now() + 2 * STEP), sessionToken),
      'otp_code_not_found',
    );
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now() - STEP), sessionToken)).status).toBe(200);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now() + STEP), sessionToken)).status).toBe(200);
  });

  it('refuses malformed codes with invalid_code and a missing caller with user_unauthenticated, writing nothing', async () => {
    const t = await startProvider();
    const { sessionToken, secret } = await userWithTotp(t);
    const before = await snapshot(t);
    for (const code of ['12345', '1234567', 'abcdef', ' 123456', '１２３４５６']) {
      refused(await authenticateTotp(t, code, sessionToken), 'invalid_code');
    }
    expectSchemaError(await t.post('/totps/authenticate', { totp_code: 123456 }, sessionToken), ['.totp_code']);
    expectSchemaError(
      await t.post('/totps/authenticate', { totp_code: '123456', session_duration_minutes: 0 }, sessionToken),
      ['.session_duration_minutes'],
    );
    const code = await codeAt(secret, t.clock.now());
    refused(await authenticateTotp(t, code), 'user_unauthenticated');
    refused(await authenticateTotp(t, code, 'not-a-session'), 'session_not_found');
    refused(await authenticateTotp(t, code, 'a.b.c'), 'invalid_session_token');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a user without a TOTP, and a pending TOTP past its expiration_minutes', async () => {
    const t = await startProvider();
    const { sessionToken } = await signIn(t, { email: 'grace@example.com' });
    refused(await authenticateTotp(t, '123456', sessionToken), 'totp_not_found');
    const { secret } = await enrol(t, sessionToken, { expiration_minutes: 5 });
    t.clock.advance(5 * MINUTE);
    const before = await snapshot(t);
    refused(await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken), 'totp_not_found');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('one lockout for every guess', () => {
  it('counts wrong TOTP codes, recovery codes and passwords against the same per-user cap', async () => {
    const t = await startProvider({
      lockout: { maxFailuresPerUser: 3, maxFailuresPerCode: 5, windowMinutes: 10 },
    });
    const created = await t.post('/passwords', { email: EMAIL, password: PASSWORD, session_duration_minutes: 180 });
    expect(created.status).toBe(200);
    const sessionToken = created.json.data.session_token as string;
    await verifyEmailInSession(t, EMAIL, sessionToken);
    const { secret } = await enrol(t, sessionToken);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken)).status).toBe(200);
    t.clock.advance(STEP);
    const right = await codeAt(secret, t.clock.now());

    refused(await authenticateTotp(t, wrongCode(right), sessionToken), 'otp_code_not_found');
    refused(await recover(t, 'aaaa-bbbb-cccc-dddd', sessionToken), 'recovery_code_not_found');
    refused(
      await t.post('/passwords/authenticate', { email: EMAIL, password: 'wrong-password-1' }),
      'unauthorized_credentials',
    );
    // Three failures across three kinds of guess: now nothing is checked, the right code and password included.
    refused(await authenticateTotp(t, right, sessionToken), 'user_lock_limit_reached');
    refused(await t.post('/passwords/authenticate', { email: EMAIL, password: PASSWORD }), 'user_lock_limit_reached');
    expect((await snapshot(t)).failures).toHaveLength(3);
    // The window ends: the right code works again.
    t.clock.advance(10 * MINUTE);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken)).status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('signs in with a recovery code once; case, spaces and dashes do not matter', async () => {
    const t = await startProvider();
    const { sessionToken, sessionId, totpId, recoveryCodes, userId } = await userWithTotp(t);
    const [first, second] = recoveryCodes as [string, string];
    const response = await recover(t, ` ${first.toUpperCase().replaceAll('-', ' ')} `, sessionToken);
    expect(response.status).toBe(200);
    const rows = await recoveryRows(t, totpId);
    const used = rows.find((row) => row.used_at !== null);
    expect(rows.filter((row) => row.used_at !== null)).toHaveLength(1);
    expect(used?.code_hash).toBe(recoveryCodeHash(t.encryptionKey, totpId, first));
    expect(response.json.data).toMatchObject({
      totp_id: totpId,
      user_id: userId,
      session: {
        session_id: sessionId,
        authentication_factors: expect.arrayContaining([
          {
            type: 'recovery_codes',
            delivery_method: 'recovery_code',
            last_authenticated_at: iso(t.clock.now()),
            recovery_code_factor: { totp_recovery_code_id: used?.recovery_code_id },
          },
        ]),
      },
    });
    refused(await recover(t, first, sessionToken), 'recovery_code_not_found');
    expect((await recover(t, second, sessionToken)).status).toBe(200);
  });

  it('refuses malformed codes with invalid_code, and codes of a pending TOTP, writing nothing', async () => {
    const t = await startProvider();
    const { sessionToken } = await signIn(t, { email: EMAIL });
    const { recoveryCodes } = await enrol(t, sessionToken);
    const before = await snapshot(t);
    refused(await recover(t, recoveryCodes[0] as string, sessionToken), 'totp_not_found');
    for (const code of ['', 'abcd-efgh', 'abcd-efgh-ijkl-mn01', `${'a'.repeat(80)}`, 'abcd-efgh-ijkl-mnoé']) {
      refused(await recover(t, code, sessionToken), 'invalid_code');
    }
    expectSchemaError(await t.post('/totps/recover', { recovery_code: 42 }, sessionToken), ['.recovery_code']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('POST /totps/recovery_codes issues a fresh set, shown once; the earlier codes stop working', async () => {
    const t = await startProvider();
    const { sessionToken, totpId, recoveryCodes, userId } = await userWithTotp(t);
    const response = await t.call('POST', '/totps/recovery_codes', { sessionToken });
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      user_id: userId,
      totps: { totp_id: totpId, verified: true, recovery_codes: expect.any(Array) },
    });
    const fresh = response.json.data.totps.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const rows = await recoveryRows(t, totpId);
    expect(rows.map((row) => row.code_hash).sort()).toEqual(
      fresh.map((code) => recoveryCodeHash(t.encryptionKey, totpId, code)).sort(),
    );
    refused(await recover(t, recoveryCodes[0] as string, sessionToken), 'recovery_code_not_found');
    expect((await recover(t, fresh[0] as string, sessionToken)).status).toBe(200);
  });

  it('POST /totps/recovery_codes needs a session, a recent sign-in and a TOTP', async () => {
    const t = await startProvider();
    const { sessionToken } = await userWithTotp(t);
    const other = await signIn(t, { email: 'grace@example.com' });
    const before = await snapshot(t);
    refused(await t.call('POST', '/totps/recovery_codes'), 'user_unauthenticated');
    refused(await t.call('POST', '/totps/recovery_codes', { sessionToken: other.sessionToken }), 'totp_not_found');
    t.clock.advance(6 * MINUTE);
    const stale = await t.call('POST', '/totps/recovery_codes', { sessionToken });
    expect(stale.json.error_type).toBe('reauthentication_required');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('DELETE /users/totps/{id}', () => {
  it('removes the caller’s TOTP and its recovery codes, answering __user', async () => {
    const t = await startProvider();
    const { sessionToken, totpId, userId, emailId } = await userWithTotp(t);
    const response = await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken });
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      user_id: userId,
      __user: expectedUser(userId, { emails: [{ email_id: emailId, email: EMAIL, verified: true }] }),
    });
    expect(await totpRow(t, totpId)).toBeUndefined();
    expect(await recoveryRows(t, totpId)).toEqual([]);
    refused(await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken }), 'totp_not_found');
  });

  it('never touches another user’s TOTP, and needs a recent sign-in', async () => {
    const t = await startProvider();
    const victim = await userWithTotp(t);
    const attacker = await signIn(t, { email: 'mallory@example.com' });
    const before = await snapshot(t);
    refused(
      await t.call('DELETE', `/users/totps/${victim.totpId}`, { sessionToken: attacker.sessionToken }),
      'totp_not_found',
    );
    refused(await t.call('DELETE', `/users/totps/${victim.totpId}`), 'user_unauthenticated');
    // Nor can the attacker use the victim's codes or recovery codes: their session has no TOTP.
    refused(
      await authenticateTotp(t, await codeAt(victim.secret, t.clock.now()), attacker.sessionToken),
      'totp_not_found',
    );
    refused(await recover(t, victim.recoveryCodes[0] as string, attacker.sessionToken), 'totp_not_found');
    t.clock.advance(6 * MINUTE);
    const stale = await t.call('DELETE', `/users/totps/${victim.totpId}`, { sessionToken: victim.sessionToken });
    expect(stale.json.error_type).toBe('reauthentication_required');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('races', () => {
  it('lets exactly one of 50 parallel uses of one code succeed', async () => {
    const t = await startProvider();
    const { sessionToken, secret, totpId } = await userWithTotp(t);
    const code = await codeAt(secret, t.clock.now());
    const responses = await Promise.all(Array.from({ length: 50 }, () => authenticateTotp(t, code, sessionToken)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expect(['otp_code_not_found', 'user_lock_limit_reached']).toContain(response.json.error_type);
    }
    expect((await totpRow(t, totpId))?.last_time_step).toBe(Math.floor(t.clock.now() / STEP));
  });

  it('lets exactly one of 50 parallel uses of one recovery code succeed', async () => {
    const t = await startProvider();
    const { sessionToken, recoveryCodes, totpId } = await userWithTotp(t);
    const code = recoveryCodes[3] as string;
    const responses = await Promise.all(Array.from({ length: 50 }, () => recover(t, code, sessionToken)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expect(['recovery_code_not_found', 'user_lock_limit_reached']).toContain(response.json.error_type);
    }
    expect((await recoveryRows(t, totpId)).filter((row) => row.used_at !== null)).toHaveLength(1);
  });

  it('completes one intermediate session once out of 50 parallel second factors, starting one session', async () => {
    const t = await startProvider(MFA);
    const { secret, recoveryCodes, userId } = await userWithTotp(t);
    const first = await passcodeSignIn(t, EMAIL);
    const ist = first.json.data.intermediate_session_token as string;
    const sessionsBefore = (await snapshot(t)).sessions.length;
    const code = await codeAt(secret, t.clock.now());
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? authenticateTotp(t, code, undefined, { intermediate_session_token: ist })
          : recover(t, recoveryCodes[index % 10] as string, undefined, { intermediate_session_token: ist }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const sessions = (await snapshot(t)).sessions;
    expect(sessions).toHaveLength(sessionsBefore + 1);
    expect(sessions.every((row) => row.user_id === userId)).toBe(true);
  });
});

/** Signs in with an emailed passcode (the first factor). */
async function passcodeSignIn(t: TestProvider, email: string, sessionToken?: string) {
  const sent = await t.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const code = await t.lastCode(email);
  return t.post(
    '/otps/authenticate',
    { token: code, method_id: sent.json.data.method_id, session_duration_minutes: 60 },
    sessionToken,
  );
}

describe('multi-factor sessions (project.mfa.required)', () => {
  it('answers a first factor with an intermediate session; the TOTP code turns it into a session with both', async () => {
    const t = await startProvider(MFA);
    const { secret, totpId, userId, emailId } = await userWithTotp(t);
    const sessionsBefore = (await snapshot(t)).sessions;
    const firstAt = t.clock.now();
    const first = await passcodeSignIn(t, EMAIL);
    expect(first.status).toBe(200);
    const user = expectedUser(userId, {
      emails: [{ email_id: emailId, email: EMAIL, verified: true }],
      totps: [{ totp_id: totpId, verified: true }],
    });
    const passcode = emailFactor('otp', emailId, EMAIL, firstAt);
    expect(first.json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      method_id: emailId,
      user_id: userId,
      session_token: '',
      session_jwt: '',
      intermediate_session_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      session: {
        session_id: expect.stringMatching(/^intermediate-session-test-/),
        user_id: userId,
        started_at: iso(firstAt),
        last_accessed_at: iso(firstAt),
        expires_at: iso(firstAt + 10 * MINUTE),
        attributes: { ip_address: '127.0.0.1', user_agent: '' },
        authentication_factors: [passcode],
        custom_claims: null,
        roles: ['stytch_user'],
      },
      user,
    });
    const ist = first.json.data.intermediate_session_token as string;
    // No session yet, and the intermediate token is no session: it opens nothing.
    expect((await snapshot(t)).sessions).toEqual(sessionsBefore);
    refused(await t.call('GET', '/users/me', { sessionToken: ist }), 'session_not_found');
    refused(await t.post('/sessions/authenticate', {}, ist), 'session_not_found');
    refused(await t.post('/totps', {}, ist), 'session_not_found');
    const stored = await t.provider.database.db.selectFrom('intermediate_sessions').selectAll().execute();
    expect(stored).toEqual([expect.objectContaining({ user_id: userId, token_hash: sha256(ist), consumed_at: null })]);

    // A wrong code keeps the intermediate session usable.
    t.clock.advance(20_000);
    const code = await codeAt(secret, t.clock.now());
    refused(
      await authenticateTotp(t, wrongCode(code), undefined, { intermediate_session_token: ist }),
      'otp_code_not_found',
    );
    const second = await authenticateTotp(t, code, undefined, { intermediate_session_token: ist });
    expect(second.status).toBe(200);
    expect(second.json.data).toEqual({
      ...authenticateResponse({
        userId,
        user,
        factors: [passcode, totpFactorAt(totpId, t.clock.now())],
        startedAt: t.clock.now(),
        expiresAt: t.clock.now() + 60 * MINUTE,
      }),
      totp_id: totpId,
    });
    const me = await t.call('GET', '/users/me', { sessionToken: second.json.data.session_token });
    expect(me.status).toBe(200);
    // Used once.
    t.clock.advance(STEP);
    refused(
      await authenticateTotp(t, await codeAt(secret, t.clock.now()), undefined, { intermediate_session_token: ist }),
      'intermediate_session_not_found',
    );
  });

  it('gates every first factor: passcode, magic link, password, password reset', async () => {
    const t = await startProvider(MFA);
    const created = await t.post('/passwords', { email: EMAIL, password: PASSWORD });
    const sessionToken = created.json.data.session_token as string;
    // The address is proved by a secondary send from the account's own session, so the password stays (account
    // pre-hijacking rule).
    await verifyEmailInSession(t, EMAIL, sessionToken);
    const { secret } = await enrol(t, sessionToken);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken)).status).toBe(200);

    const password = await t.post('/passwords/authenticate', { email: EMAIL, password: PASSWORD });
    await t.post('/magic_links/email/login_or_create', { email: EMAIL, code_challenge: BROWSER_PKCE.challenge });
    const link = await t.post('/magic_links/authenticate', {
      token: tokenOf(await t.lastLink(EMAIL)),
      session_duration_minutes: 30,
      code_verifier: BROWSER_PKCE.verifier,
    });
    const passcode = await passcodeSignIn(t, EMAIL);
    // A reset by email signs in too: it must not skip the second factor either.
    await t.post('/passwords/email/reset/start', { email: EMAIL, code_challenge: BROWSER_PKCE.challenge });
    const reset = await t.post('/passwords/email/reset', {
      token: tokenOf(await t.lastLink(EMAIL, 'reset_password')),
      password: 'quiet-lantern-zebra-97',
      session_duration_minutes: 30,
      code_verifier: BROWSER_PKCE.verifier,
    });
    for (const [name, response] of Object.entries({ password, link, passcode, reset })) {
      expect(response.status, name).toBe(200);
      expect(response.json.data, name).toMatchObject({ session_token: '', session_jwt: '' });
      expect(response.json.data.intermediate_session_token, name).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(password.json.data.session.authentication_factors).toMatchObject([{ type: 'password' }]);
    expect(link.json.data.session.authentication_factors).toMatchObject([{ type: 'magic_link' }]);
    // Only the session the password account started with exists.
    expect((await snapshot(t)).sessions).toHaveLength(1);
  });

  it('completes with a recovery code, and reads the token from the SDK’s cookie', async () => {
    const t = await startProvider(MFA);
    const { recoveryCodes, totpId } = await userWithTotp(t);
    const ist = (await passcodeSignIn(t, EMAIL)).json.data.intermediate_session_token as string;
    const cookie = `theme=dark; stytch_intermediate_session_token=${ist}`;
    const response = await t.call('POST', '/totps/recover', {
      body: { recovery_code: recoveryCodes[0], session_duration_minutes: 30 },
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.json.data.session.authentication_factors).toMatchObject([
      { type: 'otp', delivery_method: 'email' },
      { type: 'recovery_codes', delivery_method: 'recovery_code' },
    ]);
    expect(response.json.data.totp_id).toBe(totpId);
    refused(
      await t.call('POST', '/totps/recover', {
        body: { recovery_code: recoveryCodes[1], session_duration_minutes: 30 },
        headers: { cookie },
      }),
      'intermediate_session_not_found',
    );
  });

  it('answers a refresh that carries only the intermediate token with the pending sign-in, until it ends', async () => {
    const t = await startProvider(MFA);
    await userWithTotp(t);
    const first = await passcodeSignIn(t, EMAIL);
    const ist = first.json.data.intermediate_session_token as string;
    const cookie = `stytch_intermediate_session_token=${ist}`;
    const refresh = await t.call('POST', '/sessions/authenticate', { body: {}, headers: { cookie } });
    expect(refresh.status).toBe(200);
    const { method_id: _methodId, ...pending } = first.json.data;
    expect(refresh.json.data).toEqual({ ...pending, request_id: REQUEST_ID });
    // A session in the Authorization header wins over a stale cookie.
    const other = await signIn(t, { email: 'grace@example.com' });
    const signedIn = await t.call('POST', '/sessions/authenticate', {
      body: {},
      headers: { cookie },
      sessionToken: other.sessionToken,
    });
    expect(signedIn.json.data.user_id).toBe(other.userId);
    t.clock.advance(10 * MINUTE);
    refused(await t.call('POST', '/sessions/authenticate', { body: {}, headers: { cookie } }), 'user_unauthenticated');
  });

  it('ends the pending sign-in on sessions/revoke, so its token completes nothing', async () => {
    const t = await startProvider(MFA);
    const { secret } = await userWithTotp(t);
    const ist = (await passcodeSignIn(t, EMAIL)).json.data.intermediate_session_token as string;
    const cookie = `stytch_intermediate_session_token=${ist}`;
    const revoked = await t.call('POST', '/sessions/revoke', { headers: { cookie } });
    expect(revoked.status).toBe(200);
    const row = await t.provider.database.db.selectFrom('intermediate_sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.consumed_at).toBe(t.clock.now());
    refused(
      await authenticateTotp(t, await codeAt(secret, t.clock.now()), undefined, { intermediate_session_token: ist }),
      'intermediate_session_not_found',
    );
    refused(await t.call('POST', '/sessions/revoke', { headers: { cookie } }), 'user_unauthenticated');
  });

  it('refuses an expired or unknown intermediate session token, and a pending TOTP, writing nothing', async () => {
    const t = await startProvider(MFA);
    const { secret } = await userWithTotp(t);
    const ist = (await passcodeSignIn(t, EMAIL)).json.data.intermediate_session_token as string;
    t.clock.advance(10 * MINUTE);
    const before = await snapshot(t);
    const code = await codeAt(secret, t.clock.now());
    refused(
      await authenticateTotp(t, code, undefined, { intermediate_session_token: ist }),
      'intermediate_session_not_found',
    );
    refused(
      await authenticateTotp(t, code, undefined, { intermediate_session_token: 'x'.repeat(43) }),
      'intermediate_session_not_found',
    );
    refused(
      await t.call('POST', '/totps/authenticate', {
        body: { totp_code: code, session_duration_minutes: 30 },
        headers: { cookie: 'stytch_intermediate_session_token=nope' },
      }),
      'intermediate_session_not_found',
    );
    expectSchemaError(await authenticateTotp(t, code, undefined, { intermediate_session_token: '' }), [
      '.intermediate_session_token',
    ]);
    // Whatever a cookie header holds, the answer is a clear refusal.
    for (const cookie of [
      'stytch_intermediate_session_token=%E0%A4%A',
      'stytch_intermediate_session_token="',
      'stytch_intermediate_session_token=',
      `stytch_intermediate_session_token=${'x'.repeat(8000)}`,
      ';;;=;stytch_intermediate_session_token',
    ]) {
      for (const path of ['/totps/authenticate', '/totps/recover']) {
        const response = await t.call('POST', path, {
          body: { totp_code: code, recovery_code: 'aaaa-bbbb-cccc-dddd', session_duration_minutes: 30 },
          headers: { cookie },
        });
        expect(response.status, `${path} ${cookie.slice(0, 50)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${cookie.slice(0, 50)}`).toBeLessThan(500);
        expect(['intermediate_session_not_found', 'user_unauthenticated']).toContain(response.json.error_type);
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('gives a full session to a user without a second factor, or with only a pending one, so they can enrol', async () => {
    const t = await startProvider(MFA);
    const { sessionToken } = await signIn(t, { email: EMAIL });
    const first = await passcodeSignIn(t, EMAIL);
    expect(first.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.json.data).not.toHaveProperty('intermediate_session_token');
    await enrol(t, sessionToken);
    const again = await passcodeSignIn(t, EMAIL);
    expect(again.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.json.data).not.toHaveProperty('intermediate_session_token');
  });

  it('adds a first factor to a live session of the same user without asking for the second again', async () => {
    const t = await startProvider(MFA);
    const { sessionToken, sessionId } = await userWithTotp(t);
    const response = await passcodeSignIn(t, EMAIL, sessionToken);
    expect(response.json.data).toMatchObject({ session_token: sessionToken, session: { session_id: sessionId } });
    expect(response.json.data).not.toHaveProperty('intermediate_session_token');
  });

  it('removes a TOTP a stranger attached before the owner verified the email, so the owner is not locked out', async () => {
    const t = await startProvider(MFA);
    // The stranger signs up with the victim's address and a password, and enrols their own authenticator app.
    const created = await t.post('/passwords', { email: EMAIL, password: PASSWORD });
    const strangerToken = created.json.data.session_token as string;
    // Enrolment is refused while the address is unverified; this app got in before it was.
    const { totpId, secret } = await asIfVerified(t, created.json.data.user_id, () => enrol(t, strangerToken));
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), strangerToken)).status).toBe(200);
    // The stranger starts another sign-in with the password, waiting for the app's code.
    const pending = await t.post('/passwords/authenticate', { email: EMAIL, password: PASSWORD });
    const strangerIst = pending.json.data.intermediate_session_token as string;
    expect(strangerIst).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The owner proves the address: the stranger's password, sessions and TOTP are gone, and no second factor is asked.
    const owner = await passcodeSignIn(t, EMAIL);
    expect(owner.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(owner.json.data.user).toMatchObject({ totps: [], password: null });
    expect(owner.json.data.account_reset).toEqual({ identifier: EMAIL, removed: ['password', 'totp', 'sessions'] });
    expect(await totpRow(t, totpId)).toBeUndefined();
    expect(await recoveryRows(t, totpId)).toEqual([]);
    // The stranger's pending sign-in ended with it.
    t.clock.advance(STEP);
    refused(
      await authenticateTotp(t, await codeAt(secret, t.clock.now()), undefined, {
        intermediate_session_token: strangerIst,
      }),
      'intermediate_session_not_found',
    );
  });
});

describe('changes to the TOTP need a session that proved the second factor', () => {
  /** The owner: a password account whose email is proved in session, with a confirmed TOTP. */
  async function passwordOwner(t: TestProvider) {
    const created = await t.post('/passwords', { email: EMAIL, password: PASSWORD });
    expect(created.status).toBe(200);
    const ownerToken = created.json.data.session_token as string;
    await verifyEmailInSession(t, EMAIL, ownerToken);
    return { ownerToken, userId: created.json.data.user_id as string };
  }

  const passwordSignIn = (t: TestProvider, sessionToken?: string) =>
    t.post(
      '/passwords/authenticate',
      { email: EMAIL, password: PASSWORD, session_duration_minutes: 120 },
      sessionToken,
    );

  const factorTypes = (response: CallResult) =>
    (response.json.data.session.authentication_factors as { type: string }[]).map((factor) => factor.type);

  /** The refusal: the recent sign-in's error (403 `reauthentication_required`), saying how to prove the TOTP. */
  function needsSecondFactor(response: CallResult) {
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      status_code: 403,
      error_type: 'reauthentication_required',
      error_message:
        'This change needs a session verified with your second factor: verify this session with a code from your authenticator app or a recovery code, then try again.',
      // What a client reads to ask for a code on this session rather than a new sign-in.
      error_details: { reason: 'second_factor' },
    });
  }

  it('refuses a password-only session (mfa off), until totps/authenticate proves the code on that same session', async () => {
    const t = await startProvider();
    const { ownerToken } = await passwordOwner(t);
    const { totpId, secret, recoveryCodes } = await enrol(t, ownerToken);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), ownerToken)).status).toBe(200);
    t.clock.advance(STEP);

    // Someone who knows the password alone: a full session (multi-factor sign-in is off) with one factor.
    const signedIn = await passwordSignIn(t);
    expect(signedIn.status).toBe(200);
    expect(factorTypes(signedIn)).toEqual(['password']);
    const sessionToken = signedIn.json.data.session_token as string;
    const before = await snapshot(t);
    needsSecondFactor(await t.call('POST', '/totps/recovery_codes', { sessionToken }));
    needsSecondFactor(await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken }));
    expect(await snapshot(t)).toEqual(before);
    // The owner's recovery codes still work: none were replaced.
    expect((await recover(t, recoveryCodes[0] as string, ownerToken)).status).toBe(200);

    // The step-up: a code from the app on that same session adds the factor to it.
    const proved = await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken);
    expect(proved.status).toBe(200);
    expect(proved.json.data.session_token).toBe(sessionToken);
    expect(proved.json.data.session.session_id).toBe(signedIn.json.data.session.session_id);
    expect(factorTypes(proved)).toEqual(['password', 'totp']);
    const rotated = await t.call('POST', '/totps/recovery_codes', { sessionToken });
    expect(rotated.status).toBe(200);
    expect((await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken })).status).toBe(200);
    expect(await totpRow(t, totpId)).toBeUndefined();
  });

  it('accepts a recovery code given on the session as the proof', async () => {
    const t = await startProvider();
    const { ownerToken } = await passwordOwner(t);
    const { totpId, secret, recoveryCodes } = await enrol(t, ownerToken);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), ownerToken)).status).toBe(200);
    const sessionToken = (await passwordSignIn(t)).json.data.session_token as string;
    needsSecondFactor(await t.call('POST', '/totps/recovery_codes', { sessionToken }));
    const recovered = await recover(t, recoveryCodes[1] as string, sessionToken);
    expect(recovered.status).toBe(200);
    expect(recovered.json.data.session_token).toBe(sessionToken);
    expect(factorTypes(recovered)).toEqual(['password', 'recovery_codes']);
    expect((await t.call('POST', '/totps/recovery_codes', { sessionToken })).status).toBe(200);
    expect((await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken })).status).toBe(200);
  });

  it('refuses a session older than the TOTP (mfa.required), even once a password sign-in made it recent again', async () => {
    const t = await startProvider(MFA);
    const { ownerToken } = await passwordOwner(t);
    // Signed in by password before the owner had a second factor: a full session.
    const early = await passwordSignIn(t);
    expect(early.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessionToken = early.json.data.session_token as string;
    const { totpId, secret, recoveryCodes } = await enrol(t, ownerToken);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), ownerToken)).status).toBe(200);
    t.clock.advance(30 * MINUTE);

    // The password again, carrying the old session: added to it, no second factor asked (as before).
    const again = await passwordSignIn(t, sessionToken);
    expect(again.status).toBe(200);
    expect(again.json.data.session_token).toBe(sessionToken);
    expect(again.json.data).not.toHaveProperty('intermediate_session_token');
    expect(factorTypes(again)).toEqual(['password']);
    const before = await snapshot(t);
    needsSecondFactor(await t.call('POST', '/totps/recovery_codes', { sessionToken }));
    needsSecondFactor(await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken }));
    expect(await snapshot(t)).toEqual(before);
    // The owner's TOTP and recovery codes are untouched: a new password sign-in still waits for them.
    const pending = await passwordSignIn(t);
    const ist = pending.json.data.intermediate_session_token as string;
    expect(ist).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const completed = await recover(t, recoveryCodes[0] as string, undefined, { intermediate_session_token: ist });
    expect(completed.status).toBe(200);
    expect(factorTypes(completed)).toEqual(['password', 'recovery_codes']);
  });

  it('lets the enrolling session manage its TOTP once confirmed; a pending one is removed, never re-coded, without it', async () => {
    const t = await startProvider();
    const { sessionToken } = await signIn(t, { email: EMAIL });
    const pending = await enrol(t, sessionToken);
    // Pending: the recent sign-in alone removes it; its codes (good once it is confirmed) are renewed only after.
    needsSecondFactor(await t.call('POST', '/totps/recovery_codes', { sessionToken }));
    expect((await t.call('DELETE', `/users/totps/${pending.totpId}`, { sessionToken })).status).toBe(200);
    const { totpId, secret } = await enrol(t, sessionToken);
    expect((await authenticateTotp(t, await codeAt(secret, t.clock.now()), sessionToken)).status).toBe(200);
    expect((await t.call('POST', '/totps/recovery_codes', { sessionToken })).status).toBe(200);
    expect((await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken })).status).toBe(200);
  });
});
