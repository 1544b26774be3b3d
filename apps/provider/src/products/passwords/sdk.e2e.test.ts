// End to end: the real @latchkey/sdk against the real provider (in-process) for passwords: strength check,
// sign-up and sign-in, and the three resets, each of which signs out the user's other browsers.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID } from '../../../test/expectError';
import { expectedLuds, strengthResult } from '../../../test/strengthResult';
import {
  iso,
  PUBLIC_TOKEN,
  REDIRECT_URL,
  START,
  startProvider,
  type TestProvider,
  tokenOf,
} from '../../../testing/harness';
import {
  expectRefusedSignedOut,
  expectSignedIn,
  expectSignedOut,
  openSdkTab,
  type SdkTab,
} from '../../../testing/sdkClient';

const EMAIL = 'ada@example.com';
const PASSWORD = 'dragonfly-marmalade-41';
const NEW_PASSWORD = 'quiet-lantern-zebra-97';
const PKCE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:passwords`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A user with a password, signed in through `passwords.create` in a tab of its own browser. */
async function signedUp(t: TestProvider): Promise<SdkTab> {
  const tab = await openSdkTab(t);
  await tab.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
  return tab;
}

/** The same user signed in with `password` in another browser: the session a reset must end. */
async function signedInElsewhere(t: TestProvider, password = PASSWORD): Promise<SdkTab> {
  const tab = await openSdkTab(t);
  await tab.client.passwords.authenticate({ email: EMAIL, password, session_duration_minutes: 60 });
  await expectSignedIn(t, tab);
  return tab;
}

/** `tab`'s next session check is refused because its session was revoked, and the SDK signs it out. */
async function expectLoggedOutOnNextCheck(tab: SdkTab): Promise<void> {
  await expectRefusedSignedOut(tab, tab.client.session.authenticate(), {
    status_code: 404,
    error_type: 'session_not_found',
    error_message: 'Session not found.',
  });
}

/** A fresh browser cannot sign in with `password`. */
async function expectPasswordRefused(t: TestProvider, password: string): Promise<void> {
  const tab = await openSdkTab(t);
  await expectRefusedSignedOut(
    tab,
    tab.client.passwords.authenticate({ email: EMAIL, password, session_duration_minutes: 60 }),
    { status_code: 401, error_type: 'unauthorized_credentials', error_message: 'Unauthorized credentials.' },
  );
}

describe('SDK passwords against the provider', () => {
  it('checks strength under the LUDS policy and under zxcvbn', async () => {
    const luds = await openSdkTab(
      await startProvider({ project: { passwordPolicy: { type: 'luds', complexity: 3, minimumCount: 10 } } }),
    );
    const missing = expectedLuds({ digit: true, lower: true }, { characters: 4, complexity: 1 });
    expect(await luds.client.passwords.strengthCheck({ email: EMAIL, password: 'qzvk71' })).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      ...strengthResult('luds', false, missing),
    });
    expect(await luds.client.passwords.strengthCheck({ password: 'Abcdefgh12' })).toMatchObject({
      valid_password: true,
      strength_policy: 'luds',
      feedback: { luds_requirements: { missing_characters: 0, missing_complexity: 0 } },
    });

    const zxcvbn = await openSdkTab(await startProvider());
    expect(await zxcvbn.client.passwords.strengthCheck({ email: EMAIL, password: 'password' })).toMatchObject({
      valid_password: false,
      score: 0,
      breached_password: true,
      strength_policy: 'zxcvbn',
      feedback: {
        warning:
          'This password may have been used on a different site that experienced a security issue. Please choose another password.',
      },
    });
    expect(await zxcvbn.client.passwords.strengthCheck({ email: EMAIL, password: PASSWORD })).toMatchObject({
      valid_password: true,
      score: expect.any(Number),
      strength_policy: 'zxcvbn',
    });
  });

  it('creates a user, signs out, refuses a wrong password and signs in with the right one', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const created = await tab.client.passwords.create({
      email: EMAIL,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const first = await expectSignedIn(t, tab);
    expect(created.email_id).toBe(created.user.emails[0]?.email_id);
    expect(created.user.password).toEqual({ password_id: expect.any(String), requires_reset: false });
    expect(created.session).toMatchObject({
      expires_at: iso(START + 60 * 60_000),
      authentication_factors: [{ type: 'password', delivery_method: 'knowledge', last_authenticated_at: iso(START) }],
    });
    const stored = await t.provider.database.db.selectFrom('passwords').selectAll().executeTakeFirstOrThrow();
    expect(stored.hash).toMatch(/^\$argon2id\$/);
    expect(stored.hash).not.toContain(PASSWORD);

    await tab.client.session.revoke();
    expectSignedOut(tab);

    await expectRefusedSignedOut(
      tab,
      tab.client.passwords.authenticate({ email: EMAIL, password: NEW_PASSWORD, session_duration_minutes: 60 }),
      { status_code: 401, error_type: 'unauthorized_credentials', error_message: 'Unauthorized credentials.' },
    );

    await tab.client.passwords.authenticate({ email: EMAIL, password: PASSWORD, session_duration_minutes: 30 });
    const second = await expectSignedIn(t, tab);
    expect(second.row.session_id).not.toBe(first.row.session_id);
    expect(second.row.user_id).toBe(first.row.user_id);
  });

  it('resets by email from the emailed link, which signs out the other browser', async () => {
    const t = await startProvider();
    const tab = await signedUp(t);
    await tab.client.session.revoke();
    const other = await signedInElsewhere(t);

    await tab.client.passwords.resetByEmailStart({
      email: EMAIL,
      reset_password_redirect_url: REDIRECT_URL,
      login_redirect_url: REDIRECT_URL,
    });
    const [message] = await t.inbox(EMAIL);
    expect(message?.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost:5173\/authenticate\?stytch_token_type=reset_password&token=/),
      expect.stringMatching(/^http:\/\/localhost:5173\/authenticate\?stytch_token_type=login&token=/),
    ]);
    const resetLink = message?.links[0] ?? '';
    // The page the link opens gets the token back unconsumed: the new password comes first.
    const page = await openSdkTab(t, { browser: tab.browser, href: resetLink });
    expect(await page.client.authenticateByUrl({ session_duration_minutes: 60 })).toEqual({
      tokenType: 'reset_password',
      token: tokenOf(resetLink),
      handled: false,
    });

    await page.client.passwords.resetByEmail({
      token: tokenOf(resetLink),
      password: NEW_PASSWORD,
      session_duration_minutes: 60,
    });
    await expectSignedIn(t, page);
    await expectLoggedOutOnNextCheck(other);
    await expectPasswordRefused(t, PASSWORD);
    await signedInElsewhere(t, NEW_PASSWORD);
  });

  it("resets by email with the SDK's PKCE pair, and the email's log-in link signs in as a magic link", async () => {
    const t = await startProvider();
    const tab = await signedUp(t);
    await tab.client.session.revoke();

    await tab.client.passwords.resetByEmailStart({ email: EMAIL, reset_password_redirect_url: REDIRECT_URL });
    const pair = JSON.parse(tab.browser.values.get(PKCE_KEY) ?? 'null');
    expect(pair.code_challenge).toBe(s256(pair.code_verifier));
    expect(tab.requests.at(-1)?.body).toMatchObject({ code_challenge: pair.code_challenge });
    const resetLink = await t.lastLink(EMAIL, 'stytch_token_type=reset_password');

    await tab.client.passwords.resetByEmail({
      token: tokenOf(resetLink),
      password: NEW_PASSWORD,
      session_duration_minutes: 60,
    });
    expect(tab.requests.at(-1)).toMatchObject({
      path: '/passwords/email/reset',
      body: { code_verifier: pair.code_verifier },
      status: 200,
    });
    await expectSignedIn(t, tab);
    expect(tab.browser.values.has(PKCE_KEY)).toBe(false);

    // A second reset email, this time used through its "log in without a password" link.
    await tab.client.session.revoke();
    await tab.client.passwords.resetByEmailStart({ email: EMAIL, reset_password_redirect_url: REDIRECT_URL });
    const second = JSON.parse(tab.browser.values.get(PKCE_KEY) ?? 'null');
    const loginLink = await t.lastLink(EMAIL, 'stytch_token_type=login');
    expect(tab.client.parseAuthenticateUrl(loginLink)).toEqual({ tokenType: 'login', token: tokenOf(loginLink) });
    const answer = await tab.client.magicLinks.authenticate(tokenOf(loginLink), { session_duration_minutes: 60 });
    expect(tab.requests.at(-1)).toMatchObject({
      path: '/magic_links/authenticate',
      body: { code_verifier: second.code_verifier },
      status: 200,
    });
    await expectSignedIn(t, tab);
    expect(answer.session.authentication_factors).toMatchObject([{ type: 'magic_link', delivery_method: 'email' }]);
    expect(tab.browser.values.has(PKCE_KEY)).toBe(false);
  });

  it('resets with the existing password, keeping this browser signed in (on a new session) and signing out the other', async () => {
    const t = await startProvider();
    const tab = await signedUp(t);
    const before = await expectSignedIn(t, tab);
    const other = await signedInElsewhere(t);

    t.clock.advance(60_000);
    await tab.client.passwords.resetByExistingPassword({
      email: EMAIL,
      existing_password: PASSWORD,
      new_password: NEW_PASSWORD,
      session_duration_minutes: 120,
    });
    // The reset never keeps the session the browser carried (it may be a stolen one planted there): the SDK holds the
    // new session it answered, and the old one is revoked with every other.
    const after = await expectSignedIn(t, tab);
    expect(after.row.session_id).not.toBe(before.row.session_id);
    expect(after.token).not.toBe(before.token);
    expect(after.row.expires_at).toBe(START + 60_000 + 120 * 60_000);
    const old = await t.provider.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('session_id', '=', before.row.session_id)
      .executeTakeFirstOrThrow();
    expect(old.revoked_at).toBe(START + 60_000);
    await expectLoggedOutOnNextCheck(other);
    await expectPasswordRefused(t, PASSWORD);
    await signedInElsewhere(t, NEW_PASSWORD);
  });

  it('resets from the session, keeping it and signing out the other browser', async () => {
    const t = await startProvider();
    const tab = await signedUp(t);
    const before = await expectSignedIn(t, tab);
    const other = await signedInElsewhere(t);

    const answer = await tab.client.passwords.resetBySession({ password: NEW_PASSWORD, session_duration_minutes: 90 });
    const after = await expectSignedIn(t, tab);
    expect(answer.session.session_id).toBe(before.row.session_id);
    expect(after.row.expires_at).toBe(START + 90 * 60_000);
    await expectLoggedOutOnNextCheck(other);
    await expectPasswordRefused(t, PASSWORD);
    await signedInElsewhere(t, NEW_PASSWORD);
  });
});
