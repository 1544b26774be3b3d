// Shared by the passkey hooks' tests: an environment whose client runs WebAuthn ceremonies on the provider's
// software authenticator (real ES256 keys and attestation, verified by the real provider), and a first factor.
import {
  ORIGIN,
  SoftAuthenticator,
  startTestEnvironment,
  type TestEnvironment,
  type WebAuthnLibrary,
} from '@latchkey/testing';

export const EMAIL = 'ada@example.com';

/** The authenticator's library, with autofill ceremonies held until the test releases (or the SDK cancels) them. */
export interface GatedLibrary {
  library: WebAuthnLibrary;
  /** How many times the SDK cancelled a ceremony (it does so when the hook aborts its signal). */
  cancels: number;
  /** Autofill ceremonies waiting for the user to pick a passkey. */
  waiting: number;
  /** The user picks their passkey in the autofill of the oldest waiting ceremony. */
  pick(): void;
  /** The browser rejects the oldest waiting autofill ceremony with `error` (no user action). */
  fail(error: Error): void;
}

function gate(authenticator: SoftAuthenticator): GatedLibrary {
  const base = authenticator.library();
  const queue: { resolve(): void; reject(error: Error): void }[] = [];
  const gated: GatedLibrary = {
    cancels: 0,
    get waiting() {
      return queue.length;
    },
    pick() {
      queue.shift()?.resolve();
    },
    fail(error) {
      queue.shift()?.reject(error);
    },
    library: {
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
          gated.cancels += 1;
          for (const ceremony of queue.splice(0)) {
            const error = new Error('Cancelling existing WebAuthn API call for new one');
            error.name = 'AbortError';
            ceremony.reject(error);
          }
        },
      },
    } as WebAuthnLibrary,
  };
  return gated;
}

/** A provider, a client whose WebAuthn library is `authenticator` (its autofill ceremonies gated). */
export async function passkeyEnvironment(authenticator = new SoftAuthenticator({ origin: ORIGIN })) {
  const gated = gate(authenticator);
  const env = await startTestEnvironment({
    clientOptions: { environment: { loadWebAuthn: async () => gated.library } },
  });
  return { env, authenticator, gated };
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
  env.requests.length = 0;
  return webauthn_registration_id;
}

/** `METHOD path status` of each request the client sent to a WebAuthn path. */
export const webauthnCalls = (env: TestEnvironment) =>
  env.requests
    .filter((request) => request.path.startsWith('/webauthn'))
    .map(({ method, path, status }) => `${method} ${path} ${status}`);
