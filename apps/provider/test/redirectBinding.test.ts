// Issue 25, findings 3 and 8 (second half): every token that ends a redirect flow in the app (social sign-in, One
// Tap, magic link, password reset) is bound to the browser that started the flow, with the project's DEFAULT
// configuration. An attacker completes a flow as themselves, stops at the app URL or the emailed link and sends it
// to the victim, whose browser (another SDK storage) must be refused and signed in to nothing (login CSRF). And the
// OAuth callback replayed from another browser is refused without using up the owner's transaction.
import { APIError } from '@latchkey/sdk';
import { describe, expect, it } from 'vitest';
import { OTHER_BROWSER_SIGN_IN } from '../src/products/oauth/routes';
import { REDIRECT_URL, startProvider, type TestProvider, tokenOf } from '../testing/harness';
import { CookieJar, completeAtDevelopmentUpstream, requestDevelopmentGoogleCredential } from '../testing/oauthUpstream';
import { expectSignedIn, expectSignedOut, openSdkTab, rejectionOf, type SdkTab } from '../testing/sdkClient';
import { expectError } from './expectError';
import { getStart, oauthAuthenticate, pkcePair, providerFetch, startUrl, tokenOfAppUrl } from './oauthSteps';

const ATTACKER = { email: 'mallory@example.com', name: 'Mallory Attacker' };
const VICTIM_EMAIL = 'victim@example.com';
const PASSWORD = 'dragonfly-marmalade-41';
const OTHER_BROWSER_LINK =
  'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.';

/** The URL the SDK last navigated the tab to. */
function lastNavigation(tab: SdkTab): string {
  const url = tab.browser.navigations.at(-1);
  if (url === undefined) throw new Error('The SDK did not navigate');
  return url;
}

async function sessionRows(t: TestProvider) {
  return t.provider.database.db.selectFrom('sessions').selectAll().execute();
}

/** The victim's browser refuses `promise` with pkce_mismatch and `message`, holds no session, and none was made. */
async function expectRefusedAsOtherBrowser(
  t: TestProvider,
  victim: SdkTab,
  promise: Promise<unknown>,
  message: string,
): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(APIError);
  expect(error).toMatchObject({ status_code: 400, error_type: 'pkce_mismatch', error_message: message });
  expectSignedOut(victim);
  expect(await sessionRows(t)).toEqual([]);
}

describe('login CSRF by token injection is refused with the default configuration', () => {
  it("social sign-in: the attacker's app URL opened in the victim's browser signs nobody in", async () => {
    const t = await startProvider();
    const attacker = await openSdkTab(t);
    await attacker.client.oauth.google.start({ login_redirect_url: REDIRECT_URL, signup_redirect_url: REDIRECT_URL });
    const start = new URL(lastNavigation(attacker));
    // The attacker signs in at the upstream as themselves and stops at the app URL.
    const appUrl = await completeAtDevelopmentUpstream(start.href, ATTACKER, { fetch: providerFetch(t) });

    const victim = await openSdkTab(t);
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.authenticateByUrl({ session_duration_minutes: 60 }, appUrl.href),
      OTHER_BROWSER_SIGN_IN,
    );
    // A victim who started a social sign-in of their own holds a verifier, but not this one.
    await victim.client.oauth.github.start();
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.oauth.authenticate(tokenOfAppUrl(appUrl), { session_duration_minutes: 60 }),
      OTHER_BROWSER_SIGN_IN,
    );

    expect(start.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A start without a challenge (an attacker building the URL by hand) is refused before anything is stored.
    expectError(
      await responseJson(await getStart(t, startUrl('google', { code_challenge: null }))),
      400,
      'missing_pkce',
    );
    // The browser that started can still finish: the refusals used nothing up.
    await attacker.client.authenticateByUrl({ session_duration_minutes: 60 }, appUrl.href);
    await expectSignedIn(t, attacker);
  });

  it("Google One Tap: the attacker's redirect URL opened in the victim's browser signs nobody in", async () => {
    const t = await startProvider();
    const attacker = await openSdkTab(t);
    const { nonce } = await attacker.client.oauth.googleOneTap.start({ login_redirect_url: REDIRECT_URL });
    const fetch = (request: Request) => t.provider.fetch(request, { remoteAddress: '127.0.0.1' });
    const credential = await requestDevelopmentGoogleCredential(ATTACKER, { nonce, fetch });
    const { redirect_url } = await attacker.client.oauth.googleOneTap.submit(
      { credential, nonce },
      { navigate: false },
    );

    const victim = await openSdkTab(t);
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.authenticateByUrl({ session_duration_minutes: 60 }, redirect_url),
      OTHER_BROWSER_SIGN_IN,
    );
    // A submit without a challenge is refused: its token would be bound to no browser.
    const again = await attacker.client.oauth.googleOneTap.start({ login_redirect_url: REDIRECT_URL });
    const raw = await t.post('/oauth/google/onetap/submit', {
      credential: await requestDevelopmentGoogleCredential(ATTACKER, { nonce: again.nonce, fetch }),
      nonce: again.nonce,
    });
    expectError(raw, 400, 'missing_pkce');
    await attacker.client.authenticateByUrl({ session_duration_minutes: 60 }, redirect_url);
    await expectSignedIn(t, attacker);
  });

  it("magic link: the attacker's link opened in the victim's browser signs nobody in", async () => {
    const t = await startProvider();
    const attacker = await openSdkTab(t);
    await attacker.client.magicLinks.email.loginOrCreate(ATTACKER.email, { login_magic_link_url: REDIRECT_URL });
    const link = await t.lastLink(ATTACKER.email);

    const victim = await openSdkTab(t);
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.authenticateByUrl({ session_duration_minutes: 60 }, link),
      OTHER_BROWSER_LINK,
    );
    // A victim who asked for a link of their own holds a verifier, but not this one.
    await victim.client.magicLinks.email.loginOrCreate(VICTIM_EMAIL, { login_magic_link_url: REDIRECT_URL });
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 60 }),
      OTHER_BROWSER_LINK,
    );
    // A send without a challenge is refused: its link would be bound to no browser.
    expectError(await t.post('/magic_links/email/login_or_create', { email: ATTACKER.email }), 400, 'missing_pkce');
    // The browser that asked can still use its link.
    await attacker.client.authenticateByUrl({ session_duration_minutes: 60 }, link);
    await expectSignedIn(t, attacker);
  });

  it("password reset: the attacker's reset and log-in links opened in the victim's browser set and sign in nothing", async () => {
    const t = await startProvider();
    const attacker = await openSdkTab(t);
    await attacker.client.passwords.create({ email: ATTACKER.email, password: PASSWORD, session_duration_minutes: 60 });
    await attacker.client.session.revoke();
    await t.provider.database.db.deleteFrom('sessions').execute();
    const before = await t.provider.database.db.selectFrom('passwords').selectAll().execute();
    await attacker.client.passwords.resetByEmailStart({
      email: ATTACKER.email,
      reset_password_redirect_url: REDIRECT_URL,
      login_redirect_url: REDIRECT_URL,
    });
    const resetLink = await t.lastLink(ATTACKER.email, 'stytch_token_type=reset_password');
    const loginLink = await t.lastLink(ATTACKER.email, 'stytch_token_type=login');

    const victim = await openSdkTab(t);
    // The landing page shows the new-password form (nothing is redeemed yet) ...
    expect(await victim.client.authenticateByUrl({ session_duration_minutes: 60 }, resetLink)).toMatchObject({
      tokenType: 'reset_password',
      handled: false,
    });
    // ... whose submit is refused: no password of the attacker's account is set from the victim's browser.
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.passwords.resetByEmail({
        token: tokenOf(resetLink),
        password: 'a-brand-new-passphrase-77',
        session_duration_minutes: 60,
      }),
      OTHER_BROWSER_LINK,
    );
    // 'Login without a password' with the reset token, and the email's log-in link: refused alike.
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.magicLinks.authenticate(tokenOf(resetLink), { session_duration_minutes: 60 }),
      OTHER_BROWSER_LINK,
    );
    await expectRefusedAsOtherBrowser(
      t,
      victim,
      victim.client.authenticateByUrl({ session_duration_minutes: 60 }, loginLink),
      OTHER_BROWSER_LINK,
    );
    expect(await t.provider.database.db.selectFrom('passwords').selectAll().execute()).toEqual(before);
    // A reset start without a challenge is refused.
    expectError(await t.post('/passwords/email/reset/start', { email: ATTACKER.email }), 400, 'missing_pkce');
    // The browser that asked can still reset.
    await attacker.client.passwords.resetByEmail({
      token: tokenOf(resetLink),
      password: 'a-brand-new-passphrase-77',
      session_duration_minutes: 60,
    });
    await expectSignedIn(t, attacker);
  });
});

