// `idp/oauth/authorize/start` and `/submit`: every refusal (nothing stored), who may grant what, remembered consent,
// prompt handling, and the code and redirect a consent produces.
import { describe, expect, it } from 'vitest';
import { errorBody, expectError, REQUEST_ID } from '../../../../test/expectError';
import { signIn } from '../../../../test/fixtures';
import { START, startProvider, type TestProvider } from '../../../../test/harness';
import { sha256Hex } from '../../../services/secrets';
import {
  ALL_SCOPES,
  authorizeBody,
  IDP_CONFIG,
  ISSUER,
  idpRows,
  SERVER_CALLBACK,
  SPA_CALLBACK,
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
  it('answers the user, the client, consent_required and each scope with its description (contract §4)', async () => {
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
      client: {
        client_id: 'spa',
        client_type: 'public',
        client_name: 'Spa',
        client_description: 'A browser app',
        client_logo_url: 'https://app.example.com/logo.png',
      },
      consent_required: true,
      scope_results: [
        { scope: 'openid', is_grantable: true, description: '' },
        { scope: 'read:notes', is_grantable: true, description: 'Read your notes' },
        { scope: 'plain', is_grantable: true, description: 'A scope without permissions' },
      ],
    });
    // A client without a logo has no client_logo_url.
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

describe('who may grant which scope (sdk-and-idp §6)', () => {
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
  // security.md "Redirects and origins": exact match only (scheme, host, port, path, and the query too).
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
    [
      'a wrong redirect_uri with a wrong response_type',
      { redirect_uri: '//evil.com', response_type: 'token' },
      400,
      'invalid_redirect_uri',
    ],
    ['response_type token', { response_type: 'token' }, 400, 'unsupported_response_type'],
    ['response_type code id_token', { response_type: 'code id_token' }, 400, 'unsupported_response_type'],
    ['a public client without code_challenge', { code_challenge: undefined }, 400, 'pkce_required'],
    [
      'a public client without code_challenge and a bad scope',
      { code_challenge: undefined, scopes: ['admin'] },
      400,
      'pkce_required',
    ],
  ] as const)('refuses %s', async (_name, overrides, status, errorType) => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    for (const call of [start, submit]) {
      const response = await call(authorizeBody({ ...overrides, consent_granted: true }), sessionToken);
      expectError(response, status, errorType);
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('refuses a scope the client may not request, naming it', async () => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken } = await userWithRoles(t, ['admin']);
    for (const call of [start, submit]) {
      const unknown = await call(
        authorizeBody({ scopes: ['openid', 'write:everything'], consent_granted: true }),
        sessionToken,
      );
      expect(unknown.status).toBe(400);
      expect(unknown.json).toEqual(
        errorBody(400, 'invalid_scope', 'The client spa may not request the scope "write:everything".'),
      );
      // A scope of the policy that this client is not registered for.
      const notRegistered = await call(
        authorizeBody({
          client_id: 'server',
          redirect_uri: SERVER_CALLBACK,
          scopes: ['openid', 'read:documents'],
          consent_granted: true,
        }),
        sessionToken,
      );
      expect(notRegistered.json).toEqual(
        errorBody(400, 'invalid_scope', 'The client server may not request the scope "read:documents".'),
      );
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });

  it('refuses every redirect URI that is not exactly a registered one (security.md battery)', async () => {
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

  it('refuses a code_challenge that is not an S256 challenge and a method other than S256, before anything else', async () => {
    const { t, start } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    for (const overrides of [
      { code_challenge: 'short' },
      { code_challenge: 'a'.repeat(44) },
      { code_challenge: `${'a'.repeat(42)}=` },
      { code_challenge_method: 'plain' },
    ]) {
      const response = await start(authorizeBody(overrides), sessionToken);
      expect(response.status).toBe(400);
      expect(response.json.body).toBeDefined();
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

  it('needs a live session: none is user_unauthenticated (401), a dead one session_not_found', async () => {
    const { t, db, start, submit } = await startIdp();
    const { sessionToken, sessionId } = await userWithRoles(t);
    await db.updateTable('sessions').set({ revoked_at: START }).where('session_id', '=', sessionId).execute();
    for (const call of [start, submit]) {
      // The session is checked first: an anonymous caller learns nothing about the clients.
      expectError(await call(authorizeBody({ consent_granted: true })), 401, 'user_unauthenticated');
      expectError(await call(authorizeBody({ client_id: 'nope' })), 401, 'user_unauthenticated');
      expectError(await call(authorizeBody({ consent_granted: true }), sessionToken), 404, 'session_not_found');
      expectError(await call(authorizeBody({ consent_granted: true }), 'not-a-session'), 404, 'session_not_found');
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

  it('prompt=none with another value is invalid_request; prompt=login and select_account are like no prompt', async () => {
    const { t, db, submit, start } = await startIdp();
    const { sessionToken } = await userWithRoles(t);
    const invalid = await submit(authorizeBody({ prompt: 'none login', consent_granted: true }), sessionToken);
    expect(queryOf(invalid.json.data.redirect_uri)).toEqual({
      error: 'invalid_request',
      error_description: 'prompt=none cannot be combined with other prompt values.',
      state: 'state-123',
      iss: ISSUER,
    });
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
    for (const prompt of ['login', 'select_account', 'login select_account']) {
      expect((await start(authorizeBody({ prompt }), sessionToken)).json.data.consent_required).toBe(true);
    }
    await submit(authorizeBody({ consent_granted: true }), sessionToken);
    expect((await start(authorizeBody({ prompt: 'login' }), sessionToken)).json.data.consent_required).toBe(false);
  });
});
