// Two properties of what the identity provider issues. `auth_time` is when the user authenticated (OpenID Connect
// Core §2): a session exchanged from an access token (`sessions/exchange_access_token`) is no sign-in, so it neither
// passes `max_age` / `prompt=login` nor moves the ID token's `auth_time`. And the tokens carry only the scopes the
// user may still grant: a role removed after consent drops its scope at the next refresh (RFC 6749 §6: narrowing) or
// code redemption. Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { describe, expect, it } from 'vitest';
import { formPost, signIn } from '../../../testing/fixtures';
import { START, startProvider, type TestProvider } from '../../../testing/harness';
import { authorizeBody, IDP_CONFIG, pkcePair, SPA_CALLBACK, setRoles } from './authorize/testSupport';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A form POST to an OAuth endpoint as the public client `spa`. */
function oauth(t: TestProvider, path: string, params: Record<string, string>) {
  return formPost(t, path, { client_id: 'spa', ...params });
}

/** The claims of a JWT's payload. */
function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** The widget's submit (consent given) with `sessionToken`: the whole answer. */
function submit(t: TestProvider, sessionToken: string, overrides: Record<string, unknown>) {
  return t.post('/idp/oauth/authorize/submit', authorizeBody({ consent_granted: true, ...overrides }), sessionToken);
}

/** Consent and redemption of `scopes` with `sessionToken`: the token response. */
async function grant(t: TestProvider, sessionToken: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const pkce = pkcePair();
  const submitted = await submit(t, sessionToken, { scopes, code_challenge: pkce.challenge, ...extra });
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  const code = submitted.json.data.authorization_code;
  expect(typeof code, JSON.stringify(submitted.json)).toBe('string');
  const redeemed = await oauth(t, '/oauth2/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: SPA_CALLBACK,
    code_verifier: pkce.verifier,
  });
  expect(redeemed.status, JSON.stringify(redeemed.json)).toBe(200);
  return redeemed.json;
}

describe('auth_time of a session exchanged from an access token', () => {
  it('is the source sign-in: max_age and prompt=login ask for a sign-in, the ID token keeps the real auth_time', async () => {
    const t = await startProvider(IDP_CONFIG);
    const ada = await signIn(t, { email: 'ada@example.com', durationMinutes: 24 * 60 });
    const signedInAt = t.clock.now();
    expect(signedInAt).toBe(START);
    t.clock.advance(HOUR);

    // The real session an hour later: max_age=60 asks for a sign-in.
    const real = await submit(t, ada.sessionToken, { scopes: ['openid'], max_age: '60' });
    expect(real.status).toBe(200);
    expect(real.json.data.reauthentication_required?.reason).toBe('max_age');

    // A full_access token, issued now (its auth_time is the sign-in an hour ago), exchanged for a session.
    const tokens = await grant(t, ada.sessionToken, ['openid', 'full_access']);
    expect(payloadOf(tokens.id_token).auth_time).toBe(Math.floor(signedInAt / 1000));
    const exchanged = await t.post('/sessions/exchange_access_token', {
      access_token: tokens.access_token,
      session_duration_minutes: 60,
    });
    expect(exchanged.status, JSON.stringify(exchanged.json)).toBe(200);
    const exchangedSession = exchanged.json.data.session_token as string;

    // The exchange is no sign-in: the same answer as the real session's, no code.
    for (const request of [{ max_age: '60' }, { prompt: 'login' }]) {
      const started = await t.post(
        '/idp/oauth/authorize/start',
        authorizeBody({ scopes: ['openid'], ...request }),
        exchangedSession,
      );
      expect(started.status).toBe(200);
      expect(started.json.data.reauthentication_required?.reason).toBe('max_age' in request ? 'max_age' : 'login');
      const submitted = await submit(t, exchangedSession, { scopes: ['openid'], ...request });
      expect(submitted.status).toBe(200);
      expect(submitted.json.data.authorization_code).toBeUndefined();
      expect(submitted.json.data.reauthentication_required?.reason).toBe('max_age' in request ? 'max_age' : 'login');
    }

    // Without max_age a code is issued, and its ID token names the real sign-in, not the exchange.
    t.clock.advance(MINUTE);
    const fromExchanged = await grant(t, exchangedSession, ['openid']);
    expect(payloadOf(fromExchanged.id_token).auth_time).toBe(Math.floor(signedInAt / 1000));
    const code = await t.provider.database.db
      .selectFrom('idp_authorization_codes')
      .select('auth_time')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(code.auth_time).toBe(signedInAt);
  });
});

