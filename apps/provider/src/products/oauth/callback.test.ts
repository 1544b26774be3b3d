// The whole redirect flow against the development upstream over real HTTP: the callback, the token and
// `oauth/authenticate`, and every way the flow fails (cancel, state mismatch, replays, PKCE).
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { errorBody, expectError } from '../../../test/expectError';
import {
  completeFlow,
  getStart,
  oauthAuthenticate,
  pkcePair,
  providerFetch,
  signInAt,
  startUrl,
  tokenOfAppUrl,
} from '../../../test/oauthSteps';
import { REDIRECT_URL, startProvider, type TestProvider } from '../../../testing/harness';
import { completeAtDevelopmentUpstream } from '../../../testing/oauthUpstream';
import { OAUTH_PROVIDERS } from './config';
import { identityClaims } from './developmentUpstream/testIdentities';
import { developmentProfile, mapProfile } from './profiles';
import { OTHER_BROWSER_SIGN_IN } from './routes';
import { UPSTREAMS } from './upstreams';

const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' };
const SIGNUP_URL = 'http://127.0.0.1:5173/authenticate';

describe('the redirect flow', () => {
  it.each(['google', 'apple', 'github', 'gitlab', 'discord', 'salesforce', 'yahoo'] as const)(
    'signs a new %s user up (signup URL) and signs them in again (login URL), with provider values',
    async (provider) => {
      const t = await startProvider();
      const query = { login_redirect_url: REDIRECT_URL, signup_redirect_url: SIGNUP_URL };
      const first = await signInAt(t, provider, ADA, query);
      expect(`${first.appUrl.origin}${first.appUrl.pathname}`).toBe(SIGNUP_URL);
      const response = await oauthAuthenticate(t, first.token);
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      const data = response.json.data;
      expect(data.provider_type).toBe(provider);
      expect(data.provider_subject).toMatch(/.+/);
      expect(data.provider_values).toEqual({
        access_token: expect.stringMatching(/.+/),
        // Only OpenID Connect upstreams send (verified) ID tokens.
        id_token: UPSTREAMS[provider].oidc ? expect.stringMatching(/^ey/) : '',
        refresh_token: expect.any(String),
        scopes: expect.any(Array),
        expires_at: expect.stringMatching(/^\d{4}-/),
      });
      expect(data.user.emails).toEqual([{ email_id: expect.any(String), email: ADA.email, verified: true }]);
      // Apple's ID token carries no name (Apple posts it once, outside the token).
      if (provider !== 'apple') expect(data.user.name).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
      expect(data.user.providers).toEqual([
        {
          oauth_user_registration_id: expect.stringMatching(/^oauth-user-registration-test-/),
          provider_subject: data.provider_subject,
          provider_type: provider,
          profile_picture_url: expect.any(String),
          locale: expect.any(String),
        },
      ]);
      const registrationId = data.user.providers[0].oauth_user_registration_id;
      expect(data.session.authentication_factors).toEqual([
        {
          type: 'oauth',
          delivery_method: `oauth_${provider}`,
          last_authenticated_at: expect.any(String),
          [`${provider}_oauth_factor`]: {
            id: registrationId,
            email_id: data.user.emails[0].email_id,
            provider_subject: data.provider_subject,
          },
        },
      ]);
      expect(data.session_token).toMatch(/.+/);

      const second = await signInAt(t, provider, ADA, query);
      expect(`${second.appUrl.origin}${second.appUrl.pathname}`).toBe(REDIRECT_URL);
      const again = await oauthAuthenticate(t, second.token);
      expect(again.json.data.user_id).toBe(data.user_id);
      expect(again.json.data.user.providers).toHaveLength(1);
    },
  );

  it.each(OAUTH_PROVIDERS)(
    'completes a %s sign-up and a returning sign-in through the upstream over HTTP, the email as the upstream asserts it',
    async (provider) => {
      const t = await startProvider();
      const identity = { email: `ada.${provider}@example.com`, name: 'Ada Lovelace' };
      const first = await signInAt(t, provider, identity);
      const data = (await oauthAuthenticate(t, first.token)).json.data;
      expect(data.provider_type).toBe(provider);
      expect(data.session.authentication_factors[0].delivery_method).toBe(`oauth_${provider}`);
      const email = mapProfile(provider, developmentProfile(provider, identityClaims(identity)));
      expect(data.user.emails).toEqual(
        email.email === null
          ? []
          : [{ email_id: expect.any(String), email: identity.email, verified: email.emailVerified }],
      );
      const again = (await oauthAuthenticate(t, (await signInAt(t, provider, identity)).token)).json.data;
      expect(again.user_id).toBe(data.user_id);
      expect(again.user.providers).toHaveLength(1);
    },
  );

  it('sends the user who cancels at the upstream back with a token that answers oauth_flow_callback_error, in a plain sentence', async () => {
    const t = await startProvider();
    const appUrl = await completeFlow(t, startUrl('google'), 'cancel');
    expect(`${appUrl.origin}${appUrl.pathname}`).toBe(REDIRECT_URL);
    const token = tokenOfAppUrl(appUrl);
    const response = await oauthAuthenticate(t, token);
    expect(response.status).toBe(400);
    // What happened in words the user can read: never the protocol's `access_denied`.
    expect(response.json).toEqual(
      errorBody(
        400,
        'oauth_flow_callback_error',
        'You cancelled signing in with Google, so you are not signed in. You can try again or choose another way.',
      ),
    );
    // An error token is single use too.
    expectError(await oauthAuthenticate(t, token), 404, 'oauth_token_not_found');
  });

  it('refuses a callback in another browser than the start (state bound to the browser)', async () => {
    const t = await startProvider();
    const forward = providerFetch(t);
    const appUrl = await completeAtDevelopmentUpstream(startUrl('google'), ADA, {
      // The attacker's callback URL opened in the victim's browser: no binding cookie of that start.
      fetch: (request) => {
        if (!new URL(request.url).pathname.endsWith('/callback')) return forward(request);
        const headers = new Headers(request.headers);
        headers.set('cookie', 'latchkey_oauth_binding=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
        return forward(new Request(request.url, { headers }));
      },
    });
    const response = await oauthAuthenticate(t, tokenOfAppUrl(appUrl));
    expect(response.json).toEqual(
      errorBody(400, 'oauth_flow_callback_error', expect.stringContaining('state mismatch') as unknown as string),
    );
  });

  it('counts callbacks from another browser against the per-IP limit of the starts: replays cannot fill the tokens table', async () => {
    const t = await startProvider({ rateLimits: { oauthStartsPerIp: { limit: 4, windowSeconds: 60 } } });
    const forward = providerFetch(t);
    let unbound: Request | null = null;
    // The start (1) and its callback without the binding cookie (2): an error token, the transaction left live.
    await completeAtDevelopmentUpstream(startUrl('google'), ADA, {
      fetch: (request) => {
        if (!new URL(request.url).pathname.endsWith('/callback')) return forward(request);
        unbound = new Request(request.url);
        return forward(unbound.clone());
      },
    });
    const replay = () => forward((unbound as unknown as Request).clone());
    expect((await replay()).status).toBe(302);
    expect((await replay()).status).toBe(302);
    const refused = await replay();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error_type: string }).error_type).toBe('too_many_requests');
    const tokens = await t.provider.database.db.selectFrom('oauth_tokens').select('token_id').execute();
    expect(tokens).toHaveLength(3);
  });

  it('answers an unknown or replayed state with a 400 page, never a redirect', async () => {
    const t = await startProvider();
    const unknown = await t.provider.fetch(
      new Request('http://localhost:8787/v1/public/oauth/callback?state=made-up&code=x'),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unknown.text()).toContain('This sign-in can no longer be completed');
    // Replaying the upstream's callback URL: the transaction was used.
    let callbackRequest: Request | null = null;
    const forward = providerFetch(t);
    await completeAtDevelopmentUpstream(startUrl('google'), ADA, {
      fetch: (request) => {
        if (new URL(request.url).pathname.endsWith('/callback')) callbackRequest = request.clone();
        return forward(request);
      },
    });
    const replay = await t.provider.fetch(callbackRequest as unknown as Request);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('location')).toBeNull();
  });

  it('answers the state of an expired transaction (10 minutes) with the 400 page', async () => {
    const t = await startProvider();
    const start = await getStart(t, startUrl('google'));
    const state = new URL(start.headers.get('location') as string).searchParams.get('state');
    t.clock.advance(10 * 60_000);
    const late = await t.provider.fetch(
      new Request(`http://localhost:8787/v1/public/oauth/callback?state=${state}&code=x`, {
        headers: { cookie: (start.headers.get('set-cookie') ?? '').split(';')[0] as string },
      }),
    );
    expect(late.status).toBe(400);
  });

  it('answers oauth_token_not_found for a replayed, expired or unknown token', async () => {
    const t = await startProvider();
    const { token } = await signInAt(t, 'google', ADA);
    expect((await oauthAuthenticate(t, token)).status).toBe(200);
    expectError(await oauthAuthenticate(t, token), 404, 'oauth_token_not_found');
    const late = await signInAt(t, 'google', ADA);
    t.clock.advance(10 * 60_000);
    expectError(await oauthAuthenticate(t, late.token), 404, 'oauth_token_not_found');
    expectError(await oauthAuthenticate(t, 'x'.repeat(43)), 404, 'oauth_token_not_found');
  });

  it('starts exactly one session from fifty parallel redemptions of one token', async () => {
    const t = await startProvider();
    const { token } = await signInAt(t, 'google', ADA);
    const answers = await Promise.all(Array.from({ length: 50 }, () => oauthAuthenticate(t, token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.status !== 200)) {
      expect(answer.json.error_type).toBe('oauth_token_not_found');
    }
    const db = t.provider.database.db;
    expect(await db.selectFrom('sessions').select('session_id').execute()).toHaveLength(1);
  });

  it('binds the token to the PKCE challenge of the start: no or a wrong verifier is pkce_mismatch', async () => {
    const t = await startProvider();
    const pkce = pkcePair();
    const { token } = await signInAt(t, 'google', ADA, { code_challenge: pkce.challenge });
    const otherBrowser = { error_message: OTHER_BROWSER_SIGN_IN };
    expectError(await oauthAuthenticate(t, token, { codeVerifier: null }), 400, 'pkce_mismatch', otherBrowser);
    expectError(
      await oauthAuthenticate(t, token, { codeVerifier: pkcePair().verifier }),
      400,
      'pkce_mismatch',
      otherBrowser,
    );
    const response = await oauthAuthenticate(t, token, { codeVerifier: pkce.verifier });
    expect(response.status).toBe(200);
  });

  it('keeps no upstream token, state, verifier, nonce or oauth token in clear in the database', async () => {
    const t = await startProvider();
    const secrets: string[] = [];
    const realFetch = globalThis.fetch;
    // Watch the provider's own HTTP to the upstream: the code exchange's verifier and the tokens it got back.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const body = request.method === 'POST' ? await request.clone().text() : '';
      const response = await realFetch(request);
      if (request.url.endsWith('/token')) {
        secrets.push(new URLSearchParams(body).get('code_verifier') ?? '');
        const tokens = (await response.clone().json()) as Record<string, string>;
        secrets.push(tokens.access_token ?? '', tokens.id_token ?? '', tokens.refresh_token ?? '');
      }
      return response;
    }) as typeof fetch;
    let appUrl: URL;
    let authorize: URL | null = null;
    const forward = providerFetch(t);
    try {
      appUrl = await completeAtDevelopmentUpstream(startUrl('google'), ADA, {
        fetch: async (request) => {
          const response = await forward(request);
          const location = response.headers.get('location');
          if (location?.includes('/auth?')) authorize = new URL(location);
          return response;
        },
      });
    } finally {
      globalThis.fetch = realFetch;
    }
    const token = tokenOfAppUrl(appUrl);
    const state = (authorize as unknown as URL).searchParams.get('state') as string;
    const nonce = (authorize as unknown as URL).searchParams.get('nonce') as string;
    secrets.push(token, state, nonce);
    expect(secrets.filter((secret) => secret.length >= 20)).toHaveLength(secrets.length);
    const dump = await databaseText(t);
    for (const secret of secrets) expect(dump).not.toContain(secret);
    // The provider values still come back once, decrypted.
    const response = await oauthAuthenticate(t, token);
    expect(secrets).toContain(response.json.data.provider_values.access_token);
  });
});

/** Every table, as JSON text: to look for a secret anywhere in the database. */
async function databaseText(t: TestProvider): Promise<string> {
  const db = t.provider.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = [
    'oauth_transactions',
    'oauth_tokens',
    'oauth_registrations',
    'oauth_attach_tokens',
    'oauth_onetap_nonces',
    'users',
    'emails',
    'sessions',
    'rate_limits',
  ];
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  return JSON.stringify(rows);
}
