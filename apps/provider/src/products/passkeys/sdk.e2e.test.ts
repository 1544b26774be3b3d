// End to end: the real @latchkey/sdk against the real provider (in-process) for passkeys. The browser's
// WebAuthn library is a software authenticator (real ES256 keys, real authenticatorData, clientDataJSON and
// attestation objects) injected through the SDK's `environment.loadWebAuthn`, so every ceremony the provider
// verifies is the one a browser would send.
import { APIError, NoSessionError } from '@latchkey/sdk';
import { describe, expect, it } from 'vitest';
import { emailFactor } from '../../../test/authenticateResponse';
import { iso, ORIGIN, START, startProvider, type TestProvider } from '../../../testing/harness';
import {
  expectRefusedSignedOut,
  expectSignedIn,
  expectSignedOut,
  openSdkTab,
  rejectionOf,
  type SdkTab,
} from '../../../testing/sdkClient';
import { type CeremonyTweaks, SoftAuthenticator } from '../../../testing/softAuthenticator';

const EMAIL = 'ada@example.com';

/** A tab whose browser runs WebAuthn ceremonies on `authenticator` (with `tweaks`, for a hostile client). */
function passkeyTab(
  t: TestProvider,
  authenticator: SoftAuthenticator,
  tweaks: { create?: CeremonyTweaks; get?: CeremonyTweaks } = {},
): Promise<SdkTab> {
  return openSdkTab(t, { environment: { loadWebAuthn: async () => authenticator.library(tweaks) } });
}

/** A passkey tab signed in through an emailed passcode a moment ago. */
async function signedIn(
  t: TestProvider,
  authenticator: SoftAuthenticator,
  email = EMAIL,
  tweaks: { create?: CeremonyTweaks; get?: CeremonyTweaks } = {},
): Promise<SdkTab> {
  const tab = await passkeyTab(t, authenticator, tweaks);
  const { method_id } = await tab.client.otps.email.loginOrCreate(email);
  await tab.client.otps.authenticate(await t.lastCode(email), method_id, { session_duration_minutes: 60 });
  return tab;
}

/** The session factor of a passkey. */
function passkeyFactor(registrationId: string, at: number, userAgent: string) {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: iso(at),
    webauthn_factor: { webauthn_registration_id: registrationId, domain: 'localhost', user_agent: userAgent },
  };
}

const calls = (tab: SdkTab) => tab.requests.map(({ method, path, status }) => `${method} ${path} ${status}`);

