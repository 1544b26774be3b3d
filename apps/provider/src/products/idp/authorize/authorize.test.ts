// `idp/oauth/authorize/start` and `/submit`: every refusal (nothing stored), who may grant what, remembered consent,
// prompt handling, and the code and redirect a consent produces.
import { randomBytes } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectError, REQUEST_ID } from '../../../../test/expectError';
import { signIn } from '../../../../testing/fixtures';
import { START, startProvider, type TestProvider } from '../../../../testing/harness';
import { sha256Hex } from '../../../services/secrets';
import { signIdToken } from '../oauth2/idTokens';
import { issueLoginTicket, type LoginTicketRequest } from './loginTicket';
import { redirectUriMatches } from './request';
import {
  ALL_SCOPES,
  authorizeBody,
  IDP_CONFIG,
  ISSUER,
  idpRows,
  pkcePair,
  SERVER_CALLBACK,
  SPA_CALLBACK,
  SPA_CLIENT,
  setRoles,
  TENANT_CALLBACK,
} from './testSupport';

async function startIdp() {
  const t = await startProvider(IDP_CONFIG);
  return {
    t,
    db: t.provider.database.db,
    start: (body: Record<string, unknown>, sessionToken?: string) =>
      t.post('/idp/oauth/authorize/start', body, sessionToken),
    submit: (body: Record<string, unknown>, sessionToken?: string) =>
      t.post('/idp/oauth/authorize/submit', body, sessionToken),
  };
}

/** A signed-in user with `roles` (besides the implicit stytch_user). */
async function userWithRoles(t: TestProvider, roles: string[] = [], email?: string) {
  const signedIn = await signIn(t, email === undefined ? {} : { email });
  await setRoles(t.provider.database.db, signedIn.userId, roles);
  return signedIn;
}

/** The query of a redirect URI as an object (a parameter given twice would show as the last). */
function queryOf(uri: string): Record<string, string> {
  return Object.fromEntries(new URL(uri).searchParams);
}

describe('POST /idp/oauth/authorize/start', () => {
  it('answers the user, the client, consent_required and each scope with its description', async () => {
    const { t, start } = await startIdp();
    const { userId, sessionToken } = await userWithRoles(t, [], 'ada@example.com');
    const response = await start(authorizeBody({ scopes: ['openid', 'read:notes', 'plain'] }), sessionToken);
    expect(response.status).toBe(200);
    const me = await t.call('GET', '/users/me', { sessionToken });
    const { request_id: _id, status_code: _status, ...user } = me.json.data;
    expect(response.json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      user_id: userId,
      user,
      // The logo, privacy policy (RFC 7591 policy_uri) and terms (tos_uri) configured on the client.
      client: SPA_CLIENT,
      consent_required: true,
      scope_results: [
        { scope: 'openid', is_grantable: true, description: '' },
        { scope: 'read:notes', is_grantable: true, description: 'Read your notes' },
        { scope: 'plain', is_grantable: true, description: 'A scope without permissions' },
      ],
    });
    // A client without a logo or policies has no client_logo_url, client_policy_uri or client_tos_uri.
    const server = await start(
      authorizeBody({ client_id: 'server', redirect_uri: SERVER_CALLBACK, code_challenge: undefined }),
      sessionToken,
    );
    expect(server.json.data.client).toEqual({
      client_id: 'server',
      client_type: 'confidential',
      client_name: 'Server',
      client_description: '',
    });
  });

  it('asks for openid email profile when the body names no scopes, and lists a repeated scope once', async () => {
    const { t, start } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    for (const scopes of [undefined, []]) {
      const response = await start(authorizeBody({ scopes }), sessionToken);
      expect(response.json.data.scope_results.map((result: { scope: string }) => result.scope)).toEqual([
        'openid',
        'email',
        'profile',
      ]);
    }
    const repeated = await start(authorizeBody({ scopes: ['email', 'openid', 'email'] }), sessionToken);
    expect(repeated.json.data.scope_results.map((result: { scope: string }) => result.scope)).toEqual([
      'email',
      'openid',
    ]);
  });
});

describe('who may grant which scope', () => {
  const grantability = async (roles: string[]) => {
    const { t, start } = await startIdp();
    const { sessionToken } = await userWithRoles(t, roles);
    const response = await start(authorizeBody({ scopes: ALL_SCOPES }), sessionToken);
    expect(response.status).toBe(200);
    return Object.fromEntries(
      response.json.data.scope_results.map((result: { scope: string; is_grantable: boolean }) => [
        result.scope,
        result.is_grantable,
      ]),
    );
  };
  const STANDARD = {
    openid: true,
    profile: true,
    email: true,
    phone: true,
    offline_access: true,
    full_access: true,
  };

  it('a user without roles: the standard scopes, those of the implicit stytch_user role and unguarded ones', async () => {
    expect(await grantability([])).toEqual({
      ...STANDARD,
      'read:documents': false,
      'delete:documents': false,
      // stytch_user holds notes:read although no user lists it.
      'read:notes': true,
      plain: true,
    });
  });

  it('a role holding the permission: its scopes, not one that needs an action it lacks', async () => {
    expect(await grantability(['editor'])).toEqual({
      ...STANDARD,
      'read:documents': true,
      // Needs documents:delete too, which editor lacks.
      'delete:documents': false,
      'read:notes': true,
      plain: true,
    });
  });

  it('a role holding the wildcard action: every scope on that resource', async () => {
    expect(await grantability(['admin'])).toEqual({
      ...STANDARD,
      'read:documents': true,
      'delete:documents': true,
      'read:notes': true,
      plain: true,
    });
  });

  it('a role the policy does not define grants nothing', async () => {
    expect(await grantability(['documents:*'])).toMatchObject({ 'read:documents': false, 'delete:documents': false });
  });

  it('every custom scope is grantable when the project has no RBAC policy', async () => {
    const t = await startProvider({ ...IDP_CONFIG, project: { ...IDP_CONFIG.project, rbacPolicy: null } });
    const { sessionToken } = await userWithRoles(t);
    const response = await t.post(
      '/idp/oauth/authorize/start',
      authorizeBody({ scopes: ['read:documents', 'delete:documents'] }),
      sessionToken,
    );
    expect(response.json.data.scope_results).toEqual([
      { scope: 'read:documents', is_grantable: true, description: '' },
      { scope: 'delete:documents', is_grantable: true, description: '' },
    ]);
  });
});

