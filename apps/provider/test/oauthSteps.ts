// The steps of a social sign-in as the provider's tests take them: build a start URL as the SDK does, drive it
// through the development upstream over real HTTP (completeAtDevelopmentUpstream), redeem the token.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { OAuthProvider } from '../src/products/oauth/config';
import { API_BASE_URL, type CallResult, PUBLIC_TOKEN, type TestProvider } from '../testing/harness';
import { completeAtDevelopmentUpstream, type DevelopmentIdentity } from '../testing/oauthUpstream';
import { BROWSER_PKCE } from './browserPkce';

/** What a start URL carries besides the public token. */
export interface StartQuery {
  public_token?: string;
  /** Default: the test browser's (BROWSER_PKCE); null: none. */
  code_challenge?: string | null;
  custom_scopes?: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  oauth_attach_token?: string;
  [providerParam: `provider_${string}`]: string;
}

/**
 * `GET {publicUrl}/v1/public/oauth/{provider}/start?…` as the SDK builds it: with the test browser's PKCE challenge
 * (BROWSER_PKCE) unless the query names its own, or `code_challenge: null` for none.
 */
export function startUrl(provider: string, query: StartQuery = {}): string {
  const params = new URLSearchParams({ public_token: PUBLIC_TOKEN });
  const challenge = query.code_challenge === undefined ? BROWSER_PKCE.challenge : query.code_challenge;
  if (challenge !== null) params.set('code_challenge', challenge);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && name !== 'code_challenge') params.set(name, value);
  }
  return `${API_BASE_URL}/v1/public/oauth/${provider}/start?${params.toString()}`;
}

/** The provider's answer to a start URL, without following it. */
export async function getStart(t: TestProvider<any>, url: string, cookie?: string): Promise<Response> {
  return t.provider.fetch(new Request(url, { headers: cookie ? { cookie } : {} }), { remoteAddress: '127.0.0.1' });
}

/** The provider's fetch for completeAtDevelopmentUpstream. */
export function providerFetch(t: TestProvider<any>) {
  return (request: Request) => t.provider.fetch(request, { remoteAddress: '127.0.0.1' });
}

/** A PKCE pair as the SDK makes one. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Drives a start URL through the development upstream as `choice`; answers the app URL it lands on. */
export function completeFlow(t: TestProvider<any>, url: string, choice: DevelopmentIdentity | 'cancel'): Promise<URL> {
  return completeAtDevelopmentUpstream(url, choice, { fetch: providerFetch(t) });
}

/** The oauth token of an app URL, checking the redirect convention. */
export function tokenOfAppUrl(url: URL): string {
  expect(url.searchParams.get('stytch_token_type')).toBe('oauth');
  const token = url.searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token as string;
}

/**
 * `oauth/authenticate` with a token, from the test browser: with its PKCE verifier (BROWSER_PKCE) unless the options
 * name another, or `codeVerifier: null` for none (another browser).
 */
export function oauthAuthenticate(
  t: TestProvider<any>,
  token: string,
  options: { codeVerifier?: string | null; sessionToken?: string; sessionDurationMinutes?: number } = {},
): Promise<CallResult> {
  const verifier = options.codeVerifier === undefined ? BROWSER_PKCE.verifier : options.codeVerifier;
  return t.post(
    '/oauth/authenticate',
    {
      token,
      ...(verifier === null ? {} : { code_verifier: verifier }),
      session_duration_minutes: options.sessionDurationMinutes ?? 60,
    },
    options.sessionToken,
  );
}

/** A whole sign-in: start, the upstream as `identity`, the redirect back; answers the app URL and its token. */
export async function signInAt(
  t: TestProvider<any>,
  provider: OAuthProvider,
  identity: DevelopmentIdentity,
  query: StartQuery = {},
): Promise<{ appUrl: URL; token: string }> {
  const appUrl = await completeFlow(t, startUrl(provider, query), identity);
  return { appUrl, token: tokenOfAppUrl(appUrl) };
}

/** A whole sign-in through to a session; answers `data` of `oauth/authenticate`. */
export async function signedInWith(
  t: TestProvider<any>,
  provider: OAuthProvider,
  identity: DevelopmentIdentity,
  query: StartQuery = {},
): Promise<any> {
  const { token } = await signInAt(t, provider, identity, query);
  const response = await oauthAuthenticate(t, token);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json.data;
}
