// End to end: the real @latchkey/sdk against the real provider (in-process) for social sign-in. The SDK navigates to
// the start URL (captured from the tab's navigations), the development upstream is driven over real HTTP as a
// browser would (completeAtDevelopmentUpstream), and the app page finishes with authenticateByUrl.
import { APIError } from '@latchkey/sdk';
import { describe, expect, it } from 'vitest';
import { completeFlow } from '../../../test/oauthSteps';
import { REDIRECT_URL, startProvider, type TestProvider } from '../../../testing/harness';
import { requestDevelopmentGoogleCredential } from '../../../testing/oauthUpstream';
import { expectSignedIn, expectSignedOut, openSdkTab, rejectionOf, type SdkTab } from '../../../testing/sdkClient';

const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' };

/** The URL the SDK last navigated the tab to. */
function lastNavigation(tab: SdkTab): string {
  const url = tab.browser.navigations.at(-1);
  if (url === undefined) throw new Error('The SDK did not navigate');
  return url;
}

/** A tab signed in through an emailed passcode a moment ago (a recent factor, as attaching needs). */
async function passcodeTab(t: TestProvider, email: string): Promise<SdkTab> {
  const tab = await openSdkTab(t);
  const { method_id } = await tab.client.otps.email.loginOrCreate(email);
  await tab.client.otps.authenticate(await t.lastCode(email), method_id, { session_duration_minutes: 60 });
  return tab;
}

describe('SDK oauth against the provider', () => {
  it('signs a user up through the upstream with PKCE (the default), custom scopes and provider params, then in again', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    await tab.client.oauth.google.start({
      login_redirect_url: REDIRECT_URL,
      signup_redirect_url: REDIRECT_URL,
      custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly'],
      provider_params: { login_hint: ADA.email },
    });
    const startUrl = new URL(lastNavigation(tab));
    expect(startUrl.pathname).toBe('/v1/public/oauth/google/start');
    expect(startUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const appUrl = await completeFlow(t, startUrl.href, ADA);
    const result = await tab.client.authenticateByUrl({ session_duration_minutes: 60 }, appUrl.href);
    expect(result).toMatchObject({ tokenType: 'oauth', handled: true });
    const { row } = await expectSignedIn(t, tab);
    const user = tab.client.user.getSync();
    expect(user?.providers).toEqual([expect.objectContaining({ provider_type: 'google' })]);
    expect(JSON.parse(row.factors)[0]).toMatchObject({ type: 'oauth', delivery_method: 'oauth_google' });

    await tab.client.session.revoke();
    await tab.client.oauth.google.start({ login_redirect_url: REDIRECT_URL });
    const again = await completeFlow(t, lastNavigation(tab), ADA);
    const data = (await tab.client.oauth.authenticate(again.searchParams.get('token') as string, {
      session_duration_minutes: 60,
    })) as { user_id: string; provider_values: { scopes: string[] } };
    expect(data.user_id).toBe(user?.user_id);
    expect(data.provider_values.scopes).toContain('openid');
  });

  it('surfaces a cancel at the upstream as oauth_flow_callback_error and stays signed out', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    await tab.client.oauth.github.start();
    const appUrl = await completeFlow(t, lastNavigation(tab), 'cancel');
    const error = await rejectionOf(tab.client.authenticateByUrl({ session_duration_minutes: 60 }, appUrl.href));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status_code: 400,
      error_type: 'oauth_flow_callback_error',
      error_message:
        'You cancelled signing in with GitHub, so you are not signed in. You can try again or choose another way.',
    });
    expectSignedOut(tab);
  });

  it('attaches a provider to the signed-in user and unlinks it with deleteOAuthRegistration', async () => {
    const t = await startProvider();
    const tab = await passcodeTab(t, 'grace@example.com');
    const { oauth_attach_token } = await tab.client.oauth.attach('discord');
    await tab.client.oauth.discord.start({ oauth_attach_token });
    const appUrl = await completeFlow(t, lastNavigation(tab), ADA);
    await tab.client.authenticateByUrl({ session_duration_minutes: 60 }, appUrl.href);
    const user = tab.client.user.getSync();
    expect(user?.emails.map((email) => email.email)).toEqual(['grace@example.com']);
    const [registration] = user?.providers ?? [];
    expect(registration?.provider_type).toBe('discord');
    await tab.client.user.deleteOAuthRegistration(registration?.oauth_user_registration_id as string);
    expect(tab.client.user.getSync()?.providers).toEqual([]);
  });

  it('signs in with Google One Tap: start, a credential from the stand-in, submit navigates to the token', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const { google_client_id, nonce } = await tab.client.oauth.googleOneTap.start({ login_redirect_url: REDIRECT_URL });
    expect(google_client_id).toBe('latchkey-dev-google');
    const credential = await requestDevelopmentGoogleCredential(ADA, {
      nonce,
      fetch: (request) => t.provider.fetch(request, { remoteAddress: '127.0.0.1' }),
    });
    await tab.client.oauth.googleOneTap.submit({ credential, nonce });
    const target = lastNavigation(tab);
    expect(target.startsWith(`${REDIRECT_URL}?stytch_token_type=oauth&token=`)).toBe(true);
    await tab.client.authenticateByUrl({ session_duration_minutes: 60 }, target);
    await expectSignedIn(t, tab);
    expect(tab.client.user.getSync()?.emails).toEqual([expect.objectContaining({ email: ADA.email, verified: true })]);
  });
});
