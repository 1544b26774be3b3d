// End to end: the real @latchkey/sdk against the real provider (in-process) for sessions from other credentials:
// session.exchangeAccessToken (an access token of the project's identity provider), session.attest (a JWT of a
// trusted issuer whose JWKS is served over real HTTP) and impersonation.authenticate / authenticateByUrl with a
// token from the server call. Each checks what the client stored, not only what the provider answered.
import { APIError } from '@latchkey/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../testing/fixtures';
import { iso, REDIRECT_URL, START, startProvider, type TestProvider } from '../../../testing/harness';
import {
  expectRefusedSignedOut,
  expectSignedIn,
  expectSignedOut,
  openSdkTab,
  rejectionOf,
  type SdkTab,
} from '../../../testing/sdkClient';
import type { ProviderConfigInput } from '../../config';
import {
  AUDIENCE,
  createTestIssuer,
  IDP_CLIENT,
  ISSUER,
  insertAccessToken,
  type JwksServer,
  PROFILE_ID,
  secretKeyAuthorization,
  serveJwks,
  type TestIssuer,
} from './testing';

const MINUTE = 60_000;
const ADA = 'ada@example.com';
const ADMIN = 'support-agent-7';

const servers: JwksServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A provider with the exchange test client and a trusted issuer whose JWKS a local HTTP server publishes. */
async function startWithIssuer(): Promise<{ t: TestProvider; issuer: TestIssuer }> {
  const issuer = await createTestIssuer('ES256');
  const server = await serveJwks([issuer.publicJwk]);
  servers.push(server);
  const config: ProviderConfigInput = {
    project: {
      idp: { clients: [IDP_CLIENT] },
      trustedAuthTokens: [{ profileId: PROFILE_ID, issuer: ISSUER, audience: AUDIENCE, jwksUrl: server.url }],
    },
  };
  return { t: await startProvider(config), issuer };
}

/** A tab signed in through an emailed passcode (a session of its own to attest into). */
async function passcodeTab(t: TestProvider, email: string): Promise<SdkTab> {
  const tab = await openSdkTab(t);
  const { method_id } = await tab.client.otps.email.loginOrCreate(email);
  await tab.client.otps.authenticate(await t.lastCode(email), method_id, { session_duration_minutes: 60 });
  return tab;
}

async function issueImpersonationToken(t: TestProvider, userId: string): Promise<string> {
  const response = await t.call('POST', '/v1/impersonation_tokens', {
    body: { user_id: userId, impersonator_id: ADMIN, reason: 'support ticket' },
    origin: null,
    authorization: secretKeyAuthorization(t.projectId, t.secretKey),
  });
  expect(response.status).toBe(200);
  return response.json.data.impersonation_token;
}

