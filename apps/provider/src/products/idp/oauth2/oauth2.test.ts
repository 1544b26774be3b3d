// The standard endpoints (discovery, JWKS, token, userinfo, revocation) as a real relying party uses them:
// openid-client v6, with no workaround, against the provider in-process (and once over real HTTP). The authorization
// step goes through the widget's contract: openid-client builds the authorization URL, its query is relayed to
// authorize/start and /submit with a signed-in user's session, and the redirect URI it answers goes back to
// openid-client. Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { parseOAuthAuthorizeParams, parseOAuthLogoutParams } from '@latchkey/sdk/idp';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../../testing/fixtures';
import { FollowingClock, startProvider, type TestProvider } from '../../../../testing/harness';
import { createProvider } from '../../../provider';
import { randomToken, sha256Hex } from '../../../services/secrets';
import type { IdpClientConfig } from '../config';

/** The confidential client's secret, read from its environment variable by the provider. */
const CLIENT_SECRET = randomToken(24);
const SECRET_ENV = 'LATCHKEY_TEST_IDP_CLIENT_SECRET';
process.env[SECRET_ENV] = CLIENT_SECRET;

const ISSUER = 'http://localhost:8787';
const APP = 'http://localhost:3000';
const CALLBACK = `${APP}/callback`;
const OTHER_CALLBACK = `${APP}/callback/other`;
const SIGNED_OUT = `${APP}/signed-out`;
const AUTHORIZATION_PAGE = 'http://localhost:5173/oauth/authorize';
const LOGOUT_PAGE = 'http://localhost:5173/oauth/logout';
const ALL_SCOPES = ['openid', 'email', 'profile', 'phone', 'offline_access'];

const PUBLIC_CLIENT = {
  clientId: 'spa',
  name: 'Single-page app',
  type: 'public',
  redirectUris: [CALLBACK, OTHER_CALLBACK],
  postLogoutRedirectUris: [SIGNED_OUT],
  scopes: ALL_SCOPES,
  consentRequired: false,
} satisfies Partial<IdpClientConfig>;

const CONFIDENTIAL_CLIENT = {
  clientId: 'server-app',
  name: 'Server app',
  type: 'confidential',
  clientSecretEnv: SECRET_ENV,
  redirectUris: [CALLBACK],
  postLogoutRedirectUris: [SIGNED_OUT],
  scopes: ALL_SCOPES,
  consentRequired: true,
} satisfies Partial<IdpClientConfig>;

type IdpTestProvider = TestProvider<FollowingClock>;

/** The provider's configuration for these tests (merged over `overrides.project`). */
function idpConfig(publicUrl = ISSUER) {
  return {
    publicUrl,
    project: {
      idp: {
        authorizationUrl: AUTHORIZATION_PAGE,
        logoutUrl: LOGOUT_PAGE,
        clients: [PUBLIC_CLIENT, CONFIDENTIAL_CLIENT],
        authorizationCodeSeconds: 60,
        accessTokenMinutes: 15,
        refreshTokenDays: 7,
      },
    },
  };
}

interface Ada {
  userId: string;
  sessionToken: string;
  sessionId: string;
}

/**
 * A provider whose clock follows the real one (openid-client checks `iat` and `exp` against `Date.now()`), and Ada,
 * signed in, with an email, a phone number and a name.
 */
async function setup(): Promise<{ t: IdpTestProvider; ada: Ada }> {
  const t = await startProvider(idpConfig(), { clock: new FollowingClock() });
  const ada = await signIn(t as unknown as TestProvider, { email: 'ada@example.com', phoneNumber: '+15555550100' });
  await t.provider.database.db
    .updateTable('users')
    .set({ first_name: 'Ada', last_name: 'Lovelace' })
    .where('user_id', '=', ada.userId)
    .execute();
  return { t, ada };
}

/** openid-client's fetch, routed to the in-process provider (the URL's host is ignored; the path counts). */
function inProcessFetch(t: IdpTestProvider): oidc.CustomFetch {
  return (url, options) => t.provider.fetch(new Request(url, options as RequestInit));
}

/** A relying party: openid-client's Configuration from the discovery document. */
function relyingParty(
  t: IdpTestProvider,
  clientId: string,
  clientAuth: oidc.ClientAuth = oidc.None(),
): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(ISSUER), clientId, undefined, clientAuth, {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: inProcessFetch(t),
  });
}

interface AuthorizeOptions {
  scope?: string;
  redirectUri?: string;
  /** Send a PKCE challenge (default true). */
  pkce?: boolean;
  /** Call the provider (default `t.provider.fetch`); a real-HTTP test passes its own. */
  post?: (path: string, body: unknown, sessionToken: string) => Promise<{ status: number; json: any }>;
}

