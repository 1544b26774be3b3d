// Who a social identity signs in as: keyed by (provider, subject); joining an existing user by email only when the
// upstream asserts it verified (the first proof of an address nobody had proved runs the pre-hijacking reset); attach
// links to the signed-in user; unlinking. Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { errorBody, expectError } from '../../../test/expectError';
import { getStart, oauthAuthenticate, pkcePair, signedInWith, signInAt, startUrl } from '../../../test/oauthSteps';
import { signIn } from '../../../testing/fixtures';
import { REDIRECT_URL, startProvider, type TestProvider } from '../../../testing/harness';

const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' };
const MALLORY_PASSWORD = 'dragonfly-marmalade-41';

async function userCount(t: TestProvider): Promise<number> {
  return (await t.provider.database.db.selectFrom('users').select('user_id').execute()).length;
}

/** The app URL's token redeemed: a refusal answers its error, as the widget shows it. */
function refusalOf(t: TestProvider, token: string) {
  return oauthAuthenticate(t, token);
}

describe('account linking', () => {
  it('joins the user whose verified email the upstream asserts verified (login URL), never a second account', async () => {
    const t = await startProvider();
    const existing = await signIn(t, { email: ADA.email });
    const { appUrl, token } = await signInAt(t, 'google', ADA);
    expect(`${appUrl.origin}${appUrl.pathname}`).toBe(REDIRECT_URL);
    const data = (await oauthAuthenticate(t, token)).json.data;
    expect(data.user_id).toBe(existing.userId);
    expect(data.session.authentication_factors[0].google_oauth_factor.email_id).toBe(existing.emailId);
    expect(await userCount(t)).toBe(1);
  });

  it('refuses an upstream that does not assert the email verified when the email belongs to a user', async () => {
    const t = await startProvider();
    const existing = await signIn(t, { email: ADA.email });
    const { token } = await signInAt(t, 'google', { ...ADA, emailVerified: false });
    const response = await refusalOf(t, token);
    expect(response.json).toEqual(
      errorBody(409, 'oauth_account_link_refused', expect.stringContaining('Google does not confirm') as never),
    );
    expect(await userCount(t)).toBe(1);
    const user = (await t.call('GET', '/users/me', { sessionToken: existing.sessionToken })).json.data;
    expect(user.providers).toEqual([]);
  });

  it('refuses Microsoft (which never asserts emails verified) for an email that belongs to a user', async () => {
    const t = await startProvider();
    await signIn(t, { email: ADA.email });
    const { token } = await signInAt(t, 'microsoft', ADA);
    expect((await refusalOf(t, token)).json.error_type).toBe('oauth_account_link_refused');
    expect(await userCount(t)).toBe(1);
  });

  it("signs the owner in when a stranger signed up with her address unverified: the upstream's proof runs the pre-hijacking reset", async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    // Mallory signs up with Ada's address and a password she chose; nobody proves the address.
    const created = await t.post('/passwords', { email: ADA.email, password: MALLORY_PASSWORD });
    expect(created.status).toBe(200);
    const mallory = created.json.data as { user_id: string; session_token: string };

    // Ada's first Google sign-in (Google asserts the address verified) signs her in to that account, and says what went.
    const { appUrl, token } = await signInAt(t, 'google', ADA);
    expect(`${appUrl.origin}${appUrl.pathname}`).toBe(REDIRECT_URL);
    const answer = await oauthAuthenticate(t, token);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const data = answer.json.data;
    expect(data.user_id).toBe(mallory.user_id);
    expect(data.account_reset).toEqual({ identifier: ADA.email, removed: ['password', 'sessions'] });
    expect(data.user.emails).toEqual([{ email_id: expect.any(String), email: ADA.email, verified: true }]);
    expect(data.user.password).toBeNull();
    expect(data.user.providers).toHaveLength(1);
    expect(await userCount(t)).toBe(1);

    // Mallory's session and password are gone; Ada's session works.
    expectError(await t.call('GET', '/users/me', { sessionToken: mallory.session_token }), 404, 'session_not_found');
    const login = await t.post('/passwords/authenticate', { email: ADA.email, password: MALLORY_PASSWORD });
    expect(login.status).not.toBe(200);
    expect(await db.selectFrom('passwords').selectAll().execute()).toEqual([]);
    const me = await t.call('GET', '/users/me', { sessionToken: data.session_token });
    expect(me.status).toBe(200);

    // Her next Google sign-in is an ordinary one: nothing left to reset.
    const again = await signedInWith(t, 'google', ADA);
    expect(again.user_id).toBe(mallory.user_id);
    expect(again.account_reset).toBeUndefined();
  });

  it('still refuses an upstream that does not assert the address verified when the account holds it unverified', async () => {
    const t = await startProvider();
    const created = await t.post('/passwords', { email: ADA.email, password: MALLORY_PASSWORD });
    expect(created.status).toBe(200);
    const { token } = await signInAt(t, 'google', { ...ADA, emailVerified: false });
    expect((await refusalOf(t, token)).json).toEqual(
      errorBody(409, 'oauth_account_link_refused', expect.stringContaining('Google does not confirm') as never),
    );
    // Nothing changed: Mallory's password still signs in, the address is still unverified.
    const login = await t.post('/passwords/authenticate', { email: ADA.email, password: MALLORY_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json.data.user.emails[0].verified).toBe(false);
    expect(login.json.data.user.providers).toEqual([]);
  });

  it('gives a new user the email unverified when the upstream did not assert it, and the owner takes it over', async () => {
    const t = await startProvider();
    const data = await signedInWith(t, 'google', { ...ADA, emailVerified: false });
    expect(data.user.emails).toEqual([{ email_id: expect.any(String), email: ADA.email, verified: false }]);
    // The address's owner proves it with a passcode: the identity attached before that proof does not survive.
    const sent = await t.post('/otps/email/login_or_create', { email: ADA.email });
    expect(sent.status).toBe(200);
    const code = await t.lastCode(ADA.email);
    const verified = await t.post('/otps/authenticate', {
      method_id: sent.json.data.method_id,
      token: code,
      session_duration_minutes: 60,
    });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    expect(verified.json.data.user.providers).toEqual([]);
    expect(verified.json.data.user.emails[0].verified).toBe(true);
    // And the session the social sign-in made is gone.
    expectError(await t.call('GET', '/users/me', { sessionToken: data.session_token }), 404, 'session_not_found');
  });

  it('keys identities by subject: another subject with the same verified email joins, the same subject returns', async () => {
    const t = await startProvider();
    const first = await signedInWith(t, 'google', { ...ADA, subject: 'google-subject-1' });
    const second = await signedInWith(t, 'google', { ...ADA, subject: 'google-subject-2' });
    expect(second.user_id).toBe(first.user_id);
    expect(second.user.providers.map((item: { provider_subject: string }) => item.provider_subject).sort()).toEqual([
      'google-subject-1',
      'google-subject-2',
    ]);
  });
});

