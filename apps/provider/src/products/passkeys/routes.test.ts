import { createHash, randomBytes } from 'node:crypto';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { authenticateResponse, emailFactor, expectedUser } from '../../../test/authenticateResponse';
import { errorBody, expectError, expectSchemaError, REQUEST_ID } from '../../../test/expectError';
import {
  asIfVerified,
  creationOptions,
  requestOptions,
  type SignedIn,
  signIn,
  snapshotRows,
} from '../../../testing/fixtures';
import { type CallResult, iso, ORIGIN, START, startProvider, type TestProvider } from '../../../testing/harness';
import { type CeremonyTweaks, SoftAuthenticator, type SoftCredential } from '../../../testing/softAuthenticator';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const b64url = (text: string) => Buffer.from(text).toString('base64url');
const EMAIL = 'ada@example.com';
const DOMAIN = 'localhost';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0';
const FIVE_MINUTES = 5 * 60_000;

// The texts the specification gives the widget's passkey errors, quoted, not taken from the catalogue.
const DUPLICATE = errorBody(
  409,
  'duplicate_webauthn_registration',
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
);
const NOT_REGISTERED = errorBody(
  404,
  'webauthn_registration_not_found',
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
);
const MANAGED_NOT_FOUND = errorBody(404, 'webauthn_registration_not_found', 'WebAuthn registration not found.');
const CHALLENGE_REFUSED = errorBody(
  400,
  'unable_to_register_webauthn',
  'The passkey could not be registered: its challenge is unknown, expired, already used or was issued to another session. Start the registration again.',
);
const UNVERIFIED = errorBody(
  400,
  'unable_to_register_webauthn',
  'The passkey could not be registered: the credential did not verify for this origin, relying party and challenge (a passkey must also verify the user). Start the registration again.',
);
const AUTH_REFUSED = errorBody(
  401,
  'unable_to_auth_webauthn_registration',
  'The passkey could not be authenticated. Please try again.',
);

/** Every row a passkey call could write, to prove a refusal wrote nothing. */
const snapshot = (t: TestProvider) => snapshotRows(t, ['users', 'sessions', 'passkeys', 'challenges', 'failures']);

function registerStart(t: TestProvider, sessionToken: string | undefined, body: Record<string, unknown> = {}) {
  return t.post(
    '/webauthn/register/start',
    { domain: DOMAIN, return_passkey_credential_options: true, user_agent: USER_AGENT, ...body },
    sessionToken,
  );
}

function finishRegistration(t: TestProvider, sessionToken: string | undefined, credential: unknown) {
  return t.post(
    '/webauthn/register',
    { public_key_credential: JSON.stringify(credential), session_duration_minutes: 60 },
    sessionToken,
  );
}

/** Runs a whole registration for `user` on `authenticator`. */
async function registerPasskey(
  t: TestProvider,
  user: SignedIn,
  authenticator: SoftAuthenticator,
  startBody: Record<string, unknown> = {},
  tweaks: CeremonyTweaks = {},
) {
  const credential = await authenticator.create(
    creationOptions(await registerStart(t, user.sessionToken, startBody)),
    tweaks,
  );
  return { credential, response: await finishRegistration(t, user.sessionToken, credential) };
}

function authenticateStart(
  t: TestProvider,
  mode: 'primary' | 'secondary' = 'primary',
  body: Record<string, unknown> = {},
  sessionToken?: string,
) {
  return t.post(
    `/webauthn/authenticate/start/${mode}`,
    { domain: DOMAIN, return_passkey_credential_options: true, ...body },
    sessionToken,
  );
}

function finishAuthentication(t: TestProvider, assertion: unknown, sessionToken?: string) {
  return t.post(
    '/webauthn/authenticate',
    { public_key_credential: JSON.stringify(assertion), session_duration_minutes: 60 },
    sessionToken,
  );
}

/** A passkey sign-in with nobody signed in: primary start, the authenticator's assertion, authenticate. */
async function passkeySignIn(
  t: TestProvider,
  authenticator: SoftAuthenticator,
  tweaks: CeremonyTweaks = {},
  startBody: Record<string, unknown> = {},
) {
  const assertion = await authenticator.get(requestOptions(await authenticateStart(t, 'primary', startBody)), tweaks);
  return finishAuthentication(t, assertion);
}

/** Ada, signed in by an email passcode a moment ago, with a passkey registered on a platform authenticator. */
async function adaWithPasskey(
  t: TestProvider,
  settings: { userVerification?: boolean; counter?: boolean } = {},
  startBody: Record<string, unknown> = {},
) {
  const ada = await signIn(t, { email: EMAIL });
  const authenticator = new SoftAuthenticator({ origin: ORIGIN, ...settings });
  const { response, credential } = await registerPasskey(t, ada, authenticator, startBody);
  expect(response.status).toBe(200);
  return { ada, authenticator, credential, registrationId: response.json.data.webauthn_registration_id as string };
}

/** The factor a passkey sign-in or registration adds to a session. */
function passkeyFactor(registrationId: unknown, at: number, userAgent = USER_AGENT) {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: iso(at),
    webauthn_factor: { webauthn_registration_id: registrationId, domain: DOMAIN, user_agent: userAgent },
  };
}

/** A registration as the user object lists it. */
function listedPasskey(registrationId: unknown, name = 'Passkey') {
  return {
    webauthn_registration_id: registrationId,
    domain: DOMAIN,
    user_agent: USER_AGENT,
    authenticator_type: 'platform',
    verified: true,
    name,
    created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  };
}

