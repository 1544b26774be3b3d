// @vitest-environment jsdom
/// <reference types="vite/client" />
// The "Done when" check of issues 13 to 16 (and 25: a phone-only user adds an email, a passkey and an authenticator
// app): the real `@stytch/vanilla-js` 6.3.0 headless client (a dev dependency,
// never imported by src/) runs its passkey, TOTP, crypto wallet, OAuth, identity-provider (`idp.*`, connected apps),
// session-exchange and impersonation calls against the provider started in-process,
// and gets the same envelopes and error types as the contract describes. Wallet signatures are made by real keys
// (testing/testWallets.ts: viem's personal_sign for Ethereum, tweetnacl for Solana) behind the providers a page
// talks to.
//
// The harness (how the client is pointed at the provider, what stands in for the browser) is test/stytchVanilla.ts.
// Each product's cases are in its folder (`src/products/<key>/stytchVanilla.cases.ts`, exporting
// `stytchVanillaCases`), collected below without naming any product; the cases that cross products (second factors
// under project.mfa.required, a phone-only user adding an email, a passkey and an authenticator app) are here.
import { StytchAPIError } from '@stytch/vanilla-js/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN } from '../testing/harness';
import { SoftAuthenticator } from '../testing/softAuthenticator';
import {
  type Client,
  closePage,
  codeNow,
  cookieValue,
  EMAIL,
  INTERMEDIATE_COOKIE,
  installCredentials,
  MFA,
  openPage,
  type Provider,
  passcodeSignIn,
  passkeyAuthenticate,
  rejectionOf,
  resetPage,
  sent,
  start,
} from './stytchVanilla';

/** Each product's cases (`stytchVanillaCases`), by file, in path order. */
const PRODUCT_CASES = Object.entries(
  import.meta.glob<() => void>('../src/products/*/stytchVanilla.cases.ts', {
    eager: true,
    import: 'stytchVanillaCases',
  }),
).sort(([a], [b]) => a.localeCompare(b));

beforeEach(resetPage);

// Runs before the harness closes the provider (hooks run in reverse order of registration).
afterEach(closePage);

it('collects the cases of the product folders', () => {
  expect(PRODUCT_CASES.length).toBeGreaterThan(0);
});

for (const [, stytchVanillaCases] of PRODUCT_CASES) stytchVanillaCases();

describe('@stytch/vanilla-js 6.3.0: a phone-only user adds an email, a passkey and an authenticator app', () => {
  const PHONE = '+14155550142';

  it('signs up by SMS passcode, then otps.email.send (secondary), webauthn.register and totps.create all succeed', async () => {
    const t = await start();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    installCredentials(authenticator);
    const client = openPage(t);
    const sms = await client.otps.sms.loginOrCreate(PHONE, { expiration_minutes: 5 });
    const signedUp = await client.otps.authenticate(await t.lastCode(PHONE), sms.method_id, {
      session_duration_minutes: 60,
    });
    expect(signedUp.user.emails).toEqual([]);
    expect(client.session.getSync()?.authentication_factors.map((factor) => factor.delivery_method)).toEqual(['sms']);

    // The email: signed in, the client sends to the secondary route; the code then joins the address to the account.
    const emailSent = await client.otps.email.send(EMAIL, { expiration_minutes: 5 });
    expect(sent.at(-1)).toMatchObject({ path: '/otps/email/send/secondary', status: 200 });
    const emailAdded = await client.otps.authenticate(await t.lastCode(EMAIL), emailSent.method_id, {
      session_duration_minutes: 60,
    });
    expect(emailAdded.session_token).toBe(signedUp.session_token);
    expect(emailAdded).not.toHaveProperty('account_reset');
    expect(client.user.getSync()?.emails).toEqual([{ email_id: emailSent.method_id, email: EMAIL, verified: true }]);

    // The passkey.
    const registered = await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
    expect(registered).toMatchObject({ user_id: signedUp.user_id, session_token: signedUp.session_token });
    expect(client.user.getSync()?.webauthn_registrations).toHaveLength(1);

    // The authenticator app.
    const created = await client.totps.create({ expiration_minutes: 30 });
    t.clock.advance(1_000);
    const confirmed = await client.totps.authenticate({
      totp_code: await codeNow(t, created.secret),
      session_duration_minutes: 60,
    });
    expect(confirmed).toMatchObject({ totp_id: created.totp_id, session_token: signedUp.session_token });
    expect(client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);
    expect(client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'otp',
      'otp',
      'webauthn',
      'totp',
    ]);
  });

  it('maps identifier_not_verified for a password sign-up that enrols before proving its address to StytchAPIError', async () => {
    const t = await start();
    const client = openPage(t);
    await client.passwords.create({ email: EMAIL, password: 'dragonfly-marmalade-41', session_duration_minutes: 60 });
    const refused = await rejectionOf(client.totps.create({ expiration_minutes: 30 }));
    expect(refused).toBeInstanceOf(StytchAPIError);
    expect(refused).toMatchObject({ status_code: 400, error_type: 'identifier_not_verified' });
    // Proving the address with the sign-up session (a secondary send to the account's own address) lifts it.
    const emailSent = await client.otps.email.send(EMAIL, { expiration_minutes: 5 });
    expect(sent.at(-1)).toMatchObject({ path: '/otps/email/send/secondary', status: 200 });
    const verified = await client.otps.authenticate(await t.lastCode(EMAIL), emailSent.method_id, {
      session_duration_minutes: 60,
    });
    expect(verified).not.toHaveProperty('account_reset');
    expect(client.user.getSync()?.password).not.toBeNull();
    expect((await client.totps.create({ expiration_minutes: 30 })).totp_id).toMatch(/^totp-test-/);
  });
});

