// End to end: the real @latchkey/sdk against the real provider (in-process) for the project settings and the
// one-time passcodes of every channel, including the refusals a user sees.
import { APIError, APISchemaError, type SessionSnapshot } from '@latchkey/sdk';
import { describe, expect, it } from 'vitest';
import { emailFactor, phoneFactor } from '../../../test/authenticateResponse';
import { snapshotRows } from '../../../testing/fixtures';
import { iso, PUBLIC_TOKEN, START, startProvider, type TestProvider } from '../../../testing/harness';
import { expectSignedIn, expectSignedOut, openSdkTab, rejectionOf } from '../../../testing/sdkClient';

const EMAIL = 'ada@example.com';

/** Every row a passcode send or sign-in could write, to prove a refusal wrote nothing. */
const rows = (t: TestProvider) => snapshotRows(t, ['users', 'emails', 'codes', 'sessions', 'failures', 'inbox']);

/** A fresh tab that asked for an email passcode: its method id, the code sent, and the rows before any sign-in. */
async function passcodeSent(t: TestProvider) {
  const tab = await openSdkTab(t);
  const { method_id } = await tab.client.otps.email.loginOrCreate(EMAIL);
  return { tab, method_id, code: await t.lastCode(EMAIL), before: await rows(t) };
}

/** A code of six digits that is not `code`. */
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('SDK bootstrap against the provider', () => {
  it('maps the provider configuration to the camelCase settings and caches them', async () => {
    const t = await startProvider({
      project: {
        name: 'Acme',
        emailDomains: ['acme.test', 'latchkey.dev'],
        passwordPolicy: { type: 'luds', complexity: 3, minimumCount: 10 },
        pkce: { oauth: false, unboundReason: 'a native app finishes social sign-in in the system browser' },
        disableWatermark: true,
      },
    });
    const tab = await openSdkTab(t);
    const expected = {
      projectName: 'Acme',
      displayWatermark: false,
      captchaSettings: { enabled: false },
      cnameDomain: null,
      emailDomains: ['acme.test', 'latchkey.dev'],
      pkceRequiredForEmailMagicLinks: true,
      pkceRequiredForPasswordResets: true,
      pkceRequiredForOAuth: false,
      pkceRequiredForSso: false,
      slugPattern: null,
      createOrganizationEnabled: false,
      passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
      runDFPProtectedAuth: false,
      dfpProtectedAuthMode: 'OBSERVATION',
      rbacPolicy: { roles: [], resources: [], scopes: [] },
      siweRequiredForCryptoWallets: true,
      vertical: 'CONSUMER',
    };
    expect(tab.client.bootstrap.getSync()).toEqual(expected);
    expect(JSON.parse(tab.browser.values.get(`stytch_sdk_state_${PUBLIC_TOKEN}::bootstrap`) ?? 'null')).toEqual(
      expected,
    );
    expect(tab.browser.logs).toEqual({ warn: [], error: [] });
    // Start-up: the settings only. With no session cookie and no stored session there is nothing to check, so no
    // `sessions/authenticate` (which could only answer 401), even with an API base URL.
    expect(tab.requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      `GET /projects/bootstrap/${PUBLIC_TOKEN} 200`,
    ]);
    expectSignedOut(tab);

    // Telemetry goes out without Authorization and is stored by the provider.
    await tab.client.events.flush();
    expect(tab.telemetry.at(-1)).toMatchObject({ method: 'POST', path: '/events', status: 200 });
    const events = await t.provider.database.db.selectFrom('events').selectAll().execute();
    expect(events).toMatchObject([
      {
        public_token: PUBLIC_TOKEN,
        event_name: 'sdk_instance_instantiated',
        details: JSON.stringify({
          event_callback_registered: false,
          error_callback_registered: false,
          success_callback_registered: false,
        }),
        created_at: START,
      },
    ]);
  });

  it('gives no password settings under the zxcvbn policy', async () => {
    const tab = await openSdkTab(await startProvider());
    expect(tab.client.bootstrap.getSync()).toMatchObject({
      projectName: 'Latchkey Playground',
      passwordConfig: null,
      // Every token that ends a redirect flow is bound to the browser that started it, by default.
      pkceRequiredForEmailMagicLinks: true,
      pkceRequiredForPasswordResets: true,
      pkceRequiredForOAuth: true,
    });
  });
});

