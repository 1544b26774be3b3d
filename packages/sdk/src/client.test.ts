import { describe, expect, it, vi } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import {
  apiError,
  authenticateData,
  createTestClient,
  FakeBrowser,
  FakeTransport,
  ok,
  PUBLIC_TOKEN,
} from '../test/fakes';
import { createClient } from './client';
import { UsageError } from './errors';
import { SDK_VERSION } from './version';

describe('createClient', () => {
  it('on the server, where there is no browser, returns an inert client (serverClient.test.ts)', () => {
    expect(typeof window).toBe('undefined');
    const client = createClient(PUBLIC_TOKEN);
    expect(client.session.getSnapshot()).toEqual({ session: null, user: null, fromCache: true });
    client.destroy();
  });

  it('warns, but works, when the token does not start with public-token-', () => {
    const { browser } = createTestClient({ publicToken: 'pk_wrong_token' });
    expect(browser.logs.warn.flat().join(' ')).toContain('does not start with "public-token-"');
  });

  it('warns when a second client is created for the same token', () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport();
    createTestClient({ browser, transport });
    expect(browser.logs.warn).toHaveLength(0);
    createTestClient({ browser, transport });
    expect(browser.logs.warn.flat().join(' ')).toContain("It looks like you're creating multiple copies of the client");
  });

  it('does not warn again after the first client was destroyed', () => {
    const first = createTestClient();
    first.client.destroy();
    const second = createTestClient();
    expect(second.browser.logs.warn).toHaveLength(0);
  });

  it.each([
    [42, {}, 'publicToken must be a string'],
    [PUBLIC_TOKEN, { apiBaseUrl: 8787 }, 'apiBaseUrl must be a string'],
    [PUBLIC_TOKEN, { cookieOptions: { path: 1 } }, 'cookieOptions.path must be a string'],
    [
      PUBLIC_TOKEN,
      { cookieOptions: { opaqueTokenCookieName: null } },
      'cookieOptions.opaqueTokenCookieName must be a string',
    ],
    [PUBLIC_TOKEN, { apiBaseUrl: 'localhost:8787' }, 'apiBaseUrl must be an absolute http(s) URL'],
  ])('refuses bad arguments (%j, %j) with a usage error', (token, options, reason) => {
    const attempt = () =>
      createClient(token as string, { ...(options as object), environment: new FakeBrowser().tab() });
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(`Invalid call to createClient: ${reason}`);
  });

  it('sends calls to apiBaseUrl exactly as given', async () => {
    const transport = new FakeTransport();
    createTestClient({ transport, options: { apiBaseUrl: 'http://127.0.0.1:8787/auth' } });
    await vi.waitFor(() => expect(transport.requests.length).toBeGreaterThan(0));
    expect(transport.requests[0]?.url).toBe(`http://127.0.0.1:8787/auth/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`);
  });

  it('reports the version of package.json', () => {
    expect(SDK_VERSION).toBe(packageJson.version);
  });
});

describe('authenticateByUrl (redirect parameters)', () => {
  const page = (query: string) =>
    new FakeBrowser(`http://localhost:3000`).tab({
      location: {
        hostname: 'localhost',
        origin: 'http://localhost:3000',
        href: `http://localhost:3000/authenticate?${query}#top`,
      },
    });

  it.each([
    ['magic_links', '/magic_links/authenticate'],
    ['login', '/magic_links/authenticate'],
    ['oauth', '/oauth/authenticate'],
  ])('authenticates a %s token with %s and removes it from the address bar', async (tokenType, path) => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport().on('POST', path, ok(authenticateData()));
    const env = page(`stytch_token_type=${tokenType}&token=tok-123&next=%2Fhome`);
    const { client } = createTestClient({ browser, transport, env: { location: env.location! } });
    const result = await client.authenticateByUrl({ session_duration_minutes: 30 });
    expect(result).toMatchObject({ tokenType, token: 'tok-123', handled: true });
    expect(transport.last()).toMatchObject({ path, body: { token: 'tok-123', session_duration_minutes: 30 } });
    expect(browser.replacedUrls).toEqual(['http://localhost:3000/authenticate?next=%2Fhome#top']);
  });

  it('removes the token before the request is answered, and again if the page URL carried it again meanwhile', async () => {
    const browser = new FakeBrowser();
    const env = page('stytch_token_type=magic_links&token=tok-123');
    const location = env.location!;
    let hrefWhileSent = '';
    const transport = new FakeTransport().on('POST', '/magic_links/authenticate', () => {
      hrefWhileSent = location.href;
      // The app's router rewrites the URL while the request is out, the token in it again (a hash route added).
      location.href = 'http://localhost:3000/authenticate?stytch_token_type=magic_links&token=tok-123#/';
      return ok(authenticateData());
    });
    const { client } = createTestClient({ browser, transport, env: { location } });
    await client.authenticateByUrl({ session_duration_minutes: 30 });
    expect(hrefWhileSent).toBe('http://localhost:3000/authenticate#top');
    expect(location.href).toBe('http://localhost:3000/authenticate#/');
    expect(browser.replacedUrls).toEqual([
      'http://localhost:3000/authenticate#top',
      'http://localhost:3000/authenticate#/',
    ]);
  });

  it('sends an impersonation token to impersonation.authenticate', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport().on('POST', '/impersonation/authenticate', ok(authenticateData()));
    const env = page('stytch_token_type=impersonation&token=imp-1');
    const { client } = createTestClient({ browser, transport, env: { location: env.location! } });
    await client.authenticateByUrl({ session_duration_minutes: 30 });
    expect(transport.last().body).toMatchObject({ impersonation_token: 'imp-1' });
  });

  it('removes a token from the address bar even when the provider refuses it', async () => {
    const browser = new FakeBrowser();
    const transport = new FakeTransport().on(
      'POST',
      '/magic_links/authenticate',
      apiError(401, 'unable_to_auth_magic_link'),
    );
    const env = page('stytch_token_type=magic_links&token=used');
    const { client } = createTestClient({ browser, transport, env: { location: env.location! } });
    await expect(client.authenticateByUrl({ session_duration_minutes: 30 })).rejects.toMatchObject({
      error_type: 'unable_to_auth_magic_link',
    });
    expect(browser.replacedUrls).toEqual(['http://localhost:3000/authenticate#top']);
  });

  it('hands a reset_password token back unconsumed, and answers null without a token', async () => {
    const browser = new FakeBrowser();
    const env = page('stytch_token_type=reset_password&token=reset-1');
    const { client, transport } = createTestClient({ browser, env: { location: env.location! } });
    await expect(client.authenticateByUrl({ session_duration_minutes: 30 })).resolves.toEqual({
      tokenType: 'reset_password',
      token: 'reset-1',
      handled: false,
    });
    await expect(
      client.authenticateByUrl({ session_duration_minutes: 30 }, 'http://localhost:3000/?q=1'),
    ).resolves.toBeNull();
    expect(transport.calls).toHaveLength(0);
    expect(browser.replacedUrls).toHaveLength(0);
  });

  it('checks its arguments', async () => {
    const { client } = createTestClient();
    await expect(client.authenticateByUrl({} as never)).rejects.toThrow(
      'Invalid call to authenticateByUrl: session_duration_minutes must be a number',
    );
  });
});
