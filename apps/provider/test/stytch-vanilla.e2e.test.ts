// @vitest-environment jsdom
// The "Done when" check of issues 13 to 16 (and 25: a phone-only user adds an email, a passkey and an authenticator
// app): the real `@stytch/vanilla-js` 6.3.0 headless client (a dev dependency,
// never imported by src/) runs its passkey, TOTP, crypto wallet, OAuth, identity-provider (`idp.*`, connected apps),
// session-exchange and impersonation calls against the provider started in-process,
// and gets the same envelopes and error types as the contract describes. Wallet signatures are made by real keys
// (testing/testWallets.ts: viem's personal_sign for Ethereum, tweetnacl for Solana) behind the providers a page
// talks to.
//
// How the client is pointed at us (read in its code, dist/esm-dev/packages/core/src/utils/api.mjs): a test public
// token (`public-token-test-…`) makes it use `endpoints.testAPIURL` as given, scheme, port and path kept, and it
// builds `${testAPIURL}/sdk/v1${path}`. The documented `customBaseUrl` would also work, but `getHttpsUrl()` keeps
// only `https://{hostname}` (no port, no http), so it fits a provider on port 443 only; `endpoints` is not in the
// client's `.d.ts`, hence the cast below. The public token travels in `Authorization: Basic base64(token:token)`,
// or `token:session_token` once its `stytch_session` cookie holds a session.
//
// What stands in for the browser: jsdom (document.cookie, localStorage, window.location on the playground's origin),
// a `fetch` that hands each request to `provider.fetch` with the Origin header and the page's cookies (a provider on
// the page's own site, as localhost:5173 → localhost:8787 is), and `navigator.credentials` backed by the software
// authenticator, through the client's own bundled @github/webauthn-json (ArrayBuffers in, ArrayBuffers out).
import { createHash } from 'node:crypto';
import { StytchAPIError, StytchClient } from '@stytch/vanilla-js/headless';
import bs58 from 'bs58';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { generate } from 'otplib';
import { stringToHex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderConfigInput } from '../src/config';
import { API_BASE_URL, FollowingClock, ORIGIN, startProvider, type TestProvider } from '../testing/harness';
import { completeAtDevelopmentUpstream } from '../testing/oauthUpstream';
import { SoftAuthenticator } from '../testing/softAuthenticator';
import { TestEthereumWallet, TestSolanaWallet } from '../testing/testWallets';

const EMAIL = 'ada@example.com';
const MFA: ProviderConfigInput = { project: { mfa: { required: true } } };
const INTERMEDIATE_COOKIE = 'stytch_intermediate_session_token';

type Provider = TestProvider<FollowingClock>;

/**
 * The provider on a clock that follows the real one: the client writes its session cookie with the session's
 * `expires_at`, and jsdom drops a cookie that expired already.
 */
const start = (config: ProviderConfigInput = {}): Promise<Provider> =>
  startProvider(config, { clock: new FollowingClock() });

/** One request the client sent, with the provider's answer. */
interface Sent {
  method: string;
  url: string;
  path: string;
  authorization: string | null;
  cookie: string | null;
  body: unknown;
  status: number;
}

type Bytes = ArrayBuffer | ArrayBufferView;
const b64 = (value: Bytes) =>
  Buffer.from(
    ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
      : new Uint8Array(value as ArrayBuffer),
  ).toString('base64url');
