// `POST /oauth/logout/start` (OpenID Connect RP-Initiated Logout 1.0): the client and its exact post-logout URI,
// `state` carried back, and the id_token_hint that lets the widget skip the question.
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { errorBody, expectError, REQUEST_ID } from '../../../../test/expectError';
import { signIn } from '../../../../testing/fixtures';
import { START, startProvider, type TestProvider } from '../../../../testing/harness';
import { signIdToken } from '../oauth2/idTokens';
import { IDP_CONFIG, ISSUER, SPA_CALLBACK, SPA_LOGGED_OUT } from './testSupport';

async function startIdp() {
  const t = await startProvider(IDP_CONFIG);
  return {
    t,
    logout: (body: Record<string, unknown>, sessionToken?: string) => t.post('/oauth/logout/start', body, sessionToken),
    /** An ID token this provider signed, as the token endpoint would issue it. */
    idToken: (subject: string, options: { clientId?: string; issuedAt?: number; sessionId?: string } = {}) =>
      signIdToken(
        { db: t.provider.database.db, config: t.provider.config },
        {
          subject,
          clientId: options.clientId ?? 'spa',
          nowMs: options.issuedAt ?? START,
          lifetimeSeconds: 3600,
          authTimeMs: START,
          sessionId: options.sessionId ?? null,
        },
      ),
  };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  client_id: 'spa',
  post_logout_redirect_uri: SPA_LOGGED_OUT,
  state: 'state-789',
  ...overrides,
});

/** A session JWT for the signed-in session (what a client holding only the JWT would send). */
async function sessionJwt(t: TestProvider, sessionToken: string): Promise<string> {
  const response = await t.post('/sessions/authenticate', {}, sessionToken);
  expect(response.status).toBe(200);
  return response.json.data.session_jwt;
}

