// The project as an identity provider, in Chromium, against `npm start`'s three servers: the demo relying party
// (apps/playground/relying-party, openid-client, on DEMO_RP_URL) sends the user to the playground's /oauth/authorize;
// the user signs in there (email passcode), allows or denies on the consent screen, and the demo app shows the ID
// token claims and the userinfo, or the `access_denied` it got. Also: a client that needs no consent goes straight
// through, a scope the user cannot grant shows in the collapsible box, the logout page's Yes and No, and the session
// page's connected apps with Revoke. axe-core on every new screen (the demo app's pages included).
import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_RP_URL } from './config';
import {
  checkA11y,
  E2E_WAIT_MS,
  expectSignedIn,
  expectSignedOut,
  lastCode,
  open,
  PLAYGROUND_URL,
  sessionStatus,
  test,
  typeCode,
  uniqueEmail,
  widget,
} from './support';

/** The demo clients' names (scripts/start.mjs) and the project's (the provider's default `project.name`). */
const DEMO_APP = 'Latchkey Demo App';
const PROJECT = 'Latchkey Playground';
const SIGN_IN = 'Sign in with Latchkey';
const SIGN_IN_TRUSTED = 'Sign in with Latchkey (trusted app, no consent)';
const SIGN_IN_INVOICES = 'Sign in with Latchkey and ask for invoices';

/** The identity provider's screen (`<IdentityProvider>`: consent or logout). */
function idp(page: Page) {
  return page.locator('[data-scope="identity-provider"][data-part="root"]');
}

/** Types `email` into the widget on the current page and the passcode from the development inbox. */
async function signInWithPasscode(page: Page, email: string): Promise<void> {
  const signIn = widget(page);
  await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
  await signIn.getByRole('button', { name: 'Continue' }).click();
  await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
  await typeCode(page, await lastCode(email));
  await expectSignedIn(page, email);
}

/** Signs a new user in on the playground (email passcode) and returns their address. */
async function signUp(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await open(page, '/?products=otp&methods=email');
  await signInWithPasscode(page, email);
  return email;
}