const bytes = (text: string): ArrayBuffer => {
  const buffer = Buffer.from(text, 'base64url');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

/** `navigator.credentials` on `authenticator`: the browser's half of the ceremony, as webauthn-json expects it. */
function installCredentials(authenticator: SoftAuthenticator): void {
  const credentials = {
    async create({ publicKey }: { publicKey: any }) {
      const made = await authenticator.create({
        ...publicKey,
        challenge: b64(publicKey.challenge),
        user: { ...publicKey.user, id: b64(publicKey.user.id) },
        excludeCredentials: (publicKey.excludeCredentials ?? []).map((item: any) => ({ ...item, id: b64(item.id) })),
      });
      return {
        id: made.id,
        rawId: bytes(made.rawId),
        type: made.type,
        authenticatorAttachment: made.authenticatorAttachment,
        response: {
          clientDataJSON: bytes(made.response.clientDataJSON),
          attestationObject: bytes(made.response.attestationObject),
          getTransports: () => made.response.transports,
        },
        getClientExtensionResults: () => ({}),
      };
    },
    async get({ publicKey }: { publicKey: any }) {
      const assertion = await authenticator.get({
        ...publicKey,
        challenge: b64(publicKey.challenge),
        allowCredentials: (publicKey.allowCredentials ?? []).map((item: any) => ({ ...item, id: b64(item.id) })),
      });
      const { userHandle } = assertion.response;
      return {
        id: assertion.id,
        rawId: bytes(assertion.rawId),
        type: assertion.type,
        authenticatorAttachment: assertion.authenticatorAttachment,
        response: {
          clientDataJSON: bytes(assertion.response.clientDataJSON),
          authenticatorData: bytes(assertion.response.authenticatorData),
          signature: bytes(assertion.response.signature),
          userHandle: userHandle ? bytes(userHandle) : null,
        },
        getClientExtensionResults: () => ({}),
      };
    },
  };
  Object.defineProperty(window.navigator, 'credentials', { value: credentials, configurable: true });
}

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's page has no Cookie Store API; this is the page's own jar.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function cookieValue(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/** The requests the client sent (telemetry `/events` aside). */
let sent: Sent[] = [];
/** The page's client, signed out after the test so that its background refresh stops before the provider closes. */
let live: StytchClient | undefined;

/** Node's own fetch: the development upstream (and the provider's calls to it) are reached over real HTTP. */
const networkFetch = globalThis.fetch;

/** A fresh page on the playground's origin whose fetch reaches `t` in-process; a new headless client on it. */
function openPage(t: Provider) {
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (new URL(url).origin !== new URL(API_BASE_URL).origin) return networkFetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('origin', window.location.origin);
    // credentials: 'include' on the page's own site: the browser sends the page's cookies along.
    if (document.cookie !== '') headers.set('cookie', document.cookie);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const response = await t.provider.fetch(new Request(url, { method: init?.method ?? 'GET', headers, body }), {
      remoteAddress: '127.0.0.1',
    });
    const path = new URL(url).pathname;
    if (!path.endsWith('/events')) {
      sent.push({
        method: init?.method ?? 'GET',
        url,
        path: path.replace(/^\/sdk\/v1/, ''),
        authorization: headers.get('authorization'),
        cookie: headers.get('cookie'),
        body: body === undefined || body === '' ? undefined : JSON.parse(body),
        status: response.status,
      });
    }
    return response;
  });
  const options = { endpoints: { testAPIURL: API_BASE_URL } } as ConstructorParameters<typeof StytchClient>[1];
  live = new StytchClient(t.provider.config.project.publicToken, options);
  return live;
}

type Client = ReturnType<typeof openPage>;

/** The error a promise rejects with. */
async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Signs in by an emailed passcode through the client (the first factor; a recent one, as factor changes need). */
async function passcodeSignIn(t: Provider, client: Client) {
  const { method_id } = await client.otps.email.loginOrCreate(EMAIL, { expiration_minutes: 5 });
  return client.otps.authenticate(await t.lastCode(EMAIL), method_id, { session_duration_minutes: 60 });
}

/** `webauthn.authenticate` with a passkey; it answers null only for conditional mediation, never asked for here. */
async function passkeyAuthenticate(client: Client) {
  const answer = await client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true });
  if (answer === null) throw new Error('webauthn.authenticate answered null');
  return answer;
}

const codeNow = (t: Provider, secret: string) => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });

