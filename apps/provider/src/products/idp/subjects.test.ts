// The subject (`sub`) the identity provider publishes, and the pre-hijacking reset that replaces it (./subjects.ts).
// A stranger signs up with the owner's address, consents at a relying party and gets an ID token; the owner later
// proves the address, which runs the reset: the owner must not be the stranger's End-User at any relying party
// (OpenID Connect Core §2, §5.7: relying parties key accounts on `sub`, never reassigned). Through the real routes,
// on SQLite and, with LATCHKEY_TEST_POSTGRES_URL, on PostgreSQL.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../testing/fixtures';
import { START, startProvider, type TestProvider } from '../../../testing/harness';
import { authorizeBody, IDP_CONFIG, ISSUER, pkcePair, SPA_CALLBACK, SPA_LOGGED_OUT } from './authorize/testSupport';
import { idpDescriptor } from './descriptor';
import { signIdToken } from './oauth2/idTokens';

const FIRST_PARTY_SECRET = 'the-first-party-secret';
process.env.LATCHKEY_TEST_IDP_FIRST_PARTY_SECRET = FIRST_PARTY_SECRET;
const FIRST_PARTY_CALLBACK = 'https://first.example.com/callback';

const VICTIM = 'owner@example.com';
const PASSWORD = 'dragonfly-marmalade-41';
const SCOPES = ['openid', 'email', 'profile', 'offline_access'];

/** A form POST to the standard endpoints (`/oauth2/...`). */
async function formPost(t: TestProvider, path: string, params: Record<string, string>) {
  const response = await t.provider.fetch(
    new Request(`${ISSUER}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    }),
  );
  return { status: response.status, json: await response.json() };
}

async function userinfo(t: TestProvider, accessToken: string) {
  const response = await t.provider.fetch(
    new Request(`${ISSUER}/oauth2/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } }),
  );
  return { status: response.status, json: await response.json() };
}

interface Tokens {
  idToken: string;
  claims: Record<string, unknown>;
  accessToken: string;
  refreshToken: string | undefined;
}

function tokensOf(response: { status: number; json: Record<string, unknown> }): Tokens {
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  const idToken = response.json.id_token as string;
  return {
    idToken,
    claims: decodeJwt(idToken),
    accessToken: response.json.access_token as string,
    refreshToken: response.json.refresh_token as string | undefined,
  };
}

/** The SPA's authorization code flow through authorize/submit (consent given) and the token endpoint. */
async function spaSignIn(t: TestProvider, sessionToken: string): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const submitted = await t.post(
    '/idp/oauth/authorize/submit',
    authorizeBody({ scopes: SCOPES, code_challenge: challenge, consent_granted: true }),
    sessionToken,
  );
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  const code = submitted.json.data.authorization_code as string;
  expect(code, JSON.stringify(submitted.json)).toEqual(expect.any(String));
  return tokensOf(
    await formPost(t, '/oauth2/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: SPA_CALLBACK,
      code_verifier: verifier,
      client_id: 'spa',
    }),
  );
}

/** Another relying party: the confidential first-party client (no consent screen), authenticating with its secret. */
async function firstPartySignIn(t: TestProvider, sessionToken: string): Promise<Tokens> {
  const submitted = await t.post(
    '/idp/oauth/authorize/submit',
    {
      client_id: 'first-party',
      redirect_uri: FIRST_PARTY_CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email'],
      state: 'state-1',
    },
    sessionToken,
  );
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  return tokensOf(
    await formPost(t, '/oauth2/token', {
      grant_type: 'authorization_code',
      code: submitted.json.data.authorization_code,
      redirect_uri: FIRST_PARTY_CALLBACK,
      client_id: 'first-party',
      client_secret: FIRST_PARTY_SECRET,
    }),
  );
}

