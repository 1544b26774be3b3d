// An openid-client relying party across a key rotation: it validates every ID token's signature against the JWKS
// (enableNonRepudiationChecks), before and after `provider.keys.rotate()`, for a new sign-in and for a refresh, without
// fetching the JWKS again: the key a rotation activates was already in the JWKS it fetched. Runs on SQLite, and on
// PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { parseOAuthAuthorizeParams } from '@latchkey/sdk/idp';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../../testing/fixtures';
import { FollowingClock, startProvider, type TestProvider } from '../../../../testing/harness';
import { KEY_CACHE_MS, KEY_RETIREMENT_MARGIN_MS } from '../../../services/signingKeys';

const ISSUER = 'http://localhost:8787';
const CALLBACK = 'http://localhost:3000/callback';
const ACCESS_TOKEN_MINUTES = 15;

async function setup() {
  const t = await startProvider(
    {
      publicUrl: ISSUER,
      project: {
        idp: {
          clients: [
            {
              clientId: 'spa',
              name: 'Single-page app',
              type: 'public',
              redirectUris: [CALLBACK],
              scopes: ['openid', 'email', 'offline_access'],
              consentRequired: false,
            },
          ],
          accessTokenMinutes: ACCESS_TOKEN_MINUTES,
        },
      },
    },
    // openid-client checks `iat` and `exp` against Date.now().
    { clock: new FollowingClock() },
  );
  const ada = await signIn(t as unknown as TestProvider, { email: 'ada@example.com' });
  const fetches = { jwks: 0 };
  const config = await oidc.discovery(new URL(ISSUER), 'spa', undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks],
    [oidc.customFetch]: (url, options) => {
      if (new URL(url).pathname === '/oauth2/jwks') fetches.jwks += 1;
      return t.provider.fetch(new Request(url, options as RequestInit));
    },
  });
  return { t, ada, config, fetches };
}

/** The authorization code flow as a browser takes it (the widget relays the query), then the code grant. */
async function signInWithRp(t: TestProvider<FollowingClock>, config: oidc.Configuration, sessionToken: string) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email offline_access',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const request = parseOAuthAuthorizeParams(url.searchParams);
  expect((await t.post('/idp/oauth/authorize/start', request, sessionToken)).status).toBe(200);
  const submit = await t.post('/idp/oauth/authorize/submit', { ...request, consent_granted: true }, sessionToken);
  expect(submit.status).toBe(200);
  return oidc.authorizationCodeGrant(config, new URL(submit.json.data.redirect_uri), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
}

const kidOf = (token: string | undefined) => decodeProtectedHeader(token ?? '').kid;

describe('an openid-client relying party across a key rotation', () => {
  it('validates ID tokens signed before and after the rotation, and refreshes across it', async () => {
    const { t, ada, config, fetches } = await setup();
    const before = await signInWithRp(t, config, ada.sessionToken);
    const [listedBefore] = (await t.provider.keys.list()).filter((key) => key.kind === 'id_token');
    expect(kidOf(before.id_token)).toBe(listedBefore?.kid);
    expect(fetches.jwks).toBe(1);

    const [, rotated] = await t.provider.keys.rotate();
    // A new sign-in: the ID token is signed with the new key, which openid-client finds in the JWKS it already has.
    const after = await signInWithRp(t, config, ada.sessionToken);
    expect(kidOf(after.id_token)).toBe(rotated?.active);
    // A refresh of the grant made before the rotation: a new ID token, new key, same subject.
    const refreshed = await oidc.refreshTokenGrant(config, before.refresh_token as string);
    expect(kidOf(refreshed.id_token)).toBe(rotated?.active);
    expect(refreshed.claims()?.sub).toBe(ada.userId);
    expect(fetches.jwks).toBe(1);

    // The ID token from before still verifies against the published keys until it expires.
    const published = createLocalJWKSet(await (await t.provider.fetch(new Request(`${ISSUER}/oauth2/jwks`))).json());
    await jwtVerify(before.id_token as string, published, { issuer: ISSUER, audience: 'spa' });
    // Its key leaves the JWKS once every ID token it signed has expired.
    t.clock.advance(ACCESS_TOKEN_MINUTES * 60_000 + KEY_CACHE_MS + KEY_RETIREMENT_MARGIN_MS + KEY_CACHE_MS);
    const later = await (await t.provider.fetch(new Request(`${ISSUER}/oauth2/jwks`))).json();
    expect(later.keys.map((key: { kid: string }) => key.kid)).not.toContain(listedBefore?.kid);
    expect(later.keys.map((key: { kid: string }) => key.kid)).toContain(rotated?.active);
  });
});
