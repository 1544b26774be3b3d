// The authorization server's front door in Chromium, checked by a second strict relying-party library: oauth4webapi
// (the demo app, idp.e2e.ts, uses openid-client). The relying party lives in this test: it discovers the provider,
// builds each authorization and logout request itself and drives the browser through the playground's
// /oauth/authorize and /oauth/logout pages; the browser's arrival at the client's redirect URI is caught
// (page.route) and handed to oauth4webapi, which checks `state` and `iss` (RFC 9207) and the error, or redeems the
// code with the PKCE verifier and checks the ID token (nonce, auth_time against max_age).
//
// Covered: errors after the redirect URI is verified come back to the client (RFC 6749 §4.1.2.1: invalid_scope,
// unsupported_response_type, a public client without PKCE, a `plain` challenge); an unknown client or redirect URI
// stays on the widget's error screen; prompt=none with nobody signed in answers login_required at once and
// prompt=login asks for a fresh sign-in (OpenID Connect Core §3.1.2.1, §3.1.2.6); max_age; an id_token_hint of
// another user never yields that user's code; RP-Initiated Logout with id_token_hint alone, and with client_id and
// post_logout_redirect_uri (state echoed).
//
// The client `e2e-front-door` (public, no consent) is registered in e2e/latchkey.config.json.
import * as oauth from 'oauth4webapi';
import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_RP_URL } from './config';
import {
  checkA11y,
  E2E_WAIT_MS,
  expectSignedIn,
  expectSignedOut,
  inbox,
  lastCode,
  open,
  PLAYGROUND_URL,
  signOut,
  test,
  typeCode,
  uniqueEmail,
} from './support';

/** The provider's issuer (its `publicUrl`; `npm start` leaves the default). */
const ISSUER = new URL('http://localhost:8787');
const CLIENT: oauth.Client = { client_id: 'e2e-front-door' };
const CLIENT_AUTH = oauth.None();
/** The client's redirect URIs (e2e/latchkey.config.json): caught by the test, nothing listens there. */
const REDIRECT_URI = `${DEMO_RP_URL}/front-door/callback`;
const POST_LOGOUT_REDIRECT_URI = `${DEMO_RP_URL}/front-door/logged-out`;
/** The client's name (e2e/latchkey.config.json): a reauthentication answer names the client that asks. */
const CLIENT_NAME = 'Front Door Test App';
const NO_SESSION = 'No active session detected. Please log in to continue.';
const PLAIN_INVALID_CLIENT =
  'This sign-in link is not valid, so you cannot continue to the application. Please reach out to the application developer.';
const INSECURE = { [oauth.allowInsecureRequests]: true };

let discovered: Promise<oauth.AuthorizationServer> | undefined;

/** The provider's metadata (OpenID Connect Discovery), through oauth4webapi (plain http: development only). */
function authorizationServer(): Promise<oauth.AuthorizationServer> {
  discovered ??= oauth
    .discoveryRequest(ISSUER, { algorithm: 'oidc', ...INSECURE })
    .then((response) => oauth.processDiscoveryResponse(ISSUER, response));
  return discovered;
}

/** What the relying party keeps between its authorization request and the answer. */
interface Pending {
  state: string;
  nonce: string;
  codeVerifier: string;
  maxAge?: number;
}

/** The identity provider's widget (`<IdentityProvider>`). */
function idp(page: Page) {
  return page.locator('[data-scope="identity-provider"][data-part="root"]');
}

/** The widget's sign-in view: the reason (role alert), then the page's sign-in form. */
function signInView(page: Page) {
  return page.locator('[data-scope="idp-consent"][data-part="sign-in"]');
}

/**
 * Catches the browser's arrivals at the client's URIs (answered with a blank page of the relying party's, so the
 * browser stays there) and returns the list they are recorded in.
 */
async function catchClientUris(page: Page): Promise<URL[]> {
  const arrivals: URL[] = [];
  await page.route(`${DEMO_RP_URL}/front-door/**`, async (route: Route) => {
    arrivals.push(new URL(route.request().url()));
    await route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><title>Relying party</title></head><body><main><h1>Relying party</h1></main></body></html>',
    });
  });
  return arrivals;
}

/** Waits until the browser is at `uri` (the callback or the post-logout URI) and returns the address. */
async function arrivedAt(page: Page, uri: string): Promise<URL> {
  const target = new URL(uri);
  await page.waitForURL((url) => url.origin === target.origin && url.pathname === target.pathname, {
    timeout: E2E_WAIT_MS,
  });
  return new URL(page.url());
}

