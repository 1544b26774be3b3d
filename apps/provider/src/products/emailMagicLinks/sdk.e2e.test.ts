// End to end: the real @latchkey/sdk against the real provider (in-process) for email magic links: the plain
// flow, a used link, the SDK's own PKCE pair, and coming back to a page whose URL carries the token.
import { createHash } from 'node:crypto';
import { APIError, APISchemaError } from '@latchkey/sdk';
import { describe, expect, it } from 'vitest';
import { emailFactor } from '../../../test/authenticateResponse';
import {
  iso,
  PUBLIC_TOKEN,
  REDIRECT_URL,
  START,
  startProvider,
  type TestProvider,
  tokenOf,
} from '../../../testing/harness';
import { expectSignedIn, expectSignedOut, openSdkTab, rejectionOf } from '../../../testing/sdkClient';

const EMAIL = 'ada@example.com';
const LINK = /^http:\/\/localhost:5173\/authenticate\?stytch_token_type=magic_links&token=[A-Za-z0-9_-]{43}$/;
const PKCE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:magic_links`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function tokenRows(t: TestProvider) {
  return t.provider.database.db.selectFrom('email_tokens').selectAll().orderBy('token_id').execute();
}

describe('SDK magic links against the provider', () => {
  it('signs a new user in with the emailed link, and refuses the same link a second time', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const sent = await tab.client.magicLinks.email.loginOrCreate(EMAIL, {
      login_magic_link_url: REDIRECT_URL,
      signup_magic_link_url: REDIRECT_URL,
    });
    expect(sent).toEqual({ request_id: expect.any(String), status_code: 200 });
    const link = await t.lastLink(EMAIL);
    expect(link).toMatch(LINK);
    // The project binds links to the browser that asked (the default): the SDK sends its pair's challenge.
    const pair = JSON.parse(tab.browser.values.get(PKCE_KEY) ?? 'null');
    expect(tab.requests.at(-1)).toMatchObject({
      path: '/magic_links/email/login_or_create',
      body: {
        email: EMAIL,
        login_magic_link_url: REDIRECT_URL,
        signup_magic_link_url: REDIRECT_URL,
        code_challenge: pair.code_challenge,
      },
      status: 200,
    });

    const answer = await tab.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 60 });
    const { row } = await expectSignedIn(t, tab);
    expect(answer.method_id).toBe(answer.user.emails[0]?.email_id);
    expect(answer.user.emails).toEqual([{ email_id: answer.method_id, email: EMAIL, verified: true }]);
    expect(answer.session).toMatchObject({
      session_id: row.session_id,
      expires_at: iso(START + 60 * 60_000),
      authentication_factors: [emailFactor('magic_link', answer.method_id, EMAIL, START)],
    });
    expect(await tokenRows(t)).toMatchObject([
      { kind: 'magic_link', consumed_at: START, code_challenge: pair.code_challenge },
    ]);

    const before = await t.provider.database.db.selectFrom('sessions').selectAll().execute();
    const error = await rejectionOf(
      tab.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 60 }),
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status_code: 401,
      error_type: 'unable_to_auth_magic_link',
      error_message: 'The magic link could not be authenticated because it was either already used or expired.',
    });
    // A refused link is not a session problem: the user stays signed in, nothing changed.
    expect(tab.client.session.getSync()).toEqual(answer.session);
    expect(await t.provider.database.db.selectFrom('sessions').selectAll().execute()).toEqual(before);
  });

  it('refuses an option the SDK spreads into the body when its type is wrong, as a schema error', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    // The SDK copies unknown options into the body as they are; the provider types them.
    const options = { login_magic_link_url: REDIRECT_URL, create_user_as_pending: 'yes' } as { locale?: string };
    const error = await rejectionOf(tab.client.magicLinks.email.loginOrCreate(EMAIL, options));
    expect(error).toBeInstanceOf(APISchemaError);
    expect((error as APISchemaError).issues).toEqual([
      { dataPath: '.create_user_as_pending', message: expect.any(String) },
    ]);
    expect((error as APISchemaError).message.split('\n')[0]).toBe('Request does not match expected schema');
    expect(await tokenRows(t)).toEqual([]);
    expect(await t.provider.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await t.inbox(EMAIL)).toEqual([]);
  });

  it("uses the SDK's own PKCE pair end to end (the default), and another browser gets the clear refusal", async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    expect(tab.client.bootstrap.getSync().pkceRequiredForEmailMagicLinks).toBe(true);
    await tab.client.magicLinks.email.loginOrCreate(EMAIL, { login_magic_link_url: REDIRECT_URL });
    const pair = JSON.parse(tab.browser.values.get(PKCE_KEY) ?? 'null');
    expect(pair).toEqual({
      code_verifier: expect.stringMatching(/^[0-9a-f]{128}$/),
      code_challenge: expect.any(String),
    });
    expect(pair.code_challenge).toBe(s256(pair.code_verifier));
    expect(tab.requests.at(-1)?.body).toMatchObject({ code_challenge: pair.code_challenge });
    expect(await tokenRows(t)).toMatchObject([{ code_challenge: pair.code_challenge, consumed_at: null }]);
    const link = await t.lastLink(EMAIL);

    // The same link opened in another browser has no verifier: refused, and the link stays usable.
    const elsewhere = await openSdkTab(t);
    const error = await rejectionOf(
      elsewhere.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 60 }),
    );
    expect(error).toMatchObject({
      status_code: 400,
      error_type: 'pkce_mismatch',
      error_message:
        'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.',
    });
    expectSignedOut(elsewhere);
    expect(await tokenRows(t)).toMatchObject([{ consumed_at: null }]);

    await tab.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 60 });
    expect(tab.requests.at(-1)).toMatchObject({
      path: '/magic_links/authenticate',
      body: { token: tokenOf(link), session_duration_minutes: 60, code_verifier: pair.code_verifier },
      status: 200,
    });
    await expectSignedIn(t, tab);
    // The pair is used once: the SDK forgets it after the provider accepted it.
    expect(tab.browser.values.has(PKCE_KEY)).toBe(false);
    expect(await tokenRows(t)).toMatchObject([{ consumed_at: START }]);
  });

  it('falls back from a pending password-reset verifier to the magic-link one on a PKCE refusal', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    await tab.client.passwords.create({
      email: EMAIL,
      password: 'dragonfly-marmalade-41',
      session_duration_minutes: 60,
    });
    await tab.client.session.revoke();
    // A reset was started and abandoned: its verifier is still stored when the user asks for a magic link.
    await tab.client.passwords.resetByEmailStart({ email: EMAIL, reset_password_redirect_url: REDIRECT_URL });
    const resetPair = tab.browser.values.get(`stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:passwords`);
    await tab.client.magicLinks.email.loginOrCreate(EMAIL, { login_magic_link_url: REDIRECT_URL });
    const pair = JSON.parse(tab.browser.values.get(PKCE_KEY) ?? 'null');
    const link = await t.lastLink(EMAIL, 'stytch_token_type=magic_links');

    await tab.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 60 });
    const attempts = tab.requests.filter((request) => request.path === '/magic_links/authenticate');
    expect(attempts).toEqual([
      {
        method: 'POST',
        path: '/magic_links/authenticate',
        body: {
          token: tokenOf(link),
          session_duration_minutes: 60,
          code_verifier: JSON.parse(resetPair ?? 'null').code_verifier,
        },
        status: 400,
      },
      {
        method: 'POST',
        path: '/magic_links/authenticate',
        body: { token: tokenOf(link), session_duration_minutes: 60, code_verifier: pair.code_verifier },
        status: 200,
      },
    ]);
    await expectSignedIn(t, tab);
    // Only the verifier the provider accepted is forgotten; the reset link can still be finished later.
    expect(tab.browser.values.has(PKCE_KEY)).toBe(false);
    expect(tab.browser.values.get(`stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:passwords`)).toBe(resetPair);
  });

  it('signs in the tab the emailed link opens, through authenticateByUrl, and tells the other tab', async () => {
    const t = await startProvider();
    const first = await openSdkTab(t);
    await first.client.magicLinks.email.loginOrCreate(EMAIL, { login_magic_link_url: REDIRECT_URL });
    const link = await t.lastLink(EMAIL);
    expect(first.client.parseAuthenticateUrl(link)).toEqual({ tokenType: 'magic_links', token: tokenOf(link) });

    // Clicking the link opens a new tab of the same browser on that URL: it shares storage (the verifier).
    const opened = await openSdkTab(t, { browser: first.browser, href: link });
    const result = await opened.client.authenticateByUrl({ session_duration_minutes: 60 });
    expect(result).toMatchObject({ tokenType: 'magic_links', token: tokenOf(link), handled: true });
    expect(first.browser.replacedUrls).toEqual([REDIRECT_URL]);
    const { row } = await expectSignedIn(t, opened);
    expect(result?.handled && result.data).toMatchObject({ session: { session_id: row.session_id } });

    await first.settled();
    expect(first.client.session.getSync()).toEqual(opened.client.session.getSync());
    expect(first.client.user.getSync()).toEqual(opened.client.user.getSync());
    await expectSignedIn(t, first);
    // A page without a token is not an error: nothing to do.
    expect(await first.client.authenticateByUrl({ session_duration_minutes: 60 })).toBeNull();
  });
});
