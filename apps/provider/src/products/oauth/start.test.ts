// `GET /v1/public/oauth/{provider}/start`: what it sends the browser to, and every start it refuses without a redirect.
import { describe, expect, it } from 'vitest';
import { errorBody, expectError } from '../../../test/expectError';
import { getStart, pkcePair, startUrl } from '../../../test/oauthSteps';
import { ORIGIN, PUBLIC_TOKEN, REDIRECT_URL, startProvider } from '../../../testing/harness';
import { OAUTH_PROVIDERS } from './config';
import { UPSTREAMS } from './upstreams';

const CALLBACK = 'http://localhost:8787/v1/public/oauth/callback';

async function errorOf(response: Response) {
  return { status: response.status, json: await response.json() };
}

describe('GET /v1/public/oauth/{provider}/start', () => {
  it.each(OAUTH_PROVIDERS)(
    'sends the browser to the %s upstream with its client, scopes, state and (where it takes it) PKCE',
    async (provider) => {
      const t = await startProvider();
      const upstream = await t.provider.config.project.oauth.developmentUpstream;
      expect(upstream.enabled).toBe(true);
      const response = await getStart(t, startUrl(provider));
      expect(response.status).toBe(302);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const location = new URL(response.headers.get('location') as string);
      // The development upstream stands in for every provider without a client: only the endpoint differs.
      expect(location.pathname).toBe('/auth');
      const query = Object.fromEntries(location.searchParams);
      const descriptor = UPSTREAMS[provider];
      expect(query).toMatchObject({
        response_type: 'code',
        client_id: `latchkey-dev-${provider}`,
        redirect_uri: CALLBACK,
        scope: descriptor.scopes.join(' '),
      });
      expect(query.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      if (descriptor.pkce) {
        expect(query.code_challenge_method).toBe('S256');
        expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      } else {
        expect(query.code_challenge).toBeUndefined();
      }
      if (descriptor.oidc) expect(query.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
      else expect(query.nonce).toBeUndefined();
      // The browser binding cookie: HttpOnly, scoped to the OAuth paths.
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(
        /^latchkey_oauth_binding=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/v1\/public\/oauth; HttpOnly; SameSite=Lax$/,
      );
      // Every start has its own state.
      const again = new URL((await getStart(t, startUrl(provider))).headers.get('location') as string);
      expect(again.searchParams.get('state')).not.toBe(query.state);
    },
  );

  it('sends the real upstream its endpoint, the configured client id and its own parameters', async () => {
    process.env.LATCHKEY_TEST_TIKTOK_SECRET = 'tiktok-secret';
    process.env.LATCHKEY_TEST_APPLE_SECRET = 'apple-secret';
    const t = await startProvider({
      project: {
        oauth: {
          clients: {
            tiktok: { clientId: 'tiktok-key', clientSecretEnv: 'LATCHKEY_TEST_TIKTOK_SECRET' },
            apple: { clientId: 'com.example.web', clientSecretEnv: 'LATCHKEY_TEST_APPLE_SECRET' },
            github: { clientId: 'Iv1.no-secret', clientSecretEnv: 'LATCHKEY_TEST_UNSET_SECRET' },
          },
        },
      },
    });
    const tiktok = new URL((await getStart(t, startUrl('tiktok'))).headers.get('location') as string);
    expect(`${tiktok.origin}${tiktok.pathname}`).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(tiktok.searchParams.get('client_key')).toBe('tiktok-key');
    expect(tiktok.searchParams.get('client_id')).toBeNull();
    expect(tiktok.searchParams.get('scope')).toBe('user.info.basic');
    const apple = new URL((await getStart(t, startUrl('apple'))).headers.get('location') as string);
    expect(`${apple.origin}${apple.pathname}`).toBe('https://appleid.apple.com/auth/authorize');
    expect(Object.fromEntries(apple.searchParams)).toMatchObject({
      client_id: 'com.example.web',
      response_mode: 'form_post',
      scope: 'name email',
    });
    // A configured client whose secret is missing from the environment cannot start.
    expectError(await errorOf(await getStart(t, startUrl('github'))), 400, 'oauth_config_not_found', {
      error_message: expect.stringContaining('clientSecretEnv'),
    });
  });

  it('answers oauth_config_not_found for a provider without a client when the development upstream is off', async () => {
    const t = await startProvider({ project: { oauth: { developmentUpstream: { enabled: false } } } });
    expectError(await errorOf(await getStart(t, startUrl('google'))), 400, 'oauth_config_not_found');
  });

  it('adds custom scopes to the defaults and passes only the safe provider parameters', async () => {
    const t = await startProvider();
    const response = await getStart(
      t,
      startUrl('google', {
        custom_scopes: 'https://www.googleapis.com/auth/drive.readonly email',
        provider_prompt: 'select_account',
        provider_login_hint: 'ada@example.com',
        provider_hd: 'example.com',
        provider_access_type: 'offline',
      }),
    );
    const query = Object.fromEntries(new URL(response.headers.get('location') as string).searchParams);
    expect(query).toMatchObject({
      scope: 'openid email profile https://www.googleapis.com/auth/drive.readonly',
      prompt: 'select_account',
      login_hint: 'ada@example.com',
      hd: 'example.com',
      access_type: 'offline',
      client_id: 'latchkey-dev-google',
      redirect_uri: CALLBACK,
    });
    for (const name of ['redirect_uri', 'client_id', 'state', 'scope', 'response_type', 'nonce', 'code_challenge']) {
      const refused = await errorOf(await getStart(t, startUrl('google', { [`provider_${name}`]: 'x' })));
      expect(refused.status).toBe(400);
      expect(refused.json.query).toEqual([
        { dataPath: `.provider_${name}`, message: expect.stringContaining('allowed: provider_access_type') },
      ]);
    }
    const badScope = await errorOf(await getStart(t, startUrl('google', { custom_scopes: 'a "quoted" scope' })));
    expect(badScope.json.query).toEqual([{ dataPath: '.custom_scopes', message: expect.any(String) }]);
  });

  it.each([
    ['an unknown provider', 'myspace', {}, 400, 'invalid_oauth_provider'],
    [
      'a wrong public token',
      'google',
      { public_token: 'public-token-test-someone-else' },
      401,
      'unauthorized_credentials',
    ],
    ['no public token', 'google', { public_token: '' }, 401, 'unauthorized_credentials'],
  ] as const)('refuses %s without a redirect', async (_name, provider, query, status, type) => {
    const t = await startProvider();
    const response = await getStart(t, startUrl(provider, query));
    expect(response.headers.get('location')).toBeNull();
    expectError(await errorOf(response), status, type);
  });

  it('refuses a provider the project does not allow', async () => {
    const t = await startProvider({ project: { oauth: { providers: ['github'] } } });
    expectError(await errorOf(await getStart(t, startUrl('google'))), 400, 'oauth_provider_not_allowed');
    expect((await getStart(t, startUrl('github'))).status).toBe(302);
  });

  const HOSTILE_REDIRECTS = [
    '//evil.com/authenticate',
    'https://evil.com/authenticate',
    'http://localhost:5173@evil.com/authenticate',
    'https://app@evil.com/authenticate',
    'http://user:pass@localhost:5173/authenticate',
    'http://localhost:5173.evil.com/authenticate',
    'http://localhost:5173/authenticate/../evil',
    'http://localhost:5173/authenticate%2F..%2Fevil',
    'http://localhost:5173%2F@evil.com/authenticate',
    'http://localhost:5173\\@evil.com/authenticate',
    'http:\\\\evil.com\\authenticate',
    'javascript:alert(1)//http://localhost:5173/authenticate',
    'data:text/html,<script>alert(1)</script>',
    'https://localhost:5173/authenticate',
    'http://localhost:5174/authenticate',
    'http://localhost:5173/authenticate-other',
    '/authenticate',
  ];

  it.each(['login_redirect_url', 'signup_redirect_url'] as const)(
    'holds %s to the allowlist exactly, answering invalid_redirect_url without a redirect',
    async (field) => {
      const t = await startProvider();
      for (const url of HOSTILE_REDIRECTS) {
        const response = await getStart(t, startUrl('google', { [field]: url }));
        expect(response.headers.get('location'), url).toBeNull();
        expect({ url, ...(await errorOf(response)) }).toEqual({
          url,
          status: 400,
          json: errorBody(400, 'invalid_redirect_url'),
        });
      }
      const allowed = await getStart(t, startUrl('google', { [field]: `${REDIRECT_URL}?next=%2Fhome` }));
      expect(allowed.status).toBe(302);
    },
  );

  it('answers no_redirect_urls_set when no URL is given and the project has none', async () => {
    const t = await startProvider({ project: { redirectUrls: [] } });
    expectError(await errorOf(await getStart(t, startUrl('google'))), 400, 'no_redirect_urls_set');
  });

  it('needs a code_challenge by default (project.pkce.oauth), and checks its form', async () => {
    const t = await startProvider();
    expectError(await errorOf(await getStart(t, startUrl('google', { code_challenge: null }))), 400, 'missing_pkce');
    const malformed = await errorOf(await getStart(t, startUrl('google', { code_challenge: 'short' })));
    expect(malformed.json.query).toEqual([{ dataPath: '.code_challenge', message: expect.any(String) }]);
    expect((await getStart(t, startUrl('google', { code_challenge: pkcePair().challenge }))).status).toBe(302);
  });

  it('refuses an unknown or wrong-provider attach token without a redirect', async () => {
    const t = await startProvider();
    expectError(
      await errorOf(await getStart(t, startUrl('google', { oauth_attach_token: 'nope' }))),
      404,
      'oauth_attach_token_not_found',
    );
  });

  it('limits starts per IP (429 with Retry-After)', async () => {
    const t = await startProvider({ rateLimits: { oauthStartsPerIp: { limit: 2, windowSeconds: 60 } } });
    expect((await getStart(t, startUrl('google'))).status).toBe(302);
    expect((await getStart(t, startUrl('google'))).status).toBe(302);
    const limited = await getStart(t, startUrl('google'));
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expectError(await errorOf(limited), 429, 'too_many_requests');
  });
});

describe('the bootstrap and CORS', () => {
  it('says whether OAuth needs PKCE and carries no client, secret or upstream detail', async () => {
    process.env.LATCHKEY_TEST_GITHUB_SECRET = 'github-client-secret-value';
    const t = await startProvider({
      project: {
        pkce: { oauth: true },
        oauth: {
          clients: { github: { clientId: 'Iv1.github-client-id', clientSecretEnv: 'LATCHKEY_TEST_GITHUB_SECRET' } },
          googleOneTap: { clientId: 'one-tap-client.apps.googleusercontent.com' },
        },
      },
    });
    const response = await t.call('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`);
    expect(response.json.data.pkce_required_for_oauth).toBe(true);
    const text = JSON.stringify(response.json);
    for (const secret of [
      'github-client-secret-value',
      'LATCHKEY_TEST_GITHUB_SECRET',
      'Iv1.github-client-id',
      'latchkey-dev',
      '127.0.0.1:',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it.each([
    '/oauth/authenticate',
    '/oauth/attach',
    '/oauth/google/onetap/start',
    '/oauth/google/onetap/submit',
    '/users/oauth/x',
  ])('answers the preflight of %s for an allowed origin only', async (path) => {
    const t = await startProvider();
    const allowed = await t.call('OPTIONS', path, { authorization: null });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const refused = await t.call('OPTIONS', path, { authorization: null, origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