/**
 * Sends the browser to the authorization endpoint with a fresh state, nonce and S256 challenge, `overrides` on top
 * (null drops a parameter). Answers what the relying party keeps.
 */
async function authorize(page: Page, overrides: Record<string, string | null> = {}): Promise<Pending> {
  const as = await authorizationServer();
  const pending: Pending = {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
  };
  const parameters: Record<string, string | null> = {
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  if (parameters.max_age) pending.maxAge = Number(parameters.max_age);
  const url = new URL(as.authorization_endpoint ?? '');
  for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
  expect(url.origin + url.pathname).toBe(`${PLAYGROUND_URL}/oauth/authorize`);
  await page.goto(url.href);
  return pending;
}

/** oauth4webapi's reading of an error answer: the AuthorizationResponseError it throws (state and iss checked). */
async function authorizationError(callback: URL, pending: Pending): Promise<oauth.AuthorizationResponseError> {
  const as = await authorizationServer();
  try {
    oauth.validateAuthResponse(as, CLIENT, callback, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) return error;
    throw error;
  }
  throw new Error(`expected an error answer, got ${callback.search}`);
}

/** What a successful sign-in gives the relying party: the validated ID token's claims and the token itself. */
interface SignedIn {
  claims: oauth.IDToken;
  idToken: string;
}

/** Redeems the answer's code (state and iss checked first), checking the ID token (nonce, auth_time vs max_age). */
async function redeem(callback: URL, pending: Pending): Promise<SignedIn> {
  const as = await authorizationServer();
  const parameters = oauth.validateAuthResponse(as, CLIENT, callback, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    CLIENT,
    CLIENT_AUTH,
    parameters,
    REDIRECT_URI,
    pending.codeVerifier,
    INSECURE,
  );
  const result = await oauth.processAuthorizationCodeResponse(as, CLIENT, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
    ...(pending.maxAge === undefined ? {} : { maxAge: pending.maxAge }),
  });
  const claims = oauth.getValidatedIdTokenClaims(result);
  if (!claims || !result.id_token) throw new Error('the token endpoint answered no ID token');
  return { claims, idToken: result.id_token };
}

/** Signs `email` in with the passcode form the widget shows (the `n`-th message to that address). */
async function signInHere(page: Page, email: string, n: number): Promise<void> {
  const form = signInView(page);
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('heading', { name: 'Enter passcode' }).waitFor();
  await typeCode(page, await lastCode(email, n));
}

/** How many messages `email` has had: the next passcode is number this + 1. */
async function sent(email: string): Promise<number> {
  return (await inbox(email)).length;
}

/** A full sign-in through the relying party: authorize, sign in on the widget, redeem. */
async function signInThroughClient(page: Page, email: string): Promise<SignedIn> {
  const pending = await authorize(page);
  await signInView(page).getByRole('alert').getByText(NO_SESSION).waitFor();
  await signInHere(page, email, (await sent(email)) + 1);
  const signedIn = await redeem(await arrivedAt(page, REDIRECT_URI), pending);
  expect(signedIn.claims.email).toBe(email);
  return signedIn;
}

/** Resolves when the widget ends the session (`sessions/revoke`) for a fresh sign-in. */
function sessionRevoked(page: Page) {
  return page.waitForRequest((request) => request.url().endsWith('/sdk/v1/sessions/revoke'), {
    timeout: E2E_WAIT_MS,
  });
}

const seconds = () => Math.floor(Date.now() / 1000);