describe('SDK one-time passcodes against the provider', () => {
  it('signs a new user in with an emailed passcode', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const snapshots: SessionSnapshot[] = [];
    tab.client.session.subscribe((snapshot) => snapshots.push(snapshot));

    const sent = await tab.client.otps.email.loginOrCreate('Ada@Example.com', { expiration_minutes: 5 });
    const email = await t.provider.database.db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
    expect(sent).toEqual({ request_id: expect.any(String), status_code: 200, method_id: email.email_id });
    expect(email).toMatchObject({ email: EMAIL, verified: 0 });
    const [message] = await t.inbox(EMAIL);
    expect(message).toMatchObject({ channel: 'email', codes: [expect.stringMatching(/^\d{6}$/)] });
    expect(snapshots).toEqual([]);

    const code = await t.lastCode(EMAIL);
    const answer = await tab.client.otps.authenticate(code, sent.method_id, { session_duration_minutes: 60 });
    const { row, token } = await expectSignedIn(t, tab);
    expect(answer).toEqual({
      request_id: expect.any(String),
      status_code: 200,
      method_id: email.email_id,
      user_id: email.user_id,
      session_token: token,
      session_jwt: tab.cookie('stytch_session_jwt')?.value,
      session: tab.client.session.getSync(),
      user: tab.client.user.getSync(),
    });
    expect(answer.session).toMatchObject({
      session_id: row.session_id,
      started_at: iso(START),
      expires_at: iso(START + 60 * 60_000),
      authentication_factors: [emailFactor('otp', email.email_id, EMAIL, START)],
    });
    expect(answer.user.emails).toEqual([{ email_id: email.email_id, email: EMAIL, verified: true }]);
    expect(snapshots).toEqual([{ session: answer.session, user: answer.user, fromCache: false }]);
    const codes = await t.provider.database.db.selectFrom('otp_codes').selectAll().execute();
    expect(codes).toMatchObject([{ method_id: email.email_id, consumed_at: START, failed_attempts: 1 }]);
  });

  it("refuses a wrong passcode with 'Invalid passcode, please try again.' and keeps the user signed out", async () => {
    const t = await startProvider();
    const { tab, method_id, code, before } = await passcodeSent(t);

    const error = await rejectionOf(
      tab.client.otps.authenticate(otherCode(code), method_id, { session_duration_minutes: 60 }),
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status_code: 404,
      error_type: 'otp_code_not_found',
      error_message: 'Invalid passcode, please try again.',
    });
    expect((error as APIError).message.split('\n').slice(0, 2)).toEqual([
      '[404] otp_code_not_found',
      'Invalid passcode, please try again.',
    ]);
    expectSignedOut(tab);
    const after = await rows(t);
    // The guess is counted against the code and the user; nothing else changes.
    expect(after.codes).toEqual(before.codes.map((row) => ({ ...row, failed_attempts: 1 })));
    expect(after.failures).toEqual([
      { failure_id: expect.any(String), user_id: before.users[0]?.user_id, created_at: START },
    ]);
    expect({ ...after, codes: [], failures: [] }).toEqual({ ...before, codes: [], failures: [] });

    // The right code still works after one wrong guess.
    await tab.client.otps.authenticate(code, method_id, { session_duration_minutes: 60 });
    await expectSignedIn(t, tab);
  });

  /**
   * Signs a new user in with a passcode sent over `channel` to `phone`, for a 30-minute session, asserting the
   * message's channel, the user's verified phone number and the session's factor. Returns the answer.
   */
  async function signInByPhone(
    t: TestProvider,
    channel: 'sms' | 'whatsapp',
    phone: string,
    expirationMinutes?: number,
  ) {
    const tab = await openSdkTab(t);
    const options = expirationMinutes === undefined ? undefined : { expiration_minutes: expirationMinutes };
    const { method_id } = await tab.client.otps[channel].loginOrCreate(phone, options);
    const [message] = await t.inbox(phone);
    expect(message).toMatchObject({ channel, codes: [expect.stringMatching(/^\d{6}$/)] });

    const answer = await tab.client.otps.authenticate(await t.lastCode(phone), method_id, {
      session_duration_minutes: 30,
    });
    await expectSignedIn(t, tab);
    expect(answer.user.phone_numbers).toEqual([{ phone_id: method_id, phone_number: phone, verified: true }]);
    expect(answer.session.authentication_factors).toEqual([phoneFactor(channel, method_id, phone, START)]);
    return answer;
  }

  it('signs a new user in with a texted passcode', async () => {
    const answer = await signInByPhone(await startProvider(), 'sms', '+14155550123', 5);
    expect(answer.user.emails).toEqual([]);
    expect(answer.session.expires_at).toBe(iso(START + 30 * 60_000));
  });

  it('signs a new user in with a WhatsApp passcode', async () => {
    await signInByPhone(await startProvider(), 'whatsapp', '+447700900123');
  });
});

describe('SDK schema errors from the provider', () => {
  it('surfaces an option the SDK lets through but the provider refuses as APISchemaError, sending nothing', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const before = await rows(t);

    const error = await rejectionOf(tab.client.otps.email.loginOrCreate(EMAIL, { expiration_minutes: 0 }));
    expect(error).toBeInstanceOf(APISchemaError);
    const issues = (error as APISchemaError).issues;
    expect(issues).toEqual([{ dataPath: '.expiration_minutes', message: expect.any(String) }]);
    expect((error as APISchemaError).message).toBe(
      `Request does not match expected schema\n.expiration_minutes: ${issues[0]?.message}`,
    );
    expect(await rows(t)).toEqual(before);
  });

  it('refuses a session duration under five minutes by schema without consuming the passcode', async () => {
    const t = await startProvider();
    const { tab, method_id, code, before } = await passcodeSent(t);

    const error = await rejectionOf(tab.client.otps.authenticate(code, method_id, { session_duration_minutes: 1 }));
    expect(error).toBeInstanceOf(APISchemaError);
    expect((error as APISchemaError).issues).toEqual([
      { dataPath: '.session_duration_minutes', message: expect.any(String) },
    ]);
    expect((error as APISchemaError).message.split('\n')[0]).toBe('Request does not match expected schema');
    expectSignedOut(tab);
    expect(await rows(t)).toEqual(before);

    await tab.client.otps.authenticate(code, method_id, { session_duration_minutes: 5 });
    await expectSignedIn(t, tab);
  });
});
