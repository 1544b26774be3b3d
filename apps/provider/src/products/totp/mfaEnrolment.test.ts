import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { creationOptions, requestOptions, type SignedIn, signIn, snapshotRows } from '../../../testing/fixtures';
import { type CallResult, ORIGIN, startProvider, type TestProvider } from '../../../testing/harness';
import { SoftAuthenticator } from '../../../testing/softAuthenticator';
import type { ProviderConfigInput } from '../../config';

const EMAIL = 'ada@example.com';
const DOMAIN = 'localhost';
const MINUTE = 60_000;
/** One TOTP time step: a code of the next step is a new code. */
const STEP = 30_000;
const MFA: ProviderConfigInput = { project: { mfa: { required: true } } };

/** What a refusal could have written: nothing of these may change. */
const snapshot = (t: TestProvider) =>
  snapshotRows(t, ['users', 'sessions', 'failures', 'totps', 'recoveryCodes', 'intermediateSessions', 'passkeys']);

/** The code an authenticator app shows for `secret` now (what the user types). */
const codeNow = (t: TestProvider, secret: string) => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });

const enrol = (t: TestProvider, sessionToken: string) => t.post('/totps', { expiration_minutes: 30 }, sessionToken);

const confirm = (t: TestProvider, code: string, sessionToken: string) =>
  t.post('/totps/authenticate', { totp_code: code, session_duration_minutes: 60 }, sessionToken);

/** Signs in with an emailed passcode, carrying `sessionToken` when given (the factor then joins that session). */
async function passcodeSignIn(t: TestProvider, sessionToken?: string) {
  const sent = await t.post('/otps/email/login_or_create', { email: EMAIL });
  expect(sent.status).toBe(200);
  return t.post(
    '/otps/authenticate',
    { token: await t.lastCode(EMAIL), method_id: sent.json.data.method_id, session_duration_minutes: 60 },
    sessionToken,
  );
}

const registerStart = (t: TestProvider, sessionToken: string, passkey = true) =>
  t.post(
    '/webauthn/register/start',
    { domain: DOMAIN, return_passkey_credential_options: passkey, user_agent: 'vitest' },
    sessionToken,
  );

/** Registers a credential of `authenticator` for the signed-in user (a passkey, else a security key): its id. */
async function registerPasskey(t: TestProvider, user: SignedIn, authenticator: SoftAuthenticator, passkey = true) {
  const credential = await authenticator.create(creationOptions(await registerStart(t, user.sessionToken, passkey)));
  const response = await t.post(
    '/webauthn/register',
    { public_key_credential: JSON.stringify(credential), session_duration_minutes: 60 },
    user.sessionToken,
  );
  expect(response.status).toBe(200);
  return response.json.data.webauthn_registration_id as string;
}

/** A WebAuthn sign-in with nobody signed in (primary), or an assertion added to `sessionToken`'s session (secondary). */
async function passkeyAssertion(
  t: TestProvider,
  authenticator: SoftAuthenticator,
  sessionToken?: string,
  passkey = true,
) {
  const options = requestOptions(
    await t.post(
      `/webauthn/authenticate/start/${sessionToken === undefined ? 'primary' : 'secondary'}`,
      { domain: DOMAIN, return_passkey_credential_options: passkey },
      sessionToken,
    ),
  );
  const [credential] = authenticator.credentials;
  const assertion = await authenticator.get(options, { credential, userHandle: credential?.userHandle });
  const response = await t.post(
    '/webauthn/authenticate',
    { public_key_credential: JSON.stringify(assertion), session_duration_minutes: 60 },
    sessionToken,
  );
  expect(response.status).toBe(200);
  return response;
}

const factorTypes = (response: CallResult) =>
  (response.json.data.session.authentication_factors as { type: string }[]).map((factor) => factor.type);

/** The refusal of a session whose sign-in is not recent (a new sign-in helps, not a code on this session). */
function notRecent(response: CallResult) {
  expect(response.status).toBe(403);
  expect(response.json.error_type).toBe('reauthentication_required');
  expect(response.json.error_message).toMatch(/^This change needs a recent sign-in/);
  expect(response.json).not.toHaveProperty('error_details');
}

/** The refusal: the recent sign-in's error (403 `reauthentication_required`), saying how to prove a second factor. */
function needsSecondFactor(response: CallResult) {
  expect(response.status).toBe(403);
  expect(response.json).toMatchObject({
    status_code: 403,
    error_type: 'reauthentication_required',
    error_message:
      'This change needs a session verified with your second factor: verify this session with a code from your authenticator app, a recovery code or one of your passkeys, then try again.',
    error_details: { reason: 'second_factor' },
  });
}