interface Authorized {
  /** The redirect URI the browser is sent back to, with `code`, `state` and `iss`. */
  callback: URL;
  code: string;
  verifier: string;
  state: string;
  nonce: string;
}

/**
 * The authorization step as a browser would take it: openid-client builds the authorization URL (the host's consent
 * page), the widget relays its query to authorize/start and /submit with Ada's session (consent given), and the
 * answer's redirect URI is where the browser lands at the relying party.
 */
async function authorize(
  t: IdpTestProvider,
  config: oidc.Configuration,
  sessionToken: string,
  options: AuthorizeOptions = {},
): Promise<Authorized> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const parameters: Record<string, string> = {
    redirect_uri: options.redirectUri ?? CALLBACK,
    scope: options.scope ?? 'openid email profile phone offline_access',
    state,
    nonce,
  };
  if (options.pkce !== false) {
    parameters.code_challenge = await oidc.calculatePKCECodeChallenge(verifier);
    parameters.code_challenge_method = 'S256';
  }
  const url = oidc.buildAuthorizationUrl(config, parameters);
  expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZATION_PAGE);
  const request = parseOAuthAuthorizeParams(url.searchParams);
  const post = options.post ?? ((path, body, token) => t.post(path, body, token));
  const start = await post('/idp/oauth/authorize/start', request, sessionToken);
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const submit = await post('/idp/oauth/authorize/submit', { ...request, consent_granted: true }, sessionToken);
  expect(submit.status, JSON.stringify(submit.json)).toBe(200);
  const callback = new URL(submit.json.data.redirect_uri);
  const code = callback.searchParams.get('code');
  if (code === null) throw new Error(`No code in ${callback.href}`);
  return { callback, code, verifier, state, nonce };
}

/** The code grant as the relying party makes it, with every check openid-client offers. */
function redeem(config: oidc.Configuration, flow: Authorized, verifier: string | undefined = flow.verifier) {
  return oidc.authorizationCodeGrant(config, flow.callback, {
    pkceCodeVerifier: verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    // Makes openid-client require and check auth_time (OpenID Connect Core §3.1.3.7 step 13).
    maxAge: 3600,
    idTokenExpected: true,
  });
}

/** How a call openid-client makes was refused: the HTTP status and the OAuth error code (body or challenge). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError) return { status: error.status, error: error.error };
    if (error instanceof oidc.WWWAuthenticateChallengeError) {
      const parameters = error.cause[0]?.parameters;
      return { status: error.status, error: parameters?.error ?? `challenge:${error.cause[0]?.scheme}` };
    }
    throw error;
  }
  throw new Error('The call succeeded; a refusal was expected.');
}

/** A form POST to one of the provider's standard endpoints, in-process. */
async function formPost(
  t: IdpTestProvider,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: any }> {
  const response = await t.provider.fetch(
    new Request(`${ISSUER}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(params).toString(),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? null : JSON.parse(text) };
}

/** `Basic base64(form(client_id):form(secret))` (RFC 6749 §2.3.1). */
function basic(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

/** The claims of a JWT's payload (after openid-client validated it). */
function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('discovery and keys', () => {
  it('publishes one metadata document at both well-known paths, and openid-client discovers it', async () => {
    const { t } = await setup();
    const config = await relyingParty(t, 'spa');
    const metadata = config.serverMetadata();
    expect(metadata).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: AUTHORIZATION_PAGE,
      end_session_endpoint: LOGOUT_PAGE,
      token_endpoint: `${ISSUER}/oauth2/token`,
      userinfo_endpoint: `${ISSUER}/oauth2/userinfo`,
      revocation_endpoint: `${ISSUER}/oauth2/revoke`,
      jwks_uri: `${ISSUER}/oauth2/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(metadata.supportsPKCE()).toBe(true);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'offline_access', 'full_access']),
    );
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'phone_number', 'auth_time', 'at_hash', 'sid']),
    );
    const oidcDocument = await t.provider.fetch(new Request(`${ISSUER}/.well-known/openid-configuration`));
    const oauthDocument = await t.provider.fetch(new Request(`${ISSUER}/.well-known/oauth-authorization-server`));
    expect(oauthDocument.status).toBe(200);
    expect(await oauthDocument.json()).toEqual(await oidcDocument.json());
  });

  it('answers any origin with CORS * and no credentials on the standard endpoints, and only there', async () => {
    const { t } = await setup();
    const origin = 'https://rp.example.org';
    for (const path of [
      '/.well-known/openid-configuration',
      '/.well-known/oauth-authorization-server',
      '/oauth2/jwks',
      '/oauth2/token',
      '/oauth2/userinfo',
      '/oauth2/revoke',
    ]) {
      const preflight = await t.provider.fetch(
        new Request(`${ISSUER}${path}`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type',
          },
        }),
      );
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(preflight.headers.get('access-control-allow-credentials'), path).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers'), path).toContain('authorization');
      expect(preflight.headers.get('access-control-allow-methods'), path).toContain('POST');
    }
    const discovery = await t.provider.fetch(
      new Request(`${ISSUER}/.well-known/openid-configuration`, { headers: { origin } }),
    );
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('access-control-allow-origin')).toBe('*');
    expect(discovery.headers.get('access-control-allow-credentials')).toBeNull();
    // A refusal is readable cross-origin too, challenge included.
    const userinfo = await t.provider.fetch(new Request(`${ISSUER}/oauth2/userinfo`, { headers: { origin } }));
    expect(userinfo.status).toBe(401);
    expect(userinfo.headers.get('access-control-allow-origin')).toBe('*');
    expect(userinfo.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    // The SDK's routes still answer only the project's allowed origins.
    const sdk = await t.call('GET', '/users/me', { origin });
    expect(sdk.status).toBe(403);
    expect(sdk.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the RS256 keys in the JWKS (public parts only), the same keys for every call', async () => {
    const { t } = await setup();
    const [first, second] = await Promise.all(
      [1, 2].map(async () => (await t.provider.fetch(new Request(`${ISSUER}/oauth2/jwks`))).json()),
    );
    expect(first).toEqual(second);
    // The signing key and the next one, published ahead of the rotation that will activate it.
    expect(first.keys).toHaveLength(2);
    for (const key of first.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key.d).toBeUndefined();
    }
  });
});