beforeEach(() => {
  // Vitest's jsdom page starts on localhost:3000; the provider's allowed origin (and WebAuthn origin) is the playground.
  (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom.reconfigure({
    url: `${ORIGIN}/`,
  });
  clearCookies();
  window.localStorage.clear();
});

afterEach(async () => {
  // Runs before the harness closes the provider (hooks run in reverse order of registration).
  await live?.session.revoke({ forceClear: true }).catch(() => undefined);
  live = undefined;
  vi.unstubAllGlobals();
  clearCookies();
  window.localStorage.clear();
});

describe('@stytch/vanilla-js 6.3.0 passkey calls against the provider', () => {
  it('registers, renames, signs in with (primary and secondary) and deletes a passkey', async () => {
    const t = await start();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    installCredentials(authenticator);
    const client = openPage(t);
    const signedIn = await passcodeSignIn(t, client);
    expect(sent.at(-1)).toMatchObject({
      url: `${API_BASE_URL}/sdk/v1/otps/authenticate`,
      authorization: `Basic ${btoa(`${t.provider.config.project.publicToken}:${t.provider.config.project.publicToken}`)}`,
    });
    expect(cookieValue('stytch_session')).toBe(signedIn.session_token);

    const registered = await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
    expect(sent.slice(-2).map((request) => [request.path, request.status])).toEqual([
      ['/webauthn/register/start', 200],
      ['/webauthn/register', 200],
    ]);
    // The start carried the page's hostname and the passkey flag; the session token rode in Authorization.
    expect(sent.at(-2)).toMatchObject({
      body: { domain: 'localhost', return_passkey_credential_options: true, user_agent: expect.any(String) },
      authorization: `Basic ${btoa(`${t.provider.config.project.publicToken}:${signedIn.session_token}`)}`,
    });
    // The envelope's data, unwrapped by the client: an AuthenticateResponse plus the registration id, no __user.
    expect(registered).toMatchObject({
      status_code: 200,
      request_id: expect.any(String),
      user_id: signedIn.user_id,
      session_token: signedIn.session_token,
      session_jwt: expect.any(String),
      webauthn_registration_id: expect.stringMatching(/^webauthn-registration-test-/),
    });
    expect(registered).not.toHaveProperty('__user');
    const registrationId = registered.webauthn_registration_id;
    // withUpdateSession kept the session and the user from the answer.
    expect(client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'webauthn']);
    expect(client.user.getSync()?.webauthn_registrations).toEqual([
      expect.objectContaining({ webauthn_registration_id: registrationId, name: 'Passkey', verified: true }),
    ]);

    const renamed = await client.webauthn.update({ webauthn_registration_id: registrationId, name: ' Laptop ' });
    expect(renamed.webauthn_registration).toMatchObject({ webauthn_registration_id: registrationId, name: 'Laptop' });

    // Signed in: the client asks for a secondary challenge, and the factor joins the same session.
    t.clock.advance(1_000);
    const again = await passkeyAuthenticate(client);
    expect(sent.at(-2)?.path).toBe('/webauthn/authenticate/start/secondary');
    expect(again.session.session_id).toBe(signedIn.session.session_id);

    await client.session.revoke();
    expect(client.session.getSync()).toBeNull();
    expect(cookieValue('stytch_session')).toBeUndefined();

    // Signed out: a primary challenge, a discoverable passkey, a new session.
    t.clock.advance(1_000);
    const passkey = await passkeyAuthenticate(client);
    expect(sent.slice(-2).map((request) => [request.path, request.status])).toEqual([
      ['/webauthn/authenticate/start/primary', 200],
      ['/webauthn/authenticate', 200],
    ]);
    expect(passkey).toMatchObject({ user_id: signedIn.user_id, webauthn_registration_id: registrationId });
    expect(passkey.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'webauthn', webauthn_factor: expect.objectContaining({ domain: 'localhost' }) }),
    ]);
    expect(cookieValue('stytch_session')).toBe(passkey.session_token);

    // Delete it (a recent passkey sign-in is enough), then the authenticator's copy is refused with the spec's text.
    const deleted = await client.user.deleteWebauthnRegistration(registrationId);
    expect(deleted.user_id).toBe(signedIn.user_id);
    expect(client.user.getSync()?.webauthn_registrations).toEqual([]);
    await client.session.revoke();
    const error = await rejectionOf(client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true }));
    expect(error).toBeInstanceOf(StytchAPIError);
    expect(error).toMatchObject({
      status_code: 404,
      error_type: 'webauthn_registration_not_found',
      error_message:
        'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
    });
    expect(client.session.getSync()).toBeNull();
  });

  it('maps a refused assertion to StytchAPIError with the contract’s error type', async () => {
    const t = await start();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    installCredentials(authenticator);
    const client = openPage(t);
    await passcodeSignIn(t, client);
    await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
    await client.session.revoke();
    // A cloned authenticator: its counter goes back.
    const credential = authenticator.credentials[0];
    if (!credential) throw new Error('no credential');
    credential.signCount = 100;
    await client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true });
    await client.session.revoke();
    credential.signCount = 5;
    const error = await rejectionOf(client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true }));
    expect(error).toBeInstanceOf(StytchAPIError);
    expect(error).toMatchObject({ status_code: 401, error_type: 'unable_to_auth_webauthn_registration' });
    expect(client.session.getSync()).toBeNull();
  });
});

