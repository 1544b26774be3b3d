// Shared by the passkey tests of the hooks and both kits (the `verify` step, "Confirm it's you"): a user under
// multi-factor sign-in whose page holds a session that never proved the second factor she now has. Imported
// as `@latchkey/testing/unproved-session`.
import { API_BASE_URL, ORIGIN, PUBLIC_TOKEN, SoftAuthenticator } from '@latchkey/provider/testing';
import { generate } from 'otplib';
import { startTestEnvironment, type TestEnvironment } from './environment';

/** One TOTP time step: a code is new again after it. */
const STEP = 30_000;

/** `POST /sdk/v1{path}` straight to the provider, not through the client (another device's session): its `data`. */
async function postElsewhere(env: TestEnvironment, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await env.provider.fetch(
    new Request(`${API_BASE_URL}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        authorization: `Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`,
      },
      body: JSON.stringify(body),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** What `unprovedSession` sets up. */
export interface UnprovedSession {
  env: TestEnvironment;
  /** The client's WebAuthn authenticator (its `credentials`: the passkeys it holds). */
  authenticator: SoftAuthenticator;
  /** The code the user's authenticator app shows now (the provider's clock). */
  codeNow: () => Promise<string>;
  /** The app's recovery codes. */
  recoveryCodes: string[];
  /** With `withPasskey`: the id of the passkey she registered; else null. */
  passkeyId: string | null;
  /** The app's secret (base32). */
  totpSecret: string;
}

/**
 * Multi-factor sign-in required (`project.mfa.required`), and a page whose session started before the user had a
 * second factor: `email` signed in by passcode on another device while she had none; then, in a session of this page,
 * she set up an authenticator app (and, with `withPasskey`, a passkey), and the page went back to the first session.
 * That session never proved the second factor she now holds: the provider refuses passkey changes from it
 * (`error_details.reason: 'second_factor'`). With `pendingTotp` the app is left unconfirmed (its first code never
 * given): with a passkey, her only second factor is the passkey. The clock is one step on, so the next code is a new
 * one.
 */
export async function unprovedSession({
  email = 'ada@example.com',
  withPasskey = false,
  pendingTotp = false,
}: {
  email?: string;
  withPasskey?: boolean;
  pendingTotp?: boolean;
} = {}): Promise<UnprovedSession> {
  const authenticator = new SoftAuthenticator({ origin: ORIGIN });
  const library = authenticator.library();
  const env = await startTestEnvironment({
    config: { project: { mfa: { required: true } } },
    sameSiteCookies: true,
    clientOptions: { environment: { loadWebAuthn: async () => library } },
  });
  const sent = await postElsewhere(env, '/otps/email/login_or_create', { email, expiration_minutes: 5 });
  const early = await postElsewhere(env, '/otps/authenticate', {
    token: await env.lastCode(email),
    method_id: sent.method_id,
    session_duration_minutes: 60,
  });
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  await env.client.otps.authenticate(await env.lastCode(email), method_id, { session_duration_minutes: 30 });
  const totp = await env.client.totps.create({ expiration_minutes: 30 });
  const codeNow = () => generate({ secret: totp.secret, epoch: Math.floor(env.clock.now() / 1000) });
  if (!pendingTotp) await env.client.totps.authenticate({ totp_code: await codeNow(), session_duration_minutes: 60 });
  const passkeyId = withPasskey
    ? (await env.client.webauthn.register({ is_passkey: true })).webauthn_registration_id
    : null;
  env.client.session.updateSession({ session_token: String(early.session_token) });
  await env.client.session.authenticate();
  await env.settled();
  env.clock.advance(STEP);
  return { env, authenticator, codeNow, recoveryCodes: totp.recovery_codes, passkeyId, totpSecret: totp.secret };
}