describe('the authorization code flow', () => {
  it('signs a public client in with PKCE: tokens, an ID token openid-client validates, userinfo', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    expect(flow.callback.searchParams.get('iss')).toBe(ISSUER);
    const tokens = await redeem(config, flow);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(15 * 60);
    expect(tokens.scope).toBe('openid email profile phone offline_access');
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: ISSUER,
      sub: ada.userId,
      aud: 'spa',
      nonce: flow.nonce,
      sid: ada.sessionId,
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      phone_number: '+15555550100',
      phone_number_verified: true,
    });
    expect(claims?.exp).toBe((claims?.iat as number) + 15 * 60);
    // auth_time: when Ada's session last authenticated, in seconds.
    const session = await t.provider.database.db
      .selectFrom('sessions')
      .select('started_at')
      .where('session_id', '=', ada.sessionId)
      .executeTakeFirstOrThrow();
    expect(claims?.auth_time).toBe(Math.floor(session.started_at / 1000));
    // at_hash (OpenID Connect Core §3.1.3.6), checked here by hand as well.
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(tokens.access_token));
    expect(claims?.at_hash).toBe(Buffer.from(digest).subarray(0, 16).toString('base64url'));
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, ada.userId);
    expect(userinfo).toEqual({
      sub: ada.userId,
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      phone_number: '+15555550100',
      phone_number_verified: true,
    });
  });

  it.each([
    ['client_secret_basic', oidc.ClientSecretBasic],
    ['client_secret_post', oidc.ClientSecretPost],
  ] as const)('signs a confidential client in with %s, with PKCE or without', async (_method, clientAuth) => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'server-app', clientAuth(CLIENT_SECRET));
    const flow = await authorize(t, config, ada.sessionToken, { scope: 'openid email' });
    const tokens = await redeem(config, flow);
    expect(tokens.scope).toBe('openid email');
    // No offline_access, no refresh token (OpenID Connect Core §11).
    expect(tokens.refresh_token).toBeUndefined();
    const claims = tokens.claims();
    expect(claims).toMatchObject({ sub: ada.userId, aud: 'server-app', email: 'ada@example.com', nonce: flow.nonce });
    expect(claims).not.toHaveProperty('name');
    expect(claims).not.toHaveProperty('phone_number');
    expect(await oidc.fetchUserInfo(config, tokens.access_token, ada.userId)).toEqual({
      sub: ada.userId,
      email: 'ada@example.com',
      email_verified: true,
    });
    // A confidential client may leave PKCE out (its secret binds the code); then it sends no verifier.
    const plain = await authorize(t, config, ada.sessionToken, { scope: 'openid profile', pkce: false });
    const plainTokens = await oidc.authorizationCodeGrant(config, plain.callback, {
      expectedState: plain.state,
      expectedNonce: plain.nonce,
    });
    expect(await oidc.fetchUserInfo(config, plainTokens.access_token, ada.userId)).toEqual({
      sub: ada.userId,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });

  it('without openid it is plain OAuth: no ID token, and userinfo refuses the token (insufficient_scope)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken, { scope: 'email phone' });
    const tokens = await oidc.authorizationCodeGrant(config, flow.callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
    });
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.scope).toBe('email phone');
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck))).toEqual({
      status: 403,
      error: 'insufficient_scope',
    });
  });

  it('verifies the hint of openid-client’s end-session URL through logout/start', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const tokens = await redeem(config, await authorize(t, config, ada.sessionToken));
    const state = oidc.randomState();
    const url = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: SIGNED_OUT,
      state,
    });
    expect(`${url.origin}${url.pathname}`).toBe(LOGOUT_PAGE);
    expect(url.searchParams.get('id_token_hint')).toBe(tokens.id_token);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(SIGNED_OUT);
    expect(url.searchParams.get('state')).toBe(state);
    const request = parseOAuthLogoutParams(url.searchParams);
    expect(request.client_id).toBe('spa');
    // The hint names Ada, who is signed in: no need to ask (RP-Initiated Logout §2).
    const logout = await t.post('/oauth/logout/start', request, ada.sessionToken);
    expect(logout.status, JSON.stringify(logout.json)).toBe(200);
    expect(logout.json.data).toMatchObject({ consent_required: false, redirect_uri: `${SIGNED_OUT}?state=${state}` });
    // Someone else signed in on this browser: ask.
    const grace = await signIn(t as unknown as TestProvider, { email: 'grace@example.com' });
    const other = await t.post('/oauth/logout/start', request, grace.sessionToken);
    expect(other.json.data.consent_required).toBe(true);
    // A hint we did not sign is refused.
    const forged = `${(tokens.id_token as string).slice(0, -4)}AAAA`;
    const refused = await t.post('/oauth/logout/start', { ...request, id_token_hint: forged }, ada.sessionToken);
    expect(refused.status).toBe(400);
    expect(refused.json.error_type).toBe('invalid_id_token_hint');
  });

  it('stores neither the code nor any token in clear: only their SHA-256', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    const first = await redeem(config, flow);
    const second = await oidc.refreshTokenGrant(config, first.refresh_token as string);
    const secrets = [flow.code, first.access_token, first.refresh_token, second.access_token, second.refresh_token];
    const { db } = t.provider.database;
    const codes = await db.selectFrom('idp_authorization_codes').selectAll().execute();
    const tokens = await db.selectFrom('idp_tokens').selectAll().execute();
    expect(codes).toHaveLength(1);
    expect(tokens).toHaveLength(4);
    const dump = JSON.stringify([codes, tokens]);
    for (const secret of secrets) {
      expect(typeof secret).toBe('string');
      expect(dump).not.toContain(secret);
    }
    expect(codes[0]?.code_hash).toBe(sha256Hex(flow.code));
    expect(tokens.map((row) => row.token_hash).sort()).toEqual(
      secrets
        .slice(1)
        .map((secret) => sha256Hex(secret as string))
        .sort(),
    );
  });
});

