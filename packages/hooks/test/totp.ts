// Shared by the TOTP hooks' tests: a provider that requires a second factor, a user with a confirmed authenticator
// app, and the codes that app shows (otplib's `generate` on the provider's clock, as the provider's tests do).
import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { generate } from 'otplib';

export const EMAIL = 'ada@example.com';
export const PASSWORD = 'dragonfly-marmalade-41';
/** One TOTP time step: a code is new again after it. */
export const STEP = 30_000;

/** A provider with `project.mfa.required` and a client that sends the page's cookies (same site, as a browser). */
export function mfaEnvironment(): Promise<TestEnvironment> {
  return startTestEnvironment({ config: { project: { mfa: { required: true } } }, sameSiteCookies: true });
}

/** The code the user's authenticator app shows now (the provider's clock). */
export function codeNow(env: TestEnvironment, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(env.clock.now() / 1000) });
}

/** Signs `EMAIL` up with a password and verifies the address by passcode (a full session: no second factor yet). */
export async function signUp(env: TestEnvironment): Promise<void> {
  await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
  // A secondary send from the sign-up session, as the widget makes: only the session that asked for the code proves
  // the address as the account's own (a code anyone could ask for would run the account pre-hijacking reset).
  const sent = await env.client.otps.email.send(EMAIL);
  await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 60 });
}

/**
 * A user with a confirmed authenticator app, signed out again; the clock is one step on, so the next code is new.
 * Returns the secret and the recovery codes.
 */
export async function totpUser(env: TestEnvironment) {
  await signUp(env);
  const created = await env.client.totps.create({ expiration_minutes: 30 });
  await env.client.totps.authenticate({ totp_code: await codeNow(env, created.secret), session_duration_minutes: 60 });
  await env.client.session.revoke();
  await env.settled();
  env.clock.advance(STEP);
  env.requests.length = 0;
  return { secret: created.secret, recoveryCodes: created.recovery_codes };
}

/** The first factor of a multi-factor sign-in: the password, answered with an intermediate session. */
export async function passwordFirstFactor(env: TestEnvironment): Promise<void> {
  await env.client.passwords.authenticate({ email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
  await env.settled();
  env.requests.length = 0;
}
