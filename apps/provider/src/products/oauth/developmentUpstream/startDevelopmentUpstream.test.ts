import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { OAuthProvider } from '@latchkey/sdk/contract';
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, completeAtDevelopmentUpstream, type DevelopmentIdentity } from '../../../../testing/oauthUpstream';
import { mapProfile } from '../profiles';
import { createLazyDevelopmentUpstream } from './lazyDevelopmentUpstream';
import { type DevelopmentUpstream, startDevelopmentUpstream } from './startDevelopmentUpstream';
import { subjectForEmail } from './testIdentities';

const PROVIDER_ORIGIN = 'http://localhost:8787';
const CALLBACK = `${PROVIDER_ORIGIN}/v1/public/oauth/callback`;
const APP = 'http://localhost:5173/authenticate';

let upstream: DevelopmentUpstream;
beforeAll(async () => {
  upstream = await startDevelopmentUpstream({ host: '127.0.0.1', port: 0, redirectUris: [CALLBACK] });
});
afterAll(async () => {
  await upstream?.close();
});

/** What the stand-in provider's callback received. */
interface Callback {
  params: URLSearchParams;
}

/**
 * A minimal relying party in place of the provider's oauth routes: `/start` redirects to the upstream with state,
 * nonce and PKCE S256 (arctic, as the provider does), the callback records its query and sends the browser on to
 * the app.
 */
function relyingParty(
  provider: OAuthProvider,
  scopes = ['openid', 'email', 'profile'],
  extraParams: Record<string, string> = {},
) {
  const client = new OAuth2Client(upstream.clientIdFor(provider), upstream.clientSecretFor(provider), CALLBACK);
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  const callbacks: Callback[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/start') {
      const authorization = client.createAuthorizationURLWithPKCE(
        upstream.endpoints(provider).authorization,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        scopes,
      );
      // The provider sends a nonce to OpenID Connect upstreams only; oidc-provider refuses one without `openid`.
      if (scopes.includes('openid') || provider === 'apple') authorization.searchParams.set('nonce', nonce);
      for (const [name, value] of Object.entries(extraParams)) authorization.searchParams.set(name, value);
      return new Response(null, { status: 302, headers: { location: authorization.href } });
    }
    if (url.pathname === '/v1/public/oauth/callback') {
      callbacks.push({ params: url.searchParams });
      return new Response(null, { status: 302, headers: { location: `${APP}?stytch_token_type=oauth&token=t` } });
    }
    return new Response('not found', { status: 404 });
  };
  return { client, state, nonce, codeVerifier, callbacks, fetch, startUrl: `${PROVIDER_ORIGIN}/start` };
}

async function signIn(provider: OAuthProvider, identity: DevelopmentIdentity, cookies?: CookieJar) {
  const party = relyingParty(provider);
  const landed = await completeAtDevelopmentUpstream(party.startUrl, identity, { fetch: party.fetch, cookies });
  expect(landed.href).toBe(`${APP}?stytch_token_type=oauth&token=t`);
  expect(party.callbacks).toHaveLength(1);
  const params = party.callbacks[0]?.params as URLSearchParams;
  expect(params.get('state')).toBe(party.state);
  expect(params.get('iss')).toBe(upstream.issuer);
  const code = params.get('code') as string;
  const tokens = await party.client.validateAuthorizationCode(
    upstream.endpoints(provider).token,
    code,
    party.codeVerifier,
  );
  return { party, tokens, code };
}

