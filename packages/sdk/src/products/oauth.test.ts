import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  authenticateData,
  createTestClient,
  type FakeTransport,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  rejectionOf,
  signInWithTotp,
} from '../../test/fakes';
import { InvalidResponseError, NO_SESSION_MESSAGE, UsageError } from '../errors';
import { NO_OAUTH_VERIFIER_WARNING, OAUTH_PROVIDERS } from './oauthProviders';

const VERIFIER_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:oauth`;
const DEFAULT_HOST = 'https://test.latchkey.dev';

function startUrl(navigation: string | undefined) {
  if (!navigation) throw new Error('no navigation was recorded');
  const url = new URL(navigation);
  return { url, query: Object.fromEntries(url.searchParams), keys: [...url.searchParams.keys()] };
}

/** The events the client sent to `POST /events` so far. */
function sentEvents(transport: FakeTransport): { event_name: string; details: Record<string, unknown> }[] {
  return transport
    .find('POST', '/events')
    .flatMap((request) => (request.body as { event: never }[]).map((item) => item.event));
}

describe('oauth.{provider}.start', () => {
  it('lists the nineteen providers of the specification, in order', () => {
    expect(OAUTH_PROVIDERS).toEqual([
      'google',
      'microsoft',
      'apple',
      'github',
      'gitlab',
      'facebook',
      'discord',
      'salesforce',
      'slack',
      'amazon',
      'bitbucket',
      'linkedin',
      'coinbase',
      'twitch',
      'twitter',
      'tiktok',
      'snapchat',
      'figma',
      'yahoo',
    ]);
  });

  it.each(OAUTH_PROVIDERS)(
    '%s navigates to the API host start URL, outside /sdk/v1, with only the public token',
    async (provider) => {
      const { client, browser, transport } = createTestClient();
      await client.oauth[provider].start();
      expect(browser.navigations).toEqual([
        `${DEFAULT_HOST}/v1/public/oauth/${provider}/start?public_token=${PUBLIC_TOKEN}`,
      ]);
      expect(transport.calls).toEqual([]);
      expect(browser.values.has(VERIFIER_KEY)).toBe(false);
    },
  );

  it.each(OAUTH_PROVIDERS)('%s uses https://{cname_domain} when bootstrap has one', async (provider) => {
    const { client, browser } = createTestClient({ bootstrap: { cname_domain: 'login.example.com' } });
    await client.oauth[provider].start();
    const { url } = startUrl(browser.navigations[0]);
    expect(`${url.origin}${url.pathname}`).toBe(`https://login.example.com/v1/public/oauth/${provider}/start`);
  });

  it.each(['evil.example/steal?x=', 'user@evil.example', 'login.example.com#x', 'login example.com', ''])(
    'ignores a cname_domain that is not a host name (%j): the start URL stays on the API host',
    async (cname) => {
      const { client, browser } = createTestClient({ bootstrap: { cname_domain: cname } });
      await client.oauth.google.start();
      const { url } = startUrl(browser.navigations[0]);
      expect(`${url.origin}${url.pathname}`).toBe(`${DEFAULT_HOST}/v1/public/oauth/google/start`);
    },
  );

  it('keeps the scheme, port and path prefix of apiBaseUrl', async () => {
    const { client, browser } = createTestClient({ options: { apiBaseUrl: 'http://127.0.0.1:8787/base' } });
    await client.oauth.github.start();
    expect(browser.navigations[0]).toBe(
      `http://127.0.0.1:8787/base/v1/public/oauth/github/start?public_token=${PUBLIC_TOKEN}`,
    );
  });

  it('sends every option as the contract names it, in the observed order', async () => {
    const { client, browser } = createTestClient();
    await client.oauth.google.start({
      login_redirect_url: 'https://app.example.com/authenticate?x=1',
      signup_redirect_url: 'https://app.example.com/welcome',
      custom_scopes: ['a', 'b'],
      provider_params: { prompt: 'select_account', login_hint: 'ada@example.com' },
      oauth_attach_token: 'oauth-attach-token-1',
    });
    const navigation = browser.navigations[0] ?? '';
    expect(navigation).toContain('custom_scopes=a+b&provider_prompt=select_account');
    const { query, keys } = startUrl(navigation);
    expect(keys).toEqual([
      'public_token',
      'custom_scopes',
      'provider_prompt',
      'provider_login_hint',
      'login_redirect_url',
      'signup_redirect_url',
      'oauth_attach_token',
    ]);
    expect(query).toEqual({
      public_token: PUBLIC_TOKEN,
      custom_scopes: 'a b',
      provider_prompt: 'select_account',
      provider_login_hint: 'ada@example.com',
      login_redirect_url: 'https://app.example.com/authenticate?x=1',
      signup_redirect_url: 'https://app.example.com/welcome',
      oauth_attach_token: 'oauth-attach-token-1',
    });
  });

  it('with PKCE required, sends the S256 challenge of a verifier it stores for the oauth flow', async () => {
    const { client, browser } = createTestClient({ bootstrap: { pkce_required_for_oauth: true } });
    await client.oauth.apple.start();
    const { query, keys } = startUrl(browser.navigations[0]);
    expect(keys).toEqual(['public_token', 'code_challenge']);
    const stored = JSON.parse(browser.values.get(VERIFIER_KEY) ?? 'null');
    expect(stored.code_verifier).toMatch(/^[0-9a-f]{128}$/);
    const expected = createHash('sha256').update(stored.code_verifier).digest('base64url');
    expect(query.code_challenge).toBe(expected);
    expect(stored.code_challenge).toBe(expected);
  });

  it("sends 'start_oauth_flow' with the contract's details to /events", async () => {
    const { client, transport } = createTestClient({
      bootstrap: { cname_domain: 'login.example.com', pkce_required_for_oauth: true },
    });
    await client.oauth.slack.start({ custom_scopes: ['users:read'], provider_params: { team: 'T1' } });
    await client.events.flush();
    expect(sentEvents(transport).find((event) => event.event_name === 'start_oauth_flow')?.details).toEqual({
      provider_type: 'slack',
      custom_scopes: ['users:read'],
      cname_domain: 'login.example.com',
      pkce: true,
      provider_params: { team: 'T1' },
    });
  });

  it.each([
    [{ custom_scopes: 'openid' }, 'custom_scopes must be an array of strings'],
    [{ custom_scopes: ['a', 1] }, 'custom_scopes must be an array of strings'],
    [{ login_redirect_url: 1 }, 'login_redirect_url must be a string'],
    [{ signup_redirect_url: false }, 'signup_redirect_url must be a string'],
    [{ provider_params: 'prompt=x' }, 'provider_params must be an object'],
    [{ provider_params: { prompt: 1 } }, 'provider_params values must be strings'],
    [{ oauth_attach_token: 7 }, 'oauth_attach_token must be a string'],
    ['google', 'options must be an object'],
  ])('rejects bad options %j without navigating', async (options, reason) => {
    const { client, browser, transport } = createTestClient({ bootstrap: { pkce_required_for_oauth: true } });
    const error = await rejectionOf(client.oauth.google.start(options as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`Invalid call to oauth.google.start: ${reason}`);
    expect(browser.navigations).toEqual([]);
    expect(browser.values.has(VERIFIER_KEY)).toBe(false);
    expect(transport.calls).toEqual([]);
  });
});

