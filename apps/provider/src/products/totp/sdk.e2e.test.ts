// End to end: the real @latchkey/sdk against the real provider (in-process) for authenticator apps: enrolment,
// codes, recovery codes, removal, and the multi-factor sign-in whose intermediate session token the SDK keeps in
// its cookie and a same-site browser sends back.
import { APIError } from '@latchkey/sdk';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID } from '../../../test/expectError';
import { iso, START, startProvider, type TestProvider } from '../../../testing/harness';
import { expectSignedIn, openSdkTab, rejectionOf, type SdkTab } from '../../../testing/sdkClient';
import type { ProviderConfigInput } from '../../config';

const EMAIL = 'ada@example.com';
const PASSWORD = 'dragonfly-marmalade-41';
const STEP = 30_000;
const MFA: ProviderConfigInput = { project: { mfa: { required: true } } };

/** The code the user's authenticator app shows now (the provider's clock). */
const codeNow = (t: TestProvider, secret: string) => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });

/**
 * A tab signed up with a password (a recent factor, as enrolment needs) whose address is verified by a passcode from
 * the same session, as the widget does right after a sign-up (the password stays; enrolment needs a verified address).
 */
async function signedUp(t: TestProvider): Promise<SdkTab> {
  const tab = await openSdkTab(t);
  await tab.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
  const sent = await tab.client.otps.email.send(EMAIL);
  await tab.client.otps.authenticate(await t.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 60 });
  return tab;
}

/** A signed-up tab with a confirmed authenticator app; the clock is one step on, so the next code is new. */
async function withAuthenticatorApp(t: TestProvider) {
  const tab = await signedUp(t);
  const created = await tab.client.totps.create({ expiration_minutes: 30 });
  await tab.client.totps.authenticate({ totp_code: await codeNow(t, created.secret), session_duration_minutes: 60 });
  t.clock.advance(STEP);
  return { tab, created };
}

describe('SDK totps against the provider', () => {
  it('enrols an authenticator app and confirms it with its first code, adding the factor to the session', async () => {
    const t = await startProvider({ project: { name: 'Acme' } });
    const tab = await signedUp(t);
    const { row } = await expectSignedIn(t, tab);

    const created = await tab.client.totps.create({ expiration_minutes: 30 });
    expect(created).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      user_id: row.user_id,
      totp_id: expect.stringMatching(/^totp-test-/),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      qr_code: expect.stringMatching(/^data:image\/png;base64,/),
      otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/Acme:ada%40example\.com\?/),
      recovery_codes: expect.arrayContaining([expect.stringMatching(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/)]),
    });
    expect(created.recovery_codes).toHaveLength(10);
    // `__user` replaced the stored user: the app is there, pending.
    expect(tab.client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: false }]);

    t.clock.advance(5_000);
    const code = await codeNow(t, created.secret);
    const answer = await tab.client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 });
    const after = await expectSignedIn(t, tab);
    expect(after.row.session_id).toBe(row.session_id);
    expect(answer).toMatchObject({ totp_id: created.totp_id, user_id: row.user_id });
    expect(answer).not.toHaveProperty('__user');
    expect(tab.client.session.getSync()?.authentication_factors).toEqual([
      expect.objectContaining({ type: 'password', delivery_method: 'knowledge' }),
      expect.objectContaining({ type: 'otp', delivery_method: 'email' }),
      {
        type: 'totp',
        delivery_method: 'authenticator_app',
        last_authenticated_at: iso(START + 5_000),
        authenticator_app_factor: { totp_id: created.totp_id },
      },
    ]);
    expect(tab.client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);

    // The same code again is refused with the specified message, and the user stays signed in.
    const replay = await rejectionOf(tab.client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 }));
    expect(replay).toBeInstanceOf(APIError);
    expect(replay).toMatchObject({
      status_code: 404,
      error_type: 'otp_code_not_found',
      error_message: 'Invalid passcode, please try again.',
    });
    await expectSignedIn(t, tab);
  });

  it('issues fresh recovery codes, signs in with one once, and removes the app with user.deleteTOTP', async () => {
    const t = await startProvider();
    const { tab, created } = await withAuthenticatorApp(t);
    const { totps, user_id } = await tab.client.totps.recoveryCodes();
    expect(user_id).toBe(tab.client.user.getSync()?.user_id);
    expect(totps).toEqual({ totp_id: created.totp_id, verified: true, recovery_codes: expect.any(Array) });
    expect(totps.recovery_codes).toHaveLength(10);
    expect(totps.recovery_codes.filter((code) => created.recovery_codes.includes(code))).toEqual([]);

    const [code] = totps.recovery_codes as [string];
    const answer = await tab.client.totps.recover({ recovery_code: code, session_duration_minutes: 60 });
    expect(answer.totp_id).toBe(created.totp_id);
    expect(tab.client.session.getSync()?.authentication_factors.at(-1)).toMatchObject({
      type: 'recovery_codes',
      delivery_method: 'recovery_code',
      recovery_code_factor: { totp_recovery_code_id: expect.stringMatching(/^totp-recovery-code-test-/) },
    });
    const again = await rejectionOf(tab.client.totps.recover({ recovery_code: code, session_duration_minutes: 60 }));
    expect(again).toMatchObject({ status_code: 404, error_type: 'recovery_code_not_found' });
    // The earlier set stopped working when the fresh one was issued.
    const old = await rejectionOf(
      tab.client.totps.recover({ recovery_code: created.recovery_codes[0] as string, session_duration_minutes: 60 }),
    );
    expect(old).toMatchObject({ error_type: 'recovery_code_not_found' });

    await tab.client.user.deleteTOTP(created.totp_id);
    expect(tab.client.user.getSync()?.totps).toEqual([]);
    const rows = await t.provider.database.db.selectFrom('totps').selectAll().execute();
    expect(rows).toEqual([]);
    await expectSignedIn(t, tab);
  });
});