describe('webauthn/register/start', () => {
  it('answers passkey creation options as a JSON string with base64url fields and stores only the challenge hash', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const response = await registerStart(t, ada.sessionToken);
    expect(response.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        user_id: ada.userId,
        public_key_credential_creation_options: expect.any(String),
      },
    });
    const options = creationOptions(response);
    expect(options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      rp: { name: 'Latchkey Playground', id: DOMAIN },
      user: { id: b64url(ada.userId), name: EMAIL, displayName: EMAIL },
      pubKeyCredParams: [
        { alg: -8, type: 'public-key' },
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
      timeout: FIVE_MINUTES,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required', requireResidentKey: true },
      extensions: { credProps: true },
      hints: [],
    });
    expect(await t.provider.database.db.selectFrom('webauthn_challenges').selectAll().execute()).toEqual([
      {
        challenge_id: expect.stringMatching(/^webauthn-challenge-test-/),
        project_id: 'project-test-latchkey-playground',
        challenge_hash: sha256(options.challenge),
        purpose: 'register',
        user_id: ada.userId,
        session_id: ada.sessionId,
        intermediate_session_id: null,
        rp_id: DOMAIN,
        user_verification_required: 1,
        is_passkey: 1,
        user_handle: b64url(ada.userId),
        authenticator_type: null,
        user_agent: USER_AGENT,
        expires_at: START + FIVE_MINUTES,
        consumed_at: null,
        created_at: START,
      },
    ]);
  });

  it('asks a security key for a non-discoverable credential, honours the overrides and excludes registered credentials', async () => {
    const t = await startProvider();
    const { ada, credential } = await adaWithPasskey(t);
    const response = await registerStart(t, ada.sessionToken, {
      return_passkey_credential_options: false,
      authenticator_type: 'cross-platform',
      override_id: 'ada-handle',
      override_name: 'ada.lovelace',
      override_display_name: 'Ada Lovelace',
    });
    const options = creationOptions(response);
    expect(options.user).toEqual({ id: b64url('ada-handle'), name: 'ada.lovelace', displayName: 'Ada Lovelace' });
    expect(options.authenticatorSelection).toEqual({
      residentKey: 'discouraged',
      userVerification: 'preferred',
      requireResidentKey: false,
      authenticatorAttachment: 'cross-platform',
    });
    expect(options.excludeCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    const challenge = await t.provider.database.db
      .selectFrom('webauthn_challenges')
      .selectAll()
      .where('challenge_hash', '=', sha256(options.challenge))
      .executeTakeFirstOrThrow();
    expect(challenge).toMatchObject({
      user_verification_required: 0,
      is_passkey: 0,
      authenticator_type: 'cross-platform',
    });
  });

  it('needs a live session with a recent sign-in, refusing otherwise and writing nothing', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const before = await snapshot(t);
    expectError(await registerStart(t, undefined), 401, 'user_unauthenticated');
    expectError(await registerStart(t, 'no-such-session'), 404, 'session_not_found');
    expect(await snapshot(t)).toEqual(before);

    // Past recentAuthenticationMinutes (5) a new passkey needs a fresh sign-in.
    t.clock.advance(FIVE_MINUTES + 1);
    const stale = await registerStart(t, ada.sessionToken);
    expect(stale.status).toBe(403);
    expect(stale.json).toMatchObject({ error_type: 'reauthentication_required' });
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a domain that is not a relying-party id of the project with invalid_webauthn_domain', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const before = await snapshot(t);
    // 127.0.0.1 is an allowed origin's host, but an IP address is never a relying-party id.
    for (const domain of ['evil.example', 'localhost.evil.example', '127.0.0.1', 'LOCALHOST', '']) {
      const response = await registerStart(t, ada.sessionToken, { domain });
      if (domain === '') expectSchemaError(response, ['.domain']);
      else expectError(response, 400, 'invalid_webauthn_domain');
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('takes its relying-party ids and origins from project.webauthn when set', async () => {
    const t = await startProvider({
      project: {
        allowedOrigins: [ORIGIN, 'https://app.acme.test'],
        webauthn: { relyingPartyIds: ['acme.test'], origins: ['https://app.acme.test', 'https://login.acme.test'] },
      },
    });
    const ada = await signIn(t, { email: EMAIL });
    expectError(await registerStart(t, ada.sessionToken, { domain: 'app.acme.test' }), 400, 'invalid_webauthn_domain');
    const options = creationOptions(await registerStart(t, ada.sessionToken, { domain: 'acme.test' }));
    expect(options.rp.id).toBe('acme.test');
    // A ceremony on another configured origin of the relying party is accepted…
    const authenticator = new SoftAuthenticator({ origin: 'https://login.acme.test' });
    const registered = await finishRegistration(t, ada.sessionToken, await authenticator.create(options));
    expect(registered.status).toBe(200);
    // …one on the allowed origin that is not a WebAuthn origin is not.
    const other = creationOptions(await registerStart(t, ada.sessionToken, { domain: 'acme.test' }));
    const refused = await finishRegistration(
      t,
      ada.sessionToken,
      await new SoftAuthenticator({ origin: 'https://evil.acme.test' }).create(other),
    );
    expect(refused.json).toEqual(UNVERIFIED);
  });

  it('refuses every passkey call with method_not_enabled when the product is off', async () => {
    const t = await startProvider({ project: { products: ['email_otp'] } });
    const ada = await signIn(t, { email: EMAIL });
    const before = await snapshot(t);
    expectError(await registerStart(t, ada.sessionToken), 403, 'method_not_enabled');
    expectError(await finishRegistration(t, ada.sessionToken, {}), 403, 'method_not_enabled');
    expectError(await authenticateStart(t, 'primary'), 403, 'method_not_enabled');
    expectError(await authenticateStart(t, 'secondary', {}, ada.sessionToken), 403, 'method_not_enabled');
    expectError(await finishAuthentication(t, {}), 403, 'method_not_enabled');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses wrong types and unknown authenticator types with a schema error', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    expectSchemaError(await t.post('/webauthn/register/start', {}, ada.sessionToken), ['.domain']);
    expectSchemaError(await registerStart(t, ada.sessionToken, { authenticator_type: 'usb' }), ['.authenticator_type']);
    expectSchemaError(await registerStart(t, ada.sessionToken, { override_id: 'x'.repeat(65) }), ['.override_id']);
    expectSchemaError(await registerStart(t, ada.sessionToken, { return_passkey_credential_options: 'yes' }), [
      '.return_passkey_credential_options',
    ]);
  });
});

describe('webauthn/register', () => {
  it('stores the verified passkey, adds it to the user and its factor to the same session', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    t.clock.advance(60_000);
    const { credential, response } = await registerPasskey(t, ada, authenticator);
    expect(response.status).toBe(200);
    const registrationId = response.json.data.webauthn_registration_id;
    expect(registrationId).toMatch(/^webauthn-registration-test-/);
    expect(response.json).toEqual({
      data: {
        ...authenticateResponse({
          userId: ada.userId,
          user: expectedUser(ada.userId, {
            emails: [{ email_id: ada.emailId, email: EMAIL, verified: true }],
            webauthn_registrations: [listedPasskey(registrationId)],
          }),
          factors: [emailFactor('otp', ada.emailId, EMAIL, START), passkeyFactor(registrationId, START + 60_000)],
          expiresAt: START + 60_000 + 60 * 60_000,
          lastAccessedAt: START + 60_000,
          sessionId: ada.sessionId,
          sessionToken: ada.sessionToken,
          userAgent: 'vitest',
        }),
        webauthn_registration_id: registrationId,
      },
    });
    const row = await db.selectFrom('webauthn_registrations').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({
      webauthn_registration_id: registrationId,
      user_id: ada.userId,
      project_id: 'project-test-latchkey-playground',
      credential_id: credential.id,
      public_key: expect.stringMatching(/^[A-Za-z0-9_-]{100,}$/),
      sign_count: 0,
      transports: '["internal","hybrid"]',
      user_handle: b64url(ada.userId),
      rp_id: DOMAIN,
      user_agent: USER_AGENT,
      authenticator_type: 'platform',
      is_passkey: 1,
      uv_initialized: 1,
      name: 'Passkey',
      created_at: START + 60_000,
    });
    expect(await db.selectFrom('webauthn_challenges').select('consumed_at').execute()).toEqual([
      { consumed_at: START + 60_000 },
    ]);
    // GET /users/me lists it too.
    const me = await t.call('GET', '/users/me', { sessionToken: ada.sessionToken });
    expect(me.json.data.webauthn_registrations).toEqual([listedPasskey(registrationId)]);
  });

  it('registers a security key that does not verify the user when no passkey was asked for', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const key = new SoftAuthenticator({ origin: ORIGIN, userVerification: false });
    const { response } = await registerPasskey(t, ada, key, { return_passkey_credential_options: false });
    expect(response.status).toBe(200);
    expect(response.json.data.user.webauthn_registrations).toEqual([
      listedPasskey(response.json.data.webauthn_registration_id, 'Security key'),
    ]);
  });

  it('refuses a passkey whose authenticator did not verify the user, using the challenge up', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const key = new SoftAuthenticator({ origin: ORIGIN, userVerification: false });
    const before = await snapshot(t);
    const { credential, response } = await registerPasskey(t, ada, key);
    expect(response.json).toEqual(UNVERIFIED);
    const after = await snapshot(t);
    expect(after.passkeys).toEqual([]);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.challenges).toEqual([expect.objectContaining({ consumed_at: START })]);
    // The challenge cannot be answered again, even with a credential that verifies the user.
    expect((await finishRegistration(t, ada.sessionToken, { ...credential })).json).toEqual(CHALLENGE_REFUSED);
  });

  it('refuses a wrong origin, a wrong relying-party id, a wrong ceremony type and a missing user presence', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    for (const tweaks of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:5174' },
      { rpId: 'evil.example' },
      { type: 'webauthn.get' },
      { userPresent: false },
    ] satisfies CeremonyTweaks[]) {
      const { response } = await registerPasskey(t, ada, authenticator, {}, tweaks);
      expect(response.json, JSON.stringify(tweaks)).toEqual(UNVERIFIED);
    }
    expect(await t.provider.database.db.selectFrom('webauthn_registrations').selectAll().execute()).toEqual([]);
  });

  it('refuses an expired, a used, an unknown and a foreign challenge', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });

    // Expired: five minutes after the start.
    const late = await authenticator.create(creationOptions(await registerStart(t, ada.sessionToken)));
    t.clock.advance(FIVE_MINUTES);
    expect((await finishRegistration(t, ada.sessionToken, late)).json).toEqual(CHALLENGE_REFUSED);

    // Unknown: a challenge the provider never issued.
    const fresh = await signIn(t, { email: EMAIL });
    const options = creationOptions(await registerStart(t, fresh.sessionToken));
    const invented = await authenticator.create(options, { challenge: b64url('not-issued-by-the-provider') });
    expect((await finishRegistration(t, fresh.sessionToken, invented)).json).toEqual(CHALLENGE_REFUSED);

    // Foreign: answered by another session of the same user, or by another user. The challenge stays usable.
    const credential = await authenticator.create(options);
    const otherSession = await signIn(t, { email: EMAIL });
    const grace = await signIn(t, { email: 'grace@example.com' });
    const before = await snapshot(t);
    expect((await finishRegistration(t, otherSession.sessionToken, credential)).json).toEqual(CHALLENGE_REFUSED);
    expect((await finishRegistration(t, grace.sessionToken, credential)).json).toEqual(CHALLENGE_REFUSED);
    expect(await snapshot(t)).toEqual(before);
    expect((await finishRegistration(t, fresh.sessionToken, credential)).status).toBe(200);

    // Used: the same answer again.
    const again = await finishRegistration(t, fresh.sessionToken, credential);
    expect(again.json).toEqual(CHALLENGE_REFUSED);
    expect(await db.selectFrom('webauthn_registrations').selectAll().execute()).toHaveLength(1);
  });

  it('checks the recent sign-in again when the passkey is added, refusing a start that has since gone stale', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    // Started within the five minutes of the sign-in, answered (its challenge still live) after them.
    t.clock.advance(4 * 60_000);
    const credential = await authenticator.create(creationOptions(await registerStart(t, ada.sessionToken)));
    t.clock.advance(2 * 60_000);
    const before = await snapshot(t);
    const stale = await finishRegistration(t, ada.sessionToken, credential);
    expect(stale.status).toBe(403);
    expect(stale.json).toMatchObject({ error_type: 'reauthentication_required' });
    // Nothing written: no passkey, no factor, and the challenge is not used up.
    expect(await snapshot(t)).toEqual(before);
    expect(before.passkeys).toEqual([]);
  });

  it('needs a session: refuses none, a dead one, and a session JWT (the answer carries the opaque token)', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const credential = await authenticator.create(creationOptions(await registerStart(t, ada.sessionToken)));
    const jwt = (await t.post('/sessions/authenticate', {}, ada.sessionToken)).json.data.session_jwt as string;
    const before = await snapshot(t);
    expectError(await finishRegistration(t, undefined, credential), 401, 'user_unauthenticated');
    expectError(await finishRegistration(t, 'no-such-session', credential), 404, 'session_not_found');
    expectError(await finishRegistration(t, jwt, credential), 401, 'invalid_session_token');
    expect(await snapshot(t)).toEqual(before);
    expect((await finishRegistration(t, ada.sessionToken, credential)).status).toBe(200);
  });

  it('gives one credential id to one user: a second registration of it answers duplicate_webauthn_registration', async () => {
    const t = await startProvider();
    const { ada, authenticator, credential } = await adaWithPasskey(t);
    const synced = authenticator.credentials.find((item) => item.id === credential.id);
    if (!synced) throw new Error('the authenticator lost its credential');

    // Another user (the passkey synced to a device they use), then Ada herself, register the same credential.
    const grace = await signIn(t, { email: 'grace@example.com' });
    const before = await snapshot(t);
    const { response: stolen } = await registerPasskey(t, grace, authenticator, {}, { reuse: synced });
    expect(stolen.json).toEqual(DUPLICATE);
    const { response: twice } = await registerPasskey(t, ada, authenticator, {}, { reuse: synced });
    expect(twice.json).toEqual(DUPLICATE);
    const after = await snapshot(t);
    expect(after.passkeys).toEqual(before.passkeys);
    expect(after.sessions).toEqual(before.sessions);
  });

  it('refuses a credential that is not the JSON text of a registration with invalid_public_key_credential', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const good = await authenticator.create(creationOptions(await registerStart(t, ada.sessionToken)));
    const before = await snapshot(t);
    const bad: unknown[] = [
      'not json',
      '{}',
      '[]',
      'null',
      { ...good, type: 'password' },
      { ...good, id: 'has spaces' },
      { ...good, response: { ...good.response, clientDataJSON: b64url('not json') } },
      { ...good, response: { ...good.response, clientDataJSON: b64url('{"type":"webauthn.create"}') } },
      { ...good, response: { clientDataJSON: good.response.clientDataJSON } },
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    ];
    for (const credential of bad) {
      const text = typeof credential === 'string' ? credential : JSON.stringify(credential);
      const response = await t.post(
        '/webauthn/register',
        { public_key_credential: text, session_duration_minutes: 60 },
        ada.sessionToken,
      );
      expectError(response, 400, 'invalid_public_key_credential');
    }
    expectSchemaError(await t.post('/webauthn/register', { public_key_credential: good }, ada.sessionToken), [
      '.public_key_credential',
    ]);
    expectSchemaError(
      await t.post(
        '/webauthn/register',
        { public_key_credential: JSON.stringify(good), session_duration_minutes: 1 },
        ada.sessionToken,
      ),
      ['.session_duration_minutes'],
    );
    expect(await snapshot(t)).toEqual(before);
    expect((await finishRegistration(t, ada.sessionToken, good)).status).toBe(200);
  });

  it('never answers a 500 for garbage attestation objects, however deep their CBOR nests', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    for (const attestationObject of [
      Buffer.from('garbage').toString('base64url'),
      Buffer.alloc(30_000, 0x81).toString('base64url'), // an array in an array in an array…
      Buffer.from([0xa1, 0x63, 0x66, 0x6d, 0x74]).toString('base64url'), // a map cut short
    ]) {
      const good: RegistrationResponseJSON = await authenticator.create(
        creationOptions(await registerStart(t, ada.sessionToken)),
      );
      const response = await finishRegistration(t, ada.sessionToken, {
        ...good,
        response: { ...good.response, attestationObject },
      });
      expect(response.json).toEqual(UNVERIFIED);
    }
  });

  it('refuses a credential id in the authenticator data over 1023 bytes or other than the id sent, storing nothing', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    // A key pair of the soft authenticator's making, whose id the authenticator data will carry instead.
    const maker = new SoftAuthenticator({ origin: ORIGIN });
    const made = await maker.create({
      rp: { id: DOMAIN, name: 'x' },
      user: { id: b64url('nobody'), name: 'n', displayName: 'n' },
      challenge: b64url('unused'),
      pubKeyCredParams: [],
    });
    const key = maker.credentials.find((item) => item.id === made.id);
    if (!key) throw new Error('the authenticator lost its credential');
    const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');
    const withId = (bytes: number): SoftCredential => ({ ...key, id: randomId(bytes) });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const shortId = randomId(32);
    for (const [bytes, sentId] of [
      [3000, shortId], // too long for the schema's cap on id/rawId, so sent under a short one
      [1024, shortId],
      [64, shortId], // within the limit, but not the id the client claims
    ] as const) {
      const made = await authenticator.create(creationOptions(await registerStart(t, ada.sessionToken)), {
        reuse: withId(bytes),
      });
      const before = await snapshot(t);
      const response = await finishRegistration(t, ada.sessionToken, { ...made, id: sentId, rawId: sentId });
      expect(response.status, `${bytes} bytes`).toBe(400);
      expect(response.json, `${bytes} bytes`).toEqual(UNVERIFIED);
      const after = await snapshot(t);
      expect(after.passkeys).toEqual([]);
      expect(after.sessions).toEqual(before.sessions);
      expect(after.challenges.filter((row) => row.consumed_at === null)).toEqual([]);
    }
    // Nothing to exclude in the next creation options, and an id of exactly 1023 bytes, sent as it is, registers.
    const options = creationOptions(await registerStart(t, ada.sessionToken));
    expect(options.excludeCredentials).toEqual([]);
    const longest = await authenticator.create(options, { reuse: withId(1023) });
    const response = await finishRegistration(t, ada.sessionToken, longest);
    expect(response.status).toBe(200);
    expect((await snapshot(t)).passkeys).toEqual([expect.objectContaining({ credential_id: longest.id })]);
  });

  it('refuses attestation formats other than none and packed before verifying: nothing is fetched, nothing stored', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    // `android-key` made @simplewebauthn/server fetch the revocation lists the client's own certificate names.
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      throw new Error('no network in this test');
    }) as typeof fetch;
    try {
      for (const attestationFormat of ['android-key', 'tpm', 'apple', 'android-safetynet', 'fido-u2f', 'made-up']) {
        const before = await snapshot(t);
        const { response } = await registerPasskey(t, ada, authenticator, {}, { attestationFormat });
        expect(response.json, attestationFormat).toEqual(
          errorBody(
            400,
            'unable_to_register_webauthn',
            'The passkey could not be registered: its attestation statement format is not accepted (only none and packed are).',
          ),
        );
        expect((await snapshot(t)).passkeys, attestationFormat).toEqual(before.passkeys);
      }
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(fetched).toEqual([]);
    // `none` (what registration asks for) registers.
    const { response } = await registerPasskey(t, ada, authenticator);
    expect(response.status).toBe(200);
  });

  it('refuses a credential created in a cross-origin frame (crossOrigin true or a topOrigin), storing nothing', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    for (const framing of [
      { crossOrigin: true },
      { crossOrigin: true, topOrigin: 'https://evil.example' },
      { crossOrigin: true, topOrigin: ORIGIN },
      { crossOrigin: false, topOrigin: 'https://evil.example' },
    ]) {
      const made = await authenticator.create(creationOptions(await registerStart(t, ada.sessionToken)));
      const clientData = JSON.parse(Buffer.from(made.response.clientDataJSON, 'base64url').toString('utf8'));
      const framed = {
        ...made,
        response: { ...made.response, clientDataJSON: b64url(JSON.stringify({ ...clientData, ...framing })) },
      };
      const before = await snapshot(t);
      const response = await finishRegistration(t, ada.sessionToken, framed);
      expect(response.status, JSON.stringify(framing)).toBe(400);
      expect(response.json, JSON.stringify(framing)).toEqual(UNVERIFIED);
      const after = await snapshot(t);
      expect(after.passkeys).toEqual([]);
      expect(after.sessions).toEqual(before.sessions);
    }
    // The same page, not framed (`crossOrigin: false`, no `topOrigin`), registers.
    const { response } = await registerPasskey(t, ada, authenticator);
    expect(response.status).toBe(200);
  });
});