describe('oauth.getStartUrl', () => {
  it('returns the start URL without navigating or logging', async () => {
    const { client, browser, transport } = createTestClient();
    const url = await client.oauth.getStartUrl('twitch', { custom_scopes: ['user:read:email'] });
    expect(url).toBe(
      `${DEFAULT_HOST}/v1/public/oauth/twitch/start?public_token=${PUBLIC_TOKEN}&custom_scopes=user%3Aread%3Aemail`,
    );
    expect(browser.navigations).toEqual([]);
    await client.events.flush();
    expect(sentEvents(transport).map((event) => event.event_name)).not.toContain('start_oauth_flow');
  });

  it('stores the verifier whose challenge the URL carries', async () => {
    const { client, browser } = createTestClient({ bootstrap: { pkce_required_for_oauth: true } });
    const { query } = startUrl(await client.oauth.getStartUrl('yahoo'));
    const stored = JSON.parse(browser.values.get(VERIFIER_KEY) ?? 'null');
    expect(query.code_challenge).toBe(createHash('sha256').update(stored.code_verifier).digest('base64url'));
  });

  it('rejects an unknown provider', async () => {
    const { client } = createTestClient();
    const error = await rejectionOf(client.oauth.getStartUrl('myspace' as never));
    expect(error.message).toBe(
      `Invalid call to oauth.getStartUrl: provider must be one of ${OAUTH_PROVIDERS.join(', ')}`,
    );
  });
});

