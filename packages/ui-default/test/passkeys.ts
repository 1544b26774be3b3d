// The themed passkey tests: a client whose WebAuthn ceremonies run on the provider's software authenticator (real
// keys and attestation, verified by the real provider), and a first factor to add passkeys to.
import { ORIGIN, SoftAuthenticator, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';

export const EMAIL = 'ada@example.com';

/** A provider and a client whose WebAuthn library is the software authenticator. */
export async function passkeyEnvironment(authenticator = new SoftAuthenticator({ origin: ORIGIN })) {
  const library = authenticator.library();
  return startTestEnvironment({ clientOptions: { environment: { loadWebAuthn: async () => library } } });
}

/** Signs `email` in by an emailed passcode (the first factor a passkey is added to). */
export async function signInByPasscode(env: TestEnvironment, email = EMAIL) {
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  await env.client.otps.authenticate(await env.lastCode(email), method_id, { session_duration_minutes: 30 });
}
