// Google One Tap: start (client id and nonce, the developer errors) and submit (the credential checked against the
// development upstream's keys and issuer, the nonce single use), then the same sign-in as the redirect flow.
import { describe, expect, it } from 'vitest';
import { BROWSER_PKCE } from '../../../test/browserPkce';
import { expectError, REQUEST_ID } from '../../../test/expectError';
import { oauthAuthenticate, pkcePair, tokenOfAppUrl } from '../../../test/oauthSteps';
import { signIn } from '../../../testing/fixtures';
import { REDIRECT_URL, startProvider, type TestProvider } from '../../../testing/harness';
import type { DevelopmentIdentity } from '../../../testing/oauthUpstream';
import type { MintGoogleCredentialOptions } from './developmentUpstream/startDevelopmentUpstream';

const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' };
const SIGNUP_URL = 'http://127.0.0.1:5173/authenticate';

async function oneTapStart(t: TestProvider, body: Record<string, unknown> = {}) {
  return t.post('/oauth/google/onetap/start', body);
}

/** A credential from the development upstream (its Google client by default), as the stand-in script gets one. */
async function credentialFor(
  t: TestProvider,
  identity: DevelopmentIdentity,
  options: Partial<MintGoogleCredentialOptions> = {},
): Promise<string> {
  const upstream = await t.provider.developmentUpstream?.get();
  if (!upstream) throw new Error('The development upstream is off');
  return upstream.mintGoogleCredential(identity, {
    ...options,
    audience: options.audience ?? upstream.clientIdFor('google'),
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    ...(options.issuedAt === undefined ? {} : { issuedAt: options.issuedAt }),
  });
}

/** A submit from the test browser: with its PKCE challenge unless the body names `code_challenge` (undefined: none). */
async function submit(t: TestProvider, body: Record<string, unknown>) {
  return t.post('/oauth/google/onetap/submit', { code_challenge: BROWSER_PKCE.challenge, ...body });
}