describe('@stytch/vanilla-js 6.3.0 TOTP calls against the provider', () => {
  it('creates a TOTP, confirms it, refuses a wrong code, rotates recovery codes and recovers once', async () => {
    const t = await start();
    const client = openPage(t);
    const signedIn = await passcodeSignIn(t, client);

    const created = await client.totps.create({ expiration_minutes: 30 });
    expect(created).toMatchObject({
      status_code: 200,
      request_id: expect.any(String),
      user_id: signedIn.user_id,
      totp_id: expect.stringMatching(/^totp-test-/),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      qr_code: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(created.recovery_codes).toHaveLength(10);
    // The client replaced its user with the answer's __user: the TOTP is there, pending.
    expect(client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: false }]);

    const wrong = await rejectionOf(client.totps.authenticate({ totp_code: '12345', session_duration_minutes: 60 }));
    expect(wrong).toBeInstanceOf(StytchAPIError);
    expect(wrong).toMatchObject({ status_code: 400, error_type: 'invalid_code' });

    t.clock.advance(1_000);
    const code = await codeNow(t, created.secret);
    const confirmed = await client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 });
    expect(confirmed).toMatchObject({ totp_id: created.totp_id, session_token: signedIn.session_token });
    expect(confirmed).not.toHaveProperty('__user');
    expect(client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'totp']);
    expect(client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);

    // The same code again: no replay within its window.
    const replay = await rejectionOf(client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 }));
    expect(replay).toBeInstanceOf(StytchAPIError);
    expect(replay).toMatchObject({
      status_code: 404,
      error_type: 'otp_code_not_found',
      error_message: 'Invalid passcode, please try again.',
    });
    expect(client.session.getSync()).not.toBeNull();

    const rotated = await client.totps.recoveryCodes();
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/totps/recovery_codes', status: 200 });
    expect(rotated).toMatchObject({
      user_id: signedIn.user_id,
      totps: { totp_id: created.totp_id, verified: true, recovery_codes: expect.any(Array) },
    });
    const [recoveryCode] = (rotated.totps as unknown as { recovery_codes: string[] }).recovery_codes;
    if (recoveryCode === undefined) throw new Error('no recovery code');
    const recovered = await client.totps.recover({ recovery_code: recoveryCode, session_duration_minutes: 60 });
    expect(recovered).toMatchObject({ totp_id: created.totp_id, user_id: signedIn.user_id });
    expect(client.session.getSync()?.authentication_factors.at(-1)?.type).toBe('recovery_codes');
    const reused = await rejectionOf(
      client.totps.recover({ recovery_code: recoveryCode, session_duration_minutes: 60 }),
    );
    expect(reused).toBeInstanceOf(StytchAPIError);
    expect(reused).toMatchObject({ status_code: 404, error_type: 'recovery_code_not_found' });
    // The first set stopped working when the fresh one was issued.
    const old = await rejectionOf(
      client.totps.recover({ recovery_code: created.recovery_codes[0] as string, session_duration_minutes: 60 }),
    );
    expect(old).toMatchObject({ error_type: 'recovery_code_not_found' });
  });
});

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

/** Signs in with an Ethereum wallet as a page does: accounts from its EIP-1193 provider, then personal_sign (hex). */
async function ethereumSignIn(client: Client, wallet: TestEthereumWallet) {
  const [address] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[];
  if (address === undefined) throw new Error('the wallet gave no account');
  const { challenge } = await client.cryptoWallets.authenticateStart({
    crypto_wallet_address: address,
    crypto_wallet_type: 'ethereum',
  });
  const signature = (await wallet.provider.request({
    method: 'personal_sign',
    params: [stringToHex(challenge), address],
  })) as string;
  const answer = await client.cryptoWallets.authenticate({
    crypto_wallet_address: address,
    crypto_wallet_type: 'ethereum',
    signature,
    session_duration_minutes: 60,
  });
  return { address, challenge, answer };
}

/** Signs in with a Solana wallet as a page does: connect, signMessage on the challenge's bytes, base58. */
async function solanaSignIn(client: Client, wallet: TestSolanaWallet) {
  const solana = wallet.provider;
  const address = (await solana.connect()).publicKey.toBase58();
  const { challenge } = await client.cryptoWallets.authenticateStart({
    crypto_wallet_address: address,
    crypto_wallet_type: 'solana',
  });
  const { signature } = await solana.signMessage(new TextEncoder().encode(challenge));
  const answer = await client.cryptoWallets.authenticate({
    crypto_wallet_address: address,
    crypto_wallet_type: 'solana',
    signature: bs58.encode(signature),
    session_duration_minutes: 60,
  });
  return { address, challenge, answer };
}