const refresh = async (t: TestProvider, refreshToken: string) =>
  tokensOf(
    await formPost(t, '/oauth2/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'spa' }),
  );

/** A passcode sign-in by email, with no session: the owner proving the address. */
async function passcodeSignIn(t: TestProvider, email: string) {
  const sent = await t.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const signedIn = await t.post('/otps/authenticate', {
    token: await t.lastCode(email),
    method_id: sent.json.data.method_id,
    session_duration_minutes: 60,
  });
  expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
  return signedIn.json.data as { user_id: string; session_token: string; account_reset?: unknown };
}

/**
 * The finding's scenario: the stranger's account, their ID token, the owner's proof (the reset); answers what the
 * later tests look at.
 */
async function strangerThenOwner(t: TestProvider) {
  const created = await t.post('/passwords', { email: VICTIM, password: PASSWORD });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const stranger = created.json.data as { user_id: string; session_token: string };
  const strangers = await spaSignIn(t, stranger.session_token);
  const strangerInfo = (await userinfo(t, strangers.accessToken)).json;
  const owner = await passcodeSignIn(t, VICTIM);
  return { stranger, strangers, strangerInfo, owner };
}

describe('the subject (sub) after the pre-hijacking reset', () => {
  it('is new for the owner at every relying party, stable across sign-ins and refreshes, and userinfo agrees', async () => {
    const t = await startProvider(IDP_CONFIG);
    const { db } = t.provider.database;
    const { stranger, strangers, strangerInfo, owner } = await strangerThenOwner(t);
    // Before the proof: the stranger's ID token names the user id, the address unverified.
    expect(strangers.claims).toMatchObject({ sub: stranger.user_id, email: VICTIM, email_verified: false });
    expect(strangerInfo).toMatchObject({ sub: stranger.user_id, email_verified: false });

    // The owner's proof ran the reset on the same account (the same user id).
    expect(owner.user_id).toBe(stranger.user_id);
    expect(owner.account_reset).toEqual({ identifier: VICTIM, removed: ['password', 'sessions', 'connected_apps'] });

    // The owner at the same relying party: another End-User.
    const owners = await spaSignIn(t, owner.session_token);
    expect(owners.claims).toMatchObject({ iss: ISSUER, aud: 'spa', email: VICTIM, email_verified: true });
    const subject = owners.claims.sub as string;
    expect(subject).not.toBe(strangers.claims.sub);
    expect(subject).not.toBe(stranger.user_id);
    // Opaque, never a user id (./subjects.ts), and the one the table holds.
    expect(subject).toMatch(/^sub-test-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await db.selectFrom('idp_subjects').select(['user_id', 'subject']).execute()).toEqual([
      { user_id: stranger.user_id, subject },
    ]);
    // OpenID Connect Core §5.3.2: userinfo's `sub` is the ID token's.
    expect((await userinfo(t, owners.accessToken)).json).toMatchObject({ sub: subject, email_verified: true });

    // The same subject at another relying party (public subject identifiers, OpenID Connect Core §8).
    expect((await firstPartySignIn(t, owner.session_token)).claims.sub).toBe(subject);

    // A refresh keeps `sub` (OpenID Connect Core §12.2), twice over.
    const refreshed = await refresh(t, owners.refreshToken as string);
    expect(refreshed.claims.sub).toBe(subject);
    expect((await userinfo(t, refreshed.accessToken)).json.sub).toBe(subject);
    expect((await refresh(t, refreshed.refreshToken as string)).claims.sub).toBe(subject);

    // A later sign-in resets nothing and keeps the subject.
    const again = await passcodeSignIn(t, VICTIM);
    expect(again).not.toHaveProperty('account_reset');
    const later = await spaSignIn(t, again.session_token);
    expect(later.claims.sub).toBe(subject);
    expect((await userinfo(t, later.accessToken)).json.sub).toBe(subject);

    // Nothing of the stranger's works any more (the reset's grant part): no ID token under either subject for them.
    const strangerRefresh = await formPost(t, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: strangers.refreshToken as string,
      client_id: 'spa',
    });
    expect(strangerRefresh.json.error).toBe('invalid_grant');
    expect((await userinfo(t, strangers.accessToken)).status).toBe(401);
  });

  it('is new for the owner even when the stranger revoked the app, removed every factor and signed out first', async () => {
    const t = await startProvider(IDP_CONFIG);
    const { db } = t.provider.database;
    const created = await t.post('/passwords', { email: VICTIM, password: PASSWORD });
    const stranger = created.json.data as { user_id: string; session_token: string };
    const strangers = await spaSignIn(t, stranger.session_token);
    expect(strangers.claims.sub).toBe(stranger.user_id);
    // Nothing left for the reset but the subject the relying party keys its account on.
    expect((await t.post('/users/connected_apps/spa/revoke', {}, stranger.session_token)).status).toBe(200);
    await db.deleteFrom('passwords').where('user_id', '=', stranger.user_id).execute();
    expect((await t.post('/sessions/revoke', {}, stranger.session_token)).status).toBe(200);

    const owner = await passcodeSignIn(t, VICTIM);
    expect(owner.user_id).toBe(stranger.user_id);
    const owners = await spaSignIn(t, owner.session_token);
    expect(owners.claims.sub).toMatch(/^sub-test-/);
    expect(owners.claims.sub).not.toBe(strangers.claims.sub);
  });

  it('a user no reset ran for keeps sub = the user id, in the ID token, after a refresh and at userinfo', async () => {
    const t = await startProvider(IDP_CONFIG);
    const ada = await signIn(t, { email: 'ada@example.com' });
    const tokens = await spaSignIn(t, ada.sessionToken);
    expect(tokens.claims.sub).toBe(ada.userId);
    expect((await userinfo(t, tokens.accessToken)).json.sub).toBe(ada.userId);
    expect((await refresh(t, tokens.refreshToken as string)).claims.sub).toBe(ada.userId);
    expect((await firstPartySignIn(t, ada.sessionToken)).claims.sub).toBe(ada.userId);
    // Recorded as given (the user id), with the first grant: what a later reset finds even once the grant is gone.
    expect(await t.provider.database.db.selectFrom('idp_subjects').select(['user_id', 'subject']).execute()).toEqual([
      { user_id: ada.userId, subject: ada.userId },
    ]);
    // A sign-up whose first proof finds nothing attached runs no reset, and keeps the user id as well.
    const grace = await passcodeSignIn(t, 'grace@example.com');
    expect(grace).not.toHaveProperty('account_reset');
    expect((await spaSignIn(t, grace.session_token)).claims.sub).toBe(grace.user_id);
  });

  it('a reset replaces the subject each time it runs, in the transaction it is given; a user gone takes it along', async () => {
    const t = await startProvider(IDP_CONFIG);
    const { db } = t.provider.database;
    const ada = await signIn(t, { email: 'ada@example.com' });
    const bob = await signIn(t, { email: 'bob@example.com' });
    // The reset's part that replaces the subject (the second of the product's parts).
    const part = idpDescriptor.accountReset[1]!;
    const subjects = async () =>
      db.selectFrom('idp_subjects').select(['user_id', 'subject']).orderBy('subject').execute();
    expect(await db.transaction().execute((trx) => part.run(trx, ada.userId, t.clock.now()))).toBe(0);
    const [first] = await subjects();
    // A transaction rolled back leaves the subject as it was.
    await expect(
      db.transaction().execute(async (trx) => {
        await part.run(trx, ada.userId, t.clock.now());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await subjects()).toEqual([first]);
    await db.transaction().execute((trx) => part.run(trx, ada.userId, t.clock.now()));
    await db.transaction().execute((trx) => part.run(trx, bob.userId, t.clock.now()));
    const after = await subjects();
    expect(after).toHaveLength(2);
    const adas = after.find((row) => row.user_id === ada.userId)?.subject;
    expect(adas).not.toBe(first?.subject);
    expect((await spaSignIn(t, ada.sessionToken)).claims.sub).toBe(adas);
    // The subject goes with its user (on delete cascade).
    await db.deleteFrom('users').where('user_id', '=', ada.userId).execute();
    expect((await subjects()).map((row) => row.user_id)).toEqual([bob.userId]);
  });
});

describe('an id_token_hint issued under the subject the reset replaced', () => {
  it('names nobody at authorize: the owner is asked to sign in (prompt=none: login_required), never given a code unasked', async () => {
    const t = await startProvider(IDP_CONFIG);
    const { strangers, owner } = await strangerThenOwner(t);
    const start = (overrides: Record<string, unknown>) =>
      t.post('/idp/oauth/authorize/start', authorizeBody({ scopes: SCOPES, ...overrides }), owner.session_token);
    // OpenID Connect Core §3.1.2.1 `id_token_hint`: the End-User it names is not the one signed in.
    const hinted = await start({ id_token_hint: strangers.idToken });
    expect(hinted.status).toBe(200);
    expect(hinted.json.data.reauthentication_required).toMatchObject({ reason: 'id_token_hint' });
    const silent = await t.post(
      '/idp/oauth/authorize/submit',
      authorizeBody({ scopes: SCOPES, id_token_hint: strangers.idToken, prompt: 'none', consent_granted: true }),
      owner.session_token,
    );
    const redirect = new URL(silent.json.data.redirect_uri);
    expect(redirect.searchParams.get('error')).toBe('login_required');
    expect(redirect.searchParams.has('code')).toBe(false);
    // The owner's own ID token names the owner.
    const owners = await spaSignIn(t, owner.session_token);
    const own = await start({ id_token_hint: owners.idToken });
    expect(own.json.data).not.toHaveProperty('reauthentication_required');
    expect(own.json.data.user_id).toBe(owner.user_id);
  });

  it('at logout asks the owner (RP-Initiated Logout 1.0 §2), the request itself standing; the owner’s own hint does not', async () => {
    const t = await startProvider(IDP_CONFIG);
    const { stranger, strangers, owner } = await strangerThenOwner(t);
    const logout = (body: Record<string, unknown>) =>
      t.post(
        '/oauth/logout/start',
        { post_logout_redirect_uri: SPA_LOGGED_OUT, state: 's', ...body },
        owner.session_token,
      );
    // The stranger's real ID token, alone: still a hint this OP issued to the client (its `aud` names the client, the
    // URI is honoured), but it does not belong to the currently logged in End-User: the user is asked.
    const stale = await logout({ id_token_hint: strangers.idToken });
    expect(stale.status, JSON.stringify(stale.json)).toBe(200);
    expect(stale.json.data).toMatchObject({ redirect_uri: `${SPA_LOGGED_OUT}?state=s`, consent_required: true });
    // A hint without `sid` is compared by `sub` alone: the old subject (the user id) no longer names the owner; the
    // owner's subject does.
    const owners = await spaSignIn(t, owner.session_token);
    const hint = (subject: string) =>
      signIdToken(
        { db: t.provider.database.db, config: t.provider.config },
        { subject, clientId: 'spa', nowMs: START, lifetimeSeconds: 3600, authTimeMs: START },
      );
    expect((await logout({ id_token_hint: await hint(stranger.user_id) })).json.data.consent_required).toBe(true);
    expect((await logout({ id_token_hint: await hint(owners.claims.sub as string) })).json.data.consent_required).toBe(
      false,
    );
    // The owner's own ID token (its `sid` the owner's session, its `sub` the owner's subject).
    expect((await logout({ id_token_hint: owners.idToken })).json.data.consent_required).toBe(false);
  });
});
