// The identity provider against a second strict relying-party library, oauth4webapi (beside openid-client in
// oauth2.test.ts), with no workaround, over real HTTP: the provider listens on a port, oauth4webapi uses the global
// fetch, and the widget's JSON calls (authorize start and submit, logout start, the sign-in it shows) go over HTTP
// with the session as a browser on the host's page would send them. Covers the front door (issue 25 items 9-14):
// error redirects read by validateAuthResponse (error, state and iss checked), prompt=none and prompt=login, max_age
// and auth_time, id_token_hint, PKCE plain refused, and RP-initiated logout's optional parameters.
// Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { parseOAuthAuthorizeParams, parseOAuthLogoutParams } from '@latchkey/sdk/idp';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../../testing/fixtures';
import { FollowingClock, ORIGIN, startProvider, type TestProvider } from '../../../../testing/harness';
import { randomToken } from '../../../services/secrets';
import type { IdpClientConfig } from '../config';

const CLIENT_SECRET = randomToken(24);
const SECRET_ENV = 'LATCHKEY_TEST_IDP_OAUTH4WEBAPI_SECRET';
process.env[SECRET_ENV] = CLIENT_SECRET;

const APP = 'http://localhost:3000';
const CALLBACK = `${APP}/callback`;
const SIGNED_OUT = `${APP}/signed-out`;
const AUTHORIZATION_PAGE = 'http://localhost:5173/oauth/authorize';
const LOGOUT_PAGE = 'http://localhost:5173/oauth/logout';
const ADA = 'ada@example.com';
const GRACE = 'grace@example.com';

const PUBLIC_CLIENT = {
  clientId: 'spa',
  name: 'Single-page app',
  type: 'public',
  redirectUris: [CALLBACK],
  postLogoutRedirectUris: [SIGNED_OUT],
  scopes: ['openid', 'email', 'profile', 'offline_access'],
  consentRequired: true,
} satisfies Partial<IdpClientConfig>;

const CONFIDENTIAL_CLIENT = {
  clientId: 'server-app',
  name: 'Server app',
  type: 'confidential',
  clientSecretEnv: SECRET_ENV,
  redirectUris: [CALLBACK],
  postLogoutRedirectUris: [SIGNED_OUT],
  scopes: ['openid', 'email'],
  consentRequired: false,
} satisfies Partial<IdpClientConfig>;

type IdpTestProvider = TestProvider<FollowingClock>;