describe('POST /oauth/logout/start', () => {
  it('answers the post-logout URI with state and asks the user when there is no hint, signed in or not', async () => {
    const { t, logout } = await startIdp();
    const { sessionToken } = await signIn(t);
    for (const token of [sessionToken, undefined]) {
      const response = await logout(body(), token);
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({
        request_id: REQUEST_ID,
        status_code: 200,
        redirect_uri: `${SPA_LOGGED_OUT}?state=state-789`,
        consent_required: true,
      });
    }
    // No state: the URI as registered; a registered query is kept; an empty hint is no hint.
    expect((await logout(body({ state: undefined }), sessionToken)).json.data.redirect_uri).toBe(SPA_LOGGED_OUT);
    const tenant = await logout(
      body({ post_logout_redirect_uri: 'https://app.example.com/bye?tenant=acme', state: 'a b', id_token_hint: '' }),
      sessionToken,
    );
    expect(tenant.json.data).toMatchObject({
      redirect_uri: 'https://app.example.com/bye?tenant=acme&state=a+b',
      consent_required: true,
    });
  });

  it('refuses an unknown client before looking at the URI, and any URI not registered exactly for logout', async () => {
    const { t, logout } = await startIdp();
    const { sessionToken } = await signIn(t);
    expectError(await logout(body({ client_id: 'nope' }), sessionToken), 404, 'oauth_client_not_found');
    expectError(
      await logout(body({ client_id: 'nope', post_logout_redirect_uri: '//evil.com' })),
      404,
      'oauth_client_not_found',
    );
    const accepted: string[] = [];
    // (An empty one is no URI at all: see 'client_id alone' below.)
    for (const uri of [
      '//evil.com',
      'https://app.example.com@evil.com/logged-out',
      'https://app@evil.com',
      'https://evil.app.example.com/logged-out',
      'https://app.example.com%2F@evil.com/logged-out',
      'https://app.example.com\\@evil.com/logged-out',
      'https://app.example.com/logged-out/',
      'https://app.example.com/logged-out?next=https://evil.com',
      'https://app.example.com/logged-out#x',
      'http://app.example.com/logged-out',
      'https://app.example.com/bye',
      'https://app.example.com/bye?tenant=evil',
      'javascript:alert(1)',
      'data:text/html,x',
      // A redirect URI of the client is not a post-logout URI.
      SPA_CALLBACK,
    ]) {
      const response = await logout(body({ post_logout_redirect_uri: uri }), sessionToken);
      if (response.status !== 400 || response.json.error_type !== 'invalid_post_logout_redirect_uri')
        accepted.push(uri);
      else expectError(response, 400, 'invalid_post_logout_redirect_uri');
    }
    expect(accepted).toEqual([]);
    // Another client's registered logout URI is not this client's (the server client registered none).
    expectError(await logout(body({ client_id: 'server' }), sessionToken), 400, 'invalid_post_logout_redirect_uri');
  });

  it('does not ask when the id_token_hint names the signed-in user (also through a session JWT), even expired', async () => {
    const { t, logout, idToken } = await startIdp();
    const { userId, sessionToken, sessionId } = await signIn(t);
    const hint = await idToken(userId, { sessionId });
    expect((await logout(body({ id_token_hint: hint }), sessionToken)).json.data).toMatchObject({
      redirect_uri: `${SPA_LOGGED_OUT}?state=state-789`,
      consent_required: false,
    });
    expect(
      (await logout(body({ id_token_hint: hint }), await sessionJwt(t, sessionToken))).json.data.consent_required,
    ).toBe(false);
    // RP-Initiated Logout §2: an expired ID token is still a hint.
    const expired = await idToken(userId, { issuedAt: START - 24 * 3600_000 });
    expect((await logout(body({ id_token_hint: expired }), sessionToken)).json.data.consent_required).toBe(false);
  });

  it('asks when the hint names another user or nobody is signed in', async () => {
    const { t, logout, idToken } = await startIdp();
    const ada = await signIn(t);
    const grace = await signIn(t);
    const hint = await idToken(grace.userId);
    expect((await logout(body({ id_token_hint: hint }), ada.sessionToken)).json.data.consent_required).toBe(true);
    expect((await logout(body({ id_token_hint: hint }))).json.data.consent_required).toBe(true);
    expect((await logout(body({ id_token_hint: hint }), 'not-a-session')).json.data.consent_required).toBe(true);
    await t.provider.database.db
      .updateTable('sessions')
      .set({ revoked_at: START })
      .where('session_id', '=', grace.sessionId)
      .execute();
    expect((await logout(body({ id_token_hint: hint }), grace.sessionToken)).json.data.consent_required).toBe(true);
  });

  it("asks when the hint's sid is another session of the same user (RP-Initiated Logout 1.0 §2)", async () => {
    const { t, logout, idToken } = await startIdp();
    const laptop = await signIn(t, { email: 'ada@example.com' });
    const phone = await signIn(t, { email: 'ada@example.com' });
    expect(phone.userId).toBe(laptop.userId);
    // An ID token issued through the laptop's session, sent while the phone's session is the caller's.
    const laptopHint = await idToken(laptop.userId, { sessionId: laptop.sessionId });
    expect((await logout(body({ id_token_hint: laptopHint }), phone.sessionToken)).json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      redirect_uri: `${SPA_LOGGED_OUT}?state=state-789`,
      consent_required: true,
    });
    // A sid no session has: asked as well.
    const unknown = await idToken(laptop.userId, { sessionId: 'session-test-unknown' });
    expect((await logout(body({ id_token_hint: unknown }), phone.sessionToken)).json.data.consent_required).toBe(true);
    // The session the hint names is not asked.
    expect((await logout(body({ id_token_hint: laptopHint }), laptop.sessionToken)).json.data.consent_required).toBe(
      false,
    );
  });

  it('refuses a hint that is not an ID token we issued to this client', async () => {
    const { t, logout, idToken } = await startIdp();
    const { userId, sessionToken } = await signIn(t);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: userId, aud: 'spa', iss: ISSUER })
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-forged' })
      .setIssuedAt()
      .sign(privateKey);
    const [header, payload, signature] = (await idToken(userId)).split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'user-test-other', aud: 'spa', iss: ISSUER })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const hint of [
      await idToken(userId, { clientId: 'server' }),
      forged,
      tampered,
      unsigned,
      'not-a-jwt',
      'a.b.c',
      'x'.repeat(9_000),
    ]) {
      const response = await logout(body({ id_token_hint: hint }), sessionToken);
      if (hint.length > 8192) expect(response.status).toBe(400);
      else expectError(response, 400, 'invalid_id_token_hint');
    }
  });
});