describe('webauthn/authenticate', () => {
  it('signs a user in with a discoverable passkey and no user name, with a webauthn factor', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { ada, authenticator, registrationId } = await adaWithPasskey(t);
    t.clock.advance(60_000);
    const start = await authenticateStart(t, 'primary');
    expect(start.json).toEqual({
      data: { request_id: REQUEST_ID, status_code: 200, public_key_credential_request_options: expect.any(String) },
    });
    const options = requestOptions(start);
    expect(options).toEqual({
      rpId: DOMAIN,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      allowCredentials: [],
      timeout: FIVE_MINUTES,
      userVerification: 'required',
    });
    expect(
      await db
        .selectFrom('webauthn_challenges')
        .selectAll()
        .where('challenge_hash', '=', sha256(options.challenge))
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ purpose: 'authenticate', user_id: null, session_id: null, user_verification_required: 1 });

    const response = await finishAuthentication(t, await authenticator.get(options));
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: {
        ...authenticateResponse({
          userId: ada.userId,
          user: expectedUser(ada.userId, {
            emails: [{ email_id: ada.emailId, email: EMAIL, verified: true }],
            webauthn_registrations: [listedPasskey(registrationId)],
          }),
          factors: [passkeyFactor(registrationId, START + 60_000)],
          startedAt: START + 60_000,
          expiresAt: START + 60_000 + 60 * 60_000,
        }),
        webauthn_registration_id: registrationId,
      },
    });
    expect(response.json.data.session.session_id).not.toBe(ada.sessionId);
    const row = await db.selectFrom('webauthn_registrations').select('sign_count').executeTakeFirstOrThrow();
    expect(row.sign_count).toBe(1);
    // A passkey sign-in is a recent authentication: it may add another passkey at once.
    const another = await registerPasskey(
      t,
      { ...ada, sessionToken: response.json.data.session_token },
      new SoftAuthenticator({ origin: ORIGIN }),
    );
    expect(another.response.status).toBe(200);
  });

  it('adds the factor to the caller’s session on a secondary start, which lists only the user’s credentials', async () => {
    const t = await startProvider();
    const { ada, authenticator, credential, registrationId } = await adaWithPasskey(t);
    const grace = await adaWithPasskeyOf(t, 'grace@example.com');
    const start = await authenticateStart(t, 'secondary', {}, ada.sessionToken);
    const options = requestOptions(start);
    expect(options.allowCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    t.clock.advance(60_000);
    const response = await finishAuthentication(t, await authenticator.get(options), ada.sessionToken);
    expect(response.status).toBe(200);
    expect(response.json.data.session.session_id).toBe(ada.sessionId);
    expect(response.json.data.session_token).toBe(ada.sessionToken);
    expect(response.json.data.session.authentication_factors).toEqual([
      emailFactor('otp', ada.emailId, EMAIL, START),
      passkeyFactor(registrationId, START + 60_000),
    ]);

    // A secondary challenge is for that session and that user's credentials only.
    const bound = requestOptions(await authenticateStart(t, 'secondary', {}, ada.sessionToken));
    const before = await snapshot(t);
    expect((await finishAuthentication(t, await authenticator.get(bound))).json).toEqual(AUTH_REFUSED);
    expect((await finishAuthentication(t, await authenticator.get(bound), grace.ada.sessionToken)).json).toEqual(
      AUTH_REFUSED,
    );
    const graceAssertion = await grace.authenticator.get(bound, { credential: grace.authenticator.credentials[0] });
    expect((await finishAuthentication(t, graceAssertion, ada.sessionToken)).json).toEqual(AUTH_REFUSED);
    expect(await snapshot(t)).toEqual(before);
    expect((await finishAuthentication(t, await authenticator.get(bound), ada.sessionToken)).status).toBe(200);
  });

  it('answers a secondary start without registrations with webauthn_registration_not_found', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    expect((await authenticateStart(t, 'secondary', {}, ada.sessionToken)).json).toEqual(NOT_REGISTERED);
    expectError(await authenticateStart(t, 'secondary'), 401, 'user_unauthenticated');
  });

  it('refuses a cloned authenticator: a signature counter that does not go up', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { authenticator, ada } = await adaWithPasskey(t);
    expect((await passkeySignIn(t, authenticator)).status).toBe(200);
    expect((await passkeySignIn(t, authenticator)).status).toBe(200);
    const stored = async () =>
      (await db.selectFrom('webauthn_registrations').select('sign_count').executeTakeFirstOrThrow()).sign_count;
    expect(await stored()).toBe(2);

    for (const signCount of [2, 1, 0]) {
      const before = await snapshot(t);
      expect((await passkeySignIn(t, authenticator, { signCount })).json).toEqual(AUTH_REFUSED);
      const after = await snapshot(t);
      expect(after.sessions).toEqual(before.sessions);
      expect(after.passkeys).toEqual(before.passkeys);
      expect(after.failures).toHaveLength(before.failures.length + 1);
      expect(after.failures.every((row) => row.user_id === ada.userId)).toBe(true);
    }
    // The genuine authenticator's next counter still works.
    expect((await passkeySignIn(t, authenticator)).status).toBe(200);
    expect(await stored()).toBe(3);
  });

  it('accepts an authenticator that keeps no counter (0 each time), as synced passkeys do', async () => {
    const t = await startProvider();
    const { authenticator } = await adaWithPasskey(t, { counter: false });
    expect((await passkeySignIn(t, authenticator)).status).toBe(200);
    expect((await passkeySignIn(t, authenticator)).status).toBe(200);
  });

  it('requires user verification for a passkey, whatever the start call asked', async () => {
    const t = await startProvider();
    const { authenticator } = await adaWithPasskey(t);
    for (const startBody of [{}, { return_passkey_credential_options: false }]) {
      const response = await passkeySignIn(t, authenticator, { userVerified: false }, startBody);
      expect(response.json).toEqual(AUTH_REFUSED);
    }
    expect((await passkeySignIn(t, authenticator, {}, { return_passkey_credential_options: false })).status).toBe(200);
  });

  it('lets a security key sign in without user verification unless the start asked for a passkey', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const key = new SoftAuthenticator({ origin: ORIGIN, userVerification: false });
    const { response, credential } = await registerPasskey(t, ada, key, { return_passkey_credential_options: false });
    expect(response.status).toBe(200);
    const stored = key.credentials.find((item) => item.id === credential.id);
    // Not discoverable: it signs in as a second factor, offered by the secondary start.
    const secondary = requestOptions(
      await authenticateStart(t, 'secondary', { return_passkey_credential_options: false }, ada.sessionToken),
    );
    expect((await finishAuthentication(t, await key.get(secondary), ada.sessionToken)).status).toBe(200);
    const strict = requestOptions(await authenticateStart(t, 'primary'));
    expect((await finishAuthentication(t, await key.get(strict, { credential: stored }))).json).toEqual(AUTH_REFUSED);
  });

  it('refuses a wrong origin, a wrong relying-party id, a forged signature, a foreign user handle and a framed ceremony', async () => {
    const t = await startProvider();
    const { authenticator, ada } = await adaWithPasskey(t);
    for (const tweaks of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { badSignature: true },
      { type: 'webauthn.create' },
      { userHandle: b64url('user-test-somebody-else') },
      // Signed over client data that says the ceremony ran in a cross-origin frame (Safari names no top origin).
      { framing: { crossOrigin: true } },
      { framing: { crossOrigin: true, topOrigin: 'https://evil.example' } },
    ] satisfies CeremonyTweaks[]) {
      const before = await snapshot(t);
      expect((await passkeySignIn(t, authenticator, tweaks)).json, JSON.stringify(tweaks)).toEqual(AUTH_REFUSED);
      const after = await snapshot(t);
      expect(after.sessions).toEqual(before.sessions);
      expect(after.failures).toHaveLength(before.failures.length + 1);
      expect(after.failures).toEqual(expect.arrayContaining(before.failures));
      expect(after.failures.every((row) => row.user_id === ada.userId)).toBe(true);
    }
  });

  it('needs the user handle on a primary (usernameless) sign-in, and takes an assertion without one on a secondary', async () => {
    const t = await startProvider();
    const { authenticator, ada } = await adaWithPasskey(t);
    const before = await snapshot(t);
    const bare = await passkeySignIn(t, authenticator, { userHandle: null });
    expect(bare.status).toBe(401);
    expect(bare.json).toEqual(AUTH_REFUSED);
    const after = await snapshot(t);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.failures).toEqual([...before.failures, expect.objectContaining({ user_id: ada.userId })]);
    // The user was identified before a secondary ceremony: there the handle may be absent (if present, it must match).
    const secondary = requestOptions(await authenticateStart(t, 'secondary', {}, ada.sessionToken));
    const stepUp = await finishAuthentication(
      t,
      await authenticator.get(secondary, { userHandle: null }),
      ada.sessionToken,
    );
    expect(stepUp.status).toBe(200);
    // With the handle the authenticator returns for its discoverable credential, the primary sign-in goes through.
    expect((await passkeySignIn(t, authenticator)).status).toBe(200);
  });

  it('refuses an expired, a used and an unknown challenge, and a registration challenge, counting no failure', async () => {
    const t = await startProvider();
    const { ada, authenticator } = await adaWithPasskey(t);
    const options = requestOptions(await authenticateStart(t, 'primary'));
    const assertion = await authenticator.get(options);
    expect((await finishAuthentication(t, assertion)).status).toBe(200);
    const before = await snapshot(t);
    // Used.
    expect((await finishAuthentication(t, assertion)).json).toEqual(AUTH_REFUSED);
    // Unknown.
    const invented = await authenticator.get(options, { challenge: b64url('never issued') });
    expect((await finishAuthentication(t, invented)).json).toEqual(AUTH_REFUSED);
    // A registration challenge answered as a sign-in.
    const registration = creationOptions(await registerStart(t, ada.sessionToken));
    const crossed = await authenticator.get({ rpId: DOMAIN, challenge: registration.challenge });
    expect((await finishAuthentication(t, crossed, ada.sessionToken)).json).toEqual(AUTH_REFUSED);
    // Expired.
    const late = await authenticator.get(requestOptions(await authenticateStart(t, 'primary')));
    t.clock.advance(FIVE_MINUTES);
    expect((await finishAuthentication(t, late)).json).toEqual(AUTH_REFUSED);
    const after = await snapshot(t);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.failures).toEqual(before.failures);
  });

  it('answers webauthn_registration_not_found for a credential the provider does not know', async () => {
    const t = await startProvider();
    await adaWithPasskey(t);
    const stranger = new SoftAuthenticator({ origin: ORIGIN });
    const options = requestOptions(await authenticateStart(t, 'primary'));
    await stranger.create({
      rp: { id: DOMAIN, name: 'x' },
      user: { id: b64url('nobody'), name: 'n', displayName: 'n' },
      challenge: options.challenge,
      pubKeyCredParams: [],
    });
    const before = await snapshot(t);
    expect((await finishAuthentication(t, await stranger.get(options))).json).toEqual(NOT_REGISTERED);
    const after = await snapshot(t);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.challenges.filter((row) => row.consumed_at !== null)).toHaveLength(2);
  });

  it("is no guess: failed assertions take none of the user's slots, and a user locked out by wrong codes still signs in with it", async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 3, windowMinutes: 60 } });
    const { ada, authenticator } = await adaWithPasskey(t);
    const { db } = t.provider.database;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await passkeySignIn(t, authenticator, { badSignature: true })).json).toEqual(AUTH_REFUSED);
    }
    // Recorded, but not counted: a stranger with someone's credential id cannot lock its owner out this way.
    expect(await db.selectFrom('auth_failures').select('user_id').execute()).toHaveLength(3);
    expect(await db.selectFrom('guess_counters').selectAll().execute()).toEqual([]);
    // Anyone who knows her address locks her out of passcodes with three wrong ones...
    const sent = await t.post('/otps/email/login_or_create', { email: EMAIL });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await t.post('/otps/authenticate', {
        token: '000000',
        method_id: sent.json.data.method_id,
        session_duration_minutes: 60,
      });
      expect(wrong.status).toBe(404);
    }
    const locked = await t.post('/otps/authenticate', {
      token: '000000',
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expectError(locked, 429, 'user_lock_limit_reached');
    // ...but not out of her passkey.
    const signedIn = await passkeySignIn(t, authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.user_id).toBe(ada.userId);
  });

  it('limits primary starts per client IP', async () => {
    const t = await startProvider({ rateLimits: { webauthnChallengesPerIp: { limit: 2, windowSeconds: 60 } } });
    expect((await authenticateStart(t)).status).toBe(200);
    expect((await authenticateStart(t)).status).toBe(200);
    const limited = await authenticateStart(t);
    expectError(limited, 429, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await t.provider.database.db.selectFrom('webauthn_challenges').selectAll().execute()).toHaveLength(2);
    const other = await t.call('POST', '/webauthn/authenticate/start/primary', {
      body: { domain: DOMAIN },
      remoteAddress: '10.0.0.2',
    });
    expect(other.status).toBe(200);
  });

  it('refuses an assertion that is not the JSON text of one with invalid_public_key_credential', async () => {
    const t = await startProvider();
    const { authenticator } = await adaWithPasskey(t);
    const good = await authenticator.get(requestOptions(await authenticateStart(t, 'primary')));
    const before = await snapshot(t);
    for (const credential of [
      'not json',
      '{}',
      { ...good, response: { ...good.response, signature: 'not base64url!' } },
      { ...good, response: { ...good.response, authenticatorData: undefined } },
      { ...good, rawId: 42 },
    ]) {
      const text = typeof credential === 'string' ? credential : JSON.stringify(credential);
      expectError(
        await t.post('/webauthn/authenticate', { public_key_credential: text }),
        400,
        'invalid_public_key_credential',
      );
    }
    // Well-formed but garbage binary parts: refused like a forged assertion, never a 500.
    for (const response of [
      { ...good.response, authenticatorData: b64url('short') },
      { ...good.response, signature: b64url('garbage') },
    ]) {
      const options = requestOptions(await authenticateStart(t, 'primary'));
      const fresh = await authenticator.get(options);
      expect(
        (
          await finishAuthentication(t, {
            ...fresh,
            response: { ...fresh.response, ...response, clientDataJSON: fresh.response.clientDataJSON },
          })
        ).json,
      ).toEqual(AUTH_REFUSED);
    }
    expect((await snapshot(t)).sessions).toEqual(before.sessions);
  });
});