describe('refusals at the token endpoint', () => {
  it('refuses a redirect_uri other than the code’s (and the code stays usable)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    // Also registered for the client, but not the one the code was issued for.
    const elsewhere = new URL(`${OTHER_CALLBACK}${flow.callback.search}`);
    expect(await refusal(redeem(config, { ...flow, callback: elsewhere }))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect((await redeem(config, flow)).claims()?.sub).toBe(ada.userId);
  });

  it('refuses a public client’s code without code_verifier, or with a wrong one (and the code stays usable)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    const missing = oidc.authorizationCodeGrant(config, flow.callback, { expectedState: flow.state });
    expect(await refusal(missing)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await refusal(redeem(config, flow, oidc.randomPKCECodeVerifier()))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    const raw = await formPost(t, '/oauth2/token', {
      grant_type: 'authorization_code',
      code: flow.code,
      redirect_uri: CALLBACK,
      client_id: 'spa',
      code_verifier: 'too-short',
    });
    expect(raw.json.error).toBe('invalid_grant');
    expect((await redeem(config, flow)).claims()?.sub).toBe(ada.userId);
  });

  it('refuses a code_verifier sent for a code issued without a challenge (PKCE downgrade)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'server-app', oidc.ClientSecretBasic(CLIENT_SECRET));
    const flow = await authorize(t, config, ada.sessionToken, { pkce: false });
    expect(await refusal(redeem(config, flow, oidc.randomPKCECodeVerifier()))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    const tokens = await oidc.authorizationCodeGrant(config, flow.callback, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.claims()?.sub).toBe(ada.userId);
  });

  it('refuses a code used twice, and revokes the tokens the first use issued', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    const tokens = await redeem(config, flow);
    expect((await oidc.fetchUserInfo(config, tokens.access_token, ada.userId)).sub).toBe(ada.userId);
    expect(await refusal(redeem(config, flow))).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, ada.userId))).toEqual({
      status: 401,
      error: 'invalid_token',
    });
    expect(await refusal(oidc.refreshTokenGrant(config, tokens.refresh_token as string))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
  });

  it('gives one success to fifty parallel redemptions of one code (and the replays revoke its tokens)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    const params = {
      grant_type: 'authorization_code',
      code: flow.code,
      redirect_uri: CALLBACK,
      client_id: 'spa',
      code_verifier: flow.verifier,
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => formPost(t, '/oauth2/token', params)));
    const successes = answers.filter((answer) => answer.status === 200);
    expect(successes).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    }
    const issued = await t.provider.database.db.selectFrom('idp_tokens').selectAll().execute();
    expect(issued).toHaveLength(2);
    expect(issued.every((row) => row.revoked_at !== null)).toBe(true);
    expect(
      await refusal(oidc.fetchUserInfo(config, successes[0]?.json.access_token, oidc.skipSubjectCheck)),
    ).toMatchObject({ status: 401 });
  });

  it('refuses an expired code', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    t.clock.advance(61_000);
    expect(await refusal(redeem(config, flow))).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('refuses another client’s code without using it up', async () => {
    const { t, ada } = await setup();
    const spa = await relyingParty(t, 'spa');
    const server = await relyingParty(t, 'server-app', oidc.ClientSecretPost(CLIENT_SECRET));
    const flow = await authorize(t, spa, ada.sessionToken);
    expect(await refusal(redeem(server, flow))).toEqual({ status: 400, error: 'invalid_grant' });
    expect((await redeem(spa, flow)).claims()?.aud).toBe('spa');
  });

  it('refuses a wrong client secret with 401 invalid_client and WWW-Authenticate: Basic (RFC 6749 §5.2)', async () => {
    const { t, ada } = await setup();
    const good = await relyingParty(t, 'server-app', oidc.ClientSecretBasic(CLIENT_SECRET));
    for (const clientAuth of [oidc.ClientSecretBasic('wrong-secret'), oidc.ClientSecretPost('wrong-secret')]) {
      const config = await relyingParty(t, 'server-app', clientAuth);
      const flow = await authorize(t, good, ada.sessionToken);
      const refused = await refusal(redeem(config, flow));
      expect(refused.status).toBe(401);
      expect(refused.error).toMatch(/^(invalid_client|challenge:basic)$/);
      // Nothing was used up: the right secret still redeems the code.
      expect((await redeem(good, flow)).claims()?.sub).toBe(ada.userId);
    }
    const params = { grant_type: 'authorization_code', code: 'x', redirect_uri: CALLBACK };
    const basicRefusal = await formPost(t, '/oauth2/token', params, { authorization: basic('server-app', 'nope') });
    expect(basicRefusal.status).toBe(401);
    expect(basicRefusal.json.error).toBe('invalid_client');
    expect(basicRefusal.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const postRefusal = await formPost(t, '/oauth2/token', { ...params, client_id: 'server-app', client_secret: 'no' });
    expect(postRefusal).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    // RFC 6749 §5.2, RFC 9110 §15.5.2: every 401 carries the challenge, client_secret_post too.
    expect(postRefusal.headers.get('www-authenticate')).toBe(basicRefusal.headers.get('www-authenticate'));
    // No secret at all, an unknown client, a secret for a public client, no client.
    const wrongs: Record<string, string>[] = [
      { client_id: 'server-app' },
      { client_id: 'nobody' },
      { client_id: 'spa', client_secret: 'invented' },
      {},
    ];
    for (const wrong of wrongs) {
      const refused = await formPost(t, '/oauth2/token', { ...params, ...wrong });
      expect(refused).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
      expect(refused.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    }
    // An unreadable Basic header.
    const malformed = await formPost(t, '/oauth2/token', params, { authorization: 'Basic %%%' });
    expect(malformed).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
  });

  it('sends a scope the client may not request back to the client as invalid_scope (nothing is issued)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid admin',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const start = await t.post(
      '/idp/oauth/authorize/start',
      parseOAuthAuthorizeParams(url.searchParams),
      ada.sessionToken,
    );
    expect(start.status).toBe(200);
    // RFC 6749 §4.1.2.1: the error goes to the redirect URI; openid-client reads it there (state and iss checked).
    const failed = await oidc
      .authorizationCodeGrant(config, new URL(start.json.data.redirect_uri), { expectedState: state })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(oidc.AuthorizationResponseError);
    expect((failed as oidc.AuthorizationResponseError).error).toBe('invalid_scope');
    expect((failed as oidc.AuthorizationResponseError).error_description).toContain('admin');
    expect(await t.provider.database.db.selectFrom('idp_authorization_codes').selectAll().execute()).toEqual([]);
  });

  it('reads only form bodies, each parameter once, and never lets an answer be cached', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const flow = await authorize(t, config, ada.sessionToken);
    const params = {
      grant_type: 'authorization_code',
      code: flow.code,
      redirect_uri: CALLBACK,
      client_id: 'spa',
      code_verifier: flow.verifier,
    };
    const json = await t.provider.fetch(
      new Request(`${ISSUER}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
      }),
    );
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe('invalid_request');
    const twice = await t.provider.fetch(
      new Request(`${ISSUER}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${new URLSearchParams(params)}&code=${flow.code}`,
      }),
    );
    expect(twice.status).toBe(400);
    expect((await twice.json()).error).toBe('invalid_request');
    for (const [extra, error] of [
      [{ grant_type: 'password' }, 'unsupported_grant_type'],
      [{ grant_type: 'client_credentials' }, 'unsupported_grant_type'],
      [{ grant_type: '' }, 'invalid_request'],
      [{ code: '' }, 'invalid_request'],
      [{ redirect_uri: '' }, 'invalid_request'],
    ] as const) {
      const refused = await formPost(t, '/oauth2/token', { ...params, ...extra });
      expect(refused, JSON.stringify(extra)).toMatchObject({ status: 400, json: { error } });
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(refused.headers.get('pragma')).toBe('no-cache');
    }
    const granted = await formPost(t, '/oauth2/token', params);
    expect(granted.status).toBe(200);
    expect(granted.headers.get('cache-control')).toBe('no-store');
    expect(granted.headers.get('pragma')).toBe('no-cache');
    expect(granted.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(granted.json).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(granted.json.token_type).toBe('Bearer');
    // Basic and client_secret in one request: two methods (RFC 6749 §2.3).
    const both = await formPost(
      t,
      '/oauth2/token',
      { ...params, client_id: 'server-app', client_secret: CLIENT_SECRET },
      { authorization: basic('server-app', CLIENT_SECRET) },
    );
    expect(both).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
  });
});

describe('refresh tokens', () => {
  it('rotates: each refresh answers a new refresh token, access token and ID token (same sub and auth_time)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const first = await redeem(config, await authorize(t, config, ada.sessionToken));
    const second = await oidc.refreshTokenGrant(config, first.refresh_token as string);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.scope).toBe(first.scope);
    const firstClaims = first.claims();
    const secondClaims = second.claims();
    expect(secondClaims).toMatchObject({
      iss: ISSUER,
      sub: ada.userId,
      aud: 'spa',
      auth_time: firstClaims?.auth_time,
      sid: ada.sessionId,
      email: 'ada@example.com',
    });
    // OpenID Connect Core §12.2: no nonce in a refreshed ID token; at_hash of the new access token.
    expect(secondClaims).not.toHaveProperty('nonce');
    expect(payloadOf(second.id_token as string).at_hash).not.toBe(firstClaims?.at_hash);
    expect((await oidc.fetchUserInfo(config, second.access_token, ada.userId)).email).toBe('ada@example.com');
    // The old access token lives on until it expires; the chain goes on.
    expect((await oidc.fetchUserInfo(config, first.access_token, ada.userId)).sub).toBe(ada.userId);
    const third = await oidc.refreshTokenGrant(config, second.refresh_token as string);
    // The scope may narrow for the access token; the new refresh token keeps the full grant (RFC 6749 §6).
    const narrowed = await oidc.refreshTokenGrant(config, third.refresh_token as string, { scope: 'openid email' });
    expect(narrowed.scope).toBe('openid email');
    expect(await oidc.fetchUserInfo(config, narrowed.access_token, ada.userId)).toEqual({
      sub: ada.userId,
      email: 'ada@example.com',
      email_verified: true,
    });
    const widened = oidc.refreshTokenGrant(config, narrowed.refresh_token as string, { scope: 'openid admin' });
    expect(await refusal(widened)).toEqual({ status: 400, error: 'invalid_scope' });
    const full = await oidc.refreshTokenGrant(config, narrowed.refresh_token as string);
    expect(full.scope).toBe('openid email profile phone offline_access');
  });

  it('refuses a rotated refresh token, and its reuse revokes every token of the grant', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const first = await redeem(config, await authorize(t, config, ada.sessionToken));
    const second = await oidc.refreshTokenGrant(config, first.refresh_token as string);
    expect(await refusal(oidc.refreshTokenGrant(config, first.refresh_token as string))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    // RFC 9700 §4.14.2: the newer tokens stop working too.
    expect(await refusal(oidc.refreshTokenGrant(config, second.refresh_token as string))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    for (const accessToken of [first.access_token, second.access_token]) {
      expect(await refusal(oidc.fetchUserInfo(config, accessToken, ada.userId))).toEqual({
        status: 401,
        error: 'invalid_token',
      });
    }
    // Another authorization of the same user and client is another family: untouched.
    const other = await redeem(config, await authorize(t, config, ada.sessionToken));
    expect((await oidc.refreshTokenGrant(config, other.refresh_token as string)).scope).toContain('openid');
  });

  it('gives one success to fifty parallel refreshes with one token', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const tokens = await redeem(config, await authorize(t, config, ada.sessionToken));
    const params = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, client_id: 'spa' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => formPost(t, '/oauth2/token', params)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json?.error === 'invalid_grant')).toHaveLength(49);
  });

  it('refuses another client’s refresh token, an expired one, and one whose grant the user revoked', async () => {
    const { t, ada } = await setup();
    const spa = await relyingParty(t, 'spa');
    const server = await relyingParty(t, 'server-app', oidc.ClientSecretBasic(CLIENT_SECRET));
    const tokens = await redeem(spa, await authorize(t, spa, ada.sessionToken));
    expect(await refusal(oidc.refreshTokenGrant(server, tokens.refresh_token as string))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    // Not used up by the other client's attempt.
    const rotated = await oidc.refreshTokenGrant(spa, tokens.refresh_token as string);
    // The user revokes the application: its grant is gone.
    await t.provider.database.db.deleteFrom('idp_grants').where('client_id', '=', 'spa').execute();
    expect(await refusal(oidc.refreshTokenGrant(spa, rotated.refresh_token as string))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect(await refusal(oidc.fetchUserInfo(spa, rotated.access_token, ada.userId))).toMatchObject({ status: 401 });
    // Expiry (refreshTokenDays: 7).
    const again = await redeem(spa, await authorize(t, spa, ada.sessionToken));
    t.clock.advance(7 * 86_400_000 + 1000);
    expect(await refusal(oidc.refreshTokenGrant(spa, again.refresh_token as string))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
  });
});

describe('userinfo and revocation', () => {
  it('takes the bearer token in the header or a form body, never both, and challenges without one', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const tokens = await redeem(config, await authorize(t, config, ada.sessionToken, { scope: 'openid' }));
    const viaBody = await formPost(t, '/oauth2/userinfo', { access_token: tokens.access_token });
    expect(viaBody).toMatchObject({ status: 200, json: { sub: ada.userId } });
    const viaPostHeader = await formPost(t, '/oauth2/userinfo', {}, { authorization: `Bearer ${tokens.access_token}` });
    expect(viaPostHeader.json).toEqual({ sub: ada.userId });
    const both = await formPost(
      t,
      '/oauth2/userinfo',
      { access_token: tokens.access_token },
      { authorization: `Bearer ${tokens.access_token}` },
    );
    expect(both.status).toBe(400);
    expect(both.headers.get('www-authenticate')).toContain('error="invalid_request"');
    const none = await t.provider.fetch(new Request(`${ISSUER}/oauth2/userinfo`));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="oauth2"');
    const unknown = await t.provider.fetch(
      new Request(`${ISSUER}/oauth2/userinfo`, { headers: { authorization: 'Bearer not-a-token' } }),
    );
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // The query string is not a way in (RFC 6750 §2.3 is not supported).
    const query = await t.provider.fetch(new Request(`${ISSUER}/oauth2/userinfo?access_token=${tokens.access_token}`));
    expect(query.status).toBe(401);
    // An access token expires (accessTokenMinutes: 15).
    t.clock.advance(15 * 60_000 + 1000);
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, ada.userId))).toEqual({
      status: 401,
      error: 'invalid_token',
    });
  });

  it('refuses the tokens of a client removed from the configuration: 401 invalid_token, as the token endpoint refuses it', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const tokens = await redeem(config, await authorize(t, config, ada.sessionToken));
    expect((await oidc.fetchUserInfo(config, tokens.access_token, ada.userId)).sub).toBe(ada.userId);
    // The provider restarted on the same database with the spa client gone from its configuration.
    const base = idpConfig();
    const restarted = await createProvider({
      db: t.provider.database,
      config: { ...base, project: { ...base.project, idp: { ...base.project.idp, clients: [CONFIDENTIAL_CLIENT] } } },
      clock: t.clock,
      hmacKey: t.hmacKey,
      encryptionKey: t.encryptionKey,
      secretKey: t.secretKey,
      background: false,
    });
    try {
      expect(restarted.config.project.projectId).toBe(t.projectId);
      const userinfo = (init: RequestInit) => restarted.fetch(new Request(`${ISSUER}/oauth2/userinfo`, init));
      const inits: RequestInit[] = [
        { headers: { authorization: `Bearer ${tokens.access_token}` } },
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ access_token: tokens.access_token }).toString(),
        },
      ];
      for (const init of inits) {
        const refused = await userinfo(init);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe(
          'Bearer realm="oauth2", error="invalid_token", error_description="The access token was issued to a client this project no longer has."',
        );
        expect(await refused.json()).toMatchObject({ error: 'invalid_token' });
      }
      // The token endpoint refuses the client itself.
      const refresh = await restarted.fetch(
        new Request(`${ISSUER}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: 'spa',
            refresh_token: tokens.refresh_token as string,
          }).toString(),
        }),
      );
      expect(refresh.status).toBe(401);
      expect(await refresh.json()).toMatchObject({ error: 'invalid_client' });
    } finally {
      await restarted.close();
    }
    // The provider that still has the client answers as before.
    expect((await oidc.fetchUserInfo(config, tokens.access_token, ada.userId)).sub).toBe(ada.userId);
  });

  it('revokes an access token alone, or a refresh token with its whole grant (RFC 7009)', async () => {
    const { t, ada } = await setup();
    const config = await relyingParty(t, 'spa');
    const tokens = await redeem(config, await authorize(t, config, ada.sessionToken));
    await oidc.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, ada.userId))).toEqual({
      status: 401,
      error: 'invalid_token',
    });
    // The refresh token still works after its access token was revoked.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
    expect((await oidc.fetchUserInfo(config, refreshed.access_token, ada.userId)).sub).toBe(ada.userId);
    // A wrong hint does not matter (RFC 7009 §2.1: the server searches every type).
    await oidc.tokenRevocation(config, refreshed.refresh_token as string, { token_type_hint: 'access_token' });
    expect(await refusal(oidc.refreshTokenGrant(config, refreshed.refresh_token as string))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect(await refusal(oidc.fetchUserInfo(config, refreshed.access_token, ada.userId))).toEqual({
      status: 401,
      error: 'invalid_token',
    });
    // Unknown tokens: 200 all the same.
    await oidc.tokenRevocation(config, 'never-issued');
  });

  it('refuses to revoke another client’s token (RFC 7009 §2.1: unauthorized_client), and authenticates the client first', async () => {
    const { t, ada } = await setup();
    const spa = await relyingParty(t, 'spa');
    const server = await relyingParty(t, 'server-app', oidc.ClientSecretPost(CLIENT_SECRET));
    const tokens = await redeem(spa, await authorize(t, spa, ada.sessionToken));
    for (const token of [tokens.access_token, tokens.refresh_token as string]) {
      expect(await refusal(oidc.tokenRevocation(server, token))).toEqual({ status: 400, error: 'unauthorized_client' });
    }
    expect((await oidc.fetchUserInfo(spa, tokens.access_token, ada.userId)).sub).toBe(ada.userId);
    expect((await oidc.refreshTokenGrant(spa, tokens.refresh_token as string)).access_token).toEqual(
      expect.any(String),
    );
    const wrongSecret = await relyingParty(t, 'server-app', oidc.ClientSecretBasic('wrong'));
    expect((await refusal(oidc.tokenRevocation(wrongSecret, tokens.access_token))).status).toBe(401);
    const missing = await formPost(t, '/oauth2/revoke', { client_id: 'spa' });
    expect(missing).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    const revoked = await formPost(t, '/oauth2/revoke', { client_id: 'spa', token: tokens.access_token });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('cache-control')).toBe('no-store');
    expect(await refusal(oidc.fetchUserInfo(spa, tokens.access_token, ada.userId))).toMatchObject({ status: 401 });
  });
});