describe('SDK passkeys against the provider', () => {
  it('registers a passkey for the signed-in user, then signs in with it on another device without an email', async () => {
    const t = await startProvider();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const tab = await signedIn(t, authenticator);
    const before = tab.client.session.getSync();
    if (!before) throw new Error('not signed in');
    tab.requests.length = 0;

    const registered = await tab.client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
    expect(calls(tab)).toEqual(['POST /webauthn/register/start 200', 'POST /webauthn/register 200']);
    // The SDK sends navigator.userAgent where there is one (Node 21 and later); the provider stores it.
    const sent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
    expect(tab.requests[0]?.body).toEqual({
      domain: 'localhost',
      return_passkey_credential_options: true,
      ...(sent === undefined ? {} : { user_agent: sent }),
    });
    const userAgent = sent ?? '';
    // The browser library got the options the provider made: a discoverable credential that verifies the user.
    expect(authenticator.calls[0]).toMatchObject({
      method: 'startRegistration',
      options: {
        rp: { id: 'localhost', name: 'Latchkey Playground' },
        user: { name: EMAIL },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      },
    });
    const registrationId = registered.webauthn_registration_id;
    expect(registrationId).toMatch(/^webauthn-registration-test-/);
    // The same session now carries the passkey factor, and the user lists the passkey.
    await expectSignedIn(t, tab);
    expect(registered.session.session_id).toBe(before.session_id);
    expect(registered.session.authentication_factors).toEqual([
      emailFactor('otp', before.authentication_factors[0]?.email_factor?.email_id, EMAIL, START),
      passkeyFactor(registrationId, START, userAgent),
    ]);
    expect(tab.client.user.getSync()?.webauthn_registrations).toEqual([
      {
        webauthn_registration_id: registrationId,
        domain: 'localhost',
        user_agent: userAgent,
        authenticator_type: 'platform',
        verified: true,
        name: 'Passkey',
        created_at: new Date(START).toISOString(),
      },
    ]);

    // Another device (its passkey synced): nobody is signed in, no email is typed.
    const device = await passkeyTab(t, authenticator);
    device.requests.length = 0;
    const answer = await device.client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
    expect(calls(device)).toEqual(['POST /webauthn/authenticate/start/primary 200', 'POST /webauthn/authenticate 200']);
    expect(authenticator.calls[1]).toMatchObject({
      method: 'startAuthentication',
      options: { rpId: 'localhost', allowCredentials: [], userVerification: 'required' },
      autofill: false,
    });
    const { row } = await expectSignedIn(t, device);
    expect(answer.webauthn_registration_id).toBe(registrationId);
    expect(row.session_id).not.toBe(before.session_id);
    expect(answer.session.authentication_factors).toEqual([passkeyFactor(registrationId, START, userAgent)]);
    expect(answer.user.user_id).toBe(before.user_id);
  });

  it('offers passkeys in autofill (conditional mediation) through the primary start', async () => {
    const t = await startProvider();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    await (await signedIn(t, authenticator)).client.webauthn.register({ is_passkey: true });
    const tab = await passkeyTab(t, authenticator);
    await tab.client.webauthn.authenticate({ conditional_mediation: true, session_duration_minutes: 30 });
    expect(authenticator.calls.at(-1)).toMatchObject({ method: 'startAuthentication', autofill: true });
    await expectSignedIn(t, tab);
  });

  it('adds the passkey factor to a signed-in tab, renames the passkey and deletes it', async () => {
    const t = await startProvider();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const tab = await signedIn(t, authenticator);
    const { webauthn_registration_id: id, session } = await tab.client.webauthn.register({ is_passkey: true });
    tab.requests.length = 0;

    // With a local session the SDK asks for a secondary challenge: the factor joins the same session.
    const stepUp = await tab.client.webauthn.authenticate({ session_duration_minutes: 60 });
    expect(calls(tab)).toEqual(['POST /webauthn/authenticate/start/secondary 200', 'POST /webauthn/authenticate 200']);
    expect(stepUp.session.session_id).toBe(session.session_id);
    expect(authenticator.calls.at(-1)?.options).toMatchObject({ allowCredentials: [{ id: expect.any(String) }] });
    await expectSignedIn(t, tab);

    const renamed = await tab.client.webauthn.update({ webauthn_registration_id: id, name: 'Work laptop' });
    expect(renamed.webauthn_registration).toMatchObject({ webauthn_registration_id: id, name: 'Work laptop' });
    expect((await tab.client.user.get()).webauthn_registrations.map((item) => item.name)).toEqual(['Work laptop']);

    const deleted = await tab.client.user.deleteWebauthnRegistration(id);
    expect(deleted.user_id).toBe(session.user_id);
    expect(tab.client.user.getSync()?.webauthn_registrations).toEqual([]);
    await expectSignedIn(t, tab);

    // The passkey is still in the password manager, but no longer on the account.
    const device = await passkeyTab(t, authenticator);
    await expectRefusedSignedOut(device, device.client.webauthn.authenticate({ session_duration_minutes: 30 }), {
      status_code: 404,
      error_type: 'webauthn_registration_not_found',
      error_message:
        'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
    });
  });

  it('refuses a passkey already registered by someone else with the specified text, keeping the tab signed in', async () => {
    const t = await startProvider();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    await (await signedIn(t, authenticator)).client.webauthn.register({ is_passkey: true });
    // Ada's passkey synced to a device where Grace signs in and tries to add it to her own account.
    const synced = authenticator.credentials[0];
    const grace = await signedIn(t, authenticator, 'grace@example.com', { create: { reuse: synced } });
    const before = grace.client.session.getSync();

    const error = await rejectionOf(grace.client.webauthn.register({ is_passkey: true }));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status_code: 409,
      error_type: 'duplicate_webauthn_registration',
      error_message:
        'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
    });
    await expectSignedIn(t, grace);
    expect(grace.client.session.getSync()).toEqual(before);
    expect(grace.client.user.getSync()?.webauthn_registrations).toEqual([]);
  });

  it('never lets registration start without a session: the SDK refuses before any request', async () => {
    const t = await startProvider();
    const tab = await passkeyTab(t, new SoftAuthenticator({ origin: ORIGIN }));
    tab.requests.length = 0;
    expect(await rejectionOf(tab.client.webauthn.register({ is_passkey: true }))).toBeInstanceOf(NoSessionError);
    expect(tab.requests).toEqual([]);
    expectSignedOut(tab);
  });

  it('shows a cloned authenticator the refusal and keeps it signed out', async () => {
    const t = await startProvider();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    await (await signedIn(t, authenticator)).client.webauthn.register({ is_passkey: true });
    const genuine = await passkeyTab(t, authenticator);
    await genuine.client.webauthn.authenticate({ session_duration_minutes: 30 });
    // A copy of the key that replays an old counter.
    const clone = await passkeyTab(t, authenticator, { get: { signCount: 1 } });
    const error = await rejectionOf(clone.client.webauthn.authenticate({ session_duration_minutes: 30 }));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status_code: 401,
      error_type: 'unable_to_auth_webauthn_registration',
      error_message: 'The passkey could not be authenticated. Please try again.',
    });
    expectSignedOut(clone);
  });
});