/** Another user with a passkey on their own authenticator. */
async function adaWithPasskeyOf(t: TestProvider, email: string) {
  const user = await signIn(t, { email });
  const authenticator = new SoftAuthenticator({ origin: ORIGIN });
  const { response } = await registerPasskey(t, user, authenticator);
  expect(response.status).toBe(200);
  return { ada: user, authenticator, registrationId: response.json.data.webauthn_registration_id as string };
}

describe('webauthn/update and DELETE /users/webauthn_registrations', () => {
  it('renames the caller’s own registration, trimmed, and lists the new name', async () => {
    const t = await startProvider();
    const { ada, registrationId } = await adaWithPasskey(t);
    const response = await t.call('PUT', `/webauthn/update/${registrationId}`, {
      body: { name: '  Work laptop  ' },
      sessionToken: ada.sessionToken,
    });
    expect(response.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        webauthn_registration: listedPasskey(registrationId, 'Work laptop'),
      },
    });
    const me = await t.call('GET', '/users/me', { sessionToken: ada.sessionToken });
    expect(me.json.data.webauthn_registrations).toEqual([listedPasskey(registrationId, 'Work laptop')]);
  });

  it('refuses to rename another user’s or an unknown registration, a bad name, or without a session', async () => {
    const t = await startProvider();
    const { ada, registrationId } = await adaWithPasskey(t);
    const grace = await signIn(t, { email: 'grace@example.com' });
    const before = await snapshot(t);
    const rename = (id: string, body: unknown, sessionToken?: string) =>
      t.call('PUT', `/webauthn/update/${id}`, { body, sessionToken });
    expect((await rename(registrationId, { name: 'Mine now' }, grace.sessionToken)).json).toEqual(MANAGED_NOT_FOUND);
    expect((await rename('webauthn-registration-test-nope', { name: 'x' }, ada.sessionToken)).json).toEqual(
      MANAGED_NOT_FOUND,
    );
    expectError(await rename(registrationId, { name: 'x' }), 401, 'user_unauthenticated');
    for (const name of ['', '   ', 'x'.repeat(101), 'line\nbreak', 42]) {
      expectSchemaError(await rename(registrationId, { name }, ada.sessionToken), ['.name']);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('deletes the caller’s registration after a recent sign-in; signing in with it is then refused', async () => {
    const t = await startProvider();
    const { ada, authenticator, registrationId } = await adaWithPasskey(t);
    const grace = await signIn(t, { email: 'grace@example.com' });
    const before = await snapshot(t);
    expect(
      (await t.call('DELETE', `/users/webauthn_registrations/${registrationId}`, { sessionToken: grace.sessionToken }))
        .json,
    ).toEqual(MANAGED_NOT_FOUND);
    expectError(await t.call('DELETE', `/users/webauthn_registrations/${registrationId}`), 401, 'user_unauthenticated');
    expect(await snapshot(t)).toEqual(before);

    // Removing a factor is a sensitive change: a stale sign-in must authenticate again first.
    t.clock.advance(FIVE_MINUTES + 1);
    const stale = await t.call('DELETE', `/users/webauthn_registrations/${registrationId}`, {
      sessionToken: ada.sessionToken,
    });
    expect(stale.json).toMatchObject({ status_code: 403, error_type: 'reauthentication_required' });
    expect(await snapshot(t)).toEqual(before);

    const fresh = await signIn(t, { email: EMAIL });
    const deleted = await t.call('DELETE', `/users/webauthn_registrations/${registrationId}`, {
      sessionToken: fresh.sessionToken,
    });
    expect(deleted.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        user_id: ada.userId,
        __user: expect.objectContaining({ user_id: ada.userId, webauthn_registrations: [] }),
      },
    });
    expect(await t.provider.database.db.selectFrom('webauthn_registrations').selectAll().execute()).toEqual([]);
    expect((await passkeySignIn(t, authenticator)).json).toEqual(NOT_REGISTERED);
    expect(
      (await t.call('DELETE', `/users/webauthn_registrations/${registrationId}`, { sessionToken: fresh.sessionToken }))
        .json,
    ).toEqual(MANAGED_NOT_FOUND);
  });
});