describe('refusals: start and submit answer an error, redirect nowhere and store nothing', () => {
  // the README's Security section: redirects are checked by exact match only (scheme, host, port, path, and the query too).
  const WRONG_REDIRECT_URIS = [
    '',
    '//evil.com',
    '//evil.com/callback',
    'https://app.example.com@evil.com/callback',
    'https://app@evil.com',
    'https://evil.app.example.com/callback',
    'https://app.example.com.evil.com/callback',
    'https://evil.com/callback',
    'https://app.example.com%2F@evil.com/callback',
    'https://app.example.com%2Fcallback',
    'https://app.example.com/callback%2F..%2F..%2Fevil',
    'https://app.example.com/%63allback',
    'https://app.example.com\\@evil.com/callback',
    'https:\\\\evil.com\\callback',
    'https://app.example.com/callback\\',
    'https://app.example.com/callback/',
    'https://app.example.com/callback?',
    'https://app.example.com/callback?next=https://evil.com',
    'https://app.example.com/callback#fragment',
    'https://app.example.com/callbackx',
    'https://app.example.com/callback/../evil',
    'https://app.example.com/',
    'https://app.example.com:443/callback',
    'https://app.example.com:8443/callback',
    'http://app.example.com/callback',
    'HTTPS://APP.EXAMPLE.COM/callback',
    ' https://app.example.com/callback',
    'https://app.example.com/callback ',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // The registered URI with a query: the query must match too.
    'https://app.example.com/cb',
    'https://app.example.com/cb?tenant=evil',
    'https://app.example.com/cb?tenant=acme&next=https://evil.com',
    // Another client's URI.
    SERVER_CALLBACK,
  ];

  it.each([
    ['an unknown client', { client_id: 'nope' }, 404, 'oauth_client_not_found'],
    ['a client id differing in case', { client_id: 'SPA' }, 404, 'oauth_client_not_found'],
    // RFC 6749 §4.1.2.1: the client is checked before anything else, so a bad URI of an unknown client says so.
    [
      'an unknown client with a wrong redirect_uri',
      { client_id: 'nope', redirect_uri: '//evil.com' },
      404,
      'oauth_client_not_found',
    ],
    // Until the redirect URI is verified, no error goes to it: not even the request's other errors.
    [
      'a wrong redirect_uri with a wrong response_type',
      { redirect_uri: '//evil.com', response_type: 'token' },
      400,
      'invalid_redirect_uri',
    ],
    [
      'a wrong redirect_uri with a plain PKCE challenge, a bad scope and prompt=none',
      { redirect_uri: 'https://evil.com/callback', code_challenge_method: 'plain', scopes: ['admin'], prompt: 'none' },
      400,
      'invalid_redirect_uri',
    ],
  ] as const)('refuses %s with a JSON error, redirecting nowhere', async (_name, overrides, status, errorType) => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    for (const call of [start, submit]) {
      for (const token of [sessionToken, undefined]) {
        const response = await call(authorizeBody({ ...overrides, consent_granted: true }), token);
        expectError(response, status, errorType);
      }
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('refuses every redirect URI that is not exactly a registered one (the redirect-URI battery)', async () => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    const accepted: string[] = [];
    for (const redirectUri of WRONG_REDIRECT_URIS) {
      for (const call of [start, submit]) {
        const response = await call(authorizeBody({ redirect_uri: redirectUri, consent_granted: true }), sessionToken);
        if (response.status !== 400 || response.json.error_type !== 'invalid_redirect_uri') accepted.push(redirectUri);
        else expectError(response, 400, 'invalid_redirect_uri');
      }
    }
    expect(accepted).toEqual([]);
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
    // The registered ones themselves pass.
    for (const redirectUri of [SPA_CALLBACK, TENANT_CALLBACK]) {
      expect((await start(authorizeBody({ redirect_uri: redirectUri }), sessionToken)).status).toBe(200);
    }
  });

  it('lets a confidential client leave PKCE out', async () => {
    const { t, start } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    const response = await start(
      authorizeBody({ client_id: 'server', redirect_uri: SERVER_CALLBACK, code_challenge: undefined }),
      sessionToken,
    );
    expect(response.status).toBe(200);
  });

  it('needs a live session: none is user_unauthenticated (401), a dead one session_not_found; both name the verified client', async () => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken, sessionId } = await userWithRoles(t);
    await db.updateTable('sessions').set({ revoked_at: START }).where('session_id', '=', sessionId).execute();
    // The client and its redirect URI are verified before the session is looked at, so the refusal can name the
    // application (the widget's sign-in step: 'Sign in to continue to Spa').
    const named = { error_details: { client: SPA_CLIENT } };
    for (const call of [start, submit]) {
      expectError(await call(authorizeBody({ consent_granted: true })), 401, 'user_unauthenticated', named);
      // The client and its redirect URI come first (RFC 6749 §4.1.2.1), as at any authorization endpoint: they are not
      // secret (the client's own pages link here with them).
      expectError(await call(authorizeBody({ client_id: 'nope' })), 404, 'oauth_client_not_found');
      // An unknown redirect URI: refused as such, never a refusal naming the client.
      expectError(await call(authorizeBody({ redirect_uri: 'https://evil.example/cb' })), 400, 'invalid_redirect_uri');
      expectError(await call(authorizeBody({ consent_granted: true }), sessionToken), 404, 'session_not_found', named);
      expectError(
        await call(authorizeBody({ consent_granted: true }), 'not-a-session'),
        404,
        'session_not_found',
        named,
      );
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('refuses an impersonated session (unauthorized_action, 403): only the user may grant access in their name', async () => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken, sessionId } = await userWithRoles(t);
    await db
      .updateTable('sessions')
      .set({ impersonator_id: 'support-agent-7' })
      .where('session_id', '=', sessionId)
      .execute();
    for (const call of [start, submit]) {
      expectError(await call(authorizeBody({ consent_granted: true }), sessionToken), 403, 'unauthorized_action');
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });
});

describe('loopback IP redirect URIs take any port (RFC 8252 §7.3, RFC 9700 §4.1.3, OAuth 2.1 §8.4.2)', () => {
  const V4_CALLBACK = 'http://127.0.0.1/callback';
  const V6_CALLBACK = 'http://[::1]/callback';
  const LOCALHOST_CALLBACK = 'http://localhost/callback';
  const NATIVE_CONFIG = {
    ...IDP_CONFIG,
    project: {
      ...IDP_CONFIG.project,
      idp: {
        clients: [
          ...IDP_CONFIG.project.idp.clients,
          {
            clientId: 'native',
            name: 'Native',
            type: 'public' as const,
            redirectUris: [V4_CALLBACK, V6_CALLBACK, LOCALHOST_CALLBACK],
            postLogoutRedirectUris: ['http://127.0.0.1/bye'],
            scopes: ['openid', 'email', 'profile'],
            consentRequired: false,
          },
        ],
      },
    },
  };

  async function startNative() {
    const t = await startProvider(NATIVE_CONFIG);
    const { sessionToken } = await userWithRoles(t);
    const token = async (params: Record<string, string>) => {
      const response = await t.provider.fetch(
        new Request(`${ISSUER}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'native', ...params }).toString(),
        }),
      );
      return { status: response.status, json: await response.json() };
    };
    return { t, db: t.provider.database.db, sessionToken, token };
  }

  it('issues the code to the requested URI, port included, and redeems it only with that very URI', async () => {
    const { t, db, sessionToken, token } = await startNative();
    const cases = [
      ['http://127.0.0.1:53124/callback', ['http://127.0.0.1:53125/callback', V4_CALLBACK]],
      ['http://[::1]:61000/callback', ['http://[::1]:61001/callback', V6_CALLBACK]],
    ] as const;
    for (const [requested, otherPorts] of cases) {
      const pkce = pkcePair();
      const body = authorizeBody({
        client_id: 'native',
        redirect_uri: requested,
        code_challenge: pkce.challenge,
        consent_granted: true,
      });
      expect((await t.post('/idp/oauth/authorize/start', body, sessionToken)).status).toBe(200);
      const submitted = await t.post('/idp/oauth/authorize/submit', body, sessionToken);
      expect(submitted.status).toBe(200);
      const { redirect_uri: redirectUri, authorization_code: code } = submitted.json.data;
      expect(redirectUri).toBe(`${requested}?code=${code}&state=state-123&iss=${encodeURIComponent(ISSUER)}`);
      const row = await db
        .selectFrom('idp_authorization_codes')
        .select('redirect_uri')
        .where('code_hash', '=', sha256Hex(code))
        .executeTakeFirstOrThrow();
      expect(row.redirect_uri).toBe(requested);
      // RFC 6749 §4.1.3: the token request names the URI of the authorization request, port and all; the registered
      // one or another port is refused (and the refusal leaves the code usable).
      for (const wrong of otherPorts) {
        const refused = await token({ code, redirect_uri: wrong, code_verifier: pkce.verifier });
        expect(refused).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
      }
      const redeemed = await token({ code, redirect_uri: requested, code_verifier: pkce.verifier });
      expect(redeemed.status, JSON.stringify(redeemed.json)).toBe(200);
      expect(redeemed.json.access_token).toEqual(expect.any(String));
    }
    // The registered URIs themselves, and another port (localhost only as registered).
    for (const redirectUri of [V4_CALLBACK, V6_CALLBACK, LOCALHOST_CALLBACK, 'http://127.0.0.1:8/callback']) {
      const start = await t.post(
        '/idp/oauth/authorize/start',
        authorizeBody({ client_id: 'native', redirect_uri: redirectUri }),
        sessionToken,
      );
      expect(start.status, redirectUri).toBe(200);
    }
  });

  it('refuses anything else: another path, scheme or host, localhost on another port, a malformed port', async () => {
    const { t, db, sessionToken } = await startNative();
    const wrong = [
      'http://127.0.0.1:1/other',
      'https://127.0.0.1:5/callback',
      'http://localhost:5/callback',
      'http://127.0.0.2.evil.com:5/callback',
      'http://127.0.0.2:5/callback',
      'http://127.1:5/callback',
      'http://127.000.000.001:5/callback',
      'http://[0:0:0:0:0:0:0:1]:5/callback',
      'http://[::1]:5/callback/',
      'http://127.0.0.1:5/callback/',
      'http://127.0.0.1:5/callback?next=https://evil.com',
      'http://127.0.0.1:5/callback#x',
      'http://127.0.0.1:5/Callback',
      'HTTP://127.0.0.1:5/callback',
      'http://127.0.0.1:/callback',
      'http://127.0.0.1:0/callback',
      'http://127.0.0.1:080/callback',
      'http://127.0.0.1:65536/callback',
      'http://127.0.0.1:5:6/callback',
      'http://127.0.0.1:x/callback',
      'http://evil.com@127.0.0.1:5/callback',
      'http://127.0.0.1:5@evil.com/callback',
      'http://127.0.0.1:5\\@evil.com/callback',
      'http://127.0.0.1:5.evil.com/callback',
      'http://127.0.0.1:5/callback/../callback',
      '//127.0.0.1:5/callback',
    ];
    const accepted: string[] = [];
    for (const redirectUri of wrong) {
      for (const path of ['/idp/oauth/authorize/start', '/idp/oauth/authorize/submit']) {
        const body = authorizeBody({ client_id: 'native', redirect_uri: redirectUri, consent_granted: true });
        const response = await t.post(path, body, sessionToken);
        if (response.status !== 400 || response.json.error_type !== 'invalid_redirect_uri') accepted.push(redirectUri);
        else expectError(response, 400, 'invalid_redirect_uri');
      }
    }
    expect(accepted).toEqual([]);
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('is about the authorization request only: a post-logout redirect URI stays exact (RP-Initiated Logout §3)', async () => {
    const { t, sessionToken } = await startNative();
    const logout = (uri: string) =>
      t.post('/oauth/logout/start', { client_id: 'native', post_logout_redirect_uri: uri }, sessionToken);
    expect((await logout('http://127.0.0.1/bye')).status).toBe(200);
    expectError(await logout('http://127.0.0.1:5000/bye'), 400, 'invalid_post_logout_redirect_uri');
  });

  it.each([
    ['http://127.0.0.1/cb', 'http://127.0.0.1:65535/cb', true],
    ['http://127.0.0.1:8080/cb?x=1', 'http://127.0.0.1/cb?x=1', true],
    ['http://127.255.255.254/cb', 'http://127.255.255.254:9/cb', true],
    ['http://[::1]', 'http://[::1]:9', true],
    ['http://127.0.0.1/cb?x=1', 'http://127.0.0.1:9/cb?x=2', false],
    ['http://127.0.0.1', 'http://127.0.0.1:9/', false],
    ['http://localhost:3000/cb', 'http://localhost:3001/cb', false],
    ['https://127.0.0.1/cb', 'https://127.0.0.1:9/cb', false],
    ['https://app.example.com/cb', 'https://app.example.com:8443/cb', false],
  ] as const)('redirectUriMatches(%s, %s) is %s', (registered, requested, expected) => {
    expect(redirectUriMatches(registered, requested)).toBe(expected);
    expect(redirectUriMatches(registered, registered)).toBe(true);
  });
});

describe('POST /idp/oauth/authorize/submit', () => {
  it('issues a code bound to the request, stores only its hash, and redirects with code, state and iss (RFC 9207)', async () => {
    const { t, db, submit } = await startIdp();
    const { userId, sessionId, sessionToken } = await userWithRoles(t, ['editor']);
    const body = authorizeBody({
      scopes: ['openid', 'email', 'read:documents', 'delete:documents'],
      consent_granted: true,
    });
    const response = await submit(body, sessionToken);
    expect(response.status).toBe(200);
    const { redirect_uri: redirectUri, authorization_code: code } = response.json.data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(redirectUri).toBe(`${SPA_CALLBACK}?code=${code}&state=state-123&iss=${encodeURIComponent(ISSUER)}`);
    expect(queryOf(redirectUri)).toEqual({ code, state: 'state-123', iss: ISSUER });

    const { grants, codes } = await idpRows(db);
    expect(codes).toEqual([
      {
        code_id: expect.stringMatching(/^idp-code-test-/),
        project_id: t.projectId,
        code_hash: sha256Hex(code),
        client_id: 'spa',
        user_id: userId,
        session_id: sessionId,
        redirect_uri: SPA_CALLBACK,
        // delete:documents is not grantable for an editor: never granted.
        scopes: 'openid email read:documents',
        nonce: 'nonce-456',
        code_challenge: body.code_challenge,
        auth_time: START,
        created_at: START,
        expires_at: START + 60_000,
        consumed_at: null,
      },
    ]);
    expect(JSON.stringify(codes)).not.toContain(code);
    expect(grants).toEqual([
      {
        grant_id: expect.stringMatching(/^idp-grant-test-/),
        project_id: t.projectId,
        user_id: userId,
        client_id: 'spa',
        scopes: 'openid email read:documents',
        created_at: START,
        updated_at: START,
      },
    ]);
  });

  it("keeps the registered URI's own query, leaves state out when the request has none, and form-encodes values", async () => {
    const { t, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    const response = await submit(
      authorizeBody({ redirect_uri: TENANT_CALLBACK, state: undefined, consent_granted: true }),
      sessionToken,
    );
    const code = response.json.data.authorization_code;
    expect(response.json.data.redirect_uri).toBe(`${TENANT_CALLBACK}&code=${code}&iss=https%3A%2F%2Fauth.example.com`);
    const withSpaces = await submit(authorizeBody({ state: 'a b&c=d', consent_granted: true }), sessionToken);
    expect(queryOf(withSpaces.json.data.redirect_uri).state).toBe('a b&c=d');
    expect(withSpaces.json.data.redirect_uri).toContain('state=a+b%26c%3Dd&');
  });

  it("sets auth_time to the session's most recent factor and the lifetime to authorizationCodeSeconds", async () => {
    const t = await startProvider({
      ...IDP_CONFIG,
      project: { ...IDP_CONFIG.project, idp: { ...IDP_CONFIG.project.idp, authorizationCodeSeconds: 120 } },
    });
    const { db } = t.provider.database;
    const { sessionId, sessionToken } = await userWithRoles(t);
    const factor = (minutesAgo: number, type: string) => ({
      type,
      delivery_method: type === 'password' ? 'knowledge' : 'email',
      last_authenticated_at: new Date(START - minutesAgo * 60_000).toISOString(),
    });
    await db
      .updateTable('sessions')
      .set({ factors: JSON.stringify([factor(3, 'password'), factor(30, 'otp')]) })
      .where('session_id', '=', sessionId)
      .execute();
    t.clock.advance(5_000);
    const response = await t.post(
      '/idp/oauth/authorize/submit',
      authorizeBody({ consent_granted: true }),
      sessionToken,
    );
    expect(response.status).toBe(200);
    const { codes } = await idpRows(db);
    expect(codes[0]).toMatchObject({
      auth_time: START - 3 * 60_000,
      created_at: START + 5_000,
      expires_at: START + 5_000 + 120_000,
    });
  });

  it('a denied consent redirects with error=access_denied, state and iss, and stores nothing', async () => {
    const { t, db, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    for (const consent of [{ consent_granted: false }, {}]) {
      const response = await submit(authorizeBody(consent), sessionToken);
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({
        request_id: REQUEST_ID,
        status_code: 200,
        redirect_uri: `${SPA_CALLBACK}?error=access_denied&error_description=The+user+denied+the+request.&state=state-123&iss=${encodeURIComponent(ISSUER)}`,
      });
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('grants only what the user may grant: with nothing grantable the code carries no scope', async () => {
    const { t, db, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    const response = await submit(
      authorizeBody({ scopes: ['read:documents', 'delete:documents'], consent_granted: true }),
      sessionToken,
    );
    expect(response.status).toBe(200);
    const { grants, codes } = await idpRows(db);
    expect(codes.map((row) => row.scopes)).toEqual(['']);
    expect(grants.map((row) => row.scopes)).toEqual(['']);
  });

  it('fifty parallel consents of one user, each with other scopes, all get a code and the grant keeps every scope', async () => {
    const { t, db, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t, ['admin']);
    const scopeSets = Array.from({ length: 50 }, (_, index) => [ALL_SCOPES[index % ALL_SCOPES.length] as string]);
    const responses = await Promise.all(
      scopeSets.map((scopes) => submit(authorizeBody({ scopes, consent_granted: true }), sessionToken)),
    );
    expect(responses.map((response) => response.status)).toEqual(scopeSets.map(() => 200));
    const { grants, codes } = await idpRows(db);
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map((row) => row.code_hash)).size).toBe(50);
    expect(grants).toHaveLength(1);
    expect(grants[0]?.scopes.split(' ').sort()).toEqual([...ALL_SCOPES].sort());
  });
});

describe('remembered consent', () => {
  it('a second request for no more than was granted does not ask; prompt=consent asks again', async () => {
    const { t, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t, ['editor']);
    const body = authorizeBody({ scopes: ['openid', 'email', 'read:documents'] });
    expect((await start(body, sessionToken)).json.data.consent_required).toBe(true);
    expect((await submit({ ...body, consent_granted: true }, sessionToken)).status).toBe(200);

    expect((await start(body, sessionToken)).json.data.consent_required).toBe(false);
    // Fewer scopes, in another order: still covered.
    expect(
      (await start(authorizeBody({ scopes: ['read:documents', 'openid'] }), sessionToken)).json.data.consent_required,
    ).toBe(false);
    // An ungrantable scope is never granted, so it does not make the widget ask again.
    expect(
      (await start(authorizeBody({ scopes: ['openid', 'delete:documents'] }), sessionToken)).json.data.consent_required,
    ).toBe(false);
    // A new grantable scope does.
    expect(
      (await start(authorizeBody({ scopes: ['openid', 'profile'] }), sessionToken)).json.data.consent_required,
    ).toBe(true);
    // OpenID Connect Core §3.1.2.1: prompt=consent asks even when the grant covers the request.
    const forced = { ...body, prompt: 'consent' };
    expect((await start(forced, sessionToken)).json.data.consent_required).toBe(true);
    expect(queryOf((await submit(forced, sessionToken)).json.data.redirect_uri).error).toBe('access_denied');

    // Not asked: the widget submits consent_granted false, and a code is issued.
    const silent = await submit({ ...body, consent_granted: false }, sessionToken);
    expect(queryOf(silent.json.data.redirect_uri)).toEqual({
      code: silent.json.data.authorization_code,
      state: 'state-123',
      iss: ISSUER,
    });
  });

  it('is per user and per client: another user, or another client, is asked', async () => {
    const { t, start, submit } = await startIdp();
    const ada = await userWithRoles(t);
    const grace = await userWithRoles(t);
    await submit(authorizeBody({ consent_granted: true }), ada.sessionToken);
    expect((await start(authorizeBody(), ada.sessionToken)).json.data.consent_required).toBe(false);
    expect((await start(authorizeBody(), grace.sessionToken)).json.data.consent_required).toBe(true);
    const server = authorizeBody({ client_id: 'server', redirect_uri: SERVER_CALLBACK, code_challenge: undefined });
    expect((await start(server, ada.sessionToken)).json.data.consent_required).toBe(true);
  });

  it('a client with consentRequired false never asks, and its grant is remembered all the same', async () => {
    const { t, db, start, submit } = await startIdp();
    const { userId, sessionToken } = await userWithRoles(t, ['editor']);
    const body = authorizeBody({
      client_id: 'first-party',
      redirect_uri: 'https://first.example.com/callback',
      code_challenge: undefined,
      scopes: ['openid', 'read:documents'],
      prompt: 'consent',
    });
    expect((await start(body, sessionToken)).json.data.consent_required).toBe(false);
    const response = await submit({ ...body, consent_granted: false }, sessionToken);
    expect(queryOf(response.json.data.redirect_uri).code).toBe(response.json.data.authorization_code);
    const { grants } = await idpRows(db);
    expect(grants).toMatchObject([{ user_id: userId, client_id: 'first-party', scopes: 'openid read:documents' }]);
  });
});

describe('prompt (OpenID Connect Core §3.1.2.1)', () => {
  it('prompt=none without a covering grant: start does not ask, submit answers error=consent_required and stores nothing', async () => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    const body = authorizeBody({ prompt: 'none' });
    expect((await start(body, sessionToken)).json.data.consent_required).toBe(false);
    for (const consent of [false, true]) {
      const response = await submit({ ...body, consent_granted: consent }, sessionToken);
      expect(response.json.data.redirect_uri).toBe(
        `${SPA_CALLBACK}?error=consent_required&error_description=The+user+has+not+granted+these+scopes+to+the+client+yet.&state=state-123&iss=${encodeURIComponent(ISSUER)}`,
      );
      expect(response.json.data.authorization_code).toBeUndefined();
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('prompt=none with a covering grant issues a code without asking', async () => {
    const { t, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    await submit(authorizeBody({ consent_granted: true }), sessionToken);
    const body = authorizeBody({ prompt: 'none' });
    expect((await start(body, sessionToken)).json.data.consent_required).toBe(false);
    const response = await submit({ ...body, consent_granted: false }, sessionToken);
    expect(queryOf(response.json.data.redirect_uri)).toMatchObject({ code: response.json.data.authorization_code });
  });

  it('prompt=select_account is like no prompt', async () => {
    const { t, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    const body = authorizeBody({ prompt: 'select_account' });
    expect((await start(body, sessionToken)).json.data.consent_required).toBe(true);
    await submit({ ...body, consent_granted: true }, sessionToken);
    const silent = await submit(body, sessionToken);
    expect(queryOf(silent.json.data.redirect_uri).code).toBe(silent.json.data.authorization_code);
  });
});

/** The redirect URI an error answer sends the browser to (RFC 6749 §4.1.2.1): error, description, state, iss. */
function errorRedirect(error: string, description: string, base = SPA_CALLBACK, state: string | null = 'state-123') {
  const query = new URLSearchParams({ error, error_description: description });
  if (state !== null) query.set('state', state);
  query.set('iss', ISSUER);
  return `${base}?${query}`;
}

/** The whole answer of a redirect: `{ redirect_uri }` and nothing else (no user, client or scope fields). */
function redirectAnswer(redirectUri: string) {
  return { request_id: REQUEST_ID, status_code: 200, redirect_uri: redirectUri };
}

/** The whole answer asking for a fresh sign-in. */
function reauthenticationAnswer(reason: 'login' | 'max_age' | 'id_token_hint') {
  return {
    request_id: REQUEST_ID,
    status_code: 200,
    reauthentication_required: { reason, login_ticket: expect.stringMatching(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/) },
    // The client that asks, so the sign-in step can name it.
    client: SPA_CLIENT,
  };
}

/** An ID token this provider signed, as the token endpoint would issue it. */
function idTokenFor(t: TestProvider, subject: string, options: { clientId?: string; issuedAt?: number } = {}) {
  return signIdToken(
    { db: t.provider.database.db, config: t.provider.config },
    {
      subject,
      clientId: options.clientId ?? 'spa',
      nowMs: options.issuedAt ?? t.clock.now(),
      lifetimeSeconds: 3600,
      authTimeMs: options.issuedAt ?? t.clock.now(),
    },
  );
}

const PUBLIC_CLIENT_NEEDS_PKCE =
  'This client is a public client: its authorization requests need a PKCE code_challenge.';
const BAD_CHALLENGE = 'The code_challenge must be an S256 challenge: 43 base64url characters (RFC 7636).';
const BAD_MAX_AGE = 'The max_age must be a number of seconds written in decimal digits.';
const BAD_HINT = 'The id_token_hint is not an ID token this server issued to this client.';
const CODE_ONLY = 'The response_type must be code: this server offers the authorization code flow only.';
const NO_REQUEST = 'The request parameter (a request object) is not supported: send the parameters in the query.';
const NO_REQUEST_URI = 'The request_uri parameter is not supported: send the parameters in the query.';
const REQUEST_OBJECT = 'eyJhbGciOiJub25lIn0.eyJzY29wZSI6Im9wZW5pZCBhZG1pbiJ9.';

describe('errors after the redirect URI is verified go back to the client (RFC 6749 §4.1.2.1)', () => {
  it.each([
    // OpenID Connect Core §6.1 and §6.2: not supported, so refused (never dropped), before any other check.
    ['a request object (request)', { request: REQUEST_OBJECT }, 'request_not_supported', NO_REQUEST],
    [
      'a request_uri',
      { request_uri: 'https://app.example.com/request.jwt' },
      'request_uri_not_supported',
      NO_REQUEST_URI,
    ],
    [
      'both, with another error (request objects are checked first)',
      { request: REQUEST_OBJECT, request_uri: 'urn:ietf:params:oauth:request_uri:abc', response_type: 'token' },
      'request_not_supported',
      NO_REQUEST,
    ],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type', CODE_ONLY],
    ['response_type code id_token', { response_type: 'code id_token' }, 'unsupported_response_type', CODE_ONLY],
    // RFC 7636 §4.4.1; finding 13: plain was stored as if it were S256.
    [
      'code_challenge_method plain',
      { code_challenge_method: 'plain' },
      'invalid_request',
      'The code_challenge_method plain is not supported: use S256 (RFC 7636).',
    ],
    [
      'code_challenge_method s256 (methods are case-sensitive)',
      { code_challenge_method: 's256' },
      'invalid_request',
      'The code_challenge_method s256 is not supported: use S256 (RFC 7636).',
    ],
    [
      'a code_challenge_method without a code_challenge',
      { code_challenge: undefined, code_challenge_method: 'S256' },
      'invalid_request',
      'A code_challenge_method was sent without a code_challenge.',
    ],
    ['a challenge that is too short', { code_challenge: 'short' }, 'invalid_request', BAD_CHALLENGE],
    ['a challenge of 44 characters', { code_challenge: 'a'.repeat(44) }, 'invalid_request', BAD_CHALLENGE],
    ['a padded challenge', { code_challenge: `${'a'.repeat(42)}=` }, 'invalid_request', BAD_CHALLENGE],
    ['a public client without a challenge', { code_challenge: undefined }, 'invalid_request', PUBLIC_CLIENT_NEEDS_PKCE],
    ['an empty challenge (taken as none)', { code_challenge: '' }, 'invalid_request', PUBLIC_CLIENT_NEEDS_PKCE],
    [
      'a public client without a challenge and a bad scope (PKCE is checked first)',
      { code_challenge: undefined, scopes: ['admin'] },
      'invalid_request',
      PUBLIC_CLIENT_NEEDS_PKCE,
    ],
    [
      'prompt=none with another value',
      { prompt: 'none login' },
      'invalid_request',
      'prompt=none cannot be combined with other prompt values.',
    ],
    ['a negative max_age', { max_age: '-1' }, 'invalid_request', BAD_MAX_AGE],
    ['a max_age with a fraction', { max_age: '1.5' }, 'invalid_request', BAD_MAX_AGE],
    ['a max_age with a space', { max_age: ' 60' }, 'invalid_request', BAD_MAX_AGE],
    ['a max_age in words', { max_age: 'ten' }, 'invalid_request', BAD_MAX_AGE],
    [
      'a scope the client may not request',
      { scopes: ['openid', 'write:everything'] },
      'invalid_scope',
      'The client spa may not request the scope write:everything.',
    ],
    [
      'a scope with a quote and a backslash (never echoed as they are)',
      { scopes: ['a"b\\c'] },
      'invalid_scope',
      'The client spa may not request the scope a?b?c.',
    ],
    ['an id_token_hint that is no JWT', { id_token_hint: 'not-a-jwt' }, 'invalid_request', BAD_HINT],
  ] as const)('%s', async (_name, overrides, error, description) => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    for (const call of [start, submit]) {
      // Checked before the session: a visitor who is not signed in is sent back the same way.
      for (const token of [sessionToken, undefined]) {
        const response = await call(authorizeBody({ ...overrides, consent_granted: true }), token);
        expect(response.status).toBe(200);
        expect(response.json.data).toEqual(redirectAnswer(errorRedirect(error, description)));
      }
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('takes an empty request or request_uri as absent (RFC 6749 §3.1), and refuses them only once the client and redirect URI are verified', async () => {
    const { t, start } = await startIdp();
    const { userId, sessionToken } = await userWithRoles(t);
    const empty = await start(authorizeBody({ request: '', request_uri: '' }), sessionToken);
    expect(empty.json.data).toMatchObject({ user_id: userId, consent_required: true });
    // Nothing goes to an unverified redirect URI (RFC 6749 §4.1.2.1): those refusals stay JSON errors.
    const unknownClient = authorizeBody({ client_id: 'nobody', request: REQUEST_OBJECT });
    expectError(await start(unknownClient, sessionToken), 404, 'oauth_client_not_found');
    const foreignRedirect = authorizeBody({ redirect_uri: 'https://evil.example/cb', request_uri: 'urn:x' });
    expectError(await start(foreignRedirect, sessionToken), 400, 'invalid_redirect_uri');
  });

  it("names another client's scope, leaves state out when none was sent, and keeps the registered query", async () => {
    const { t, start } = await startIdp();
    const { sessionToken } = await userWithRoles(t, ['admin']);
    const server = await start(
      authorizeBody({
        client_id: 'server',
        redirect_uri: SERVER_CALLBACK,
        code_challenge: undefined,
        scopes: ['read:documents'],
      }),
      sessionToken,
    );
    expect(server.json.data).toEqual(
      redirectAnswer(
        errorRedirect('invalid_scope', 'The client server may not request the scope read:documents.', SERVER_CALLBACK),
      ),
    );
    const tenant = await start(
      authorizeBody({ redirect_uri: TENANT_CALLBACK, state: undefined, response_type: 'token' }),
      sessionToken,
    );
    expect(tenant.json.data.redirect_uri).toBe(
      `${TENANT_CALLBACK}&error=unsupported_response_type&error_description=${new URLSearchParams({ d: CODE_ONLY }).toString().slice(2)}&iss=${encodeURIComponent(ISSUER)}`,
    );
  });

  it('refuses an id_token_hint that is not an ID token this provider issued to this client', async () => {
    const { t, db, start, submit } = await startIdp();
    const { userId, sessionToken } = await userWithRoles(t);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: userId, aud: 'spa', iss: ISSUER })
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-forged' })
      .setIssuedAt()
      .sign(privateKey);
    const [header, , signature] = (await idTokenFor(t, userId)).split('.');
    const otherUser = Buffer.from(JSON.stringify({ sub: 'user-test-other', aud: 'spa', iss: ISSUER })).toString(
      'base64url',
    );
    for (const hint of [
      await idTokenFor(t, userId, { clientId: 'server' }),
      forged,
      `${header}.${otherUser}.${signature}`,
      'a.b.c',
    ]) {
      for (const call of [start, submit]) {
        const response = await call(authorizeBody({ id_token_hint: hint, consent_granted: true }), sessionToken);
        expect(response.json.data).toEqual(redirectAnswer(errorRedirect('invalid_request', BAD_HINT)));
      }
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });
});

describe('prompt=none with nobody signed in (OpenID Connect Core §3.1.2.6)', () => {
  it('answers login_required at the redirect URI at once, for no session, a dead one or an unknown token', async () => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken, sessionId } = await userWithRoles(t);
    await db.updateTable('sessions').set({ revoked_at: START }).where('session_id', '=', sessionId).execute();
    const expected = redirectAnswer(
      errorRedirect('login_required', 'No user is signed in, and prompt=none forbids asking for a sign-in.'),
    );
    for (const call of [start, submit]) {
      for (const token of [undefined, sessionToken, 'not-a-session']) {
        const response = await call(authorizeBody({ prompt: 'none', consent_granted: true }), token);
        expect(response.status).toBe(200);
        expect(response.json.data).toEqual(expected);
      }
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });
});

describe('prompt=login: a fresh sign-in, proved by the login ticket', () => {
  it('asks for a fresh sign-in, start and submit alike, and issues a code only after one', async () => {
    const { t, db, start, submit } = await startIdp();
    const ada = await userWithRoles(t, [], 'ada@example.com');
    t.clock.advance(60_000);
    const body = authorizeBody({ prompt: 'login' });
    let ticket = '';
    for (const call of [start, submit]) {
      const response = await call({ ...body, consent_granted: true }, ada.sessionToken);
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual(reauthenticationAnswer('login'));
      ticket = response.json.data.reauthentication_required.login_ticket;
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
    // The ticket does not make the old session fresh: it signed in before the ticket was issued.
    expect(
      (await submit({ ...body, login_ticket: ticket, consent_granted: true }, ada.sessionToken)).json.data,
    ).toEqual(reauthenticationAnswer('login'));
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });

    t.clock.advance(30_000);
    const again = await signIn(t, { email: 'ada@example.com' });
    const preflight = await start({ ...body, login_ticket: ticket }, again.sessionToken);
    expect(preflight.json.data).toMatchObject({ user_id: ada.userId, consent_required: true });
    const submitted = await submit({ ...body, login_ticket: ticket, consent_granted: true }, again.sessionToken);
    expect(queryOf(submitted.json.data.redirect_uri)).toEqual({
      code: submitted.json.data.authorization_code,
      state: 'state-123',
      iss: ISSUER,
    });
    const { codes } = await idpRows(db);
    expect(codes).toMatchObject([{ user_id: ada.userId, session_id: again.sessionId, auth_time: START + 90_000 }]);
    // prompt=login without the ticket asks again, however fresh the session.
    expect((await start(body, again.sessionToken)).json.data).toEqual(reauthenticationAnswer('login'));
  });

  it('nobody signed in: the refusal carries a login ticket, and the one sign-in it leads to answers prompt=login and max_age=0', async () => {
    const { t, start, submit } = await startIdp();
    await userWithRoles(t, [], 'ada@example.com');
    t.clock.advance(60_000);
    for (const extra of [{ prompt: 'login' }, { max_age: '0' }]) {
      const body = authorizeBody(extra);
      const refusal = await start(body);
      expectError(refusal, 401, 'user_unauthenticated', {
        error_details: { client: SPA_CLIENT, login_ticket: expect.any(String) as never },
      });
      const ticket = refusal.json.error_details.login_ticket as string;
      expect(ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      t.clock.advance(5_000);
      const fresh = await signIn(t, { email: 'ada@example.com' });
      t.clock.advance(1_000);
      // Without the ticket the new session's sign-in is unproved: the widget asked for a second one.
      expect((await start(body, fresh.sessionToken)).json.data).toEqual(
        reauthenticationAnswer(extra.prompt === undefined ? 'max_age' : 'login'),
      );
      // With it, the consent screen (the first time), then a code.
      const preflight = (await start({ ...body, login_ticket: ticket }, fresh.sessionToken)).json.data;
      expect(preflight).toMatchObject({ user_id: fresh.userId });
      expect(preflight.reauthentication_required).toBeUndefined();
      const submitted = await submit({ ...body, login_ticket: ticket, consent_granted: true }, fresh.sessionToken);
      expect(submitted.json.data.authorization_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    // A request that asks for no fresh sign-in gets no ticket.
    const plain = await start(authorizeBody());
    expect(plain.json.error_details).toEqual({ client: SPA_CLIENT });
  });

  it('a sign-in in the very millisecond the ticket was issued does not answer it (it may have come first)', async () => {
    const { t, start, submit } = await startIdp();
    // Ada signs in, and a ticket for the request is issued at the same instant (nobody signed in where it was asked).
    const ada = await userWithRoles(t, [], 'ada@example.com');
    const body = authorizeBody({ prompt: 'login' });
    const ticket = (await start(body)).json.error_details.login_ticket as string;
    for (const call of [start, submit]) {
      const answer = await call({ ...body, login_ticket: ticket, consent_granted: true }, ada.sessionToken);
      expect(answer.json.data).toEqual(reauthenticationAnswer('login'));
    }
  });

  it("never takes another request's ticket (another user's): the ticket is bound to the request it answers", async () => {
    const { t, db, start, submit } = await startIdp();
    const mallory = await userWithRoles(t, [], 'mallory@example.com');
    const ada = await userWithRoles(t, [], 'ada@example.com');
    t.clock.advance(60_000);
    // Request A is Mallory's: her state, nonce and code_challenge; its ticket is hers.
    const requestA = authorizeBody({ prompt: 'login', state: 'state-mallory', nonce: 'nonce-mallory' });
    const ticketA = (await start(requestA, mallory.sessionToken)).json.data.reauthentication_required.login_ticket;
    // Request B is Ada's, the same client and redirect URI; her own ticket for it is issued before she signs in.
    const requestB = authorizeBody({ prompt: 'login', state: 'state-ada', nonce: 'nonce-ada' });
    const ticketB = (await start(requestB, ada.sessionToken)).json.data.reauthentication_required.login_ticket;
    t.clock.advance(30_000);
    const again = await signIn(t, { email: 'ada@example.com' });
    t.clock.advance(1_000);
    // OpenID Connect Core §3.1.2.1: Ada's sign-in came after ticket A, but it did not answer request A's step-up, so
    // ticket A answers neither prompt=login nor max_age=0 of request B.
    for (const call of [start, submit]) {
      const withA = await call({ ...requestB, login_ticket: ticketA, consent_granted: true }, again.sessionToken);
      expect(withA.json.data).toEqual(reauthenticationAnswer('login'));
      const zero = { ...requestB, prompt: undefined, max_age: '0', login_ticket: ticketA, consent_granted: true };
      expect((await call(zero, again.sessionToken)).json.data).toEqual(reauthenticationAnswer('max_age'));
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
    // Ada's own ticket for B answers it.
    const submitted = await submit({ ...requestB, login_ticket: ticketB, consent_granted: true }, again.sessionToken);
    expect(queryOf(submitted.json.data.redirect_uri)).toEqual({
      code: submitted.json.data.authorization_code,
      state: 'state-ada',
      iss: ISSUER,
    });
    expect((await idpRows(db)).codes).toMatchObject([{ user_id: ada.userId, session_id: again.sessionId }]);
  });

  it('takes only a ticket of this provider, for this client, at most 10 minutes old', async () => {
    const { t, start } = await startIdp();
    const ada = await userWithRoles(t, [], 'ada@example.com');
    t.clock.advance(1_000);
    const body = authorizeBody({ prompt: 'login' });
    const ticket = (await start(body, ada.sessionToken)).json.data.reauthentication_required.login_ticket as string;
    const serverBody = authorizeBody({
      client_id: 'server',
      redirect_uri: SERVER_CALLBACK,
      code_challenge: undefined,
      prompt: 'login',
    });
    const serverTicket = (await start(serverBody, ada.sessionToken)).json.data.reauthentication_required.login_ticket;
    t.clock.advance(1_000);
    const again = await signIn(t, { email: 'ada@example.com' });
    const answer = async (loginTicket: string) =>
      (await start({ ...body, login_ticket: loginTicket }, again.sessionToken)).json.data;
    // The request the tickets below are made for: `body`'s client, redirect URI, state, nonce and code_challenge.
    const request: LoginTicketRequest = {
      client_id: 'spa',
      redirect_uri: SPA_CALLBACK,
      state: body.state as string,
      nonce: body.nonce as string,
      code_challenge: body.code_challenge as string,
    };

    expect(await answer(ticket)).toMatchObject({ user_id: ada.userId });
    // Stateless: the provider's key alone makes a ticket (another instance with the same key issued this one).
    expect(await answer(issueLoginTicket(t.hmacKey, request, t.clock.now() - 500))).toMatchObject({
      user_id: ada.userId,
    });
    for (const wrong of [
      serverTicket,
      issueLoginTicket(randomBytes(32), request, t.clock.now() - 500),
      `${ticket.slice(0, -2)}${ticket.endsWith('AA') ? 'BB' : 'AA'}`,
      `${Buffer.from(JSON.stringify({ c: 'spa', t: 0 })).toString('base64url')}.${ticket.split('.')[1]}`,
      'not-a-ticket',
    ]) {
      expect(await answer(wrong)).toEqual(reauthenticationAnswer('login'));
    }
    expect((await start({ ...serverBody, login_ticket: serverTicket }, again.sessionToken)).json.data).toMatchObject({
      user_id: ada.userId,
    });
    t.clock.advance(10 * 60_000 - 1_000);
    expect(await answer(ticket)).toMatchObject({ user_id: ada.userId });
    t.clock.advance(1);
    expect(await answer(ticket)).toEqual(reauthenticationAnswer('login'));
  });
});

describe('max_age (OpenID Connect Core §3.1.2.1)', () => {
  it('a session signed in longer ago signs in again (login_required with prompt=none), then a code carries the new auth_time', async () => {
    const { t, db, start, submit } = await startIdp();
    const ada = await userWithRoles(t, [], 'ada@example.com');
    t.clock.advance(61_000);
    const body = authorizeBody({ max_age: '60' });
    let ticket = '';
    for (const call of [start, submit]) {
      const response = await call({ ...body, consent_granted: true }, ada.sessionToken);
      expect(response.json.data).toEqual(reauthenticationAnswer('max_age'));
      ticket = response.json.data.reauthentication_required.login_ticket;
      const none = await call({ ...body, prompt: 'none', consent_granted: true }, ada.sessionToken);
      expect(none.json.data).toEqual(
        redirectAnswer(
          errorRedirect(
            'login_required',
            'The user signed in longer ago than max_age allows, and prompt=none forbids asking for a sign-in.',
          ),
        ),
      );
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
    // 61 seconds is not more than max_age=61.
    expect((await start(authorizeBody({ max_age: '61' }), ada.sessionToken)).json.data).toMatchObject({
      user_id: ada.userId,
    });

    t.clock.advance(5_000);
    const again = await signIn(t, { email: 'ada@example.com' });
    t.clock.advance(2_000);
    const submitted = await submit({ ...body, consent_granted: true }, again.sessionToken);
    expect(submitted.json.data.authorization_code).toEqual(expect.any(String));
    const { codes } = await idpRows(db);
    expect(codes).toMatchObject([{ session_id: again.sessionId, auth_time: START + 66_000 }]);
    // max_age=0 is prompt=login: the fresh sign-in answers it with the ticket, and only with it. The ticket is of
    // this request (same redirect URI, state, nonce and code_challenge), max_age aside.
    const zero = { ...body, max_age: '0' };
    expect((await start(zero, again.sessionToken)).json.data).toEqual(reauthenticationAnswer('max_age'));
    expect((await start({ ...zero, login_ticket: ticket }, again.sessionToken)).json.data).toMatchObject({
      user_id: ada.userId,
    });
    expect((await start({ ...zero, login_ticket: ticket }, ada.sessionToken)).json.data).toEqual(
      reauthenticationAnswer('max_age'),
    );
  });
});

describe('id_token_hint (OpenID Connect Core §3.1.2.1)', () => {
  it('naming another user asks to sign in as them (login_required with prompt=none): never a code for the wrong user', async () => {
    const { t, db, start, submit } = await startIdp();
    const ada = await userWithRoles(t, [], 'ada@example.com');
    const grace = await userWithRoles(t, [], 'grace@example.com');
    const hint = await idTokenFor(t, grace.userId);
    const body = authorizeBody({ id_token_hint: hint });
    for (const call of [start, submit]) {
      const response = await call({ ...body, consent_granted: true }, ada.sessionToken);
      expect(response.json.data).toEqual(reauthenticationAnswer('id_token_hint'));
      // A ticket does not change who is signed in.
      const ticket = response.json.data.reauthentication_required.login_ticket;
      t.clock.advance(1_000);
      const adaAgain = await signIn(t, { email: 'ada@example.com' });
      const retried = await call({ ...body, login_ticket: ticket, consent_granted: true }, adaAgain.sessionToken);
      expect(retried.json.data).toEqual(reauthenticationAnswer('id_token_hint'));
      const none = await call({ ...body, prompt: 'none', consent_granted: true }, ada.sessionToken);
      expect(none.json.data).toEqual(
        redirectAnswer(
          errorRedirect(
            'login_required',
            'The signed-in user is not the one the id_token_hint names, and prompt=none forbids asking for a sign-in.',
          ),
        ),
      );
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });

    // Grace signed in: the hint names her (expired or not), and the code is hers.
    const expired = await idTokenFor(t, grace.userId, { issuedAt: START - 86_400_000 });
    for (const graceHint of [hint, expired]) {
      const submitted = await submit(
        authorizeBody({ id_token_hint: graceHint, consent_granted: true }),
        grace.sessionToken,
      );
      expect(submitted.json.data.authorization_code).toEqual(expect.any(String));
    }
    const { codes } = await idpRows(db);
    expect(codes.map((row) => row.user_id)).toEqual([grace.userId, grace.userId]);
  });
});