describe('the development upstream', () => {
  it('publishes OpenID Connect discovery pointing at its endpoints', async () => {
    const response = await fetch(`${upstream.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = await response.json();
    const endpoints = upstream.endpoints('google');
    expect(discovery).toMatchObject({
      issuer: upstream.issuer,
      authorization_endpoint: endpoints.authorization,
      token_endpoint: endpoints.token,
      userinfo_endpoint: endpoints.userinfo,
      jwks_uri: endpoints.jwks,
    });
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(upstream.clientIdFor('github')).toBe('latchkey-dev-github');
    expect(endpoints.profile).toBe(`${upstream.issuer}/profile/google`);
  });

  it('signs a typed identity in with an authorization code, PKCE S256 and a verifiable ID token', async () => {
    const identity = {
      email: 'lin.chen@example.com',
      name: 'Lin Chen',
      picture: 'https://example.com/lin.png',
      locale: 'fr-FR',
    };
    const { party, tokens } = await signIn('google', identity);
    const jwks = createRemoteJWKSet(new URL(upstream.endpoints('google').jwks));
    const { payload, protectedHeader } = await jwtVerify(tokens.idToken(), jwks, {
      issuer: upstream.issuer,
      audience: 'latchkey-dev-google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: subjectForEmail(identity.email),
      email: identity.email,
      email_verified: true,
      name: 'Lin Chen',
      given_name: 'Lin',
      family_name: 'Chen',
      picture: identity.picture,
      locale: 'fr-FR',
      nonce: party.nonce,
    });

    const userinfo = await fetch(upstream.endpoints('google').userinfo, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: subjectForEmail(identity.email), email: identity.email });

    const profile = await fetch(upstream.endpoints('google').profile, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(mapProfile('google', await profile.json())).toEqual({
      subject: subjectForEmail(identity.email),
      email: identity.email,
      emailVerified: true,
      name: 'Lin Chen',
      pictureUrl: identity.picture,
      locale: 'fr-FR',
    });
  });

  it('keeps the subject of an email across sign-ins, and takes a typed subject as given', async () => {
    const first = await signIn('gitlab', { email: 'same@example.com' });
    const second = await signIn('gitlab', { email: 'same@example.com', name: 'Another Name' });
    const typed = await signIn('gitlab', { email: 'same@example.com', subject: 'typed-subject-1' });
    const subjectOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub;
    expect(subjectOf(first.tokens.idToken())).toBe(subjectForEmail('same@example.com'));
    expect(subjectOf(second.tokens.idToken())).toBe(subjectForEmail('same@example.com'));
    expect(subjectOf(typed.tokens.idToken())).toBe('typed-subject-1');
  });

  it("asserts the email as unverified when the identity form's 'Email verified' box is left unticked", async () => {
    const { tokens } = await signIn('discord', { email: 'unverified@example.com', emailVerified: false });
    const payload = JSON.parse(Buffer.from(tokens.idToken().split('.')[1] as string, 'base64url').toString());
    expect(payload.email_verified).toBe(false);
    const profile = await fetch(upstream.endpoints('discord').profile, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    const json = await profile.json();
    expect(json).toMatchObject({ id: subjectForEmail('unverified@example.com'), verified: false });
    expect(mapProfile('discord', json).emailVerified).toBe(false);
  });

  it('signs another identity in from the same browser (linking a second account) straight back to the callback', async () => {
    const browser = new CookieJar();
    const first = await signIn('microsoft', { email: 'first.browser@example.com' }, browser);
    const second = await signIn('google', { email: 'second.browser@example.com' }, browser);
    const subjectOf = async (idToken: string) =>
      (await jwtVerify(idToken, createRemoteJWKSet(new URL(upstream.endpoints('google').jwks)))).payload.sub;
    expect(await subjectOf(first.tokens.idToken())).toBe(subjectForEmail('first.browser@example.com'));
    expect(await subjectOf(second.tokens.idToken())).toBe(subjectForEmail('second.browser@example.com'));
  });

  it("takes Google's prompt=select_account as met (its identity page is an account chooser) instead of refusing it", async () => {
    const party = relyingParty('google', ['openid', 'email', 'profile'], { prompt: 'select_account' });
    const landed = await completeAtDevelopmentUpstream(party.startUrl, { email: 'chooser@example.com' }, party);
    expect(landed.href).toBe(`${APP}?stytch_token_type=oauth&token=t`);
    expect(party.callbacks[0]?.params.get('code')).toEqual(expect.any(String));
    expect(party.callbacks[0]?.params.get('error')).toBe(null);
  });

  it('answers /profile/<provider> in that provider’s shape, only for a live token of its own client', async () => {
    const { tokens } = await signIn('github', { email: 'octo@example.com', name: 'Mona Octocat' });
    const bearer = { authorization: `Bearer ${tokens.accessToken()}` };
    const github = await fetch(upstream.endpoints('github').profile, { headers: bearer });
    expect(github.status).toBe(200);
    const json = await github.json();
    expect(json).toMatchObject({
      id: Number(subjectForEmail('octo@example.com')),
      login: 'octo',
      name: 'Mona Octocat',
      emails: [{ email: 'octo@example.com', primary: true, verified: true }],
    });

    const otherClient = await fetch(upstream.endpoints('twitter').profile, { headers: bearer });
    expect(otherClient.status).toBe(401);
    const noToken = await fetch(upstream.endpoints('github').profile);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toContain('Bearer');
    const forged = await fetch(upstream.endpoints('github').profile, { headers: { authorization: 'Bearer nope' } });
    expect(forged.status).toBe(401);
    const unknown = await fetch(`${upstream.issuer}/profile/myspace`, { headers: bearer });
    expect(unknown.status).toBe(404);
  });

  it('sends access_denied back to the callback when the user presses Cancel', async () => {
    const party = relyingParty('facebook');
    const landed = await completeAtDevelopmentUpstream(party.startUrl, 'cancel', { fetch: party.fetch });
    expect(landed.origin).toBe('http://localhost:5173');
    const params = party.callbacks[0]?.params as URLSearchParams;
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe(party.state);
    expect(params.get('code')).toBeNull();
  });

  it('accepts client_secret_post and refuses a wrong PKCE verifier', async () => {
    const party = relyingParty('slack');
    await completeAtDevelopmentUpstream(party.startUrl, { email: 'post@example.com' }, { fetch: party.fetch });
    const code = party.callbacks[0]?.params.get('code') as string;
    const exchange = (codeVerifier: string) =>
      fetch(upstream.endpoints('slack').token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: CALLBACK,
          code_verifier: codeVerifier,
          client_id: upstream.clientIdFor('slack'),
          client_secret: upstream.clientSecretFor('slack'),
        }),
      });
    const wrong = await exchange(randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe('invalid_grant');

    const second = relyingParty('slack');
    await completeAtDevelopmentUpstream(second.startUrl, { email: 'post@example.com' }, { fetch: second.fetch });
    const response = await fetch(upstream.endpoints('slack').token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: second.callbacks[0]?.params.get('code') as string,
        redirect_uri: CALLBACK,
        code_verifier: second.codeVerifier,
        client_id: upstream.clientIdFor('slack'),
        client_secret: upstream.clientSecretFor('slack'),
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer', id_token: expect.any(String) });
  });

  it("gives Apple's client an ID token for its `name email` scopes, as Apple does without `openid`", async () => {
    const party = relyingParty('apple', ['name', 'email']);
    await completeAtDevelopmentUpstream(party.startUrl, { email: 'apple@example.com' }, { fetch: party.fetch });
    const code = party.callbacks[0]?.params.get('code') as string;
    const tokens = await party.client.validateAuthorizationCode(
      upstream.endpoints('apple').token,
      code,
      party.codeVerifier,
    );
    const jwks = createRemoteJWKSet(new URL(upstream.endpoints('apple').jwks));
    const { payload } = await jwtVerify(tokens.idToken(), jwks, {
      issuer: upstream.issuer,
      audience: 'latchkey-dev-apple',
    });
    expect(mapProfile('apple', payload)).toMatchObject({
      subject: subjectForEmail('apple@example.com'),
      email: 'apple@example.com',
      emailVerified: true,
    });
    expect(payload.nonce).toBe(party.nonce);
  });

  it("grants a plain OAuth upstream's own scopes, and a request of unknown scopes only, without an ID token", async () => {
    const github = relyingParty('github', ['read:user', 'user:email']);
    await completeAtDevelopmentUpstream(github.startUrl, { email: 'scopes@example.com' }, { fetch: github.fetch });
    const code = github.callbacks[0]?.params.get('code') as string;
    const tokens = await github.client.validateAuthorizationCode(
      upstream.endpoints('github').token,
      code,
      github.codeVerifier,
    );
    expect(tokens.scopes().sort()).toEqual(['read:user', 'user:email']);
    expect(tokens.hasRefreshToken()).toBe(true);
    expect('id_token' in tokens.data).toBe(false);
    const profile = await fetch(upstream.endpoints('github').profile, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(mapProfile('github', await profile.json())).toMatchObject({
      email: 'scopes@example.com',
      emailVerified: true,
    });

    const custom = relyingParty('figma', ['file_content:read']);
    await completeAtDevelopmentUpstream(custom.startUrl, { email: 'custom@example.com' }, { fetch: custom.fetch });
    expect(custom.callbacks[0]?.params.get('code')).toEqual(expect.any(String));
  });

  it('refuses a redirect URI that is not registered', async () => {
    const url = new URL(upstream.endpoints('google').authorization);
    url.search = new URLSearchParams({
      client_id: 'latchkey-dev-google',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'https://evil.example/callback',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('shows an accessible identity page naming the provider it stands in for', async () => {
    const party = relyingParty('linkedin');
    const start = await party.fetch(new Request(party.startUrl));
    const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
    const page = await fetch(new URL(authorize.headers.get('location') as string, upstream.issuer), {
      headers: {
        cookie: authorize.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; '),
      },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Sign in with LinkedIn</h1>');
    expect(html).toContain("Latchkey's development stand-in for LinkedIn");
    expect(html).not.toContain('<script');
    for (const id of ['email', 'name', 'email_verified', 'subject', 'picture', 'locale']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<label for="email_verified">Email verified</label>');
    expect(html).toMatch(/<button class="identity" type="submit" name="identity" value="ada@example.com">Ada Lovelace/);
    expect(html).toContain('<button type="submit">Cancel</button>');
  });

  it('signs a test identity in from its button', async () => {
    const party = relyingParty('yahoo');
    const cookies = new Map<string, string>();
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        cookies.set(name, value);
      }
    };
    const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const start = await party.fetch(new Request(party.startUrl));
    const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
    keep(authorize);
    const interaction = new URL(authorize.headers.get('location') as string, upstream.issuer);
    const chosen = await fetch(`${interaction.href}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'identity=ada%40example.com',
    });
    expect(chosen.status).toBe(303);
    keep(chosen);
    const resumed = await fetch(new URL(chosen.headers.get('location') as string, upstream.issuer), {
      redirect: 'manual',
      headers: { cookie: cookie() },
    });
    const callback = new URL(resumed.headers.get('location') as string);
    expect(callback.href.startsWith(CALLBACK)).toBe(true);
    const tokens = await party.client.validateAuthorizationCode(
      upstream.endpoints('yahoo').token,
      callback.searchParams.get('code') as string,
      party.codeVerifier,
    );
    const userinfo = await fetch(upstream.endpoints('yahoo').userinfo, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(await userinfo.json()).toMatchObject({
      sub: subjectForEmail('ada@example.com'),
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
    });
  });

  it('mints Google-style One Tap credentials with its own key, audience and nonce', async () => {
    const credential = await upstream.mintGoogleCredential(
      { email: 'tap@example.com', name: 'Tap User', emailVerified: true },
      { audience: 'latchkey-dev-google', nonce: 'nonce-123' },
    );
    const jwks = createRemoteJWKSet(new URL(upstream.endpoints('google').jwks));
    const { payload } = await jwtVerify(credential, jwks, { issuer: upstream.issuer, audience: 'latchkey-dev-google' });
    expect(payload).toMatchObject({
      sub: subjectForEmail('tap@example.com'),
      email: 'tap@example.com',
      email_verified: true,
      name: 'Tap User',
      nonce: 'nonce-123',
      azp: 'latchkey-dev-google',
    });
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
    expect(decodeProtectedHeader(credential)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    await expect(jwtVerify(credential, jwks, { audience: 'another-client' })).rejects.toThrow();
  });
});

describe('the development upstream on a host other machines reach', () => {
  /** An address of this machine that is not loopback (none on a machine with only `lo`). */
  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')?.address;

  it('answers only this machine: a relayed request is 404 even from loopback', async () => {
    const open = await startDevelopmentUpstream({ host: '0.0.0.0', port: 0, redirectUris: [CALLBACK] });
    try {
      const discovery = `${open.issuer}/.well-known/openid-configuration`;
      expect((await fetch(discovery)).status).toBe(200);
      const relayed = await fetch(discovery, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(relayed.status).toBe(404);
      expect((await fetch(`${open.issuer}/auth`, { headers: { forwarded: 'for=198.51.100.7' } })).status).toBe(404);
    } finally {
      await open.close();
    }
  });

  it.skipIf(external === undefined)('refuses a request that reaches it through a non-loopback address', async () => {
    const open = await startDevelopmentUpstream({ host: '0.0.0.0', port: 0, redirectUris: [CALLBACK] });
    try {
      const { port } = new URL(open.issuer);
      const response = await fetch(`http://${external}:${port}/.well-known/openid-configuration`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'not_found' });
    } finally {
      await open.close();
    }
  });
});

describe('createLazyDevelopmentUpstream', () => {
  it('starts one upstream for concurrent first calls and closes it', async () => {
    const lazy = createLazyDevelopmentUpstream({ host: '127.0.0.1', port: 0, redirectUris: [CALLBACK] });
    expect(lazy.isStarted()).toBe(false);
    const [first, second] = await Promise.all([lazy.get(), lazy.get()]);
    expect(first).toBe(second);
    expect(lazy.isStarted()).toBe(true);
    const discovery = await fetch(`${first.issuer}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    await lazy.close();
    await expect(fetch(`${first.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
    await expect(lazy.get()).rejects.toThrow(/closed/);
  });

  it('closes without ever starting', async () => {
    const lazy = createLazyDevelopmentUpstream(() => {
      throw new Error('options are read only on the first get()');
    });
    await lazy.close();
    expect(lazy.isStarted()).toBe(false);
  });
});