describe('enrolling a TOTP needs a session that proved the second factor the user holds (project.mfa.required)', () => {
  it('refuses a session older than the owner’s passkey, made recent by an emailed code: it cannot swap her passkey for its own app', async () => {
    const t = await startProvider(MFA);
    // Two sessions of one user, both started while she had no second factor; the owner then registers a passkey.
    const owner = await signIn(t, { email: EMAIL });
    const early = await signIn(t, { email: EMAIL });
    const phone = new SoftAuthenticator({ origin: ORIGIN });
    const passkeyId = await registerPasskey(t, owner, phone);
    t.clock.advance(10 * MINUTE);

    // Stale: every change is refused for want of a recent sign-in.
    notRecent(await registerStart(t, early.sessionToken));
    notRecent(await enrol(t, early.sessionToken));
    // The first factor, carried with the early session: it joins it, and no second factor is asked (as before).
    const again = await passcodeSignIn(t, early.sessionToken);
    expect(again.status).toBe(200);
    expect(again.json.data.session_token).toBe(early.sessionToken);
    expect(again.json.data).not.toHaveProperty('intermediate_session_token');
    expect(factorTypes(again)).toEqual(['otp']);

    // Recent now, but it never proved the passkey: no new app, and so no code to remove the passkey with.
    const before = await snapshot(t);
    needsSecondFactor(await enrol(t, early.sessionToken));
    needsSecondFactor(
      await t.call('DELETE', `/users/webauthn_registrations/${passkeyId}`, { sessionToken: early.sessionToken }),
    );
    expect(await snapshot(t)).toEqual(before);
    // A new sign-in by email still waits for the owner's passkey.
    const later = await passcodeSignIn(t);
    expect(later.json.data.intermediate_session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(later.json.data.session_token).toBe('');

    // The step-up: the owner's passkey asserted on that session proves it; then it may enrol and confirm an app.
    t.clock.advance(STEP);
    const proved = await passkeyAssertion(t, phone, early.sessionToken);
    expect(proved.json.data.session.session_id).toBe(early.sessionId);
    expect(factorTypes(proved)).toEqual(['otp', 'webauthn']);
    const enrolled = await enrol(t, early.sessionToken);
    expect(enrolled.status).toBe(200);
    expect((await confirm(t, await codeNow(t, enrolled.json.data.secret), early.sessionToken)).status).toBe(200);
  });

  it('refuses to confirm a TOTP enrolled before the owner’s passkey existed, from a session that never proved it, taking no guess', async () => {
    const t = await startProvider(MFA);
    const owner = await signIn(t, { email: EMAIL });
    const early = await signIn(t, { email: EMAIL });
    // No second factor yet: the early session enrols an app with the first factor alone, and keeps it pending.
    const enrolled = await enrol(t, early.sessionToken);
    expect(enrolled.status).toBe(200);
    const { secret, totp_id: totpId } = enrolled.json.data;
    const phone = new SoftAuthenticator({ origin: ORIGIN });
    await registerPasskey(t, owner, phone);

    // Its first code would verify the app and prove "the second factor" on that session: refused, nothing written
    // (not even a failed guess), the TOTP still pending.
    const before = await snapshot(t);
    needsSecondFactor(await confirm(t, await codeNow(t, secret), early.sessionToken));
    expect(await snapshot(t)).toEqual(before);
    expect(before.totps).toMatchObject([{ totp_id: totpId, verified: 0 }]);

    // Once the session proved the passkey, the same app is confirmed.
    const proved = await passkeyAssertion(t, phone, early.sessionToken);
    expect(factorTypes(proved)).toEqual(['otp', 'webauthn']);
    const confirmed = await confirm(t, await codeNow(t, secret), early.sessionToken);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data.totp_id).toBe(totpId);
    expect(factorTypes(confirmed)).toEqual(['otp', 'webauthn', 'totp']);
  });

  it('lets a user with no second factor enrol and confirm her first TOTP with the first factor alone', async () => {
    const t = await startProvider(MFA);
    const first = await passcodeSignIn(t);
    // No second factor: the passcode alone gives a full session.
    const sessionToken = first.json.data.session_token as string;
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const enrolled = await enrol(t, sessionToken);
    expect(enrolled.status).toBe(200);
    const confirmed = await confirm(t, await codeNow(t, enrolled.json.data.secret), sessionToken);
    expect(confirmed.status).toBe(200);
    expect(factorTypes(confirmed)).toEqual(['otp', 'totp']);
  });

  it('lets a session that proved the passkey enrol: the registering one, and a passkey sign-in alone', async () => {
    const t = await startProvider(MFA);
    const ada = await signIn(t, { email: EMAIL });
    const phone = new SoftAuthenticator({ origin: ORIGIN });
    await registerPasskey(t, ada, phone);
    // The registration joined Ada's session: a passkey beside the first factor.
    expect((await enrol(t, ada.sessionToken)).status).toBe(200);

    // A passkey that verified the user is both factors at once: its session enrols (replacing the pending app).
    t.clock.advance(STEP);
    const byPasskey = await passkeyAssertion(t, phone);
    expect(factorTypes(byPasskey)).toEqual(['webauthn']);
    const sessionToken = byPasskey.json.data.session_token as string;
    const enrolled = await enrol(t, sessionToken);
    expect(enrolled.status).toBe(200);
    const confirmed = await confirm(t, await codeNow(t, enrolled.json.data.secret), sessionToken);
    expect(confirmed.status).toBe(200);
    expect(factorTypes(confirmed)).toEqual(['webauthn', 'totp']);
  });

  it('lets the session a security key gave enrol when that key is the user’s only second factor, as for passkeys', async () => {
    const t = await startProvider(MFA);
    const ada = await signIn(t, { email: EMAIL });
    const key = new SoftAuthenticator({ origin: ORIGIN, userVerification: false });
    await registerPasskey(t, ada, key, false);
    t.clock.advance(STEP);
    // The key without user verification is a first factor, but the user has no other second factor: a session.
    const byKey = await passkeyAssertion(t, key, undefined, false);
    const sessionToken = byKey.json.data.session_token as string;
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await enrol(t, sessionToken)).status).toBe(200);
  });

  it('with multi-factor sign-in off, enrols from a passcode session of a user with a passkey: a first factor then', async () => {
    const t = await startProvider();
    const owner = await signIn(t, { email: EMAIL });
    await registerPasskey(t, owner, new SoftAuthenticator({ origin: ORIGIN }));
    const other = await signIn(t, { email: EMAIL });
    const enrolled = await enrol(t, other.sessionToken);
    expect(enrolled.status).toBe(200);
    expect((await confirm(t, await codeNow(t, enrolled.json.data.secret), other.sessionToken)).status).toBe(200);
  });
});