describe('SDK session exchange, attest and impersonation against the provider', () => {
  it('exchanges a full_access access token for a stored session; without full_access it stays signed out', async () => {
    const { t } = await startWithIssuer();
    const { userId } = await signIn(t, { email: ADA });
    const { db } = t.provider.database;
    const base = { projectId: t.projectId, userId, now: t.clock.now() };
    const token = await insertAccessToken(db, { ...base, scopes: 'openid full_access' });

    const tab = await openSdkTab(t);
    const answer = await tab.client.session.exchangeAccessToken({ access_token: token, session_duration_minutes: 60 });
    expect(tab.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/sessions/exchange_access_token',
      body: { access_token: token, session_duration_minutes: 60 },
      status: 200,
    });
    const { row } = await expectSignedIn(t, tab);
    expect(answer.user_id).toBe(userId);
    expect(row.expires_at).toBe(START + 60 * MINUTE);
    expect(tab.client.session.getSync()?.authentication_factors).toEqual([
      {
        type: 'oauth_access_token_exchange',
        delivery_method: 'oauth_access_token_exchange',
        last_authenticated_at: iso(START),
        oauth_access_token_exchange_factor: { client_id: IDP_CLIENT.clientId },
      },
    ]);

    const narrow = await insertAccessToken(db, { ...base, scopes: 'openid email' });
    const other = await openSdkTab(t);
    await expectRefusedSignedOut(
      other,
      other.client.session.exchangeAccessToken({ access_token: narrow, session_duration_minutes: 60 }),
      {
        status_code: 403,
        error_type: 'insufficient_scope',
        error_message:
          'The access token was not granted the full_access scope, which exchanging it for a session needs.',
      },
    );
  });

  it('attests a trusted JWT: signs a new user up, then adds the factor to the session the caller names', async () => {
    const { t, issuer } = await startWithIssuer();
    const tab = await openSdkTab(t);
    await tab.client.session.attest({
      profile_id: PROFILE_ID,
      token: await issuer.sign({ email: 'grace@example.com' }, { nowMs: t.clock.now() }),
      session_duration_minutes: 60,
    });
    await expectSignedIn(t, tab);
    expect(tab.client.user.getSync()?.emails).toEqual([
      expect.objectContaining({ email: 'grace@example.com', verified: true }),
    ]);
    expect(tab.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'trusted_auth_token',
    ]);

    // Ada, signed in by passcode, names her own session: the factor joins it.
    const ada = await passcodeTab(t, ADA);
    const before = await expectSignedIn(t, ada);
    t.clock.advance(MINUTE);
    const tokens = ada.client.session.getTokens();
    await ada.client.session.attest({
      profile_id: PROFILE_ID,
      token: await issuer.sign({ email: ADA }, { nowMs: t.clock.now() }),
      session_token: tokens?.session_token,
    });
    const after = await expectSignedIn(t, ada);
    expect(after.row.session_id).toBe(before.row.session_id);
    expect(after.token).toBe(before.token);
    expect(ada.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'otp',
      'trusted_auth_token',
    ]);

    // Grace's token against Ada's session is refused, and Ada stays signed in.
    const error = await rejectionOf(
      ada.client.session.attest({
        profile_id: PROFILE_ID,
        token: await issuer.sign({ email: 'grace@example.com' }, { nowMs: t.clock.now() }),
        session_token: tokens?.session_token,
      }),
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status_code: 403, error_type: 'session_user_mismatch' });
    expect((await expectSignedIn(t, ada)).row.session_id).toBe(before.row.session_id);
  });

  it('refuses an expired trusted JWT and stays signed out', async () => {
    const { t, issuer } = await startWithIssuer();
    const token = await issuer.sign({ email: ADA }, { nowMs: t.clock.now() });
    t.clock.advance(10 * MINUTE);
    const tab = await openSdkTab(t);
    const error = await rejectionOf(tab.client.session.attest({ profile_id: PROFILE_ID, token }));
    expect(error).toMatchObject({ status_code: 401, error_type: 'invalid_token' });
    expectSignedOut(tab);
  });

  it('impersonates through impersonation.authenticate: a marked one-hour session, the token good once', async () => {
    const { t } = await startWithIssuer();
    const { userId } = await signIn(t, { email: ADA });
    const token = await issueImpersonationToken(t, userId);

    const tab = await openSdkTab(t);
    const answer = await tab.client.impersonation.authenticate({ impersonation_token: token });
    expect(tab.requests.at(-1)).toMatchObject({
      path: '/impersonation/authenticate',
      body: { impersonation_token: token },
      status: 200,
    });
    expect(answer.__user?.user_id).toBe(userId);
    const { row } = await expectSignedIn(t, tab);
    expect(row.impersonator_id).toBe(ADMIN);
    expect(row.expires_at).toBe(START + 60 * MINUTE);
    const session = tab.client.session.getSync();
    expect(session?.impersonator_id).toBe(ADMIN);
    expect(session?.authentication_factors).toEqual([
      {
        type: 'impersonated',
        delivery_method: 'impersonation',
        last_authenticated_at: iso(START),
        impersonated_factor: { impersonator_id: ADMIN },
      },
    ]);
    const jwt = tab.client.session.getTokens()?.session_jwt ?? '';
    expect(JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')).act).toEqual({ sub: ADMIN });

    const replay = await openSdkTab(t);
    await expectRefusedSignedOut(replay, replay.client.impersonation.authenticate({ impersonation_token: token }), {
      status_code: 401,
      error_type: 'impersonation_token_not_found',
      error_message: 'The impersonation token is unknown, expired or was used already. Ask for a new one.',
    });
  });

  it('impersonates from the page URL (stytch_token_type=impersonation) and removes the token from it', async () => {
    const { t } = await startWithIssuer();
    const { userId } = await signIn(t, { email: ADA });
    const link = `${REDIRECT_URL}?stytch_token_type=impersonation&token=${await issueImpersonationToken(t, userId)}`;
    const tab = await openSdkTab(t, { href: link });
    const result = await tab.client.authenticateByUrl({ session_duration_minutes: 60 });
    expect(result).toMatchObject({ tokenType: 'impersonation', handled: true });
    expect(tab.browser.replacedUrls).toEqual([REDIRECT_URL]);
    await expectSignedIn(t, tab);
    expect(tab.client.session.getSync()?.impersonator_id).toBe(ADMIN);
    expect(tab.client.user.getSync()?.user_id).toBe(userId);
  });
});
