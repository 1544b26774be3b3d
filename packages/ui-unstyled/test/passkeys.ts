// The passkey screens' tests: a client whose WebAuthn ceremonies run on the provider's software authenticator
// (real keys and attestation, verified by the real provider), with autofill ceremonies held until the test picks a
// passkey (as a user does in the email field's autofill), and a first factor to add passkeys to.
import {
  ORIGIN,
  SoftAuthenticator,
  startTestEnvironment,
  type TestEnvironment,
  type WebAuthnLibrary,
} from '@latchkey/testing';

export const EMAIL = 'ada@example.com';

/** Autofill ceremonies waiting for the user: `pick()` answers the oldest with the authenticator's passkey. */
export interface AutofillGate {
  readonly waiting: number;
  pick(): void;
  /** The browser rejects the oldest waiting autofill ceremony with `error` (no user action). */
  fail(error: Error): void;
}

/** A provider and a client whose WebAuthn library is `authenticator`, its autofill ceremonies gated. */
export async function passkeyEnvironment(authenticator = new SoftAuthenticator({ origin: ORIGIN })) {
  const base = authenticator.library();
  const queue: { resolve(): void; reject(error: Error): void }[] = [];
  const autofill: AutofillGate = {
    get waiting() {
      return queue.length;
    },
    pick: () => queue.shift()?.resolve(),
    fail: (error) => queue.shift()?.reject(error),
  };
  const library = {
    ...base,
    startAuthentication: (args: Parameters<WebAuthnLibrary['startAuthentication']>[0]) => {
      if (!args.useBrowserAutofill) return base.startAuthentication(args);
      return new Promise((resolve, reject) => {
        queue.push({ resolve: () => resolve(base.startAuthentication(args)), reject });
      });
    },
    WebAuthnAbortService: {
      ...base.WebAuthnAbortService,
      cancelCeremony: () => {
        for (const ceremony of queue.splice(0)) {
          const error = new Error('Cancelling existing WebAuthn API call for new one');
          error.name = 'AbortError';
          ceremony.reject(error);
        }
      },
    },
  } as WebAuthnLibrary;
  const env = await startTestEnvironment({
    clientOptions: { environment: { loadWebAuthn: async () => library } },
  });
  return { env, authenticator, autofill };
}

/** Signs `email` in by an emailed passcode (the first factor a passkey is added to). */
export async function signInByPasscode(env: TestEnvironment, email = EMAIL) {
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  await env.client.otps.authenticate(await env.lastCode(email), method_id, { session_duration_minutes: 30 });
}

/** A user with a registered passkey, signed out again (the passkey stays in the authenticator). */
export async function passkeyUser(env: TestEnvironment, email = EMAIL) {
  await signInByPasscode(env, email);
  const { webauthn_registration_id } = await env.client.webauthn.register({ is_passkey: true });
  await env.client.session.revoke();
  await env.settled();
  return webauthn_registration_id;
}