/** Opens the demo app and presses one of its sign-in buttons. */
async function startAtDemo(page: Page, button: string): Promise<void> {
  await page.goto(DEMO_RP_URL);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** Waits until the browser is on the demo app's page (after the round trip). */
async function backAtDemo(page: Page): Promise<void> {
  await page.waitForURL((url) => url.origin === DEMO_RP_URL && url.pathname === '/', { timeout: E2E_WAIT_MS });
}

/** The demo app's JSON block (`demo-claims` or `demo-userinfo`), parsed. */
async function demoJson(page: Page, testId: 'demo-claims' | 'demo-userinfo'): Promise<Record<string, unknown>> {
  return JSON.parse((await page.getByTestId(testId).textContent()) ?? 'null');
}

/** The consent screen's title for the demo app with standard scopes only. */
const CONSENT_TITLE = `Sign in to ${DEMO_APP} with ${PROJECT}`;

// Each test signs someone in and makes several round trips between three servers (about 20 to 35 s on a quiet
// machine): more time than the project's 60 s default, for a busy one.
describe('identity provider: the demo app signs in with Latchkey', { timeout: 150_000 }, () => {
  test('demo app → authorize → sign in → consent (Allow) → back in the demo app with the claims; the session page lists the app and revokes it', async ({
    page,
  }) => {
    const email = uniqueEmail('idp-allow');
    await page.goto(DEMO_RP_URL);
    await page.getByTestId('demo-state').getByText('You are not signed in to the demo app.').waitFor();
    await checkA11y(page, 'demo app (signed out)');

    await page.getByRole('button', { name: SIGN_IN, exact: true }).click();
    await page.waitForURL((url) => url.origin === PLAYGROUND_URL && url.pathname === '/oauth/authorize');
    const authorizeUrl = new URL(page.url());
    expect(authorizeUrl.searchParams.get('client_id')).toBe('latchkey-demo');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    // Nobody is signed in: the widget says so and shows the sign-in form, on this page, with the query kept.
    await idp(page)
      .locator('[data-scope="idp-consent"][data-part="sign-in-message"]')
      .getByText('No active session detected. Please log in to continue.')
      .waitFor();
    // The provider verified the client first: the sign-in step names the application that asks.
    await idp(page)
      .getByRole('heading', { name: `Sign in to continue to ${DEMO_APP}` })
      .waitFor();
    await widget(page).getByRole('textbox', { name: 'Email' }).waitFor();
    await checkA11y(page, '/oauth/authorize (signed out: the sign-in widget)');

    await signInWithPasscode(page, email);
    expect(new URL(page.url()).search).toBe(authorizeUrl.search);
    const consent = idp(page);
    await consent.getByRole('heading', { name: CONSENT_TITLE }).waitFor();
    await consent.getByText(`${DEMO_APP} is requesting to:`).waitFor();
    await consent.getByText('Verify your identity').waitFor();
    await consent.getByText("Maintain access to your data even when you're not actively using the app").waitFor();
    // One line per scope (email is not folded into profile), who is signed in, the app's domain and its policies.
    await consent.getByText('View your email address', { exact: true }).waitFor();
    await consent.getByText(`Signed in as ${email}`, { exact: true }).waitFor();
    await consent.getByRole('button', { name: 'Not you?' }).waitFor();
    expect(await consent.locator('[data-part="client-domain"]').textContent()).toBe(new URL(DEMO_RP_URL).host);
    expect(await consent.getByRole('link', { name: `${DEMO_APP}'s privacy policy` }).getAttribute('href')).toBe(
      `${DEMO_RP_URL}/privacy`,
    );
    expect(await consent.getByRole('link', { name: `${DEMO_APP}'s terms of service` }).getAttribute('href')).toBe(
      `${DEMO_RP_URL}/terms`,
    );
    await checkA11y(page, 'IDPConsent (standard scopes)');

    // 'Not you?' signs out and returns to the sign-in, which names the app; signing in again gets the consent back.
    await consent.getByRole('button', { name: 'Not you?' }).click();
    await idp(page)
      .getByRole('heading', { name: `Sign in to continue to ${DEMO_APP}` })
      .waitFor();
    await signInWithPasscode(page, email);
    await consent.getByRole('heading', { name: CONSENT_TITLE }).waitFor();

    await consent.getByRole('button', { name: 'Allow', exact: true }).click();
    await backAtDemo(page);
    await page.getByTestId('demo-state').getByText(`Signed in as ${email} through`).waitFor();
    const claims = await demoJson(page, 'demo-claims');
    expect(claims).toMatchObject({ aud: 'latchkey-demo', email, email_verified: true });
    expect(typeof claims.sub).toBe('string');
    expect(typeof claims.nonce).toBe('string');
    const userinfo = await demoJson(page, 'demo-userinfo');
    expect(userinfo).toMatchObject({ sub: claims.sub, email });
    expect(await page.getByTestId('demo-scope').textContent()).toContain('offline_access');
    expect(await page.getByTestId('demo-refresh').textContent()).toBe('issued (offline_access)');
    await checkA11y(page, 'demo app (signed in: claims and userinfo)');

    // The playground's session page lists the app the user allowed, with what it was granted.
    await open(page, '/session');
    const app = page.getByTestId('connected-app-latchkey-demo');
    await app.getByText(DEMO_APP, { exact: true }).waitFor();
    expect(await app.getByTestId('connected-app-scopes').textContent()).toContain('email');
    await checkA11y(page, '/session (connected apps)');
    await page.getByRole('button', { name: `Revoke ${DEMO_APP}` }).click();
    await page.getByTestId('connected-apps-empty').waitFor();
    await app.waitFor({ state: 'detached' });
    // Still gone after a reload: the provider deleted the grant.
    await page.reload();
    await page.getByTestId('connected-apps-empty').waitFor();

    // Revoked, the app has to ask again: the consent screen comes back for the same user.
    await page.goto(DEMO_RP_URL);
    await page.getByRole('button', { name: 'Sign out of the demo app only' }).click();
    await page.getByTestId('demo-notice').getByText('You are signed out of the demo app', { exact: false }).waitFor();
    await page.getByRole('button', { name: SIGN_IN, exact: true }).click();
    await idp(page).getByRole('heading', { name: CONSENT_TITLE }).waitFor();
  });

  test("Deny: 'Access to the application was denied.' and access_denied at the demo app", async ({ page }) => {
    await signUp(page, 'idp-deny');
    // The browser leaves for the demo app's callback as soon as the answer comes. Catch that navigation and answer
    // it with 204 No Content, which keeps the page where it is, so the denied text can be read; then follow the
    // same callback URL by hand.
    const held: { url: URL | null } = { url: null };
    await page.route(`${DEMO_RP_URL}/callback**`, async (route: Route) => {
      held.url = new URL(route.request().url());
      await route.fulfill({ status: 204 });
    });

    await startAtDemo(page, SIGN_IN);
    const consent = idp(page);
    await consent.getByRole('heading', { name: CONSENT_TITLE }).waitFor();
    await consent.getByRole('button', { name: 'Deny', exact: true }).click();
    await consent.getByText('Access to the application was denied.').waitFor();
    await checkA11y(page, 'IDPConsent (denied)');
    await expect.poll(() => held.url?.searchParams.get('error') ?? null).toBe('access_denied');
    expect(held.url?.searchParams.has('code')).toBe(false);

    await page.unroute(`${DEMO_RP_URL}/callback**`);
    await page.goto(held.url?.href ?? DEMO_RP_URL);
    await backAtDemo(page);
    await page.getByTestId('demo-error-code').getByText('access_denied', { exact: true }).waitFor();
    await page.getByTestId('demo-state').getByText('You are not signed in to the demo app.').waitFor();
    await checkA11y(page, 'demo app (access_denied)');
  });

  test('a client that needs no consent goes straight through', async ({ page }) => {
    const email = await signUp(page, 'idp-trusted');
    // The preflight's answer, read on its way to the page (the page leaves before its body could be read later).
    const preflight: { consentRequired?: boolean } = {};
    await page.route('**/sdk/v1/idp/oauth/authorize/start', async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { consent_required?: boolean } };
      preflight.consentRequired = body.data?.consent_required;
      await route.fulfill({ response });
    });
    const submitted = page.waitForRequest((request) => request.url().endsWith('/sdk/v1/idp/oauth/authorize/submit'));
    await startAtDemo(page, SIGN_IN_TRUSTED);
    // The provider said no consent is needed, and the page submitted by itself: nobody pressed Allow.
    expect((await submitted).postDataJSON()).toMatchObject({
      client_id: 'latchkey-demo-trusted',
      consent_granted: false,
    });
    await backAtDemo(page);
    expect(preflight.consentRequired).toBe(false);
    await page.getByTestId('demo-state').getByText(`Signed in as ${email} through`).waitFor();
    expect(await demoJson(page, 'demo-claims')).toMatchObject({ aud: 'latchkey-demo-trusted', email });
    expect(await demoJson(page, 'demo-userinfo')).toMatchObject({ email });
  });

  test('a scope the user cannot grant shows in the collapsible box and is not granted', async ({ page }) => {
    await signUp(page, 'idp-ungrantable');
    await startAtDemo(page, SIGN_IN_INVOICES);
    const consent = idp(page);
    // A custom scope is requested: the other title and header.
    await consent.getByRole('heading', { name: `${DEMO_APP} wants to access your ${PROJECT} account` }).waitFor();
    await consent.getByText(`Allow ${DEMO_APP} to:`).waitFor();
    await consent.getByText('Read your notes').waitFor();

    const summary = consent.getByText(
      `You do not have permissions to grant ${DEMO_APP} access to some of the requested scopes.`,
    );
    await summary.waitFor();
    const cannotGrant = consent.getByText(`You cannot grant ${DEMO_APP}'s request to:`);
    expect(await cannotGrant.isVisible()).toBe(false);
    await summary.click();
    await cannotGrant.waitFor();
    await consent.getByText('Read your invoices').waitFor();
    await checkA11y(page, 'IDPConsent (the ungrantable scopes box open)');

    await consent.getByRole('button', { name: 'Allow', exact: true }).click();
    await backAtDemo(page);
    const scope = (await page.getByTestId('demo-scope').textContent()) ?? '';
    expect(scope.split(' ')).toContain('read:notes');
    expect(scope.split(' ')).not.toContain('read:invoices');
  });

  test('logout: No keeps the Latchkey session, Yes ends it and returns to the demo app', async ({ page }) => {
    const email = await signUp(page, 'idp-logout');
    await startAtDemo(page, SIGN_IN_TRUSTED);
    await backAtDemo(page);
    await page.getByTestId('demo-state').getByText(`Signed in as ${email} through`).waitFor();

    // Without an ID token hint Latchkey asks first. No: still signed in to Latchkey.
    await page.getByRole('button', { name: 'Log out (Latchkey asks first)' }).click();
    await page.waitForURL((url) => url.origin === PLAYGROUND_URL && url.pathname === '/oauth/logout');
    const logout = idp(page);
    await logout.getByRole('heading', { name: 'Log out?' }).waitFor();
    await logout.getByText(`Are you sure you want to log out of your ${PROJECT} account?`).waitFor();
    await checkA11y(page, 'IDPConsent logout (Log out?)');
    await logout.getByRole('button', { name: 'No', exact: true }).click();
    await logout.getByText('You have not been logged out. You may close this page.').waitFor();
    // A way back: the demo app's site.
    expect(
      await logout.getByRole('link', { name: `Return to ${new URL(DEMO_RP_URL).host}` }).getAttribute('href'),
    ).toBe(`${DEMO_RP_URL}/`);
    await checkA11y(page, 'IDPConsent logout (declined)');
    await expectSignedIn(page, email);

    // Yes: the Latchkey session ends, and the browser is back at the demo app.
    await startAtDemo(page, SIGN_IN_TRUSTED);
    await backAtDemo(page);
    await page.getByRole('button', { name: 'Log out (Latchkey asks first)' }).click();
    await idp(page).getByRole('heading', { name: 'Log out?' }).waitFor();
    await idp(page).getByRole('button', { name: 'Yes', exact: true }).click();
    await backAtDemo(page);
    await page.getByTestId('demo-notice').getByText('You are logged out of Latchkey and of the demo app.').waitFor();
    await page.getByTestId('demo-state').getByText('You are not signed in to the demo app.').waitFor();
    await checkA11y(page, 'demo app (logged out)');
    await open(page, '/session');
    await expectSignedOut(page);
    await page.getByTestId('session-state').getByText('No active session.').waitFor();
  });

  test('logout with the ID token as a hint ends the session without asking', async ({ page }) => {
    const email = await signUp(page, 'idp-logout-hint');
    await startAtDemo(page, SIGN_IN_TRUSTED);
    await backAtDemo(page);
    await page.getByTestId('demo-state').getByText(`Signed in as ${email} through`).waitFor();
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await backAtDemo(page);
    await page.getByTestId('demo-notice').getByText('You are logged out of Latchkey and of the demo app.').waitFor();
    await open(page, '/');
    await expectSignedOut(page);
    expect(await sessionStatus(page).textContent()).toBe('Signed out');
  });
});

describe('the demo app', () => {
  test('sends a request on another host name to the same path on localhost, never to another site', async () => {
    const loopback = DEMO_RP_URL.replace('localhost', '127.0.0.1');
    for (const path of ['//evil.example/phish', '//evil.com//evil.example/phish', '/callback?next=//evil.example']) {
      const response = await fetch(`${loopback}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`${DEMO_RP_URL}${path}`);
    }
  });
});