describe('passkeys and account pre-hijacking', () => {
  it('refuses a passkey on an account whose email is unverified (identifier_not_verified), writing no challenge', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const signup = await t.post('/passwords', {
      email: EMAIL,
      password: 'correct horse battery staple 42',
      session_duration_minutes: 60,
    });
    const refused = await registerStart(t, signup.json.data.session_token);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error_type: 'identifier_not_verified',
      error_message:
        'Verify your email address before adding a second factor, a passkey or a wallet: signing in with a code sent to it would otherwise remove them.',
      error_details: { unverified_identifier: EMAIL },
    });
    expect(await db.selectFrom('webauthn_challenges').selectAll().execute()).toEqual([]);
  });

  it('removes a passkey registered before the email was verified when its owner verifies it', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    // An attacker signs up with Ada's address and a password (unverified); the passkey got in before enrolment
    // needed a verified address.
    const signup = await t.post('/passwords', {
      email: EMAIL,
      password: 'correct horse battery staple 42',
      session_duration_minutes: 60,
    });
    expect(signup.status).toBe(200);
    const attacker = new SoftAuthenticator({ origin: ORIGIN });
    const attackerSession = { sessionToken: signup.json.data.session_token } as SignedIn;
    const registered = await asIfVerified(t, signup.json.data.user_id, () =>
      registerPasskey(t, attackerSession, attacker),
    );
    expect(registered.response.status).toBe(200);

    // Ada proves her address with a passcode: the attacker's password, passkey and sessions do not survive it.
    const sent = await t.post('/otps/email/login_or_create', { email: EMAIL });
    const code = await t.lastCode(EMAIL);
    const verified = await t.post('/otps/authenticate', {
      token: code,
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(verified.status).toBe(200);
    expect(verified.json.data.account_reset).toEqual({
      identifier: EMAIL,
      removed: ['password', 'passkeys', 'sessions'],
    });
    expect(verified.json.data.user.webauthn_registrations).toEqual([]);
    expect(await db.selectFrom('webauthn_registrations').selectAll().execute()).toEqual([]);
    expect((await passkeySignIn(t, attacker)).json).toEqual(NOT_REGISTERED);
  });
});