describe('scopes the user can no longer grant', () => {
  it('are dropped from the tokens of a refresh once the role is removed, and stay dropped', async () => {
    const t = await startProvider(IDP_CONFIG);
    const ada = await signIn(t, { email: 'ada@example.com', durationMinutes: 24 * 60 });
    const db = t.provider.database.db;
    await setRoles(db, ada.userId, ['admin']);
    const scopes = ['openid', 'offline_access', 'delete:documents', 'read:notes'];
    const tokens = await grant(t, ada.sessionToken, scopes);
    expect(tokens.scope.split(' ').sort()).toEqual([...scopes].sort());

    await setRoles(db, ada.userId, []);
    t.clock.advance(MINUTE);
    const refreshed = await oauth(t, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    expect(refreshed.json.scope.split(' ').sort()).toEqual(['offline_access', 'openid', 'read:notes']);
    expect(refreshed.json.id_token).toBeDefined();
    expect(refreshed.json.refresh_token).toBeDefined();

    // The new refresh token no longer holds the scope: the role given back does not bring it back without consent.
    await setRoles(db, ada.userId, ['admin']);
    const again = await oauth(t, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshed.json.refresh_token,
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.scope.split(' ').sort()).toEqual(['offline_access', 'openid', 'read:notes']);
    const stored = await db.selectFrom('idp_tokens').select(['kind', 'scopes']).orderBy('created_at', 'desc').execute();
    const latest = stored.slice(0, 2);
    for (const row of latest) expect(row.scopes.split(' ')).not.toContain('delete:documents');
    // Nor does a new authorization without consent: the remembered grant lost the scope too.
    const silent = await t.post(
      '/idp/oauth/authorize/submit',
      authorizeBody({ prompt: 'none', scopes }),
      ada.sessionToken,
    );
    expect(new URL(silent.json.data.redirect_uri).searchParams.get('error'), JSON.stringify(silent.json)).toBe(
      'consent_required',
    );
    const remembered = await db.selectFrom('idp_grants').select('scopes').executeTakeFirstOrThrow();
    expect(remembered.scopes.split(' ').sort()).toEqual(['offline_access', 'openid', 'read:notes']);
  });

  it('end refreshes once the client is configured out of offline_access (OpenID Connect Core §11)', async () => {
    const t = await startProvider(IDP_CONFIG);
    const ada = await signIn(t, { email: 'ada@example.com', durationMinutes: 24 * 60 });
    const tokens = await grant(t, ada.sessionToken, ['openid', 'offline_access']);
    expect(tokens.refresh_token).toBeDefined();

    // What an operator's new configuration does after a restart: the client no longer lists offline_access.
    const spa = t.provider.config.project.idp.clients.find((client) => client.clientId === 'spa');
    if (!spa) throw new Error('IDP_CONFIG has no spa client');
    const configured = spa.scopes;
    spa.scopes = configured.filter((scope) => scope !== 'offline_access');
    const db = t.provider.database.db;
    const before = await db.selectFrom('idp_tokens').select(['kind', 'consumed_at', 'revoked_at']).execute();
    const refused = await oauth(t, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The client may no longer use refresh tokens: offline_access is not among its scopes.',
    });
    expect(await db.selectFrom('idp_tokens').select(['kind', 'consumed_at', 'revoked_at']).execute()).toEqual(before);

    // The configuration put back: the same refresh token works (it was neither used up nor revoked).
    spa.scopes = configured;
    const refreshed = await oauth(t, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    expect(refreshed.json.refresh_token).toBeDefined();
  });

  it('are dropped at code redemption when the role went between consent and redemption', async () => {
    const t = await startProvider(IDP_CONFIG);
    const ada = await signIn(t, { email: 'ada@example.com', durationMinutes: 24 * 60 });
    const db = t.provider.database.db;
    await setRoles(db, ada.userId, ['admin']);
    const pkce = pkcePair();
    const submitted = await submit(t, ada.sessionToken, {
      scopes: ['openid', 'delete:documents'],
      code_challenge: pkce.challenge,
    });
    expect(submitted.status).toBe(200);
    await setRoles(db, ada.userId, []);
    const redeemed = await oauth(t, '/oauth2/token', {
      grant_type: 'authorization_code',
      code: submitted.json.data.authorization_code,
      redirect_uri: SPA_CALLBACK,
      code_verifier: pkce.verifier,
    });
    expect(redeemed.status, JSON.stringify(redeemed.json)).toBe(200);
    expect(redeemed.json.scope).toBe('openid');
  });
});