describe('oauth/attach', () => {
  it('links a provider to the signed-in user with a single-use token', async () => {
    const t = await startProvider();
    const existing = await signIn(t, { email: 'grace@example.com' });
    const attach = await t.post('/oauth/attach', { provider: 'gitlab' }, existing.sessionToken);
    expect(attach.status).toBe(200);
    const attachToken = attach.json.data.oauth_attach_token as string;
    // Another email at the upstream: attach links regardless of email.
    const { token } = await signInAt(t, 'gitlab', ADA, { oauth_attach_token: attachToken });
    const data = (await oauthAuthenticate(t, token, { sessionToken: existing.sessionToken })).json.data;
    expect(data.user_id).toBe(existing.userId);
    expect(data.user.providers).toHaveLength(1);
    expect(data.user.emails.map((email: { email: string }) => email.email)).toEqual(['grace@example.com']);
    // The token is used up by the start.
    const again = await getStart(t, startUrl('gitlab', { oauth_attach_token: attachToken }));
    expect(again.status).toBe(404);
  });

  it('refuses an identity already linked to another user, and an attach token of another provider', async () => {
    const t = await startProvider();
    await signedInWith(t, 'gitlab', ADA);
    const grace = await signIn(t, { email: 'grace@example.com' });
    const attachToken = (await t.post('/oauth/attach', { provider: 'gitlab' }, grace.sessionToken)).json.data
      .oauth_attach_token;
    expect((await getStart(t, startUrl('google', { oauth_attach_token: attachToken }))).status).toBe(404);
    const { token } = await signInAt(t, 'gitlab', ADA, { oauth_attach_token: attachToken });
    expect((await oauthAuthenticate(t, token)).json.error_type).toBe('duplicate_oauth_registration');
  });

  it("links nothing for whoever else completes a start URL carrying someone's attach token (connect CSRF)", async () => {
    const t = await startProvider();
    const mallory = await signIn(t, { email: 'mallory@example.com' });
    const victim = await signIn(t, { email: ADA.email });
    const attachToken = (await t.post('/oauth/attach', { provider: 'google' }, mallory.sessionToken)).json.data
      .oauth_attach_token as string;
    // Mallory sends the start URL (with her attach token) to Ada, who signs in at Google as herself. The app page the
    // flow lands on redeems the token with Ada's session, or none: both link nothing, and the token is used up.
    const withVictimSession = await signInAt(t, 'google', ADA, { oauth_attach_token: attachToken });
    expectError(
      await oauthAuthenticate(t, withVictimSession.token, { sessionToken: victim.sessionToken }),
      403,
      'oauth_link_session_mismatch',
    );
    expectError(
      await oauthAuthenticate(t, withVictimSession.token, { sessionToken: mallory.sessionToken }),
      404,
      'oauth_token_not_found',
    );
    const secondToken = (await t.post('/oauth/attach', { provider: 'google' }, mallory.sessionToken)).json.data
      .oauth_attach_token as string;
    const signedOut = await signInAt(t, 'google', ADA, { oauth_attach_token: secondToken });
    expectError(await oauthAuthenticate(t, signedOut.token), 403, 'oauth_link_session_mismatch');
    expect(await t.provider.database.db.selectFrom('oauth_registrations').selectAll().execute()).toEqual([]);
    // Ada's Google identity still signs her in to her own account, never Mallory's.
    const data = await signedInWith(t, 'google', ADA);
    expect(data.user_id).toBe(victim.userId);
    expect(data.user_id).not.toBe(mallory.userId);
  });

  it("uses up an attach token the victim's browser cannot prove, when the start URL carries the sender's own PKCE challenge", async () => {
    const t = await startProvider();
    const mallory = await signIn(t, { email: 'mallory@example.com' });
    const victim = await signIn(t, { email: ADA.email });
    const attachToken = (await t.post('/oauth/attach', { provider: 'google' }, mallory.sessionToken)).json.data
      .oauth_attach_token as string;
    // A real sender builds the start URL with a challenge only she can prove: Ada's browser holds no verifier for it.
    const malloryPkce = pkcePair();
    const { token } = await signInAt(t, 'google', ADA, {
      oauth_attach_token: attachToken,
      code_challenge: malloryPkce.challenge,
    });
    expectError(
      await oauthAuthenticate(t, token, { sessionToken: victim.sessionToken }),
      403,
      'oauth_link_session_mismatch',
    );
    // Whatever way the token reaches Mallory afterwards (a log, the history), it is used up: nothing links.
    expectError(
      await oauthAuthenticate(t, token, { codeVerifier: malloryPkce.verifier, sessionToken: mallory.sessionToken }),
      404,
      'oauth_token_not_found',
    );
    expect(await t.provider.database.db.selectFrom('oauth_registrations').selectAll().execute()).toEqual([]);
    expect((await signedInWith(t, 'google', ADA)).user_id).toBe(victim.userId);
  });

  it('a link waiting for its redemption does not survive the pre-hijacking reset (even with PKCE off)', async () => {
    // With PKCE on, the owner's browser holds no verifier for the attacker's token; off (a native app's choice), only
    // the reset stands between the attacker's pending link and the owner's session.
    const t = await startProvider({
      project: { pkce: { oauth: false, unboundReason: 'a native app finishes social sign-in in the system browser' } },
    });
    // Mallory signs up with Ada's address through an upstream that does not assert it verified, starts an attach
    // flow, completes it at GitHub as herself, and keeps the link token of the app URL.
    const mallory = await signedInWith(
      t,
      'google',
      { ...ADA, emailVerified: false, subject: 'mallory-google' },
      {
        code_challenge: null,
      },
    );
    const attachToken = (await t.post('/oauth/attach', { provider: 'github' }, mallory.session_token)).json.data
      .oauth_attach_token as string;
    const pending = await signInAt(
      t,
      'github',
      { ...ADA, subject: 'mallory-github' },
      {
        oauth_attach_token: attachToken,
        code_challenge: null,
      },
    );
    // Ada proves her address: the reset removes what Mallory attached, and uses up the pending link.
    const sent = await t.post('/otps/email/login_or_create', { email: ADA.email });
    const owner = await t.post('/otps/authenticate', {
      method_id: sent.json.data.method_id,
      token: await t.lastCode(ADA.email),
      session_duration_minutes: 60,
    });
    expect(owner.status).toBe(200);
    expect(owner.json.data.account_reset).toBeDefined();
    // Mallory's app URL, opened in Ada's signed-in browser, links nothing.
    const linked = await oauthAuthenticate(t, pending.token, {
      codeVerifier: null,
      sessionToken: owner.json.data.session_token,
    });
    expectError(linked, 404, 'oauth_token_not_found');
    expect(await t.provider.database.db.selectFrom('oauth_registrations').selectAll().execute()).toEqual([]);
    // And Mallory's GitHub identity (her pretended email unverified there) gets no way into Ada's account.
    const back = await signInAt(
      t,
      'github',
      { ...ADA, emailVerified: false, subject: 'mallory-github' },
      {
        code_challenge: null,
      },
    );
    const refused = await oauthAuthenticate(t, back.token, { codeVerifier: null });
    expect(refused.json.error_type).toBe('oauth_account_link_refused');
  });

  it('checks again at the redemption that the sign-in is still recent: a stale one links nothing', async () => {
    const t = await startProvider();
    const grace = await signIn(t, { email: 'grace@example.com' });
    const attachToken = (await t.post('/oauth/attach', { provider: 'gitlab' }, grace.sessionToken)).json.data
      .oauth_attach_token as string;
    const { token } = await signInAt(t, 'gitlab', ADA, { oauth_attach_token: attachToken });
    t.clock.advance(6 * 60_000);
    expect((await oauthAuthenticate(t, token, { sessionToken: grace.sessionToken })).json.error_type).toBe(
      'reauthentication_required',
    );
    expect(await t.provider.database.db.selectFrom('oauth_registrations').selectAll().execute()).toEqual([]);
  });

  it('refuses the link at the redemption when another user took the identity after the callback', async () => {
    const t = await startProvider();
    const grace = await signIn(t, { email: 'grace@example.com' });
    const attachToken = (await t.post('/oauth/attach', { provider: 'gitlab' }, grace.sessionToken)).json.data
      .oauth_attach_token as string;
    const { token } = await signInAt(t, 'gitlab', ADA, { oauth_attach_token: attachToken });
    // Meanwhile the same GitLab identity signs up on its own.
    const other = await signedInWith(t, 'gitlab', ADA);
    expect(other.user_id).not.toBe(grace.userId);
    expectError(
      await oauthAuthenticate(t, token, { sessionToken: grace.sessionToken }),
      409,
      'duplicate_oauth_registration',
      {
        error_message: 'This GitLab account is linked to another user.',
      },
    );
    const user = (await t.call('GET', '/users/me', { sessionToken: grace.sessionToken })).json.data;
    expect(user.providers).toEqual([]);
    // Used up by the refusal.
    expectError(await oauthAuthenticate(t, token, { sessionToken: grace.sessionToken }), 404, 'oauth_token_not_found');
  });

  it('needs a session with a recent authentication and a known, allowed provider', async () => {
    const t = await startProvider({ project: { oauth: { providers: ['google'] } } });
    expectError(await t.post('/oauth/attach', { provider: 'google' }), 401, 'user_unauthenticated');
    const existing = await signIn(t, { email: 'grace@example.com' });
    expectError(
      await t.post('/oauth/attach', { provider: 'myspace' }, existing.sessionToken),
      400,
      'invalid_oauth_provider',
    );
    expectError(
      await t.post('/oauth/attach', { provider: 'github' }, existing.sessionToken),
      400,
      'oauth_provider_not_allowed',
    );
    t.clock.advance(6 * 60_000);
    expect((await t.post('/oauth/attach', { provider: 'google' }, existing.sessionToken)).json.error_type).toBe(
      'reauthentication_required',
    );
  });
});