describe('oauth.authenticate', () => {
  it('sends the token and the stored verifier, stores the session, strips __user and clears the verifier', async () => {
    const { client, browser, transport } = createTestClient({ bootstrap: { pkce_required_for_oauth: true } });
    await client.oauth.google.start();
    const { code_verifier } = JSON.parse(browser.values.get(VERIFIER_KEY) ?? 'null');
    transport.on(
      'POST',
      '/oauth/authenticate',
      ok(authenticateData({ provider_type: 'google', provider_subject: 'sub-1', __user: makeUser() })),
    );

    const response = await client.oauth.authenticate('oauth-token-1', { session_duration_minutes: 60 });

    expect(transport.last().method).toBe('POST');
    expect(transport.last().path).toBe('/oauth/authenticate');
    expect(transport.last().body).toEqual({ token: 'oauth-token-1', code_verifier, session_duration_minutes: 60 });
    expect(response.provider_subject).toBe('sub-1');
    expect(response).not.toHaveProperty('__user');
    expect(browser.values.has(VERIFIER_KEY)).toBe(false);
    expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it('keeps the verifier when the call fails, so the user can retry', async () => {
    const { client, browser, transport } = createTestClient({ bootstrap: { pkce_required_for_oauth: true } });
    await client.oauth.google.start();
    transport.on('POST', '/oauth/authenticate', { status: 500, text: 'boom' });
    await rejectionOf(client.oauth.authenticate('oauth-token-1', { session_duration_minutes: 60 }));
    expect(browser.values.has(VERIFIER_KEY)).toBe(true);
  });

  it('warns and still sends, without code_verifier, when PKCE is required and no verifier is stored', async () => {
    const { client, browser, transport } = createTestClient({ bootstrap: { pkce_required_for_oauth: true } });
    await client.bootstrap.getAsync();
    transport.on('POST', '/oauth/authenticate', ok(authenticateData()));
    await client.oauth.authenticate('oauth-token-1', { session_duration_minutes: 30 });
    expect(transport.last().body).toEqual({ token: 'oauth-token-1', session_duration_minutes: 30 });
    expect(browser.logs.warn).toContainEqual([NO_OAUTH_VERIFIER_WARNING]);
  });

  it('does not warn when PKCE is off', async () => {
    const { client, browser, transport } = createTestClient();
    await client.bootstrap.getAsync();
    transport.on('POST', '/oauth/authenticate', ok(authenticateData()));
    await client.oauth.authenticate('oauth-token-1', { session_duration_minutes: 30 });
    expect(browser.logs.warn).not.toContainEqual([NO_OAUTH_VERIFIER_WARNING]);
  });

  it.each([
    [1, { session_duration_minutes: 30 }, 'token must be a string'],
    ['t', {}, 'session_duration_minutes must be a number'],
    ['t', { session_duration_minutes: '30' }, 'session_duration_minutes must be a number'],
    ['t', undefined, 'session_duration_minutes must be a number'],
  ])('rejects (%j, %j) without a request', async (token, options, reason) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.oauth.authenticate(token as never, options as never));
    expect(error.message).toBe(`Invalid call to oauth.authenticate: ${reason}`);
    expect(transport.calls).toEqual([]);
  });
});

describe('oauth.attach', () => {
  it('asks for an attach token for the signed-in user', async () => {
    const setup = createTestClient();
    await signInWithTotp(setup);
    setup.transport.on('POST', '/oauth/attach', ok({ oauth_attach_token: 'oauth-attach-token-1' }));
    const response = await setup.client.oauth.attach('github');
    expect(setup.transport.last()).toMatchObject({
      method: 'POST',
      path: '/oauth/attach',
      body: { provider: 'github' },
    });
    expect(response.oauth_attach_token).toBe('oauth-attach-token-1');
  });

  it('needs a local session and sends nothing without one', async () => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.oauth.attach('github'));
    expect(error.message).toBe(NO_SESSION_MESSAGE);
    expect(transport.calls).toEqual([]);
  });

  it('needs a provider string', async () => {
    const { client } = createTestClient();
    const error = await rejectionOf(client.oauth.attach(undefined as never));
    expect(error.message).toBe('Invalid call to oauth.attach: provider must be a string');
  });
});