describe('@stytch/vanilla-js 6.3.0 crypto wallet calls against the provider', () => {
  it('signs a new user up, and the same user in again, with an Ethereum wallet and Sign-In with Ethereum', async () => {
    const t = await start();
    const client = openPage(t);
    const wallet = new TestEthereumWallet();
    const first = await ethereumSignIn(client, wallet);
    // The client read the bootstrap's siwe_required_for_crypto_wallets and sent the page as siwe_params.uri.
    expect(sent.slice(-2).map(({ path, body, status }) => ({ path, body, status }))).toEqual([
      {
        path: '/crypto_wallets/authenticate/start/primary',
        body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', siwe_params: { uri: ORIGIN } },
        status: 200,
      },
      {
        path: '/crypto_wallets/authenticate',
        body: {
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
          signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
          session_duration_minutes: 60,
        },
        status: 200,
      },
    ]);
    expect(parseSiweMessage(first.challenge)).toMatchObject({
      scheme: 'http',
      domain: 'localhost:5173',
      uri: ORIGIN,
      address: wallet.address,
      chainId: 1,
      version: '1',
    });
    expect(first.answer).toMatchObject({
      status_code: 200,
      user_id: expect.stringMatching(/^user-test-/),
      session_token: expect.any(String),
      session_jwt: expect.any(String),
    });
    expect(first.answer).not.toHaveProperty('__user');
    expect(cookieValue('stytch_session')).toBe(first.answer.session_token);
    const factors = client.session.getSync()?.authentication_factors;
    expect(factors).toEqual([
      expect.objectContaining({
        type: 'crypto',
        delivery_method: 'crypto_wallet',
        crypto_wallet_factor: expect.objectContaining({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
        }),
      }),
    ]);
    expect(client.user.getSync()?.crypto_wallets).toEqual([
      expect.objectContaining({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        verified: true,
      }),
    ]);

    await client.session.revoke();
    t.clock.advance(1_000);
    const again = await ethereumSignIn(client, wallet);
    expect(again.answer.user_id).toBe(first.answer.user_id);
    expect(again.answer.session.session_id).not.toBe(first.answer.session.session_id);
  });

  it('signs a new user up, and the same user in again, with a Solana wallet (Sign-In With Solana, base58 signature)', async () => {
    const t = await start();
    const client = openPage(t);
    const wallet = new TestSolanaWallet();
    const first = await solanaSignIn(client, wallet);
    // SIWE is for Ethereum: the client sends no siwe_params for Solana.
    expect(sent.at(-2)).toMatchObject({
      path: '/crypto_wallets/authenticate/start/primary',
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
      status: 200,
    });
    expect(sent.at(-2)?.body).not.toHaveProperty('siwe_params');
    expect(wallet.signed).toEqual([first.challenge]);
    expect(first.challenge.split('\n').slice(0, 2)).toEqual([
      'localhost:5173 wants you to sign in with your Solana account:',
      wallet.address,
    ]);
    expect(client.user.getSync()?.crypto_wallets).toEqual([
      expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana', verified: true }),
    ]);
    await client.session.revoke();
    t.clock.advance(1_000);
    const again = await solanaSignIn(client, wallet);
    expect(again.answer.user_id).toBe(first.answer.user_id);
    expect(cookieValue('stytch_session')).toBe(again.answer.session_token);
  });

  it('attaches a wallet through the secondary start when the page holds a session, then deletes it', async () => {
    const t = await start();
    const client = openPage(t);
    const signedIn = await passcodeSignIn(t, client);
    const wallet = new TestEthereumWallet();
    const attached = await ethereumSignIn(client, wallet);
    expect(sent.at(-2)).toMatchObject({
      path: '/crypto_wallets/authenticate/start/secondary',
      authorization: `Basic ${btoa(`${t.provider.config.project.publicToken}:${signedIn.session_token}`)}`,
      status: 200,
    });
    // The client sends the page as siwe_params.uri (the bootstrap requires SIWE), and the wallet signs the message.
    expect(sent.at(-2)?.body).toMatchObject({ siwe_params: { uri: ORIGIN } });
    expect(parseSiweMessage(attached.challenge)).toMatchObject({ domain: 'localhost:5173', address: wallet.address });
    expect(attached.answer.session.session_id).toBe(signedIn.session.session_id);
    expect(client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'crypto']);
    const [stored] = client.user.getSync()?.crypto_wallets ?? [];
    expect(stored).toEqual({
      crypto_wallet_id: expect.stringMatching(/^crypto-wallet-test-/),
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      verified: true,
    });

    const deleted = await client.user.deleteCryptoWallet(stored?.crypto_wallet_id ?? '');
    expect(deleted.user_id).toBe(signedIn.user_id);
    expect(client.user.getSync()?.crypto_wallets).toEqual([]);
  });

  it('maps a signature by another key and a used challenge to StytchAPIError with the contract’s error types', async () => {
    const t = await start();
    const client = openPage(t);
    const wallet = new TestSolanaWallet();
    const impostor = new TestSolanaWallet();
    const { challenge } = await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'solana',
    });
    const forged = await rejectionOf(
      client.cryptoWallets.authenticate({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'solana',
        signature: impostor.signBase58(challenge),
        session_duration_minutes: 60,
      }),
    );
    expect(forged).toBeInstanceOf(StytchAPIError);
    expect(forged).toMatchObject({ status_code: 401, error_type: 'unable_to_authenticate_crypto_wallet' });
    expect(client.session.getSync()).toBeNull();

    const genuine = {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'solana',
      signature: wallet.signBase58(challenge),
      session_duration_minutes: 60,
    };
    await client.cryptoWallets.authenticate(genuine);
    await client.session.revoke();
    const replayed = await rejectionOf(client.cryptoWallets.authenticate(genuine));
    expect(replayed).toMatchObject({ status_code: 404, error_type: 'crypto_wallet_not_found' });
    expect(client.session.getSync()).toBeNull();
  });
});