describe('SDK multi-factor sign-in against the provider (project.mfa.required)', () => {
  it('keeps the intermediate token after the password, then the TOTP code signs in with both factors', async () => {
    const t = await startProvider(MFA);
    const { created } = await withAuthenticatorApp(t);
    const tab = await openSdkTab(t, { sameSiteCookies: true });

    const first = await tab.client.passwords.authenticate({
      email: EMAIL,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    expect(first).toMatchObject({ session_token: '', session_jwt: '' });
    const ist = (first as { intermediate_session_token?: string }).intermediate_session_token;
    expect(ist).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The SDK keeps it in its own cookie (10 minutes) and writes no session cookie.
    expect(tab.cookie('stytch_intermediate_session_token')?.value).toBe(ist);
    expect(tab.cookie('stytch_session')).toBeUndefined();
    expect(tab.client.session.getTokens()).toBeNull();
    const sessionsBefore = await t.provider.database.db.selectFrom('sessions').select('session_id').execute();
    // Half a sign-in is no session: the tab says signed out (and runs no refresh) until the second factor.
    expect(tab.client.session.getSync()).toBeNull();
    expect(tab.client.user.getSync()).toBeNull();
    expect((await tab.client.session.getIntermediateUser())?.totps).toEqual([
      expect.objectContaining({ totp_id: created.totp_id, verified: true }),
    ]);

    const code = await codeNow(t, created.secret);
    const answer = await tab.client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 });
    // The SDK sent the intermediate token in the body too (a provider on another site never sees the cookie).
    expect(tab.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/totps/authenticate',
      body: { totp_code: code, session_duration_minutes: 60, intermediate_session_token: ist },
      status: 200,
    });
    const { row } = await expectSignedIn(t, tab);
    expect(sessionsBefore.map((session) => session.session_id)).not.toContain(row.session_id);
    expect(tab.cookie('stytch_intermediate_session_token')).toBeUndefined();
    expect(answer.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'password', delivery_method: 'knowledge' }),
      expect.objectContaining({ type: 'totp', authenticator_app_factor: { totp_id: created.totp_id } }),
    ]);
  });

  it('works with a provider on another site (no cookie reaches it): the token travels in the body', async () => {
    const t = await startProvider(MFA);
    const { created } = await withAuthenticatorApp(t);
    const tab = await openSdkTab(t);
    const first = await tab.client.passwords.authenticate({
      email: EMAIL,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const ist = (first as { intermediate_session_token?: string }).intermediate_session_token;
    expect(tab.client.session.getSync()).toBeNull();
    await tab.client.totps.authenticate({ totp_code: await codeNow(t, created.secret), session_duration_minutes: 60 });
    expect(tab.requests.at(-1)).toMatchObject({
      path: '/totps/authenticate',
      body: { intermediate_session_token: ist },
      status: 200,
    });
    await expectSignedIn(t, tab);
    expect(tab.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'password',
      'totp',
    ]);
  });

  it('completes the sign-in with a recovery code instead', async () => {
    const t = await startProvider(MFA);
    const { created } = await withAuthenticatorApp(t);
    const tab = await openSdkTab(t, { sameSiteCookies: true });
    const sent = await tab.client.otps.email.loginOrCreate(EMAIL);
    await tab.client.otps.authenticate(await t.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 60 });
    expect(tab.cookie('stytch_intermediate_session_token')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tab.client.session.getTokens()).toBeNull();

    await tab.client.totps.recover({
      recovery_code: created.recovery_codes[2] as string,
      session_duration_minutes: 60,
    });
    await expectSignedIn(t, tab);
    expect(tab.client.session.getSync()?.authentication_factors).toEqual([
      expect.objectContaining({ type: 'otp', delivery_method: 'email' }),
      expect.objectContaining({ type: 'recovery_codes', delivery_method: 'recovery_code' }),
    ]);
  });

  it('refuses a wrong code with the specified message and lets the user try again', async () => {
    const t = await startProvider(MFA);
    const { created } = await withAuthenticatorApp(t);
    const tab = await openSdkTab(t, { sameSiteCookies: true });
    await tab.client.passwords.authenticate({ email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
    const code = await codeNow(t, created.secret);
    const wrong = code === '000000' ? '111111' : '000000';
    const error = await rejectionOf(tab.client.totps.authenticate({ totp_code: wrong, session_duration_minutes: 60 }));
    expect(error).toMatchObject({
      error_type: 'otp_code_not_found',
      error_message: 'Invalid passcode, please try again.',
    });
    expect(tab.cookie('stytch_intermediate_session_token')).toBeDefined();
    await tab.client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 });
    await expectSignedIn(t, tab);
  });
});