describe('the OAuth callback checks the browser binding before it uses the transaction up', () => {
  it('refuses the callback URL replayed from another browser, and the browser that started still finishes', async () => {
    const t = await startProvider();
    const forward = providerFetch(t);
    const pkce = pkcePair();
    const owner = new CookieJar();
    let replayed: Response | null = null;
    const appUrl = await completeAtDevelopmentUpstream(
      startUrl('google', { code_challenge: pkce.challenge }),
      ATTACKER,
      {
        cookies: owner,
        fetch: async (request) => {
          if (new URL(request.url).pathname.endsWith('/oauth/callback') && replayed === null) {
            // Someone else gets the callback URL first (another browser: another binding cookie, or none).
            const headers = new Headers(request.headers);
            headers.set('cookie', 'latchkey_oauth_binding=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
            replayed = await forward(new Request(request.url, { headers }));
            const bare = await forward(new Request(request.url));
            expect(bare.status).toBe(302);
          }
          return forward(request);
        },
      },
    );
    // The other browser got an error token, nothing else.
    const other = replayed as unknown as Response;
    expect(other.status).toBe(302);
    const otherToken = tokenOfAppUrl(new URL(other.headers.get('location') as string));
    const refused = await oauthAuthenticate(t, otherToken);
    expect(refused.json).toMatchObject({
      error_type: 'oauth_flow_callback_error',
      error_message: expect.stringContaining('(state mismatch: the sign-in was started in another browser)'),
    });
    // The owner's own callback (after the replays) completed the sign-in.
    const response = await oauthAuthenticate(t, tokenOfAppUrl(appUrl), { codeVerifier: pkce.verifier });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json.data.user.emails[0].email).toBe(ATTACKER.email);
  });

  it('uses the transaction up once the right browser calls back: a replay there answers the 400 page', async () => {
    const t = await startProvider();
    const forward = providerFetch(t);
    const owner = new CookieJar();
    let callback: Request | null = null;
    await completeAtDevelopmentUpstream(startUrl('google', { code_challenge: pkcePair().challenge }), ATTACKER, {
      cookies: owner,
      fetch: (request) => {
        if (new URL(request.url).pathname.endsWith('/oauth/callback')) callback = request.clone();
        return forward(request);
      },
    });
    const replay = await forward(callback as unknown as Request);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('location')).toBeNull();
  });
});

async function responseJson(response: Response): Promise<{ status: number; json: any }> {
  return { status: response.status, json: await response.json() };
}