describe('webauthn: concurrency', () => {
  it('lets exactly one of 50 parallel answers to one registration challenge register the passkey', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const credential = await authenticator.create(creationOptions(await registerStart(t, ada.sessionToken)));
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => finishRegistration(t, ada.sessionToken, credential)),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expect(response.json).toEqual(CHALLENGE_REFUSED);
    }
    expect(await t.provider.database.db.selectFrom('webauthn_registrations').selectAll().execute()).toHaveLength(1);
  });

  it('lets exactly one of 50 parallel answers to one sign-in challenge start a session', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { authenticator, ada } = await adaWithPasskey(t);
    const assertion = await authenticator.get(requestOptions(await authenticateStart(t, 'primary')));
    const responses = await Promise.all(Array.from({ length: 50 }, () => finishAuthentication(t, assertion)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expect(response.json).toEqual(AUTH_REFUSED);
    }
    const sessions = await db.selectFrom('sessions').select('session_id').execute();
    expect(sessions.filter((row) => row.session_id !== ada.sessionId)).toHaveLength(1);
    expect(await db.selectFrom('auth_failures').selectAll().execute()).toEqual([]);
    expect(
      (await db.selectFrom('webauthn_registrations').select('sign_count').executeTakeFirstOrThrow()).sign_count,
    ).toBe(1);
  });

  it('lets only one of two assertions racing with the same counter through (different challenges)', async () => {
    const t = await startProvider();
    const { authenticator } = await adaWithPasskey(t);
    const [first, second] = await Promise.all([authenticateStart(t), authenticateStart(t)]);
    const a = await authenticator.get(requestOptions(first as CallResult), { signCount: 7 });
    const b = await authenticator.get(requestOptions(second as CallResult), { signCount: 7 });
    const responses = await Promise.all([finishAuthentication(t, a), finishAuthentication(t, b)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
  });
});

const MFA = { project: { mfa: { required: true } } };

/** Signs in with an emailed passcode through the routes (the first factor of a multi-factor sign-in). */
async function passcodeSignIn(t: TestProvider, email = EMAIL) {
  const sent = await t.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const response = await t.post('/otps/authenticate', {
    token: await t.lastCode(email),
    method_id: sent.json.data.method_id,
    session_duration_minutes: 60,
  });
  expect(response.status).toBe(200);
  return response;
}

/** The intermediate session a first factor answered with: its token and id. */
function intermediateOf(response: CallResult) {
  expect(response.json.data).toMatchObject({ session_token: '', session_jwt: '' });
  return {
    token: response.json.data.intermediate_session_token as string,
    id: response.json.data.session.session_id as string,
  };
}