interface Harness {
  t: IdpTestProvider;
  issuer: URL;
  as: oauth.AuthorizationServer;
  /** A widget call under `/sdk/v1`, over HTTP, with the session (if any) in the Basic-auth password slot. */
  widget(path: string, body: unknown, sessionToken?: string): Promise<{ status: number; json: any }>;
  /** Signs `email` in by email passcode over HTTP, as the widget's sign-in form does; answers the session token. */
  passcodeSignIn(email: string): Promise<string>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The provider on a port (its clock follows the real one: oauth4webapi checks iat, exp and auth_time against it). */
async function setup(): Promise<Harness> {
  let provider: IdpTestProvider['provider'] | null = null;
  const server = serve({
    fetch: (request, env) =>
      provider ? provider.fetch(request, env) : Promise.resolve(new Response('starting', { status: 503 })),
    port: 0,
    hostname: '127.0.0.1',
  }) as Server;
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const issuer = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const t = await startProvider(
    {
      publicUrl: issuer.origin,
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
    },
    { clock: new FollowingClock() },
  );
  provider = t.provider;
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oidc', [oauth.allowInsecureRequests]: true }),
  );
  const widget: Harness['widget'] = async (path, body, sessionToken) => {
    const { publicToken } = t.provider.config.project;
    const response = await fetch(`${issuer.origin}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${publicToken}:${sessionToken ?? publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
        origin: ORIGIN,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
  const passcodeSignIn: Harness['passcodeSignIn'] = async (email) => {
    const sent = await widget('/otps/email/login_or_create', { email });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const code = await t.lastCode(email);
    const signedIn = await widget('/otps/authenticate', {
      token: code,
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    return signedIn.json.data.session_token;
  };
  return { t, issuer, as, widget, passcodeSignIn };
}

/** A relying party's request: its PKCE verifier, state and nonce, and the authorization URL it sends the browser to. */
interface RpRequest {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

/** The authorization URL (the host's page) for `client`, with PKCE S256, state and nonce, and `extra` parameters. */
async function authorizationRequest(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  extra: Record<string, string> = {},
): Promise<RpRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint as string);
  const params = {
    client_id: client.client_id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  };
  for (const [name, value] of Object.entries(params)) if (value !== '') url.searchParams.set(name, value);
  return { url, verifier, state, nonce };
}

/** What the widget's authorize page ends with: a redirect to the client, or a request to sign in again. */
type PageOutcome = { redirect: URL } | { reauthentication: { reason: string; login_ticket: string } };

/**
 * The widget's authorize page: reads the query with the SDK's parser (plus the login ticket it kept), asks start,
 * then, on the consent screen, allows. Answers where the browser goes, or the request for a fresh sign-in.
 */
async function authorizePage(
  h: Harness,
  request: RpRequest,
  sessionToken: string | undefined,
  loginTicket?: string,
): Promise<PageOutcome> {
  const query = new URLSearchParams(request.url.searchParams);
  if (loginTicket !== undefined) query.set('login_ticket', loginTicket);
  const params = parseOAuthAuthorizeParams(query);
  const start = await h.widget('/idp/oauth/authorize/start', params, sessionToken);
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const started = start.json.data;
  if (started.redirect_uri !== undefined) {
    // RFC 6749 §4.1.2.1: an error answer carries the redirect URI and nothing else.
    expect(Object.keys(started).sort()).toEqual(['redirect_uri', 'request_id', 'status_code']);
    return { redirect: new URL(started.redirect_uri) };
  }
  if (started.reauthentication_required !== undefined) {
    // Nothing else than the request for a fresh sign-in and the client that asks (the sign-in step names it).
    expect(Object.keys(started).sort()).toEqual(['client', 'reauthentication_required', 'request_id', 'status_code']);
    return { reauthentication: started.reauthentication_required };
  }
  const submit = await h.widget('/idp/oauth/authorize/submit', { ...params, consent_granted: true }, sessionToken);
  expect(submit.status, JSON.stringify(submit.json)).toBe(200);
  return { redirect: new URL(submit.json.data.redirect_uri) };
}

function redirectOf(outcome: PageOutcome): URL {
  if (!('redirect' in outcome)) throw new Error(`Expected a redirect, got ${JSON.stringify(outcome)}`);
  return outcome.redirect;
}

function reauthenticationOf(outcome: PageOutcome): { reason: string; login_ticket: string } {
  if (!('reauthentication' in outcome)) throw new Error(`Expected reauthentication, got ${outcome.redirect.href}`);
  return outcome.reauthentication;
}

/** validateAuthResponse's refusal of an error redirect (RFC 6749 §4.1.2.1), after it checked state and iss. */
function authorizationError(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  callback: URL,
  state: string,
): oauth.AuthorizationResponseError {
  try {
    oauth.validateAuthResponse(as, client, callback, state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) return error;
    throw error;
  }
  throw new Error(`Expected an authorization error at ${callback.href}`);
}

/** The code exchange with every check oauth4webapi offers: state, iss, PKCE, nonce, auth_time against max_age. */
async function redeem(
  h: Harness,
  client: oauth.Client,
  clientAuth: oauth.ClientAuth,
  request: RpRequest,
  callback: URL,
  maxAge: number,
) {
  const params = oauth.validateAuthResponse(h.as, client, callback, request.state);
  const response = await oauth.authorizationCodeGrantRequest(
    h.as,
    client,
    clientAuth,
    params,
    CALLBACK,
    request.verifier,
    { [oauth.allowInsecureRequests]: true },
  );
  const tokens = await oauth.processAuthorizationCodeResponse(h.as, client, response, {
    expectedNonce: request.nonce,
    maxAge,
    requireIdToken: true,
  });
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  if (!claims) throw new Error('No ID token');
  // oauth4webapi leaves the signature of a token-endpoint ID token to TLS; check it against the JWKS too.
  const jwks = createRemoteJWKSet(new URL(h.as.jwks_uri as string));
  await jwtVerify(tokens.id_token as string, jwks, { issuer: h.as.issuer, audience: client.client_id });
  return { tokens, claims };
}

async function refused(promise: Promise<unknown>): Promise<{ status: number; error: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { status: error.status, error: error.error };
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      return { status: error.status, error: error.cause[0]?.parameters.error ?? `challenge:${error.cause[0]?.scheme}` };
    }
    throw error;
  }
  throw new Error('The call succeeded; a refusal was expected.');
}

const INSECURE = { [oauth.allowInsecureRequests]: true } as const;
const spa: oauth.Client = { client_id: 'spa' };
const server: oauth.Client = { client_id: 'server-app' };

describe('oauth4webapi over HTTP: the whole flow', () => {
  it('discovers, authorizes through the widget, exchanges the code with PKCE, validates the ID token, userinfo, refresh, revocation', async () => {
    const h = await setup();
    expect(h.as).toMatchObject({
      issuer: h.issuer.origin,
      authorization_endpoint: AUTHORIZATION_PAGE,
      end_session_endpoint: LOGOUT_PAGE,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
    const ada = await h.passcodeSignIn(ADA);
    const request = await authorizationRequest(h.as, spa, {
      scope: 'openid email profile offline_access',
      max_age: '600',
    });
    const callback = redirectOf(await authorizePage(h, request, ada));
    expect(callback.searchParams.get('iss')).toBe(h.issuer.origin);
    const before = Math.floor(Date.now() / 1000);
    const { tokens, claims } = await redeem(h, spa, oauth.None(), request, callback, 600);
    const user = await h.t.provider.database.db
      .selectFrom('users')
      .innerJoin('emails', 'emails.user_id', 'users.user_id')
      .select('users.user_id')
      .where('emails.email', '=', ADA)
      .executeTakeFirstOrThrow();
    expect(claims).toMatchObject({ iss: h.issuer.origin, aud: 'spa', sub: user.user_id, nonce: request.nonce });
    // OpenID Connect Core §3.1.2.1: max_age was sent, so auth_time is there (the passcode sign-in just now).
    expect(claims.auth_time).toBeGreaterThan(before - 60);
    expect(claims.auth_time).toBeLessThanOrEqual(before);

    const userinfo = await oauth.processUserInfoResponse(
      h.as,
      spa,
      user.user_id,
      await oauth.userInfoRequest(h.as, spa, tokens.access_token, INSECURE),
    );
    expect(userinfo).toMatchObject({ sub: user.user_id, email: ADA, email_verified: true });

    const refreshed = await oauth.processRefreshTokenResponse(
      h.as,
      spa,
      await oauth.refreshTokenGrantRequest(h.as, spa, oauth.None(), tokens.refresh_token as string, INSECURE),
    );
    expect(oauth.getValidatedIdTokenClaims(refreshed)).toMatchObject({
      sub: user.user_id,
      auth_time: claims.auth_time,
    });

    // RFC 7009 §2.1: another client may not revoke it (refused, the token stays live) ...
    expect(
      await refused(
        oauth
          .revocationRequest(h.as, server, oauth.ClientSecretBasic(CLIENT_SECRET), refreshed.access_token, INSECURE)
          .then(oauth.processRevocationResponse),
      ),
    ).toEqual({ status: 400, error: 'unauthorized_client' });
    await oauth.processUserInfoResponse(
      h.as,
      spa,
      user.user_id,
      await oauth.userInfoRequest(h.as, spa, refreshed.access_token, INSECURE),
    );
    // ... its own client may: the refresh token takes its whole grant with it.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(h.as, spa, oauth.None(), refreshed.refresh_token as string, INSECURE),
    );
    expect(
      await refused(
        oauth
          .userInfoRequest(h.as, spa, refreshed.access_token, INSECURE)
          .then((response) => oauth.processUserInfoResponse(h.as, spa, user.user_id, response)),
      ),
    ).toEqual({ status: 401, error: 'invalid_token' });
  });
});

describe('oauth4webapi over HTTP: errors go back to the client (items 9, 13)', () => {
  it.each([
    ['an unregistered scope', { scope: 'openid admin' }, 'invalid_scope'],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['code_challenge_method plain', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no PKCE challenge from a public client', { code_challenge: '', code_challenge_method: '' }, 'invalid_request'],
    ['prompt=none with another value', { prompt: 'none consent' }, 'invalid_request'],
    ['a malformed max_age', { max_age: '1e3' }, 'invalid_request'],
    ['an id_token_hint this provider never issued', { id_token_hint: 'a.b.c' }, 'invalid_request'],
  ])('%s: validateAuthResponse reads the error at the redirect URI', async (_name, extra, error) => {
    const h = await setup();
    const ada = await h.passcodeSignIn(ADA);
    const request = await authorizationRequest(h.as, spa, extra);
    for (const session of [ada, undefined]) {
      const callback = redirectOf(await authorizePage(h, request, session));
      expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
      const refusal = authorizationError(h.as, spa, callback, request.state);
      expect(refusal.error).toBe(error);
      expect(refusal.error_description).toEqual(expect.any(String));
      // The state and the issuer are checked before the error is reported.
      expect(() => oauth.validateAuthResponse(h.as, spa, callback, 'another-state')).toThrow(
        oauth.OperationProcessingError,
      );
      const forgedIssuer = new URL(callback);
      forgedIssuer.searchParams.set('iss', 'https://evil.example');
      expect(() => oauth.validateAuthResponse(h.as, spa, forgedIssuer, request.state)).toThrow(
        oauth.OperationProcessingError,
      );
    }
    const codes = await h.t.provider.database.db.selectFrom('idp_authorization_codes').selectAll().execute();
    expect(codes).toEqual([]);
  });
});

describe('oauth4webapi over HTTP: prompt, max_age, id_token_hint (items 10-12)', () => {
  it('prompt=none with nobody signed in answers login_required at once', async () => {
    const h = await setup();
    const request = await authorizationRequest(h.as, spa, { prompt: 'none' });
    for (const session of [undefined, 'not-a-session']) {
      const refusal = authorizationError(
        h.as,
        spa,
        redirectOf(await authorizePage(h, request, session)),
        request.state,
      );
      expect(refusal.error).toBe('login_required');
    }
  });

  it('prompt=login asks for a fresh sign-in; after it, with the ticket, a code whose auth_time is the new sign-in', async () => {
    const h = await setup();
    const old = await h.passcodeSignIn(ADA);
    const request = await authorizationRequest(h.as, spa, { prompt: 'login' });
    const { reason, login_ticket: ticket } = reauthenticationOf(await authorizePage(h, request, old));
    expect(reason).toBe('login');
    // The widget ends the session and shows the sign-in; the old session could not have used the ticket.
    expect(reauthenticationOf(await authorizePage(h, request, old, ticket)).reason).toBe('login');
    expect((await h.widget('/sessions/revoke', {}, old)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const signedInAt = Math.floor(Date.now() / 1000);
    const fresh = await h.passcodeSignIn(ADA);
    const callback = redirectOf(await authorizePage(h, request, fresh, ticket));
    const { claims } = await redeem(h, spa, oauth.None(), request, callback, 3600);
    expect(claims.auth_time).toBeGreaterThanOrEqual(signedInAt);
    // With prompt=none, the same need is login_required (prompt=none login is itself invalid_request).
    const none = await authorizationRequest(h.as, spa, { prompt: 'none', max_age: '0' });
    expect(authorizationError(h.as, spa, redirectOf(await authorizePage(h, none, fresh)), none.state).error).toBe(
      'login_required',
    );
  });

  it('max_age: a session signed in too long ago signs in again (login_required with prompt=none)', async () => {
    const h = await setup();
    const ada = await h.passcodeSignIn(ADA);
    // Ada proved her passcode ten minutes ago.
    const { db } = h.t.provider.database;
    const session = await db.selectFrom('sessions').select(['session_id', 'factors']).executeTakeFirstOrThrow();
    const factors = JSON.parse(session.factors) as { last_authenticated_at: string }[];
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ factors: JSON.stringify(factors.map((factor) => ({ ...factor, last_authenticated_at: tenMinutesAgo }))) })
      .where('session_id', '=', session.session_id)
      .execute();
    const request = await authorizationRequest(h.as, spa, { max_age: '300' });
    const { reason, login_ticket: ticket } = reauthenticationOf(await authorizePage(h, request, ada));
    expect(reason).toBe('max_age');
    const none = await authorizationRequest(h.as, spa, { max_age: '300', prompt: 'none' });
    expect(authorizationError(h.as, spa, redirectOf(await authorizePage(h, none, ada)), none.state).error).toBe(
      'login_required',
    );
    // A looser max_age is met by the same session.
    const loose = await authorizationRequest(h.as, spa, { max_age: '3600' });
    const looseCallback = redirectOf(await authorizePage(h, loose, ada));
    expect((await redeem(h, spa, oauth.None(), loose, looseCallback, 3600)).claims.auth_time).toBe(
      Math.floor(Date.parse(tenMinutesAgo) / 1000),
    );
    // The fresh sign-in meets max_age=300, and oauth4webapi checks auth_time against it.
    await h.widget('/sessions/revoke', {}, ada);
    const fresh = await h.passcodeSignIn(ADA);
    const callback = redirectOf(await authorizePage(h, request, fresh, ticket));
    const { claims } = await redeem(h, spa, oauth.None(), request, callback, 300);
    expect(claims.auth_time).toBeGreaterThan(Math.floor(Date.now() / 1000) - 60);
  });

  it('id_token_hint for another user: never a code for the signed-in one; a code once the hinted user signs in', async () => {
    const h = await setup();
    // Grace's ID token, from a flow of her own.
    const graceSession = await h.passcodeSignIn(GRACE);
    const first = await authorizationRequest(h.as, spa);
    const { claims: graceClaims, tokens } = await redeem(
      h,
      spa,
      oauth.None(),
      first,
      redirectOf(await authorizePage(h, first, graceSession)),
      3600,
    );
    await h.widget('/sessions/revoke', {}, graceSession);
    const ada = await h.passcodeSignIn(ADA);
    const request = await authorizationRequest(h.as, spa, { id_token_hint: tokens.id_token as string });
    const codesBefore = await h.t.provider.database.db.selectFrom('idp_authorization_codes').selectAll().execute();
    const { reason, login_ticket: ticket } = reauthenticationOf(await authorizePage(h, request, ada));
    expect(reason).toBe('id_token_hint');
    // A crafted submit with Ada's session gets no code either.
    const params = parseOAuthAuthorizeParams(request.url.searchParams);
    const submitted = await h.widget('/idp/oauth/authorize/submit', { ...params, consent_granted: true }, ada);
    expect(submitted.json.data).toEqual({
      request_id: expect.any(String),
      status_code: 200,
      reauthentication_required: { reason: 'id_token_hint', login_ticket: expect.any(String) },
      client: expect.objectContaining({ client_id: 'spa' }),
    });
    const none = await authorizationRequest(h.as, spa, { id_token_hint: tokens.id_token as string, prompt: 'none' });
    expect(authorizationError(h.as, spa, redirectOf(await authorizePage(h, none, ada)), none.state).error).toBe(
      'login_required',
    );
    expect(await h.t.provider.database.db.selectFrom('idp_authorization_codes').selectAll().execute()).toEqual(
      codesBefore,
    );
    // Ada signs out, Grace signs in: her code, her sub.
    await h.widget('/sessions/revoke', {}, ada);
    const grace = await h.passcodeSignIn(GRACE);
    const { claims } = await redeem(
      h,
      spa,
      oauth.None(),
      request,
      redirectOf(await authorizePage(h, request, grace, ticket)),
      3600,
    );
    expect(claims.sub).toBe(graceClaims.sub);
  });
});

describe('oauth4webapi over HTTP: RP-initiated logout (item 14)', () => {
  it('id_token_hint alone, post_logout_redirect_uri with client_id, and state echoed', async () => {
    const h = await setup();
    const ada = await h.passcodeSignIn(ADA);
    const request = await authorizationRequest(h.as, server, {
      scope: 'openid email',
      code_challenge: '',
      code_challenge_method: '',
    });
    const callback = redirectOf(await authorizePage(h, request, ada));
    const params = oauth.validateAuthResponse(h.as, server, callback, request.state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      h.as,
      server,
      await oauth.authorizationCodeGrantRequest(
        h.as,
        server,
        oauth.ClientSecretBasic(CLIENT_SECRET),
        params,
        CALLBACK,
        oauth.nopkce,
        INSECURE,
      ),
      { expectedNonce: request.nonce, requireIdToken: true },
    );
    const logout = async (query: Record<string, string>, sessionToken?: string) => {
      const url = new URL(h.as.end_session_endpoint as string);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      const answer = await h.widget('/oauth/logout/start', parseOAuthLogoutParams(url.searchParams), sessionToken);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const { request_id: _id, status_code: _status, ...data } = answer.json.data;
      return data;
    };
    // The hint alone names the client and the signed-in user: nothing to ask, nowhere to go.
    expect(await logout({ id_token_hint: tokens.id_token as string }, ada)).toEqual({ consent_required: false });
    // A post-logout URI with client_id (no hint): the user is asked, and state comes back.
    expect(
      await logout({ client_id: 'server-app', post_logout_redirect_uri: SIGNED_OUT, state: 'bye now' }, ada),
    ).toEqual({ consent_required: true, redirect_uri: `${SIGNED_OUT}?state=bye+now` });
    expect(
      await logout(
        { id_token_hint: tokens.id_token as string, post_logout_redirect_uri: SIGNED_OUT, state: 's1' },
        ada,
      ),
    ).toEqual({ consent_required: false, redirect_uri: `${SIGNED_OUT}?state=s1` });
    // Without a hint or client_id the request names no client.
    const url = new URL(h.as.end_session_endpoint as string);
    url.searchParams.set('post_logout_redirect_uri', SIGNED_OUT);
    const anonymous = await h.widget('/oauth/logout/start', parseOAuthLogoutParams(url.searchParams), ada);
    expect(anonymous.json.error_type).toBe('oauth_client_not_found');
    // Signed in as someone else: ask.
    const signedIn = await signIn(h.t as unknown as TestProvider, { email: GRACE });
    expect(await logout({ id_token_hint: tokens.id_token as string }, signedIn.sessionToken)).toEqual({
      consent_required: true,
    });
  });
});