describe('DELETE /users/oauth/{id}', () => {
  it("unlinks one of the caller's identities after a recent authentication; another user's is not found", async () => {
    const t = await startProvider();
    const data = await signedInWith(t, 'google', ADA);
    const id = data.user.providers[0].oauth_user_registration_id;
    const other = await signIn(t, { email: 'grace@example.com' });
    expectError(
      await t.call('DELETE', `/users/oauth/${id}`, { sessionToken: other.sessionToken }),
      404,
      'oauth_registration_not_found',
    );
    t.clock.advance(6 * 60_000);
    expect((await t.call('DELETE', `/users/oauth/${id}`, { sessionToken: data.session_token })).json.error_type).toBe(
      'reauthentication_required',
    );
    const fresh = await signedInWith(t, 'google', ADA);
    const response = await t.call('DELETE', `/users/oauth/${id}`, { sessionToken: fresh.session_token });
    expect(response.status).toBe(200);
    expect(response.json.data.__user.providers).toEqual([]);
    // The next sign-in with that identity is a sign-in by verified email again.
    expect((await signedInWith(t, 'google', ADA)).user_id).toBe(data.user_id);
  });
});

describe('multi-factor sign-in', () => {
  it('answers an intermediate session for a user with a second factor, which a TOTP code completes', async () => {
    const t = await startProvider({ project: { mfa: { required: true } } });
    const first = await signedInWith(t, 'google', ADA);
    const enrolled = (await t.post('/totps', { expiration_minutes: 30 }, first.session_token)).json.data;
    const code = () => generate({ secret: enrolled.secret, epoch: Math.floor(t.clock.now() / 1000) });
    const verified = await t.post(
      '/totps/authenticate',
      { totp_code: await code(), session_duration_minutes: 60 },
      first.session_token,
    );
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    const { token } = await signInAt(t, 'google', ADA);
    const response = await oauthAuthenticate(t, token);
    expect(response.status).toBe(200);
    const data = response.json.data;
    expect(data.session_token).toBe('');
    expect(data.intermediate_session_token).toMatch(/.+/);
    expect(data.provider_type).toBe('google');
    t.clock.advance(30_000);
    const completed = await t.post('/totps/authenticate', {
      totp_code: await code(),
      session_duration_minutes: 60,
      intermediate_session_token: data.intermediate_session_token,
    });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    expect(completed.json.data.session.authentication_factors.map((factor: { type: string }) => factor.type)).toEqual([
      'oauth',
      'totp',
    ]);
  });
});