describe('SDK passkeys in multi-factor sign-in (project.mfa.required)', () => {
  it('completes the pending sign-in with a passkey: secondary start, intermediate token from the cookie', async () => {
    const t = await startProvider({ project: { mfa: { required: true } } });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const enrolling = await signedIn(t, authenticator);
    const { webauthn_registration_id: registrationId } = await enrolling.client.webauthn.register({
      is_passkey: true,
      session_duration_minutes: 60,
    });
    t.clock.advance(1_000);

    // Another tab (its own browser): the passcode is the first factor, the passkey the second.
    const tab = await openSdkTab(t, {
      environment: { loadWebAuthn: async () => authenticator.library() },
      sameSiteCookies: true,
    });
    const { method_id } = await tab.client.otps.email.loginOrCreate(EMAIL);
    const firstAt = t.clock.now();
    const first = await tab.client.otps.authenticate(await t.lastCode(EMAIL), method_id, {
      session_duration_minutes: 60,
    });
    expect(first).toMatchObject({ session_token: '', session_jwt: '' });
    expect(tab.cookie('stytch_intermediate_session_token')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Half a sign-in is no session: the tab says signed out until the passkey completes it.
    expect(tab.client.session.getSync()).toBeNull();
    expect((await tab.client.session.getIntermediateUser())?.webauthn_registrations).toEqual([
      expect.objectContaining({ webauthn_registration_id: registrationId }),
    ]);
    tab.requests.length = 0;

    t.clock.advance(1_000);
    const done = await tab.client.webauthn.authenticate({ session_duration_minutes: 60 });
    expect(calls(tab)).toEqual(['POST /webauthn/authenticate/start/secondary 200', 'POST /webauthn/authenticate 200']);
    const webauthnCalls = tab.requests.filter((request) => request.path.startsWith('/webauthn/'));
    expect(
      webauthnCalls.map((request) => (request.body as Record<string, unknown>).intermediate_session_token),
    ).toEqual([
      (first as { intermediate_session_token?: string }).intermediate_session_token,
      (first as { intermediate_session_token?: string }).intermediate_session_token,
    ]);
    await expectSignedIn(t, tab);
    expect(tab.cookie('stytch_intermediate_session_token')).toBeUndefined();
    expect(done.session.authentication_factors).toEqual([
      emailFactor('otp', expect.any(String), EMAIL, firstAt),
      passkeyFactor(registrationId, t.clock.now(), expect.any(String)),
    ]);
  });
});
