// The second step of a multi-factor sign-in with a passkey (the provider counts a verified passkey as a second
// factor), against the real provider and the software authenticator. The provider is on another site than the page
// (no cookie reaches it): the SDK sends the intermediate token in the bodies.
import {
  expectNoAxeViolations,
  ORIGIN,
  SoftAuthenticator,
  startTestEnvironment,
  type WebAuthnLibrary,
} from '@latchkey/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL, signInByPasscode } from '../../../../test/passkeys';
import { renderSignIn } from '../../../../test/renderSignIn';
import { codeNow, MFA } from '../../../../test/totp';

const PASSCODES = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };

/** A provider requiring a second factor, a client on the software authenticator, a user with a passkey (+ app). */
async function enrolledEnvironment({ totp = false } = {}) {
  // `device.authenticator` is the one the next ceremony uses (a test may hand the user another device).
  const device = { authenticator: new SoftAuthenticator({ origin: ORIGIN }) };
  const library = new Proxy({} as WebAuthnLibrary, {
    get: (_, key) => device.authenticator.library()[key as keyof WebAuthnLibrary],
  });
  const env = await startTestEnvironment({
    config: MFA,
    clientOptions: { environment: { loadWebAuthn: async () => library } },
  });
  await signInByPasscode(env);
  const { webauthn_registration_id } = await env.client.webauthn.register({ is_passkey: true });
  let secret = '';
  if (totp) {
    const created = await env.client.totps.create({ expiration_minutes: 30 });
    secret = created.secret;
    await env.client.totps.authenticate({ totp_code: await codeNow(env, secret), session_duration_minutes: 30 });
  }
  await env.client.session.revoke();
  await env.settled();
  env.clock.advance(30_000);
  env.requests.length = 0;
  return { env, device, registrationId: webauthn_registration_id, secret };
}

/** The passcode as the first factor, typed into the widget, up to the second step. */
async function passcodeFirst(rendered: Awaited<ReturnType<typeof renderSignIn>>) {
  const { env, user } = rendered;
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Enter passcode' });
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(await env.lastCode(EMAIL));
}

const factorTypes = (env: Awaited<ReturnType<typeof enrolledEnvironment>>['env']) =>
  env.client.session.getSync()?.authentication_factors.map((factor) => factor.type);

describe('TotpScreen with a passkey as the second factor', () => {
  it('a passkey-only user: passcode, then only the passkey step, then signed in with both factors', async () => {
    const { env, registrationId } = await enrolledEnvironment();
    const rendered = await renderSignIn({ config: PASSCODES, env });
    await passcodeFirst(rendered);

    const passkey = await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByText('Use your passkey to finish signing in.')).toBeTruthy();
    // No code boxes they cannot fill, no recovery codes they never got.
    expect(screen.queryByRole('group', { name: 'Verification code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
    expect(env.client.session.getSync()).toBeNull();
    await expectNoAxeViolations();

    env.requests.length = 0;
    await rendered.user.click(passkey);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    const webauthn = env.requests.filter((request) => request.path.startsWith('/webauthn/'));
    expect(webauthn.map(({ path, status }) => `${path} ${status}`)).toEqual([
      '/webauthn/authenticate/start/secondary 200',
      '/webauthn/authenticate 200',
    ]);
    expect(webauthn[0]?.body).toMatchObject({ intermediate_session_token: expect.any(String) });
    expect(factorTypes(env)).toEqual(['otp', 'webauthn']);
    expect(env.client.session.getSync()?.authentication_factors[1]?.webauthn_factor?.webauthn_registration_id).toBe(
      registrationId,
    );
  });

  it('a user with an app and a passkey sees both; the passkey completes the sign-in', async () => {
    const { env } = await enrolledEnvironment({ totp: true });
    const rendered = await renderSignIn({ config: PASSCODES, env });
    await passcodeFirst(rendered);
    await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.getByRole('heading', { name: 'Enter verification code' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeTruthy();
    await expectNoAxeViolations();
    await rendered.user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(factorTypes(env)).toEqual(['otp', 'webauthn']);
  });

  it('a user with an app and a passkey can pick the app instead', async () => {
    const { env, secret } = await enrolledEnvironment({ totp: true });
    const rendered = await renderSignIn({ config: PASSCODES, env });
    await passcodeFirst(rendered);
    await screen.findByRole('button', { name: 'Use a passkey' });
    await rendered.user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await rendered.user.keyboard(await codeNow(env, secret));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(factorTypes(env)).toEqual(['otp', 'totp']);
  });

  it('a passkey refused (not on this device): the text announced, describing the button; the step stays', async () => {
    const { env, device } = await enrolledEnvironment();
    const rendered = await renderSignIn({ config: PASSCODES, env });
    await passcodeFirst(rendered);
    const passkey = await screen.findByRole('button', { name: 'Use a passkey' });
    // Another device: its authenticator holds no credential of this user.
    device.authenticator = new SoftAuthenticator({ origin: ORIGIN });
    await rendered.user.click(passkey);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unknown error occurred during passkey authentication. Please try again.');
    expect(passkey.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(env.client.session.getSync()).toBeNull();
  });
});