const NO_CLIENT = 'The logout request names no client: send client_id, or an id_token_hint (its aud names the client).';

describe('the optional parameters (RP-Initiated Logout 1.0 §2, §3)', () => {
  it('an id_token_hint alone names the client: without a post_logout_redirect_uri there is no redirect_uri', async () => {
    const { t, logout, idToken } = await startIdp();
    const { userId, sessionToken, sessionId } = await signIn(t);
    const hint = await idToken(userId, { sessionId });
    expect((await logout({ id_token_hint: hint }, sessionToken)).json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      consent_required: false,
    });
    // Not signed in (or someone else): the user is asked all the same.
    expect((await logout({ id_token_hint: hint })).json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      consent_required: true,
    });
    // With a post-logout URI: it must be the hint's client's, and state comes back on it.
    const back = await logout(
      { id_token_hint: hint, post_logout_redirect_uri: SPA_LOGGED_OUT, state: 'a b' },
      sessionToken,
    );
    expect(back.json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      redirect_uri: `${SPA_LOGGED_OUT}?state=a+b`,
      consent_required: false,
    });
    expectError(
      await logout({ id_token_hint: hint, post_logout_redirect_uri: 'https://server.example.com/bye' }, sessionToken),
      400,
      'invalid_post_logout_redirect_uri',
    );
  });

  it('client_id alone needs no post_logout_redirect_uri, and state without one goes nowhere', async () => {
    const { t, logout } = await startIdp();
    const { sessionToken } = await signIn(t);
    for (const extra of [{}, { state: 'st', post_logout_redirect_uri: '', id_token_hint: '' }]) {
      expect((await logout({ client_id: 'spa', ...extra }, sessionToken)).json.data).toEqual({
        request_id: REQUEST_ID,
        status_code: 200,
        consent_required: true,
      });
    }
  });

  it('a post_logout_redirect_uri without id_token_hint needs client_id: a request naming no client is refused', async () => {
    const { t, logout } = await startIdp();
    const { sessionToken } = await signIn(t);
    for (const request of [
      { post_logout_redirect_uri: SPA_LOGGED_OUT, state: 'st' },
      {},
      { client_id: '', id_token_hint: '', post_logout_redirect_uri: SPA_LOGGED_OUT },
    ]) {
      const response = await logout(request, sessionToken);
      expect(response.status).toBe(404);
      expect(response.json).toEqual(errorBody(404, 'oauth_client_not_found', NO_CLIENT));
    }
  });

  it('client_id and id_token_hint must agree; a hint of a client the project no longer has names none', async () => {
    const { t, logout, idToken } = await startIdp();
    const { userId, sessionToken } = await signIn(t);
    const spaHint = await idToken(userId);
    expectError(
      await logout({ client_id: 'server', id_token_hint: spaHint }, sessionToken),
      400,
      'invalid_id_token_hint',
    );
    expectError(
      await logout(
        { client_id: 'server', id_token_hint: spaHint, post_logout_redirect_uri: SPA_LOGGED_OUT },
        sessionToken,
      ),
      400,
      'invalid_id_token_hint',
    );
    const goneHint = await idToken(userId, { clientId: 'retired-app' });
    const gone = await logout({ id_token_hint: goneHint }, sessionToken);
    expect(gone.json).toEqual(
      errorBody(404, 'oauth_client_not_found', 'The id_token_hint was issued to a client this project no longer has.'),
    );
    expectError(await logout({ id_token_hint: 'a.b.c' }, sessionToken), 400, 'invalid_id_token_hint');
  });
});