/** The signed-in user a passcode sign-in that answered a session left (no second factor yet). */
function signedInBy(response: CallResult): SignedIn {
  const data = response.json.data;
  expect(data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return {
    userId: data.user_id,
    emailId: data.user.emails[0].email_id,
    phoneId: null,
    sessionToken: data.session_token,
    sessionId: data.session.session_id,
  };
}

/** One TOTP time step: a code of the next step is a new code. */
const STEP = 30_000;

/** Enrols a TOTP with the session and confirms it with its first code, as the authenticator app shows it. */
async function confirmedTotp(t: TestProvider, sessionToken: string): Promise<string> {
  const enrolled = await t.post('/totps', { expiration_minutes: 30 }, sessionToken);
  expect(enrolled.status).toBe(200);
  const code = await generate({ secret: enrolled.json.data.secret, epoch: Math.floor(t.clock.now() / 1000) });
  const confirmed = await t.post(
    '/totps/authenticate',
    { totp_code: code, session_duration_minutes: 60 },
    sessionToken,
  );
  expect(confirmed.status).toBe(200);
  return enrolled.json.data.totp_id;
}

describe('a passkey in multi-factor sign-in (project.mfa.required)', () => {
  it('completes an intermediate session as second factor: a session with both factors, the token used once', async () => {
    const t = await startProvider(MFA);
    const { ada, authenticator, credential, registrationId } = await adaWithPasskey(t);
    t.clock.advance(1_000);
    const firstAt = t.clock.now();
    // The user's only second factor is the passkey: the passcode alone opens no session.
    const first = await passcodeSignIn(t);
    const ist = intermediateOf(first);
    expect(ist.id).toMatch(/^intermediate-session-test-/);
    const sessionsBefore = (await snapshot(t)).sessions;
    // The intermediate token is no session: it cannot ask for a session-bound challenge or register a passkey.
    expectError(await authenticateStart(t, 'secondary', {}, ist.token), 404, 'session_not_found');
    expectError(await registerStart(t, ist.token), 404, 'session_not_found');

    const start = await authenticateStart(t, 'secondary', { intermediate_session_token: ist.token });
    const options = requestOptions(start);
    expect(options.allowCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    expect(
      await t.provider.database.db
        .selectFrom('webauthn_challenges')
        .selectAll()
        .where('challenge_hash', '=', sha256(options.challenge))
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ user_id: ada.userId, session_id: null, intermediate_session_id: ist.id });

    t.clock.advance(2_000);
    const assertion = await authenticator.get(options);
    const second = await t.post('/webauthn/authenticate', {
      public_key_credential: JSON.stringify(assertion),
      session_duration_minutes: 60,
      intermediate_session_token: ist.token,
    });
    expect(second.status).toBe(200);
    const data = second.json.data;
    expect(data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.intermediate_session_token).toBeUndefined();
    expect(data.webauthn_registration_id).toBe(registrationId);
    expect(data.session.authentication_factors).toEqual([
      emailFactor('otp', ada.emailId, EMAIL, firstAt),
      passkeyFactor(registrationId, t.clock.now()),
    ]);
    const sessionsAfter = (await snapshot(t)).sessions;
    expect(sessionsAfter).toHaveLength(sessionsBefore.length + 1);
    expect((await t.call('GET', '/users/me', { sessionToken: data.session_token })).status).toBe(200);
    const stored = await t.provider.database.db
      .selectFrom('intermediate_sessions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.consumed_at).toBe(t.clock.now());

    // Used once: the token asks for nothing more.
    expectError(
      await authenticateStart(t, 'secondary', { intermediate_session_token: ist.token }),
      404,
      'intermediate_session_not_found',
    );
  });

  it('reads the intermediate token from the SDK’s cookie, and refuses a challenge answered without it or with another', async () => {
    const t = await startProvider(MFA);
    const { authenticator } = await adaWithPasskey(t);
    const ist = intermediateOf(await passcodeSignIn(t));
    const other = intermediateOf(await passcodeSignIn(t));
    const cookie = `theme=dark; stytch_intermediate_session_token=${ist.token}`;
    const start = await t.call('POST', '/webauthn/authenticate/start/secondary', {
      body: { domain: DOMAIN, return_passkey_credential_options: true },
      headers: { cookie },
    });
    const assertion = await authenticator.get(requestOptions(start));
    const body = { public_key_credential: JSON.stringify(assertion), session_duration_minutes: 60 };
    const before = await snapshot(t);
    // Without the token, with another intermediate session's token: refused, nothing written, the challenge kept.
    expectError(await t.post('/webauthn/authenticate', body), 404, 'intermediate_session_not_found');
    expectError(
      await t.post('/webauthn/authenticate', { ...body, intermediate_session_token: other.token }),
      404,
      'intermediate_session_not_found',
    );
    expect(await snapshot(t)).toEqual(before);

    const done = await t.call('POST', '/webauthn/authenticate', { body, headers: { cookie } });
    expect(done.status).toBe(200);
    expect(done.json.data.session.authentication_factors.map((factor: { type: string }) => factor.type)).toEqual([
      'otp',
      'webauthn',
    ]);
    // The other pending sign-in is untouched and still waits for its own second factor.
    expect((await authenticateStart(t, 'secondary', { intermediate_session_token: other.token })).status).toBe(200);
  });

  it('signs in at once with a passkey that verified the user: it is both factors', async () => {
    const t = await startProvider(MFA);
    const { ada, authenticator, registrationId } = await adaWithPasskey(t);
    // A TOTP as well: the passkey still needs no second step.
    const enrolled = await t.post('/totps', { expiration_minutes: 30 }, ada.sessionToken);
    expect(enrolled.status).toBe(200);
    await t.provider.database.db.updateTable('totps').set({ verified: 1 }).execute();
    t.clock.advance(1_000);
    const response = await passkeySignIn(t, authenticator);
    expect(response.status).toBe(200);
    expect(response.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.json.data.intermediate_session_token).toBeUndefined();
    expect(response.json.data.session.authentication_factors).toEqual([passkeyFactor(registrationId, t.clock.now())]);
    expect(await t.provider.database.db.selectFrom('intermediate_sessions').selectAll().execute()).toEqual([]);
  });

  it('treats a security key that did not verify the user as a first factor, and never as its own second', async () => {
    const t = await startProvider(MFA);
    // A security key without PIN, then a passkey, both Ada's.
    const {
      ada,
      authenticator: key,
      registrationId: keyId,
    } = await adaWithPasskey(t, { userVerification: false }, { return_passkey_credential_options: false });
    const phone = new SoftAuthenticator({ origin: ORIGIN });
    const { response: registered, credential: passkey } = await registerPasskey(t, ada, phone);
    expect(registered.status).toBe(200);
    const passkeyId = registered.json.data.webauthn_registration_id;

    t.clock.advance(1_000);
    const firstAt = t.clock.now();
    const keyOptions = requestOptions(
      await authenticateStart(t, 'primary', { return_passkey_credential_options: false }),
    );
    // Offered to a primary (usernameless) challenge, the key's credential is a discoverable one, so the
    // authenticator returns its user handle, which such a sign-in needs (WebAuthn L3 §7.2 step 6).
    const [keyCredential] = key.credentials;
    const first = await finishAuthentication(
      t,
      await key.get(keyOptions, { credential: keyCredential, userHandle: keyCredential?.userHandle }),
    );
    expect(first.status).toBe(200);
    const ist = intermediateOf(first);
    expect(first.json.data.session.authentication_factors).toEqual([passkeyFactor(keyId, firstAt)]);

    // The second-factor challenge lists the passkey only; the key that gave the first factor is refused.
    const options = requestOptions(
      await authenticateStart(t, 'secondary', {
        intermediate_session_token: ist.token,
        return_passkey_credential_options: false,
      }),
    );
    expect(options.allowCredentials?.map((item) => item.id)).toEqual([passkey.id]);
    const again = await key.get(options, { credential: key.credentials[0] });
    expectError(
      await t.post('/webauthn/authenticate', {
        public_key_credential: JSON.stringify(again),
        intermediate_session_token: ist.token,
      }),
      401,
      'unable_to_auth_webauthn_registration',
    );
    const fresh = requestOptions(await authenticateStart(t, 'secondary', { intermediate_session_token: ist.token }));
    const done = await t.post('/webauthn/authenticate', {
      public_key_credential: JSON.stringify(await phone.get(fresh)),
      intermediate_session_token: ist.token,
    });
    expect(done.status).toBe(200);
    expect(done.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(done.json.data.session.authentication_factors).toEqual([
      passkeyFactor(keyId, firstAt),
      passkeyFactor(passkeyId, t.clock.now()),
    ]);
  });

  it('does not count the user-verified flag of a key registered without it: a PIN set later by whoever holds the key', async () => {
    const t = await startProvider(MFA);
    const { db } = t.provider.database;
    // Ada signs in by passcode (no second factor yet: a session), adds a security key without PIN, then a TOTP.
    const ada = signedInBy(await passcodeSignIn(t));
    const key = new SoftAuthenticator({ origin: ORIGIN, userVerification: false });
    const { response: registered } = await registerPasskey(t, ada, key, { return_passkey_credential_options: false });
    expect(registered.status).toBe(200);
    const keyId = registered.json.data.webauthn_registration_id;
    const totpId = await confirmedTotp(t, ada.sessionToken);
    expect(
      await db
        .selectFrom('webauthn_registrations')
        .select(['is_passkey', 'uv_initialized'])
        .where('webauthn_registration_id', '=', keyId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ is_passkey: 0, uv_initialized: 0 });

    // The key without user verification is a first factor: an intermediate session (the control).
    t.clock.advance(STEP);
    const [keyCredential] = key.credentials;
    const keySignIn = async (userVerified: boolean) => {
      const options = requestOptions(
        await authenticateStart(t, 'primary', { return_passkey_credential_options: false }),
      );
      return finishAuthentication(
        t,
        await key.get(options, { credential: keyCredential, userHandle: keyCredential?.userHandle, userVerified }),
      );
    };
    const withoutPin = await keySignIn(false);
    expect(withoutPin.status).toBe(200);
    intermediateOf(withoutPin);

    // Whoever holds the key sets a PIN on it (CTAP2 lets anyone set a PIN on a key that has none): its assertions
    // now carry the user-verified flag, which still proves nothing the registration did not (WebAuthn L3 §4
    // uvInitialized, §7.2): an intermediate session again, not a session.
    t.clock.advance(STEP);
    const withPin = await keySignIn(true);
    expect(withPin.status).toBe(200);
    const ist = intermediateOf(withPin);
    expect(withPin.json.data.session.authentication_factors).toEqual([passkeyFactor(keyId, t.clock.now())]);
    // The intermediate token deletes nothing; the TOTP is still there.
    expectError(
      await t.call('DELETE', `/users/totps/${totpId}`, { sessionToken: ist.token }),
      404,
      'session_not_found',
    );
    expect(await db.selectFrom('totps').select('totp_id').execute()).toEqual([{ totp_id: totpId }]);
    // No session started: only Ada's own, from her passcode, is there.
    expect((await snapshot(t)).sessions.map((row) => row.session_id)).toEqual([ada.sessionId]);
  });

  it('counts a key’s user verification once the key verified the user to complete a two-factor sign-in', async () => {
    const t = await startProvider(MFA);
    const { db } = t.provider.database;
    const ada = signedInBy(await passcodeSignIn(t));
    const key = new SoftAuthenticator({ origin: ORIGIN, userVerification: false });
    const { response: registered } = await registerPasskey(t, ada, key, { return_passkey_credential_options: false });
    const keyId = registered.json.data.webauthn_registration_id;
    await confirmedTotp(t, ada.sessionToken);
    const uvInitialized = async () =>
      (
        await db
          .selectFrom('webauthn_registrations')
          .select('uv_initialized')
          .where('webauthn_registration_id', '=', keyId)
          .executeTakeFirstOrThrow()
      ).uv_initialized;
    /** A passcode, then the key as second factor, with or without the user-verified flag. */
    const twoFactors = async (userVerified: boolean) => {
      const ist = intermediateOf(await passcodeSignIn(t));
      const options = requestOptions(
        await authenticateStart(t, 'secondary', {
          intermediate_session_token: ist.token,
          return_passkey_credential_options: false,
        }),
      );
      const done = await t.post('/webauthn/authenticate', {
        public_key_credential: JSON.stringify(await key.get(options, { userVerified })),
        intermediate_session_token: ist.token,
      });
      expect(done.status).toBe(200);
      expect(done.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    };
    const keySignIn = async (userVerified: boolean) => {
      const [keyCredential] = key.credentials;
      const options = requestOptions(
        await authenticateStart(t, 'primary', { return_passkey_credential_options: false }),
      );
      return finishAuthentication(
        t,
        await key.get(options, { credential: keyCredential, userHandle: keyCredential?.userHandle, userVerified }),
      );
    };
    // Completing a sign-in without verifying the user changes nothing.
    t.clock.advance(1_000);
    await twoFactors(false);
    expect(await uvInitialized()).toBe(0);
    // With its new PIN, as second factor after the passcode: from now on its user verification counts.
    t.clock.advance(1_000);
    await twoFactors(true);
    expect(await uvInitialized()).toBe(1);
    t.clock.advance(1_000);
    const alone = await keySignIn(true);
    expect(alone.status).toBe(200);
    expect(alone.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(alone.json.data.session.authentication_factors).toEqual([passkeyFactor(keyId, t.clock.now())]);
    // An assertion without the flag is still one factor.
    t.clock.advance(1_000);
    intermediateOf(await keySignIn(false));
  });

  it('signs in at once with a security key that verified the user when it was registered', async () => {
    const t = await startProvider(MFA);
    const ada = signedInBy(await passcodeSignIn(t));
    // A security key with a PIN already: registered without `is_passkey`, but its authenticator verified the user.
    const key = new SoftAuthenticator({ origin: ORIGIN });
    const { response: registered } = await registerPasskey(t, ada, key, { return_passkey_credential_options: false });
    const keyId = registered.json.data.webauthn_registration_id;
    await confirmedTotp(t, ada.sessionToken);
    expect(
      await t.provider.database.db
        .selectFrom('webauthn_registrations')
        .select(['is_passkey', 'uv_initialized'])
        .executeTakeFirstOrThrow(),
    ).toEqual({ is_passkey: 0, uv_initialized: 1 });
    t.clock.advance(STEP);
    const [keyCredential] = key.credentials;
    const options = requestOptions(await authenticateStart(t, 'primary', { return_passkey_credential_options: false }));
    const response = await finishAuthentication(
      t,
      await key.get(options, { credential: keyCredential, userHandle: keyCredential?.userHandle }),
    );
    expect(response.status).toBe(200);
    expect(response.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.json.data.session.authentication_factors).toEqual([passkeyFactor(keyId, t.clock.now())]);
  });

  it('counts a failed second-factor assertion toward the user’s lockout and keeps the intermediate session', async () => {
    const t = await startProvider(MFA);
    const { authenticator } = await adaWithPasskey(t);
    const ist = intermediateOf(await passcodeSignIn(t));
    const options = requestOptions(await authenticateStart(t, 'secondary', { intermediate_session_token: ist.token }));
    const forged = await authenticator.get(options, { badSignature: true });
    const failuresBefore = (await snapshot(t)).failures;
    expect(
      (
        await t.post('/webauthn/authenticate', {
          public_key_credential: JSON.stringify(forged),
          intermediate_session_token: ist.token,
        })
      ).json.error_type,
    ).toBe('unable_to_auth_webauthn_registration');
    expect((await snapshot(t)).failures).not.toEqual(failuresBefore);
    const retry = requestOptions(await authenticateStart(t, 'secondary', { intermediate_session_token: ist.token }));
    const done = await t.post('/webauthn/authenticate', {
      public_key_credential: JSON.stringify(await authenticator.get(retry)),
      intermediate_session_token: ist.token,
    });
    expect(done.status).toBe(200);
  });

  it('lets exactly one of 50 parallel passkey answers with one intermediate token start a session', async () => {
    const t = await startProvider(MFA);
    // A synced passkey (no counter), so every assertion verifies and the race is on the intermediate session alone.
    const { ada, authenticator } = await adaWithPasskey(t, { counter: false });
    const ist = intermediateOf(await passcodeSignIn(t));
    const assertions = [];
    for (let index = 0; index < 50; index += 1) {
      const options = requestOptions(
        await authenticateStart(t, 'secondary', { intermediate_session_token: ist.token }),
      );
      assertions.push(await authenticator.get(options));
    }
    const sessionsBefore = (await snapshot(t)).sessions.length;
    const responses = await Promise.all(
      assertions.map((assertion) =>
        t.post('/webauthn/authenticate', {
          public_key_credential: JSON.stringify(assertion),
          session_duration_minutes: 60,
          intermediate_session_token: ist.token,
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status >= 500)).toEqual([]);
    const sessions = (await snapshot(t)).sessions;
    expect(sessions).toHaveLength(sessionsBefore + 1);
    expect(sessions.every((row) => row.user_id === ada.userId)).toBe(true);
  });
});

describe('changes to passkeys need a session that proved the second factor (project.mfa.required)', () => {
  /** The refusal: the recent sign-in's error (403 `reauthentication_required`), saying how to prove a second factor. */
  function needsSecondFactor(response: CallResult) {
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      status_code: 403,
      error_type: 'reauthentication_required',
      error_message:
        'This change needs a session verified with your second factor: verify this session with a code from your authenticator app, a recovery code or one of your passkeys, then try again.',
    });
  }

  /** Enrols a TOTP with the session and confirms it: its id and secret. */
  async function totpOf(t: TestProvider, sessionToken: string) {
    const enrolled = await t.post('/totps', { expiration_minutes: 30 }, sessionToken);
    expect(enrolled.status).toBe(200);
    const secret = enrolled.json.data.secret as string;
    const code = await generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
    expect(
      (await t.post('/totps/authenticate', { totp_code: code, session_duration_minutes: 60 }, sessionToken)).status,
    ).toBe(200);
    return { totpId: enrolled.json.data.totp_id as string, secret };
  }

  it('refuses to add or remove a passkey from a session older than the TOTP, until it proves a code', async () => {
    const t = await startProvider(MFA);
    const owner = await signIn(t, { email: EMAIL });
    // A second session of the same user, started while she had no second factor (a full session of one factor), which
    // starts a registration while that is still so.
    const early = await signIn(t, { email: EMAIL });
    const earlyAuthenticator = new SoftAuthenticator({ origin: ORIGIN });
    const earlyOptions = creationOptions(await registerStart(t, early.sessionToken));
    const { secret } = await totpOf(t, owner.sessionToken);

    // Now she holds a second factor that session never proved: no challenge, and the one it holds registers nothing.
    const before = await snapshot(t);
    needsSecondFactor(await registerStart(t, early.sessionToken));
    needsSecondFactor(await finishRegistration(t, early.sessionToken, await earlyAuthenticator.create(earlyOptions)));
    expect(await snapshot(t)).toEqual(before);

    // The owner's session proved the TOTP: it registers a passkey, which the early session cannot remove.
    const phone = new SoftAuthenticator({ origin: ORIGIN });
    const { response: registered } = await registerPasskey(t, owner, phone);
    expect(registered.status).toBe(200);
    const passkeyId = registered.json.data.webauthn_registration_id as string;
    const remove = (sessionToken: string) =>
      t.call('DELETE', `/users/webauthn_registrations/${passkeyId}`, { sessionToken });
    const beforeRemove = await snapshot(t);
    needsSecondFactor(await remove(early.sessionToken));
    expect(await snapshot(t)).toEqual(beforeRemove);

    // A passkey that verified the user is both factors at once: its session may add another.
    t.clock.advance(1_000);
    const byPasskey = await passkeySignIn(t, phone);
    expect(byPasskey.json.data.session.authentication_factors).toEqual([passkeyFactor(passkeyId, t.clock.now())]);
    expect((await registerStart(t, byPasskey.json.data.session_token)).status).toBe(200);

    // The step-up: a code from the app on the early session adds the factor to it; then it may.
    t.clock.advance(STEP);
    const code = await generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
    const proved = await t.post(
      '/totps/authenticate',
      { totp_code: code, session_duration_minutes: 60 },
      early.sessionToken,
    );
    expect(proved.status).toBe(200);
    expect(proved.json.data.session.session_id).toBe(early.sessionId);
    expect((await remove(early.sessionToken)).status).toBe(200);
  });

  it('with multi-factor sign-in off, adds and removes a passkey from a session without the TOTP: a first factor then', async () => {
    const t = await startProvider();
    const owner = await signIn(t, { email: EMAIL });
    await totpOf(t, owner.sessionToken);
    const other = await signIn(t, { email: EMAIL });
    const { response: registered } = await registerPasskey(t, other, new SoftAuthenticator({ origin: ORIGIN }));
    expect(registered.status).toBe(200);
    const passkeyId = registered.json.data.webauthn_registration_id as string;
    const later = await signIn(t, { email: EMAIL });
    const removed = await t.call('DELETE', `/users/webauthn_registrations/${passkeyId}`, {
      sessionToken: later.sessionToken,
    });
    expect(removed.status).toBe(200);
  });
});
