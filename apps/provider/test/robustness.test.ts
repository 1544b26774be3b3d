// No input may produce a 500 or a stack trace: every route gets a battery of malformed bodies, with and
// without a session, and must answer a JSON 4xx (or a 2xx) carrying a request id.
import { exportSPKI, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { signIn } from '../testing/fixtures';
import { PUBLIC_TOKEN, startProvider } from '../testing/harness';
import { expectSchemaError } from './expectError';

const ROUTES: [method: string, path: string][] = [
  ['POST', '/events'],
  ['POST', '/otps/email/login_or_create'],
  ['POST', '/otps/sms/login_or_create'],
  ['POST', '/otps/whatsapp/login_or_create'],
  ['POST', '/otps/email/send/primary'],
  ['POST', '/otps/sms/send/secondary'],
  ['POST', '/otps/authenticate'],
  ['POST', '/magic_links/email/login_or_create'],
  ['POST', '/magic_links/email/send/secondary'],
  ['POST', '/magic_links/authenticate'],
  ['POST', '/passwords'],
  ['POST', '/passwords/authenticate'],
  ['POST', '/passwords/strength_check'],
  ['POST', '/passwords/email/reset/start'],
  ['POST', '/passwords/email/reset'],
  ['POST', '/passwords/existing_password/reset'],
  ['POST', '/passwords/session/reset'],
  ['POST', '/users/search'],
  ['PUT', '/users/me'],
  ['POST', '/sessions/authenticate'],
  ['POST', '/sessions/revoke'],
  ['POST', '/webauthn/register/start'],
  ['POST', '/webauthn/register'],
  ['POST', '/webauthn/authenticate/start/primary'],
  ['POST', '/webauthn/authenticate/start/secondary'],
  ['POST', '/webauthn/authenticate'],
  ['PUT', '/webauthn/update/webauthn-registration-test-1'],
  ['PUT', '/webauthn/update/%E0%A4%A'],
  ['DELETE', '/users/webauthn_registrations/webauthn-registration-test-1'],
  ['POST', '/totps'],
  ['POST', '/totps/authenticate'],
  ['POST', '/totps/recovery_codes'],
  ['POST', '/totps/recover'],
  ['DELETE', '/users/totps/totp-test-nope'],
  ['POST', '/crypto_wallets/authenticate/start/primary'],
  ['POST', '/crypto_wallets/authenticate/start/secondary'],
  ['POST', '/crypto_wallets/authenticate'],
  ['DELETE', '/users/crypto_wallets/crypto-wallet-test-nope'],
  ['DELETE', '/users/crypto_wallets/%E0%A4%A'],
  ['POST', '/oauth/authenticate'],
  ['POST', '/oauth/attach'],
  ['POST', '/oauth/google/onetap/start'],
  ['POST', '/oauth/google/onetap/submit'],
  ['DELETE', '/users/oauth/oauth-user-registration-test-nope'],
  ['DELETE', '/users/oauth/%E0%A4%A'],
  ['POST', '/sessions/exchange_access_token'],
  ['POST', '/sessions/attest'],
  ['POST', '/impersonation/authenticate'],
  ['POST', '/idp/oauth/authorize/start'],
  ['POST', '/idp/oauth/authorize/submit'],
  ['POST', '/oauth/logout/start'],
  ['GET', '/users/connected_apps'],
  ['POST', '/users/connected_apps/robustness-spa/revoke'],
  ['POST', '/users/connected_apps/%E0%A4%A/revoke'],
];

/** The server calls, authenticated with the project id and secret key instead of the public token. */
const SERVER_ROUTES: [method: string, path: string][] = [
  ['POST', '/v1/sessions/authenticate'],
  ['POST', '/v1/impersonation_tokens'],
];

/** The trusted issuer profile the attest bodies name (its key is generated per run). */
const ATTEST_PROFILE = 'robustness-profile';

/**
 * The standard OAuth 2.1 / OpenID Connect endpoints (products/idp/oauth2): outside `/sdk/v1`, form bodies, errors in
 * the RFC 6749 §5.2 shape (`{error, error_description}`) rather than the SDK's envelope.
 */
const OAUTH2_ROUTES: [method: string, path: string][] = [
  ['POST', '/oauth2/token'],
  ['POST', '/oauth2/revoke'],
  ['GET', '/oauth2/userinfo'],
  ['POST', '/oauth2/userinfo'],
  ['GET', '/oauth2/jwks'],
  ['GET', '/.well-known/openid-configuration'],
  ['GET', '/.well-known/oauth-authorization-server'],
];

/** Form bodies of every wrong kind for the token, revocation and userinfo endpoints. */
const NASTY_FORMS: string[] = [
  'grant_type=authorization_code',
  'grant_type=authorization_code&code=x&redirect_uri=http://localhost:3000/callback&client_id=rp-public',
  'grant_type=authorization_code&code=x&redirect_uri=x&client_id=rp-public&code_verifier=%00%ff',
  `grant_type=authorization_code&code=${'c'.repeat(10_000)}&client_id=rp-public&code_verifier=${'v'.repeat(5_000)}`,
  'grant_type=refresh_token&client_id=rp-public',
  `grant_type=refresh_token&refresh_token=${'r'.repeat(10_000)}&client_id=rp-public&scope=${'s%20'.repeat(2_000)}`,
  'grant_type=refresh_token&refresh_token=x&client_id=rp-server&client_secret=%E0%A4%A',
  'grant_type=password&username=a&password=b&client_id=rp-public',
  'grant_type=%00&client_id=__proto__',
  'client_id=rp-public&client_id=rp-public',
  'grant_type=authorization_code&grant_type=refresh_token',
  '__proto__=x&constructor=y&prototype=z',
  'token=x&client_id=rp-public&token_type_hint=%00',
  `token=${'t'.repeat(10_000)}&client_id=rp-server&client_secret=${'s'.repeat(1_000)}`,
  'access_token=x',
  'access_token=x&access_token=y',
  `access_token=${'a'.repeat(10_000)}`,
  '%',
  '%%%&&&===',
  '=&=&a',
  '%E0%A4%A=%E0%A4%A',
  '\u0000=\ud800',
];

/** Content types and Authorization headers the battery sends with each body. */
const OAUTH2_HEADER_SETS: Record<string, string>[] = [
  { 'content-type': 'application/x-www-form-urlencoded' },
  {
    'content-type': 'application/x-www-form-urlencoded; charset=latin1',
    authorization: `Basic ${Buffer.from('rp-server:wrong').toString('base64')}`,
  },
  { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic %%%' },
  {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Basic ${Buffer.from('%zz:%zz').toString('base64')}`,
  },
  { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
  { 'content-type': 'text/plain', authorization: `Bearer ${'x'.repeat(5_000)}` },
  { authorization: 'Bearer a b c' },
];

/** `{"a":{"a":…1…}}`, `levels` objects deep. */
function nestedObject(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** A telemetry batch whose one event's `details` nests `levels` deep. */
function deepEventBatch(levels: number): string {
  return `[{"event":{"public_token":"${PUBLIC_TOKEN}","event_name":"deep","details":${nestedObject(levels)}}}]`;
}

/** A `PUT /users/me` body whose `untrusted_metadata` nests `levels` deep. */
function deepMetadata(levels: number): string {
  return `{"untrusted_metadata":{"profile":${nestedObject(levels)}}}`;
}

const ETHEREUM_ZERO = '0x0000000000000000000000000000000000000000';
const SOLANA_ZERO = '11111111111111111111111111111111';

/** A wallet body: the fields of a start or authenticate call, then `extra`. */
function walletBody(type: string, address: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ crypto_wallet_type: type, crypto_wallet_address: address, ...extra });
}

/** A body whose `public_key_credential` is the JSON text of `credential`, as the SDK sends it. */
function credentialBody(credential: unknown): string {
  return JSON.stringify({ public_key_credential: JSON.stringify(credential), session_duration_minutes: 30 });
}

/** The identity-provider client of the battery (public: PKCE required). */
const IDP_CLIENT = {
  clientId: 'robustness-spa',
  name: 'Robustness',
  type: 'public' as const,
  redirectUris: ['http://localhost:3000/callback'],
  postLogoutRedirectUris: ['http://localhost:3000/bye'],
};

/** An authorize start/submit body for the battery's client, then `extra` (undefined leaves a field out). */
function idpBody(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    client_id: IDP_CLIENT.clientId,
    redirect_uri: IDP_CLIENT.redirectUris[0],
    response_type: 'code',
    scopes: ['openid', 'email'],
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    ...extra,
  });
}

/** A logout start body for the battery's client, then `extra`. */
function logoutBody(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    client_id: IDP_CLIENT.clientId,
    post_logout_redirect_uri: IDP_CLIENT.postLogoutRedirectUris[0],
    ...extra,
  });
}

const NASTY_BODIES: string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"email":{}}',
  '{"email":["a@b.co"],"password":{"$ne":null}}',
  '{"email":"a@b.co","password":"x","session_duration_minutes":1e308}',
  '{"email":"a@b.co","password":"correct horse battery staple","session_duration_minutes":-5}',
  '{"token":"000000","method_id":"\' OR 1=1 --"}',
  '{"token":"\\u0000\\u0000","code_verifier":"\\ud800"}',
  '{"phone_number":"+1\\u202e5550100"}',
  `{"email":"${'a'.repeat(300)}@example.com"}`,
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(2000)}${']'.repeat(2000)}`,
  '{"name":{"first_name":1},"untrusted_metadata":[]}',
  '{"login_magic_link_url":"javascript:alert(1)","email":"a@b.co"}',
  '{"totp_code":"\\u0000\\u0000","intermediate_session_token":{"$ne":null},"expiration_minutes":1e308}',
  `{"totp_code":"123456","intermediate_session_token":"${'x'.repeat(300)}"}`,
  `{"recovery_code":"${'a-'.repeat(5_000)}","intermediate_session_token":"\\ud800"}`,
  deepEventBatch(5_000),
  deepMetadata(5_000),
  `{"email":"a@b.co","password":${nestedObject(5_000)}}`,
  // WebAuthn: options and credentials travel as JSON text inside the JSON body.
  '{"domain":"localhost"}',
  '{"domain":"localhost","return_passkey_credential_options":"yes"}',
  '{"domain":{"$ne":null},"override_id":"\\ud800"}',
  `{"domain":"${'a.'.repeat(200)}com"}`,
  '{"public_key_credential":"{}","session_duration_minutes":30}',
  '{"public_key_credential":"not json"}',
  '{"public_key_credential":{"id":"x"}}',
  `{"public_key_credential":${JSON.stringify('['.repeat(5_000) + ']'.repeat(5_000))}}`,
  credentialBody({
    id: 'AA',
    rawId: 'AA',
    type: 'public-key',
    response: {
      clientDataJSON: Buffer.from('{"challenge":"AA","type":"webauthn.get","origin":"x"}').toString('base64url'),
      authenticatorData: 'AA',
      signature: 'AA',
      attestationObject: 'AA',
    },
    clientExtensionResults: {},
  }),
  // A passkey as second factor: the intermediate session token in the body, of every wrong kind.
  '{"domain":"localhost","intermediate_session_token":{"$ne":null}}',
  '{"domain":"localhost","intermediate_session_token":""}',
  `{"domain":"localhost","intermediate_session_token":"${'x'.repeat(300)}"}`,
  '{"domain":"localhost","intermediate_session_token":"unknown-token"}',
  '{"public_key_credential":"{}","intermediate_session_token":"\\ud800"}',
  // Crypto wallets: addresses, types, signatures and SIWE fields of every wrong kind.
  walletBody('ethereum', ETHEREUM_ZERO),
  walletBody('solana', SOLANA_ZERO),
  walletBody('ethereum', { $ne: null }),
  walletBody('ethereum', `0x${'Ab'.repeat(20)}`),
  walletBody('solana', '0OIl'.repeat(10)),
  walletBody('solana', '1'.repeat(128)),
  walletBody('\u0000', ETHEREUM_ZERO),
  walletBody('__proto__', ETHEREUM_ZERO),
  walletBody('ethereum', ETHEREUM_ZERO, { siwe_params: null }),
  walletBody('ethereum', ETHEREUM_ZERO, { siwe_params: [] }),
  walletBody('ethereum', ETHEREUM_ZERO, { siwe_params: { uri: 'http://localhost:5173', chain_id: '1e308' } }),
  walletBody('ethereum', ETHEREUM_ZERO, {
    siwe_params: {
      uri: 'http://localhost:5173',
      issued_at: '9999-99-99T99:99:99Z',
      not_before: '0000-01-01T00:00:00+99:99',
      statement: '\u2028\u0000',
      message_request_id: '\ud800',
      resources: ['\u0000', 'http://[::1', `https://x/${'%'.repeat(100)}`],
    },
  }),
  walletBody('ethereum', ETHEREUM_ZERO, {
    siwe_params: { uri: `http://localhost:5173/${'a'.repeat(2_000)}`, not_before: '0001-01-01T00:00:00Z' },
  }),
  walletBody('ethereum', ETHEREUM_ZERO, {
    siwe_params: { uri: 'http://[::1]:5173', issued_at: '2026-11-21T12:00:00.0000000001Z' },
  }),
  walletBody('solana', SOLANA_ZERO, { siwe_params: { uri: 'javascript:alert(1)' } }),
  walletBody('ethereum', ETHEREUM_ZERO, { signature: `0x${'f'.repeat(130)}`, session_duration_minutes: 60 }),
  walletBody('ethereum', ETHEREUM_ZERO, { signature: `0x${'0'.repeat(128)}`, session_duration_minutes: 1e308 }),
  walletBody('ethereum', ETHEREUM_ZERO, { signature: 'x'.repeat(2_000) }),
  walletBody('solana', SOLANA_ZERO, { signature: '1'.repeat(88) }),
  walletBody('solana', SOLANA_ZERO, { signature: { $gt: '' } }),
  walletBody('solana', SOLANA_ZERO, { signature: '\ud800\udfff' }),
  // Social sign-in: tokens, verifiers, providers, One Tap credentials and nonces of every wrong kind.
  '{"token":"x","code_verifier":{"$ne":null},"session_duration_minutes":60}',
  `{"token":"${'t'.repeat(300)}","session_duration_minutes":60}`,
  '{"provider":"__proto__"}',
  '{"provider":["google"]}',
  '{"provider":"google\\u0000"}',
  '{"credential":"a.b.c","nonce":"x"}',
  '{"credential":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.","nonce":"x","code_challenge":"short"}',
  `{"credential":"${'e'.repeat(9_000)}","nonce":"x"}`,
  '{"credential":{"$ne":null},"nonce":null,"login_redirect_url":"javascript:alert(1)"}',
  '{"login_redirect_url":"//evil.com","signup_redirect_url":"data:text/html,x"}',
  '{"name":"\\u0000","untrusted":1}',
  `{"name":"${'n'.repeat(10_000)}"}`,
  // Sessions from other credentials: access tokens, trusted JWTs, session credentials, impersonation tokens.
  '{"access_token":{"$ne":null},"session_duration_minutes":30}',
  `{"access_token":"${'a'.repeat(600)}","session_duration_minutes":1e308}`,
  `{"profile_id":"${ATTEST_PROFILE}","token":"a.b.c","session_token":"a.b.c","session_jwt":"x.y.z"}`,
  `{"profile_id":"${ATTEST_PROFILE}","token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.","session_jwt":{"$ne":null}}`,
  `{"profile_id":"${ATTEST_PROFILE}","token":"eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLy4uIn0.e30.${'A'.repeat(86)}"}`,
  `{"profile_id":"${ATTEST_PROFILE}","token":"${'e'.repeat(9_000)}","session_token":""}`,
  '{"profile_id":"__proto__","token":"","session_duration_minutes":"60"}',
  '{"impersonation_token":["x"],"session_duration_minutes":-1}',
  '{"impersonation_token":"\\u0000\\ud800","captcha_token":{}}',
  '{"user_id":"user-test-nobody","impersonator_id":"\\u0000","reason":{"$ne":1}}',
  `{"user_id":"${'u'.repeat(300)}","impersonator_id":"a","reason":"${'r'.repeat(2_000)}"}`,
  // The identity provider's widget calls: authorize requests, consents and logout requests of every wrong kind.
  idpBody({ consent_granted: true, state: '\ud800', nonce: '\u0000', prompt: 'none none consent \u0000' }),
  idpBody({ consent_granted: 'yes', scopes: 'openid', resources: [{}] }),
  idpBody({ scopes: Array.from({ length: 1_000 }, (_, index) => `scope-${index}`) }),
  idpBody({ scopes: ['openid', '\u0000', 'a b', ''], code_challenge: 'short', code_challenge_method: 'plain' }),
  idpBody({ redirect_uri: '//evil.com', response_type: null }),
  idpBody({ redirect_uri: 'http://localhost:3000/callback\\@evil.com', response_type: 'token id_token' }),
  idpBody({ redirect_uri: `http://localhost:3000/callback?${'q'.repeat(3_000)}`, state: 's'.repeat(3_000) }),
  idpBody({ client_id: { $ne: null }, redirect_uri: ['x'] }),
  idpBody({ client_id: '__proto__', prompt: ['none'] }),
  idpBody({ code_challenge: undefined, consent_granted: false, prompt: 'consent' }),
  logoutBody({ id_token_hint: 'a.b.c', state: '\ud800' }),
  logoutBody({ id_token_hint: 'eyJhbGciOiJSUzI1NiIsImtpZCI6Ii4uLy4uIn0.e30.AAAA' }),
  logoutBody({ id_token_hint: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOnt9fQ.AAAA' }),
  logoutBody({ id_token_hint: 'e'.repeat(9_000) }),
  logoutBody({ post_logout_redirect_uri: 'javascript:alert(1)', id_token_hint: { $ne: null } }),
];

describe('no input produces a 500 or a stack trace', () => {
  it('answers every malformed body on every route with a JSON client error, signed in or not', async () => {
    const { publicKey } = await generateKeyPair('ES256');
    const testProvider = await startProvider({
      project: {
        idp: { clients: [IDP_CLIENT] },
        trustedAuthTokens: [
          {
            profileId: ATTEST_PROFILE,
            issuer: 'https://issuer.example',
            audience: 'robustness',
            publicKeyPem: await exportSPKI(publicKey),
          },
        ],
      },
      rateLimits: {
        secretKeyFailuresPerIp: { limit: 10_000, windowSeconds: 60 },
        sendsPerIdentifier: { limit: 10_000, windowSeconds: 60 },
        sendsPerIp: { limit: 10_000, windowSeconds: 60 },
        cryptoWalletChallengesPerIp: { limit: 10_000, windowSeconds: 60 },
        oauthStartsPerIp: { limit: 10_000, windowSeconds: 60 },
      },
    });
    const { sessionToken } = await signIn(testProvider, { email: 'grace@example.com' });
    const failures: string[] = [];
    for (const [method, path] of ROUTES) {
      for (const rawBody of NASTY_BODIES) {
        for (const token of [undefined, sessionToken, 'not-a-session', 'a.b.c']) {
          // A GET (connected apps) carries no body.
          const body = method === 'GET' ? undefined : rawBody;
          const response = await testProvider.call(method, path, { rawBody: body, sessionToken: token });
          const text = JSON.stringify(response.json);
          const answeredJson = typeof response.json === 'object' && response.json !== null;
          const requestId = answeredJson ? (response.json.request_id ?? response.json.data?.request_id) : undefined;
          if (
            response.status >= 500 ||
            !answeredJson ||
            typeof requestId !== 'string' ||
            /\bat .+:\d+:\d+/.test(text)
          ) {
            failures.push(`${method} ${path} ${rawBody.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    // The intermediate session token in the SDK's cookie (second factors read it when no session is named).
    const cookies = [
      'stytch_intermediate_session_token=%E0%A4%A',
      'stytch_intermediate_session_token=',
      `stytch_intermediate_session_token=${'x'.repeat(4_000)}`,
      'stytch_intermediate_session_token=a; stytch_intermediate_session_token=b',
    ];
    for (const [method, path] of ROUTES) {
      for (const cookie of cookies) {
        for (const rawBody of ['{"domain":"localhost"}', '{"totp_code":"123456"}', '{"recovery_code":"abcd-efgh"}']) {
          const body = method === 'GET' ? undefined : rawBody;
          const response = await testProvider.call(method, path, { rawBody: body, headers: { cookie } });
          const text = JSON.stringify(response.json);
          const requestId = response.json?.request_id ?? response.json?.data?.request_id;
          if (response.status >= 500 || typeof requestId !== 'string' || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`${method} ${path} cookie ${cookie.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    // The server calls (`/v1/…`), with the secret key, without one, and with the SDK's credentials.
    const secretAuth = `Basic ${Buffer.from(`${testProvider.projectId}:${testProvider.secretKey}`).toString('base64')}`;
    for (const [method, path] of SERVER_ROUTES) {
      for (const rawBody of [...NASTY_BODIES, `{"session_token":"${sessionToken}"}`, '{"session_token":"a.b.c"}']) {
        for (const authorization of [secretAuth, undefined, null, 'Basic %%%', `Bearer ${testProvider.secretKey}`]) {
          const response = await testProvider.call(method, path, { rawBody, authorization, origin: null });
          const text = JSON.stringify(response.json);
          const answeredJson = typeof response.json === 'object' && response.json !== null;
          const requestId = answeredJson ? (response.json.request_id ?? response.json.data?.request_id) : undefined;
          if (response.status >= 500 || typeof requestId !== 'string' || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`${method} ${path} ${rawBody.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Thousands of calls: on a busy machine this takes most of a minute, more than the default time-out allows.
  }, 180_000);

  it("answers the browser's social sign-in routes (start and callback) without a 500 or a stack trace", async () => {
    const testProvider = await startProvider({
      rateLimits: { oauthStartsPerIp: { limit: 10_000, windowSeconds: 60 } },
    });
    const queries = [
      '',
      `public_token=${PUBLIC_TOKEN}`,
      `public_token=${PUBLIC_TOKEN}&public_token=x`,
      `public_token=${PUBLIC_TOKEN}&login_redirect_url=%E0%A4%A`,
      `public_token=${PUBLIC_TOKEN}&login_redirect_url=http://[::1`,
      `public_token=${PUBLIC_TOKEN}&custom_scopes=${'s '.repeat(2_000)}`,
      `public_token=${PUBLIC_TOKEN}&provider_prompt=%00&provider_${'x'.repeat(300)}=1`,
      `public_token=${PUBLIC_TOKEN}&code_challenge=${'a'.repeat(5_000)}&code_challenge_method=plain`,
      `public_token=${PUBLIC_TOKEN}&oauth_attach_token=%ud800`,
      'state=%00&code=%ff',
      `state=${'s'.repeat(5_000)}&code=x&error=${'<script>'.repeat(100)}`,
      'state=x&state=y&error=access_denied',
    ];
    const failures: string[] = [];
    for (const path of [
      '/v1/public/oauth/google/start',
      '/v1/public/oauth/%E0%A4%A/start',
      '/v1/public/oauth/__proto__/start',
      '/v1/public/oauth/callback',
    ]) {
      for (const query of queries) {
        for (const method of ['GET', 'POST']) {
          const response = await testProvider.provider.fetch(
            new Request(`http://localhost:8787${path}?${query}`, {
              method,
              headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'latchkey_oauth_binding=%%%' },
              body: method === 'POST' ? query : undefined,
            }),
          );
          const text = await response.text();
          if (response.status >= 500 || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`${method} ${path}?${query.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers unknown paths, methods and path parameters with JSON 404s', async () => {
    const { call } = await startProvider();
    for (const [method, path] of [
      ['GET', '/nope'],
      ['DELETE', '/sessions/authenticate'],
      ['GET', '/projects/bootstrap/%00%ff'],
      ['DELETE', '/users/emails/%E0%A4%A'],
      ['DELETE', '/users/totps/%E0%A4%A'],
      ['DELETE', '/users/crypto_wallets/%E0%A4%A'],
    ] as const) {
      const response = await call(method, path);
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof response.json.request_id, `${method} ${path}`).toBe('string');
    }
  });

  it('refuses a body nested thousands deep with a 400 naming the limit, and writes nothing', async () => {
    const testProvider = await startProvider();
    const { db } = testProvider.provider.database;
    const { sessionToken, userId } = await signIn(testProvider, { email: 'ada@example.com' });
    const depthIssue = [{ dataPath: '', message: 'must not nest arrays and objects more than 32 levels deep' }];

    // `/events` needs no Authorization header: anyone on the internet can send this one.
    const events = await testProvider.call('POST', '/events', { rawBody: deepEventBatch(5_000), authorization: null });
    expectSchemaError(events, depthIssue);
    expect(await db.selectFrom('events').selectAll().execute()).toEqual([]);

    const metadata = await testProvider.call('PUT', '/users/me', { rawBody: deepMetadata(5_000), sessionToken });
    expectSchemaError(metadata, depthIssue);
    const user = await db
      .selectFrom('users')
      .select('untrusted_metadata')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    expect(user?.untrusted_metadata).toBe('{}');

    // Brackets inside strings are text, not nesting; a shallow value is stored as before.
    const shallow = await testProvider.call('PUT', '/users/me', {
      rawBody: `{"untrusted_metadata":{"note":"${'['.repeat(100)}","profile":${nestedObject(20)}}}`,
      sessionToken,
    });
    expect(shallow.status).toBe(200);
    expect(shallow.json.data.__user.untrusted_metadata.note).toBe('['.repeat(100));
    const stored = await testProvider.call('POST', '/events', { rawBody: deepEventBatch(20), authorization: null });
    expect(stored.status).toBe(200);
    expect(await db.selectFrom('events').select('event_name').execute()).toEqual([{ event_name: 'deep' }]);
  });
  it('answers every malformed request to the standard OAuth endpoints without a 500 or a stack trace', async () => {
    process.env.LATCHKEY_ROBUSTNESS_RP_SECRET = 'robustness-secret';
    const testProvider = await startProvider({
      project: {
        idp: {
          clients: [
            {
              clientId: 'rp-public',
              name: 'Public',
              type: 'public',
              redirectUris: ['http://localhost:3000/callback'],
            },
            {
              clientId: 'rp-server',
              name: 'Server',
              type: 'confidential',
              clientSecretEnv: 'LATCHKEY_ROBUSTNESS_RP_SECRET',
              redirectUris: ['http://localhost:3000/callback'],
            },
          ],
        },
      },
    });
    const failures: string[] = [];
    for (const [method, path] of OAUTH2_ROUTES) {
      for (const [index, rawBody] of [...NASTY_FORMS, ...NASTY_BODIES].entries()) {
        // Every header set for the form bodies; one in turn for the JSON-ish ones (the same parser reads them all).
        const headerSets =
          index < NASTY_FORMS.length ? OAUTH2_HEADER_SETS : [OAUTH2_HEADER_SETS[index % OAUTH2_HEADER_SETS.length]];
        for (const headers of headerSets) {
          const response = await testProvider.provider.fetch(
            new Request(`http://provider.test${path}`, {
              method,
              headers: { origin: 'https://anywhere.example', ...headers },
              body: method === 'GET' ? undefined : rawBody,
            }),
          );
          const text = await response.text();
          let json: any = null;
          try {
            json = text === '' ? null : JSON.parse(text);
          } catch {}
          const error = json?.error ?? json?.error_type;
          if (
            response.status >= 500 ||
            (response.status >= 400 && typeof error !== 'string') ||
            (text !== '' && json === null) ||
            response.headers.get('x-request-id') === null ||
            response.headers.get('access-control-allow-origin') !== '*' ||
            /\bat .+:\d+:\d+/.test(text)
          ) {
            failures.push(`${method} ${path} ${rawBody.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await testProvider.provider.database.db.selectFrom('idp_tokens').selectAll().execute()).toEqual([]);
  });
});
