// The real `@stytch/vanilla-js` 6.3.0 client's OAuth calls against the provider (through the development upstream):
// cases of test/stytch-vanilla.e2e.test.ts (its harness is test/stytchVanilla.ts), which collects this file.
import { StytchAPIError } from '@stytch/vanilla-js/headless';
import { describe, expect, it, vi } from 'vitest';
import { type Client, cookieValue, EMAIL, openPage, rejectionOf, sent, start } from '../../../test/stytchVanilla';
import { API_BASE_URL, ORIGIN } from '../../../testing/harness';
import { completeAtDevelopmentUpstream } from '../../../testing/oauthUpstream';

export function stytchVanillaCases(): void {
  describe('@stytch/vanilla-js 6.3.0 OAuth calls against the provider (through the development upstream)', () => {
    /** Runs `start` with the client's navigation (`oauth.navigate`, public for tests) captured instead of followed. */
    async function startUrlOf(client: Client, start: () => Promise<unknown>): Promise<string> {
      const oauth = client.oauth as unknown as { navigate(url: URL): void };
      const navigations: string[] = [];
      const spy = vi.spyOn(oauth, 'navigate').mockImplementation((url: URL) => void navigations.push(url.toString()));
      try {
        await start();
      } finally {
        spy.mockRestore();
      }
      const url = navigations.at(-1);
      if (url === undefined) throw new Error('The client did not navigate');
      return url;
    }

    it('builds a start URL the provider follows to the upstream and back, then oauth.authenticate signs in (PKCE, the default)', async () => {
      const t = await start();
      const client = openPage(t);
      const url = await startUrlOf(client, () =>
        client.oauth.github.start({
          login_redirect_url: `${ORIGIN}/authenticate`,
          signup_redirect_url: `${ORIGIN}/authenticate`,
          custom_scopes: ['repo'],
          provider_params: { login_hint: EMAIL },
        }),
      );
      const startUrl = new URL(url);
      expect(`${startUrl.origin}${startUrl.pathname}`).toBe(`${API_BASE_URL}/v1/public/oauth/github/start`);
      expect(startUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(startUrl.searchParams.get('custom_scopes')).toBe('repo');
      const appUrl = await completeAtDevelopmentUpstream(
        url,
        { email: EMAIL, name: 'Ada Lovelace' },
        {
          fetch: (request) => t.provider.fetch(request, { remoteAddress: '127.0.0.1' }),
        },
      );
      expect(appUrl.searchParams.get('stytch_token_type')).toBe('oauth');
      const answer = await client.oauth.authenticate(appUrl.searchParams.get('token') as string, {
        session_duration_minutes: 60,
      });
      expect(answer.provider_type).toBe('github');
      expect(answer.provider_values.access_token).toMatch(/.+/);
      expect(answer.user.providers).toEqual([expect.objectContaining({ provider_type: 'github' })]);
      expect(answer.session.authentication_factors[0]).toMatchObject({
        type: 'oauth',
        delivery_method: 'oauth_github',
      });
      expect(sent.at(-1)).toMatchObject({ path: '/oauth/authenticate', status: 200 });
      expect(sent.at(-1)?.body).toMatchObject({ code_verifier: expect.stringMatching(/.+/) });
      expect(cookieValue('stytch_session')).toBe(answer.session_token);
    });

    it('gets oauth_flow_callback_error for a cancel at the upstream and oauth_token_not_found for a used token', async () => {
      const t = await start();
      const client = openPage(t);
      const url = await startUrlOf(client, () => client.oauth.google.start());
      const appUrl = await completeAtDevelopmentUpstream(url, 'cancel', {
        fetch: (request) => t.provider.fetch(request, { remoteAddress: '127.0.0.1' }),
      });
      const token = appUrl.searchParams.get('token') as string;
      const refused = await rejectionOf(client.oauth.authenticate(token, { session_duration_minutes: 60 }));
      expect(refused).toBeInstanceOf(StytchAPIError);
      expect(refused.error_type).toBe('oauth_flow_callback_error');
      const used = await rejectionOf(client.oauth.authenticate(token, { session_duration_minutes: 60 }));
      expect(used.error_type).toBe('oauth_token_not_found');
      expect(used.error_message).toBe('OAuth Token could not be found.');
    });
  });
}
