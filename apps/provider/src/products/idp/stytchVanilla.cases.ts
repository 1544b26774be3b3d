// The real `@stytch/vanilla-js` 6.3.0 client's identity-provider calls (`idp.*`, connected apps) against the provider:
// cases of test/stytch-vanilla.e2e.test.ts (its harness is test/stytchVanilla.ts), which collects this file. The demo
// client's settings and token redemption serve the session-exchange cases too.
import { createHash } from 'node:crypto';
import { StytchAPIError } from '@stytch/vanilla-js/headless';
import { describe, expect, it } from 'vitest';
import { openPage, type Provider, passcodeSignIn, rejectionOf, sent, start } from '../../../test/stytchVanilla';
import { API_BASE_URL } from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';

const APP = 'https://app.example';
export const IDP: ProviderConfigInput = {
  project: {
    idp: {
      clients: [
        {
          clientId: 'demo-app',
          name: 'Demo App',
          type: 'public',
          redirectUris: [`${APP}/callback`],
          postLogoutRedirectUris: [`${APP}/`],
          scopes: ['openid', 'email', 'profile', 'full_access'],
          consentRequired: true,
        },
      ],
    },
  },
};
const VERIFIER = 'a-code-verifier-of-forty-three-characters-or-more';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
export const params = (scopes: string[]) => ({
  client_id: 'demo-app',
  redirect_uri: `${APP}/callback`,
  response_type: 'code',
  scopes,
  code_challenge: CHALLENGE,
  state: 'state-1',
  nonce: 'nonce-1',
});

/** Redeems `code` at the token endpoint as the public client would (form body, PKCE verifier). */
export async function redeem(t: Provider, code: string) {
  const response = await t.provider.fetch(
    new Request(`${API_BASE_URL}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${APP}/callback`,
        client_id: 'demo-app',
        code_verifier: VERIFIER,
      }),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; id_token: string; scope: string };
}

export function stytchVanillaCases(): void {
  describe('@stytch/vanilla-js 6.3.0 identity-provider calls against the provider', () => {
    it('authorize start and submit with consent, the connected app listed and revoked, a logout start', async () => {
      const t = await start(IDP);
      const client = openPage(t);
      const signedIn = await passcodeSignIn(t, client);

      const started = await client.idp.oauthAuthorizeStart(params(['openid', 'email', 'profile']));
      expect(started.consent_required).toBe(true);
      expect(started.client).toMatchObject({ client_id: 'demo-app', client_name: 'Demo App', client_type: 'public' });
      expect(started.scope_results).toEqual([
        expect.objectContaining({ scope: 'openid', is_grantable: true }),
        expect.objectContaining({ scope: 'email', is_grantable: true }),
        expect.objectContaining({ scope: 'profile', is_grantable: true }),
      ]);
      expect(sent.at(-1)).toMatchObject({ path: '/idp/oauth/authorize/start', status: 200 });
      expect(sent.at(-1)?.authorization).toBe(
        `Basic ${Buffer.from(`${t.provider.config.project.publicToken}:${signedIn.session_token}`).toString('base64')}`,
      );

      const submitted = await client.idp.oauthAuthorizeSubmit({
        ...params(['openid', 'email', 'profile']),
        consent_granted: true,
      });
      const back = new URL(submitted.redirect_uri);
      expect(`${back.origin}${back.pathname}`).toBe(`${APP}/callback`);
      expect(back.searchParams.get('state')).toBe('state-1');
      expect(back.searchParams.get('iss')).toBe(t.provider.config.publicUrl);
      const tokens = await redeem(t, back.searchParams.get('code') as string);
      expect(tokens.scope.split(' ').sort()).toEqual(['email', 'openid', 'profile']);

      // The consent is remembered: the next start needs none.
      expect((await client.idp.oauthAuthorizeStart(params(['openid', 'email']))).consent_required).toBe(false);

      const { connected_apps } = await client.user.getConnectedApps();
      expect(connected_apps).toEqual([
        expect.objectContaining({ connected_app_id: 'demo-app', name: 'Demo App', client_type: 'public' }),
      ]);
      await client.user.revokedConnectedApp('demo-app');
      expect((await client.user.getConnectedApps()).connected_apps).toEqual([]);
      expect(sent.at(-2)).toMatchObject({ method: 'POST', path: '/users/connected_apps/demo-app/revoke', status: 200 });

      const logout = await client.idp.oauthLogoutStart({
        client_id: 'demo-app',
        post_logout_redirect_uri: `${APP}/`,
        state: 'bye',
      });
      expect(logout.consent_required).toBe(true);
      expect(new URL(logout.redirect_uri).searchParams.get('state')).toBe('bye');
      expect(sent.at(-1)).toMatchObject({ path: '/oauth/logout/start', status: 200 });
    });

    it('gets the contract’s error types for a redirect URI that is not registered and for a denied consent', async () => {
      const t = await start(IDP);
      const client = openPage(t);
      await passcodeSignIn(t, client);
      const refused = await rejectionOf(
        client.idp.oauthAuthorizeStart({ ...params(['openid']), redirect_uri: 'https://evil.example/callback' }),
      );
      expect(refused).toBeInstanceOf(StytchAPIError);
      expect(refused.error_type).toBe('invalid_redirect_uri');
      const denied = await client.idp.oauthAuthorizeSubmit({ ...params(['openid']), consent_granted: false });
      expect(new URL(denied.redirect_uri).searchParams.get('error')).toBe('access_denied');
      expect((await client.user.getConnectedApps()).connected_apps).toEqual([]);
    });
  });
}
