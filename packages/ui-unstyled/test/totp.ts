// Shared by the TOTP screens' tests: a user with a confirmed authenticator app on a provider that requires a second
// factor, and the codes that app shows (otplib's `generate` on the provider's clock, as the provider's tests do).
import type { TestEnvironment } from '@latchkey/testing';
import { generate } from 'otplib';

export const EMAIL = 'ada@example.com';
export const PASSWORD = 'dragonfly-marmalade-41';
/** The provider's configuration of a project that requires a second factor. */
export const MFA = { project: { mfa: { required: true } } };
const STEP = 30_000;

/** The code the user's authenticator app shows now (the provider's clock). */
export function codeNow(env: TestEnvironment, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(env.clock.now() / 1000) });
}

/** Signs `EMAIL` up with a password and verifies the address by passcode: a full session, no second factor yet. */
export async function signUp(env: TestEnvironment): Promise<void> {
  await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
  // A secondary send from the sign-up session, as the widget makes: only the session that asked for the code proves
  // the address as the account's own (a code anyone could ask for would run the account pre-hijacking reset).
  const sent = await env.client.otps.email.send(EMAIL);
  await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 60 });
}

/** A user with a confirmed authenticator app, signed out again; the clock one step on, so the next code is new. */
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