describe('@stytch/vanilla-js 6.3.0 OAuth calls against the provider (through the development upstream)', () => {
  /** Runs `start` with the client's navigation (`oauth.navigate`, public for tests) captured instead of followed. */
  async function startUrlOf(client: Client, start: () => Promise<unknown>): Promise<string> {
    const oauth = client.oauth as unknown as { navigate(url: URL): void };
    const navigations: string[] = [];
    const spy = vi.spyOn(oauth, 'navigate').mockImplementation((url: URL) => void navigations.push(url.toString()));
    try {
      await start();
    } finally {
      spy.mockRestore();
    }
    const url = navigations.at(-1);
    if (url === undefined) throw new Error('The client did not navigate');
    return url;
  }

  it('builds a start URL the provider follows to the upstream and back, then oauth.authenticate signs in (PKCE, the default)', async () => {
    const t = await start();
    const client = openPage(t);
    const url = await startUrlOf(client, () =>
      client.oauth.github.start({
        login_redirect_url: `${ORIGIN}/authenticate`,
        signup_redirect_url: `${ORIGIN}/authenticate`,
        custom_scopes: ['repo'],
        provider_params: { login_hint: EMAIL },
      }),
    );
    const startUrl = new URL(url);
    expect(`${startUrl.origin}${startUrl.pathname}`).toBe(`${API_BASE_URL}/v1/public/oauth/github/start`);
    expect(startUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(startUrl.searchParams.get('custom_scopes')).toBe('repo');
    const appUrl = await completeAtDevelopmentUpstream(
      url,
      { email: EMAIL, name: 'Ada Lovelace' },
      {
        fetch: (request) => t.provider.fetch(request, { remoteAddress: '127.0.0.1' }),
      },
    );
    expect(appUrl.searchParams.get('stytch_token_type')).toBe('oauth');
    const answer = await client.oauth.authenticate(appUrl.searchParams.get('token') as string, {
      session_duration_minutes: 60,
    });
    expect(answer.provider_type).toBe('github');
    expect(answer.provider_values.access_token).toMatch(/.+/);
    expect(answer.user.providers).toEqual([expect.objectContaining({ provider_type: 'github' })]);
    expect(answer.session.authentication_factors[0]).toMatchObject({ type: 'oauth', delivery_method: 'oauth_github' });
    expect(sent.at(-1)).toMatchObject({ path: '/oauth/authenticate', status: 200 });
    expect(sent.at(-1)?.body).toMatchObject({ code_verifier: expect.stringMatching(/.+/) });
    expect(cookieValue('stytch_session')).toBe(answer.session_token);
  });

  it('gets oauth_flow_callback_error for a cancel at the upstream and oauth_token_not_found for a used token', async () => {
    const t = await start();
    const client = openPage(t);
    const url = await startUrlOf(client, () => client.oauth.google.start());
    const appUrl = await completeAtDevelopmentUpstream(url, 'cancel', {
      fetch: (request) => t.provider.fetch(request, { remoteAddress: '127.0.0.1' }),
    });
    const token = appUrl.searchParams.get('token') as string;
    const refused = await rejectionOf(client.oauth.authenticate(token, { session_duration_minutes: 60 }));
    expect(refused).toBeInstanceOf(StytchAPIError);
    expect(refused.error_type).toBe('oauth_flow_callback_error');
    const used = await rejectionOf(client.oauth.authenticate(token, { session_duration_minutes: 60 }));
    expect(used.error_type).toBe('oauth_token_not_found');
    expect(used.error_message).toBe('OAuth Token could not be found.');
  });
});

describe('@stytch/vanilla-js 6.3.0 identity-provider, session-exchange and impersonation calls against the provider', () => {
  const APP = 'https://app.example';
  const IDP: ProviderConfigInput = {
    project: {
      idp: {
        clients: [
          {
            clientId: 'demo-app',
            name: 'Demo App',
            type: 'public',
            redirectUris: [`${APP}/callback`],
            postLogoutRedirectUris: [`${APP}/`],
            scopes: ['openid', 'email', 'profile', 'full_access'],
            consentRequired: true,
          },
        ],
      },
    },
  };
  const VERIFIER = 'a-code-verifier-of-forty-three-characters-or-more';
  const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
  const params = (scopes: string[]) => ({
    client_id: 'demo-app',
    redirect_uri: `${APP}/callback`,
    response_type: 'code',
    scopes,
    code_challenge: CHALLENGE,
    state: 'state-1',
    nonce: 'nonce-1',
  });

  /** Redeems `code` at the token endpoint as the public client would (form body, PKCE verifier). */
  async function redeem(t: Provider, code: string) {
    const response = await t.provider.fetch(
      new Request(`${API_BASE_URL}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${APP}/callback`,
          client_id: 'demo-app',
          code_verifier: VERIFIER,
        }),
      }),
      { remoteAddress: '127.0.0.1' },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; id_token: string; scope: string };
  }

  it('authorize start and submit with consent, the connected app listed and revoked, a logout start', async () => {
    const t = await start(IDP);
    const client = openPage(t);
    const signedIn = await passcodeSignIn(t, client);

    const started = await client.idp.oauthAuthorizeStart(params(['openid', 'email', 'profile']));
    expect(started.consent_required).toBe(true);
    expect(started.client).toMatchObject({ client_id: 'demo-app', client_name: 'Demo App', client_type: 'public' });
    expect(started.scope_results).toEqual([
      expect.objectContaining({ scope: 'openid', is_grantable: true }),
      expect.objectContaining({ scope: 'email', is_grantable: true }),
      expect.objectContaining({ scope: 'profile', is_grantable: true }),
    ]);
    expect(sent.at(-1)).toMatchObject({ path: '/idp/oauth/authorize/start', status: 200 });
    expect(sent.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from(`${t.provider.config.project.publicToken}:${signedIn.session_token}`).toString('base64')}`,
    );

    const submitted = await client.idp.oauthAuthorizeSubmit({
      ...params(['openid', 'email', 'profile']),
      consent_granted: true,
    });
    const back = new URL(submitted.redirect_uri);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP}/callback`);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('iss')).toBe(t.provider.config.publicUrl);
    const tokens = await redeem(t, back.searchParams.get('code') as string);
    expect(tokens.scope.split(' ').sort()).toEqual(['email', 'openid', 'profile']);

    // The consent is remembered: the next start needs none.
    expect((await client.idp.oauthAuthorizeStart(params(['openid', 'email']))).consent_required).toBe(false);

    const { connected_apps } = await client.user.getConnectedApps();
    expect(connected_apps).toEqual([
      expect.objectContaining({ connected_app_id: 'demo-app', name: 'Demo App', client_type: 'public' }),
    ]);
    await client.user.revokedConnectedApp('demo-app');
    expect((await client.user.getConnectedApps()).connected_apps).toEqual([]);
    expect(sent.at(-2)).toMatchObject({ method: 'POST', path: '/users/connected_apps/demo-app/revoke', status: 200 });

    const logout = await client.idp.oauthLogoutStart({
      client_id: 'demo-app',
      post_logout_redirect_uri: `${APP}/`,
      state: 'bye',
    });
    expect(logout.consent_required).toBe(true);
    expect(new URL(logout.redirect_uri).searchParams.get('state')).toBe('bye');
    expect(sent.at(-1)).toMatchObject({ path: '/oauth/logout/start', status: 200 });
  });

  it('gets the contract’s error types for a redirect URI that is not registered and for a denied consent', async () => {
    const t = await start(IDP);
    const client = openPage(t);
    await passcodeSignIn(t, client);
    const refused = await rejectionOf(
      client.idp.oauthAuthorizeStart({ ...params(['openid']), redirect_uri: 'https://evil.example/callback' }),
    );
    expect(refused).toBeInstanceOf(StytchAPIError);
    expect(refused.error_type).toBe('invalid_redirect_uri');
    const denied = await client.idp.oauthAuthorizeSubmit({ ...params(['openid']), consent_granted: false });
    expect(new URL(denied.redirect_uri).searchParams.get('error')).toBe('access_denied');
    expect((await client.user.getConnectedApps()).connected_apps).toEqual([]);
  });

  it('session.exchangeAccessToken turns a full_access access token into a session of its user', async () => {
    const t = await start(IDP);
    const client = openPage(t);
    const signedIn = await passcodeSignIn(t, client);
    const submitted = await client.idp.oauthAuthorizeSubmit({
      ...params(['openid', 'full_access']),
      consent_granted: true,
    });
    const tokens = await redeem(t, new URL(submitted.redirect_uri).searchParams.get('code') as string);
    await client.session.revoke();
    expect(cookieValue('stytch_session')).toBeUndefined();

    const exchanged = await client.session.exchangeAccessToken({
      access_token: tokens.access_token,
      session_duration_minutes: 30,
    });
    expect(exchanged.user.user_id).toBe(signedIn.user.user_id);
    expect(exchanged.session_token).not.toBe(signedIn.session_token);
    expect(cookieValue('stytch_session')).toBe(exchanged.session_token);
    expect(client.session.getSync()?.session_id).toBe(exchanged.session.session_id);
  });

  it('session.attest exchanges a trusted issuer’s JWT for a session of the user with its email', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const t = await start({
      project: {
        trustedAuthTokens: [
          {
            profileId: 'partner-sso',
            issuer: 'https://partner.example',
            audience: 'latchkey',
            publicKeyPem: await exportSPKI(publicKey),
          },
        ],
      },
    });
    const client = openPage(t);
    const token = await new SignJWT({ email: 'grace@example.com' })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('https://partner.example')
      .setAudience('latchkey')
      .setSubject('partner-user-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const answer = await client.session.attest({ profile_id: 'partner-sso', token, session_duration_minutes: 30 });
    expect(answer.user.emails).toEqual([expect.objectContaining({ email: 'grace@example.com', verified: true })]);
    expect(cookieValue('stytch_session')).toBe(answer.session_token);
    expect(sent.at(-1)).toMatchObject({ path: '/sessions/attest', status: 200 });
    const refused = await rejectionOf(
      client.session.attest({ profile_id: 'unknown-profile', token, session_duration_minutes: 30 }),
    );
    expect(refused).toBeInstanceOf(StytchAPIError);
    expect(refused.error_type).toBe('trusted_auth_token_profile_not_found');
  });

  it('impersonation.authenticate signs in with a token from the server call, once', async () => {
    const t = await start();
    const client = openPage(t);
    const signedIn = await passcodeSignIn(t, client);
    await client.session.revoke();
    const issued = await t.call('POST', '/v1/impersonation_tokens', {
      body: { user_id: signedIn.user.user_id, impersonator_id: 'support-agent-7' },
      authorization: `Basic ${Buffer.from(`${t.projectId}:${t.secretKey}`).toString('base64')}`,
      origin: null,
    });
    expect(issued.status).toBe(200);
    const token = issued.json.data?.impersonation_token ?? issued.json.impersonation_token;
    const answer = await client.impersonation.authenticate({ impersonation_token: token });
    expect(answer.user.user_id).toBe(signedIn.user.user_id);
    expect(cookieValue('stytch_session')).toBe(answer.session_token);
    const again = await rejectionOf(client.impersonation.authenticate({ impersonation_token: token }));
    expect(again).toBeInstanceOf(StytchAPIError);
  });
});