describe('over real HTTP', () => {
  it('works with openid-client’s own fetch against the provider on a port', async () => {
    let provider: IdpTestProvider['provider'] | null = null;
    const server = serve({
      fetch: (request, env) =>
        provider ? provider.fetch(request, env) : Promise.resolve(new Response('starting', { status: 503 })),
      port: 0,
      hostname: '127.0.0.1',
    }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const t = await startProvider(idpConfig(issuer), { clock: new FollowingClock() });
      provider = t.provider;
      const ada = await signIn(t as unknown as TestProvider, { email: 'ada@example.com' });
      const config = await oidc.discovery(
        new URL(issuer),
        'server-app',
        undefined,
        oidc.ClientSecretBasic(CLIENT_SECRET),
        {
          execute: [oidc.allowInsecureRequests],
        },
      );
      expect(config.serverMetadata().token_endpoint).toBe(`${issuer}/oauth2/token`);
      // The widget's calls go over HTTP too, as a browser on the host's page would make them.
      const post = async (path: string, body: unknown, sessionToken: string) => {
        const response = await fetch(`${issuer}/sdk/v1${path}`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${t.provider.config.project.publicToken}:${sessionToken}`).toString('base64')}`,
            'content-type': 'application/json',
            origin: 'http://localhost:5173',
          },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: await response.json() };
      };
      const flow = await authorize(t, config, ada.sessionToken, { post });
      const tokens = await redeem(config, flow);
      expect(tokens.claims()).toMatchObject({ iss: issuer, sub: ada.userId, aud: 'server-app', nonce: flow.nonce });
      expect((await oidc.fetchUserInfo(config, tokens.access_token, ada.userId)).email).toBe('ada@example.com');
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
      await oidc.tokenRevocation(config, refreshed.refresh_token as string);
      expect(await refusal(oidc.fetchUserInfo(config, refreshed.access_token, ada.userId))).toEqual({
        status: 401,
        error: 'invalid_token',
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