describe('oauth/google/onetap', () => {
  it('starts with the Google client id and a fresh nonce, then signs a new user up and a returning one in', async () => {
    const t = await startProvider();
    const started = await oneTapStart(t, { login_redirect_url: REDIRECT_URL, signup_redirect_url: SIGNUP_URL });
    expect(started.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        google_client_id: 'latchkey-dev-google',
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
    });
    const { nonce } = started.json.data;
    const response = await submit(t, { credential: await credentialFor(t, ADA, { nonce }), nonce });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const target = new URL(response.json.data.redirect_url);
    expect(`${target.origin}${target.pathname}`).toBe(SIGNUP_URL);
    const data = (await oauthAuthenticate(t, tokenOfAppUrl(target))).json.data;
    expect(data.provider_type).toBe('google');
    expect(data.user.emails).toEqual([{ email_id: expect.any(String), email: ADA.email, verified: true }]);
    expect(data.provider_values.id_token).toMatch(/^ey/);
    // Returning: the login URL, the same user.
    const again = (await oneTapStart(t)).json.data.nonce;
    const second = await submit(t, { credential: await credentialFor(t, ADA, { nonce: again }), nonce: again });
    const secondTarget = new URL(second.json.data.redirect_url);
    expect(`${secondTarget.origin}${secondTarget.pathname}`).toBe(REDIRECT_URL);
    expect((await oauthAuthenticate(t, tokenOfAppUrl(secondTarget))).json.data.user_id).toBe(data.user_id);
  });

  it('uses a nonce once', async () => {
    const t = await startProvider();
    const { nonce } = (await oneTapStart(t)).json.data;
    const credential = await credentialFor(t, ADA, { nonce });
    expect((await submit(t, { credential, nonce })).status).toBe(200);
    expectError(await submit(t, { credential, nonce }), 404, 'google_onetap_nonce_not_found');
  });

  it('refuses a nonce older than five minutes', async () => {
    const t = await startProvider();
    const { nonce } = (await oneTapStart(t)).json.data;
    t.clock.advance(5 * 60_000);
    expectError(
      await submit(t, { credential: await credentialFor(t, ADA, { nonce }), nonce }),
      404,
      'google_onetap_nonce_not_found',
    );
  });

  it('refuses a credential for another audience or several, another authorized party, another nonce, expired, or not signed by the upstream', async () => {
    const t = await startProvider();
    const { nonce } = (await oneTapStart(t)).json.data;
    const other = (await oneTapStart(t)).json.data.nonce;
    const refused = [
      await credentialFor(t, ADA, { nonce, audience: 'someone-else.apps.googleusercontent.com' }),
      await credentialFor(t, ADA, { nonce: other }),
      await credentialFor(t, ADA),
      await credentialFor(t, ADA, { nonce, issuedAt: Date.now() - 2 * 60 * 60_000 }),
    ];
    // OpenID Connect Core 1.0 §3.1.3.7: another audience beside this client, or another client as the authorized party.
    refused.push(
      await credentialFor(t, ADA, { nonce, otherAudiences: ['someone-else.apps.googleusercontent.com'] }),
      await credentialFor(t, ADA, { nonce, authorizedParty: 'someone-else.apps.googleusercontent.com' }),
    );
    const genuine = await credentialFor(t, ADA, { nonce });
    const [header, payload] = genuine.split('.');
    refused.push(`${header}.${payload}.${'A'.repeat(342)}`, 'not-a-jwt');
    for (const credential of refused) {
      expect((await submit(t, { credential, nonce })).json.error_type).toBe('invalid_google_credential');
    }
    // None of them used the nonce up. A credential without an authorized party (the claim is optional) is accepted.
    expect((await submit(t, { credential: genuine, nonce })).status).toBe(200);
    const next = (await oneTapStart(t)).json.data.nonce;
    const withoutAzp = await credentialFor(t, ADA, { nonce: next, authorizedParty: null });
    expect((await submit(t, { credential: withoutAzp, nonce: next })).status).toBe(200);
  });

  it('answers the developer errors: provider not allowed, no client id, no redirect URLs, a URL off the allowlist', async () => {
    const notAllowed = await startProvider({ project: { oauth: { providers: ['github'] } } });
    expectError(await oneTapStart(notAllowed), 400, 'oauth_provider_not_allowed');
    const noClient = await startProvider({ project: { oauth: { developmentUpstream: { enabled: false } } } });
    expectError(await oneTapStart(noClient), 400, 'oauth_config_not_found', {
      error_message: 'Google One Tap has no client id (project.oauth.googleOneTap.clientId).',
    });
    const noUrls = await startProvider({ project: { redirectUrls: [] } });
    expectError(await oneTapStart(noUrls), 400, 'no_redirect_urls_set');
    const t = await startProvider();
    expectError(
      await oneTapStart(t, { login_redirect_url: 'https://evil.com/authenticate' }),
      400,
      'invalid_redirect_url',
    );
    const { nonce } = (await oneTapStart(t)).json.data;
    const credential = await credentialFor(t, ADA, { nonce });
    expectError(
      await submit(t, { credential, nonce, signup_redirect_url: '//evil.com/authenticate' }),
      400,
      'invalid_redirect_url',
    );
  });

  it('answers a configured client id and checks its audience', async () => {
    const t = await startProvider({
      project: { oauth: { googleOneTap: { clientId: 'app.apps.googleusercontent.com' } } },
    });
    expect((await oneTapStart(t)).json.data.google_client_id).toBe('app.apps.googleusercontent.com');
  });

  it('applies the linking rules: an unverified Google email of an existing user is refused, the nonce used up', async () => {
    const t = await startProvider();
    await signIn(t, { email: ADA.email });
    const { nonce } = (await oneTapStart(t)).json.data;
    const credential = await credentialFor(t, { ...ADA, emailVerified: false }, { nonce });
    expect((await submit(t, { credential, nonce })).json.error_type).toBe('oauth_account_link_refused');
    expectError(await submit(t, { credential, nonce }), 404, 'google_onetap_nonce_not_found');
  });

  it("signs the owner in over a stranger's unverified sign-up with her address, running the pre-hijacking reset", async () => {
    const t = await startProvider();
    const created = await t.post('/passwords', { email: ADA.email, password: 'dragonfly-marmalade-41' });
    expect(created.status).toBe(200);
    const { nonce } = (await oneTapStart(t)).json.data;
    const response = await submit(t, { credential: await credentialFor(t, ADA, { nonce }), nonce });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const target = new URL(response.json.data.redirect_url);
    // An existing account: the login URL.
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URL);
    const data = (await oauthAuthenticate(t, tokenOfAppUrl(target))).json.data;
    expect(data.user_id).toBe(created.json.data.user_id);
    expect(data.account_reset).toEqual({ identifier: ADA.email, removed: ['password', 'sessions'] });
    expect(data.user.emails).toEqual([{ email_id: expect.any(String), email: ADA.email, verified: true }]);
    expectError(
      await t.call('GET', '/users/me', { sessionToken: created.json.data.session_token }),
      404,
      'session_not_found',
    );
  });

  it('needs a code_challenge by default (project.pkce.oauth), and binds the token to it', async () => {
    const t = await startProvider();
    const { nonce } = (await oneTapStart(t)).json.data;
    const credential = await credentialFor(t, ADA, { nonce });
    expectError(await submit(t, { credential, nonce, code_challenge: undefined }), 400, 'missing_pkce');
    const pkce = pkcePair();
    const response = await submit(t, { credential, nonce, code_challenge: pkce.challenge });
    const token = tokenOfAppUrl(new URL(response.json.data.redirect_url));
    expect((await oauthAuthenticate(t, token, { codeVerifier: null })).json.error_type).toBe('pkce_mismatch');
    expect((await oauthAuthenticate(t, token)).json.error_type).toBe('pkce_mismatch');
    expect((await oauthAuthenticate(t, token, { codeVerifier: pkce.verifier })).status).toBe(200);
  });

  it('binds no token to a browser when a project turns PKCE off for OAuth (with a reason)', async () => {
    const t = await startProvider({
      project: { pkce: { oauth: false, unboundReason: 'a native app finishes social sign-in in the system browser' } },
    });
    const { nonce } = (await oneTapStart(t)).json.data;
    const credential = await credentialFor(t, ADA, { nonce });
    const response = await submit(t, { credential, nonce, code_challenge: undefined });
    const token = tokenOfAppUrl(new URL(response.json.data.redirect_url));
    expect((await oauthAuthenticate(t, token, { codeVerifier: null })).status).toBe(200);
  });
});