describe('@stytch/vanilla-js 6.3.0 multi-factor sign-in against the provider (project.mfa.required)', () => {
  /** A user with a passkey and a confirmed TOTP, signed out again; the clock one TOTP step on. */
  async function enrolled(t: Provider, client: Client) {
    await passcodeSignIn(t, client);
    await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
    const created = await client.totps.create({ expiration_minutes: 30 });
    await client.totps.authenticate({ totp_code: await codeNow(t, created.secret), session_duration_minutes: 60 });
    await client.session.revoke();
    t.clock.advance(30_000);
    return created;
  }

  /**
   * The passcode first: the answer carries an intermediate session. The consumer client keeps its `session` but
   * writes no cookie for the token (it removes `stytch_intermediate_session_token`, a B2B cookie, after every
   * session update, and sends no such body field), so the page stores it the way our SDK does.
   */
  async function firstFactor(t: Provider, client: Client) {
    const first = (await passcodeSignIn(t, client)) as Awaited<ReturnType<typeof passcodeSignIn>> & {
      intermediate_session_token?: string;
    };
    expect(first).toMatchObject({ session_token: '', session_jwt: '' });
    expect(first.intermediate_session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieValue('stytch_session')).toBeUndefined();
    expect(cookieValue(INTERMEDIATE_COOKIE)).toBeUndefined();
    // biome-ignore lint/suspicious/noDocumentCookie: what a page does to keep the token (jsdom has no Cookie Store API).
    document.cookie = `${INTERMEDIATE_COOKIE}=${first.intermediate_session_token}; path=/; max-age=600`;
    return first;
  }

  it('completes the sign-in with a passkey as second factor (secondary start, intermediate token in the cookie)', async () => {
    const t = await start(MFA);
    installCredentials(new SoftAuthenticator({ origin: ORIGIN }));
    const client = openPage(t);
    await enrolled(t, client);
    const first = await firstFactor(t, client);

    const done = await passkeyAuthenticate(client);
    // The client holds the pending sign-in's session object, so it asked for a secondary challenge.
    expect(sent.slice(-2).map((request) => [request.path, request.status])).toEqual([
      ['/webauthn/authenticate/start/secondary', 200],
      ['/webauthn/authenticate', 200],
    ]);
    expect(sent.at(-1)?.cookie).toContain(`${INTERMEDIATE_COOKIE}=${first.intermediate_session_token}`);
    expect(done.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(done.session.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'webauthn']);
    expect(cookieValue('stytch_session')).toBe(done.session_token);
    // The client cleared the intermediate cookie once it stored the session.
    expect(cookieValue(INTERMEDIATE_COOKIE)).toBeUndefined();
  });

  it('completes the sign-in with a TOTP code, and with a recovery code', async () => {
    const t = await start(MFA);
    installCredentials(new SoftAuthenticator({ origin: ORIGIN }));
    const client = openPage(t);
    const created = await enrolled(t, client);

    await firstFactor(t, client);
    const byCode = await client.totps.authenticate({
      totp_code: await codeNow(t, created.secret),
      session_duration_minutes: 60,
    });
    expect(byCode.session.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'totp']);
    expect(cookieValue('stytch_session')).toBe(byCode.session_token);
    await client.session.revoke();

    await firstFactor(t, client);
    const byRecovery = await client.totps.recover({
      recovery_code: created.recovery_codes[1] as string,
      session_duration_minutes: 60,
    });
    expect(byRecovery.session.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'recovery_codes']);
    expect(cookieValue('stytch_session')).toBe(byRecovery.session_token);
  });

  it('signs in with the user-verifying passkey alone: it is both factors', async () => {
    const t = await start(MFA);
    installCredentials(new SoftAuthenticator({ origin: ORIGIN }));
    const client = openPage(t);
    await enrolled(t, client);
    const signedIn = await passkeyAuthenticate(client);
    expect(sent.at(-2)?.path).toBe('/webauthn/authenticate/start/primary');
    expect(signedIn.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn.session.authentication_factors.map((factor) => factor.type)).toEqual(['webauthn']);
  });
});