describe('oauth.googleOneTap', () => {
  const CREDENTIAL = 'eyJhbGciOiJSUzI1NiJ9.e30.sig';
  const REDIRECT = 'https://app.example.com/authenticate?stytch_token_type=oauth&token=oauth-token-1';

  it('start asks the provider for the Google client id and a nonce, with the redirect URLs', async () => {
    const { client, transport } = createTestClient();
    transport.on(
      'POST',
      '/oauth/google/onetap/start',
      ok({ google_client_id: 'client-1.apps.googleusercontent.com', nonce: 'nonce-1' }),
    );
    const response = await client.oauth.googleOneTap.start({
      login_redirect_url: 'https://app.example.com/authenticate',
      signup_redirect_url: 'https://app.example.com/welcome',
    });
    expect(transport.last()).toMatchObject({
      method: 'POST',
      path: '/oauth/google/onetap/start',
      body: {
        login_redirect_url: 'https://app.example.com/authenticate',
        signup_redirect_url: 'https://app.example.com/welcome',
      },
    });
    expect(response).toMatchObject({ google_client_id: 'client-1.apps.googleusercontent.com', nonce: 'nonce-1' });
  });

  it('start without options sends no redirect URL (the project defaults apply)', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/oauth/google/onetap/start', ok({ google_client_id: 'c', nonce: 'n' }));
    await client.oauth.googleOneTap.start();
    expect(transport.last().body).toEqual({});
  });

  it('submit sends the credential and nonce, then sends the browser to the redirect URL it answers', async () => {
    const { client, browser, transport } = createTestClient();
    transport.on('POST', '/oauth/google/onetap/submit', ok({ redirect_url: REDIRECT }));
    const response = await client.oauth.googleOneTap.submit({
      credential: CREDENTIAL,
      nonce: 'nonce-1',
      login_redirect_url: 'https://app.example.com/authenticate',
    });
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/oauth/google/onetap/submit' });
    expect(transport.last().body).toEqual({
      credential: CREDENTIAL,
      nonce: 'nonce-1',
      login_redirect_url: 'https://app.example.com/authenticate',
    });
    expect(response.redirect_url).toBe(REDIRECT);
    expect(browser.navigations).toEqual([REDIRECT]);
    expect(browser.values.has(VERIFIER_KEY)).toBe(false);
  });

  it('submit with { navigate: false } only answers the URL', async () => {
    const { client, browser, transport } = createTestClient();
    transport.on('POST', '/oauth/google/onetap/submit', ok({ redirect_url: REDIRECT }));
    const response = await client.oauth.googleOneTap.submit(
      { credential: CREDENTIAL, nonce: 'n' },
      { navigate: false },
    );
    expect(response.redirect_url).toBe(REDIRECT);
    expect(browser.navigations).toEqual([]);
  });

  it('with PKCE required, submit sends the S256 challenge of a verifier it stores for the oauth flow', async () => {
    const { client, browser, transport } = createTestClient({ bootstrap: { pkce_required_for_oauth: true } });
    transport.on('POST', '/oauth/google/onetap/submit', ok({ redirect_url: REDIRECT }));
    await client.oauth.googleOneTap.submit({ credential: CREDENTIAL, nonce: 'nonce-1' });
    const stored = JSON.parse(browser.values.get(VERIFIER_KEY) ?? 'null');
    const body = transport.last().body as Record<string, unknown>;
    expect(body.code_challenge).toBe(createHash('sha256').update(stored.code_verifier).digest('base64url'));

    // The redirect's token is then authenticated with that verifier.
    transport.on('POST', '/oauth/authenticate', ok(authenticateData()));
    await client.oauth.authenticate('oauth-token-1', { session_duration_minutes: 30 });
    expect(transport.last().body).toEqual({
      token: 'oauth-token-1',
      code_verifier: stored.code_verifier,
      session_duration_minutes: 30,
    });
  });

  // A tampered answer must not run script in the app's origin.
  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'not a URL'])(
    'submit refuses the answer %j and navigates nowhere',
    async (redirect_url) => {
      const { client, browser, transport } = createTestClient();
      transport.on('POST', '/oauth/google/onetap/submit', ok({ redirect_url }));
      const error = await rejectionOf(client.oauth.googleOneTap.submit({ credential: CREDENTIAL, nonce: 'n' }));
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error.message).toBe('Invalid response from our servers.');
      expect(browser.navigations).toEqual([]);
    },
  );

  it('a refused submit navigates nowhere', async () => {
    const { client, browser, transport } = createTestClient();
    transport.on('POST', '/oauth/google/onetap/submit', apiError(400, 'oauth_config_not_found'));
    const error = await rejectionOf(client.oauth.googleOneTap.submit({ credential: CREDENTIAL, nonce: 'n' }));
    expect(error).toMatchObject({ error_type: 'oauth_config_not_found' });
    expect(browser.navigations).toEqual([]);
  });

  it.each([
    ['start', 'google', 'options must be an object'],
    ['start', { login_redirect_url: 1 }, 'login_redirect_url must be a string'],
    ['start', { signup_redirect_url: [] }, 'signup_redirect_url must be a string'],
    ['submit', undefined, 'request must be an object'],
    ['submit', { nonce: 'n' }, 'credential must be a string'],
    ['submit', { credential: 'c' }, 'nonce must be a string'],
    ['submit', { credential: 'c', nonce: 'n', login_redirect_url: 7 }, 'login_redirect_url must be a string'],
  ])('%s rejects %j without a request', async (method, argument, reason) => {
    const { client, transport } = createTestClient();
    const call = client.oauth.googleOneTap[method as 'start'];
    const error = await rejectionOf(call(argument as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`Invalid call to oauth.googleOneTap.${method}: ${reason}`);
    expect(transport.calls).toEqual([]);
  });
});