// Several sign-ins and round trips per test: more time than the project's default.
describe('identity provider front door, checked with oauth4webapi', { timeout: 180_000 }, () => {
  test('errors after the redirect URI is verified go back to the client with error, state and iss', async ({
    page,
  }) => {
    const arrivals = await catchClientUris(page);
    const cases: [string, Record<string, string | null>][] = [
      ['invalid_scope', { scope: 'openid calendar' }],
      ['unsupported_response_type', { response_type: 'token' }],
      // RFC 7636 §4.4.1, and the provider's rule: a public client must send a challenge.
      ['invalid_request', { code_challenge: null, code_challenge_method: null }],
      // Only S256 is advertised (code_challenge_methods_supported): `plain` is refused, not taken as S256.
      ['invalid_request', { code_challenge_method: 'plain' }],
    ];
    // Signed out: the provider checks the request before the session, and the widget asks it first.
    for (const [expected, overrides] of cases) {
      const count = arrivals.length;
      const pending = await authorize(page, overrides);
      const callback = await arrivedAt(page, REDIRECT_URI);
      expect(arrivals).toHaveLength(count + 1);
      const error = await authorizationError(callback, pending);
      expect(error.error).toBe(expected);
      expect(error.error_description).toEqual(expect.any(String));
      expect(callback.searchParams.get('state')).toBe(pending.state);
      expect(callback.searchParams.get('iss')).toBe((await authorizationServer()).issuer);
      expect(callback.searchParams.has('code')).toBe(false);
    }

    // Signed in: a `plain` challenge is still refused, with no code.
    const email = uniqueEmail('front-door-plain');
    await signInThroughClient(page, email);
    const pending = await authorize(page, { code_challenge_method: 'plain' });
    const error = await authorizationError(await arrivedAt(page, REDIRECT_URI), pending);
    expect(error.error).toBe('invalid_request');
  });

  test('an unknown client or redirect URI stays on the widget error screen: never a redirect', async ({ page }) => {
    const arrivals = await catchClientUris(page);
    await authorize(page, { client_id: 'no-such-client' });
    const widget = idp(page);
    await widget.getByRole('heading', { name: 'Looks like there was an error!' }).waitFor();
    // Plain words, checked before anyone is asked to sign in (no sign-in form), not the provider's developer text.
    await widget.getByText(PLAIN_INVALID_CLIENT).waitFor();
    expect(await signInView(page).count()).toBe(0);
    await checkA11y(page, '/oauth/authorize (unknown client)');
    await authorize(page, { redirect_uri: `${DEMO_RP_URL}/front-door/elsewhere` });
    await widget.getByRole('heading', { name: 'Looks like there was an error!' }).waitFor();
    await widget.getByText(PLAIN_INVALID_CLIENT).waitFor();
    expect(await signInView(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    expect(arrivals).toEqual([]);
  });

  test('prompt=none with nobody signed in answers login_required at once; prompt=login asks for a fresh sign-in', async ({
    page,
  }) => {
    const arrivals = await catchClientUris(page);
    const none = await authorize(page, { prompt: 'none' });
    // No sign-in form, no wait: straight back (OpenID Connect Core §3.1.2.6).
    const error = await authorizationError(await arrivedAt(page, REDIRECT_URI), none);
    expect(error.error).toBe('login_required');
    expect(arrivals).toHaveLength(1);

    const email = uniqueEmail('front-door-login');
    const { claims: first } = await signInThroughClient(page, email);
    expect(typeof first.auth_time).toBe('number');

    // Signed in, prompt=none is answered with a code and no screen at all.
    const silent = await authorize(page, { prompt: 'none' });
    expect((await redeem(await arrivedAt(page, REDIRECT_URI), silent)).claims.sub).toBe(first.sub);

    // prompt=login: the session ends, the widget says why, with the sign-in form; the ticket waits in the address.
    const revoked = sessionRevoked(page);
    const fresh = await authorize(page, { prompt: 'login' });
    await revoked;
    const view = signInView(page);
    await view
      .getByRole('alert')
      .getByText(`${CLIENT_NAME} asks you to sign in again. Please sign in to continue.`)
      .waitFor();
    await expectSignedOut(page);
    expect(new URL(page.url()).searchParams.get('login_ticket')).toEqual(expect.any(String));
    await checkA11y(page, '/oauth/authorize (prompt=login: sign in again)');
    const before = arrivals.length;
    await signInHere(page, email, (await sent(email)) + 1);
    const { claims: again } = await redeem(await arrivedAt(page, REDIRECT_URI), fresh);
    expect(arrivals).toHaveLength(before + 1);
    expect(again.sub).toBe(first.sub);
    expect(again.auth_time).toBeGreaterThanOrEqual(first.auth_time ?? 0);
  });

  test('max_age: a sign-in older than the client accepts signs in again; auth_time is in the ID token', async ({
    page,
  }) => {
    await catchClientUris(page);
    const email = uniqueEmail('front-door-max-age');
    const { claims: first } = await signInThroughClient(page, email);
    const maxAge = 6;
    // Past max_age since that sign-in (auth_time is in seconds).
    const wait = ((first.auth_time ?? seconds()) + maxAge + 2 - Date.now() / 1000) * 1000;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

    const pending = await authorize(page, { max_age: String(maxAge) });
    await signInView(page)
      .getByRole('alert')
      .getByText(`Your last sign-in was too long ago for ${CLIENT_NAME}. Please sign in again to continue.`)
      .waitFor();
    await expectSignedOut(page);
    await signInHere(page, email, (await sent(email)) + 1);
    // oauth4webapi requires auth_time and checks it against max_age.
    const { claims } = await redeem(await arrivedAt(page, REDIRECT_URI), pending);
    expect(claims.sub).toBe(first.sub);
    expect(claims.auth_time).toBeGreaterThan(first.auth_time ?? 0);
  });

  test('id_token_hint of another user: sign in as that user; never a code for the one signed in', async ({ page }) => {
    const arrivals = await catchClientUris(page);
    const ada = uniqueEmail('front-door-ada');
    const grace = uniqueEmail('front-door-grace');
    const adaSignIn = await signInThroughClient(page, ada);
    await signOut(page);
    const graceSignIn = await signInThroughClient(page, grace);
    expect(graceSignIn.claims.sub).not.toBe(adaSignIn.claims.sub);

    // prompt=none: login_required, and Grace stays signed in.
    const silent = await authorize(page, { prompt: 'none', id_token_hint: adaSignIn.idToken });
    expect((await authorizationError(await arrivedAt(page, REDIRECT_URI), silent)).error).toBe('login_required');
    await open(page, '/');
    await expectSignedIn(page, grace);

    let revoked = sessionRevoked(page);
    const pending = await authorize(page, { id_token_hint: adaSignIn.idToken });
    await revoked;
    const reason = `${CLIENT_NAME} asked for a different account than the one that was signed in. Please sign in with that account to continue.`;
    await signInView(page).getByRole('alert').getByText(reason).waitFor();
    await expectSignedOut(page);
    await checkA11y(page, '/oauth/authorize (id_token_hint of another user)');
    const before = arrivals.length;

    // Grace signs in again: still not the hint's user. Her session is ended again; the browser stays.
    revoked = sessionRevoked(page);
    await signInHere(page, grace, (await sent(grace)) + 1);
    await revoked;
    await expectSignedOut(page);
    await signInView(page).getByRole('alert').getByText(reason).waitFor();
    expect(arrivals).toHaveLength(before);

    // Ada signs in: her code.
    await signInHere(page, ada, (await sent(ada)) + 1);
    const { claims } = await redeem(await arrivedAt(page, REDIRECT_URI), pending);
    expect(arrivals).toHaveLength(before + 1);
    expect(claims.sub).toBe(adaSignIn.claims.sub);
    expect(claims.email).toBe(ada);
  });

  test('RP-initiated logout: id_token_hint alone; client_id with post_logout_redirect_uri; state echoed', async ({
    page,
  }) => {
    const arrivals = await catchClientUris(page);
    const as = await authorizationServer();
    const endSession = (parameters: Record<string, string>) => {
      const url = new URL(as.end_session_endpoint ?? '');
      for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
      expect(url.origin + url.pathname).toBe(`${PLAYGROUND_URL}/oauth/logout`);
      return url.href;
    };
    const email = uniqueEmail('front-door-logout');

    // id_token_hint alone names the client and the user: logged out at once, nowhere to go.
    const first = await signInThroughClient(page, email);
    await page.goto(endSession({ id_token_hint: first.idToken }));
    await idp(page).getByRole('alert').getByText('You have been logged out. You may close this page.').waitFor();
    await expectSignedOut(page);
    await checkA11y(page, '/oauth/logout (logged out, no post-logout URI)');

    // client_id and post_logout_redirect_uri without a hint: 'Log out?', then back with the state.
    await signInThroughClient(page, email);
    const state = oauth.generateRandomState();
    await page.goto(
      endSession({ client_id: CLIENT.client_id, post_logout_redirect_uri: POST_LOGOUT_REDIRECT_URI, state }),
    );
    await idp(page).getByRole('button', { name: 'Yes', exact: true }).click();
    const back = await arrivedAt(page, POST_LOGOUT_REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe(state);
    await page.goto(PLAYGROUND_URL);
    await expectSignedOut(page);

    // id_token_hint with post_logout_redirect_uri (no client_id): no question, back with the state.
    const third = await signInThroughClient(page, email);
    const state2 = oauth.generateRandomState();
    const count = arrivals.length;
    await page.goto(
      endSession({ id_token_hint: third.idToken, post_logout_redirect_uri: POST_LOGOUT_REDIRECT_URI, state: state2 }),
    );
    expect((await arrivedAt(page, POST_LOGOUT_REDIRECT_URI)).searchParams.get('state')).toBe(state2);
    expect(arrivals).toHaveLength(count + 1);
    await page.goto(PLAYGROUND_URL);
    await expectSignedOut(page);

    // post_logout_redirect_uri without id_token_hint needs client_id: the widget's error, no redirect.
    await page.goto(endSession({ post_logout_redirect_uri: POST_LOGOUT_REDIRECT_URI }));
    await idp(page)
      .getByText('Required parameter is missing: client_id. Please reach out to the application developer.')
      .waitFor();
    expect(arrivals).toHaveLength(count + 1);
  });
});
