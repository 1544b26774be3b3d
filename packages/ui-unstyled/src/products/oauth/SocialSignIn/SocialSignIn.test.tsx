// Social sign-in in <SignIn>: Main's social block against the real provider in-process and the real hooks; the
// client records where it sends the browser; the provider's development upstream plays the social provider, and a
// stand-in `window.google` plays Google's One Tap script.
import type { SignInConfig } from '@latchkey/hooks';
import {
  ASYNC_TIMEOUT,
  completeAtDevelopmentUpstream,
  expectNoAxeViolations,
  installEthereumWallet,
  installSolanaWallet,
  providerFetch,
  removeGoogle,
  StandInGoogle,
  socialEnvironment,
} from '@latchkey/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderLanding } from '../../../../test/oauth';
import { renderSignIn } from '../../../../test/renderSignIn';

const waitLong = { timeout: ASYNC_TIMEOUT };
const REDIRECT = 'http://localhost:5173/authenticate';
const CONFIG: SignInConfig = {
  products: ['emailMagicLinks', 'oauth'],
  oauthOptions: {
    providers: [
      { type: 'github' },
      { type: 'google', custom_scopes: ['openid', 'https://www.googleapis.com/auth/calendar.readonly'] },
      { type: 'discord', provider_params: { prompt: 'consent' } },
    ],
    loginRedirectURL: REDIRECT,
    signupRedirectURL: `${REDIRECT}?welcome=1`,
  },
};
const oneTapConfig = (position: 'embedded' | 'floating' = 'embedded'): SignInConfig => ({
  products: ['oauth', 'emailMagicLinks'],
  oauthOptions: {
    providers: [{ type: 'github' }, { type: 'google', one_tap: true, position }],
    loginRedirectURL: REDIRECT,
    signupRedirectURL: REDIRECT,
  },
});

/** The social block's root, once drawn. */
const socialBlock = async (container: HTMLElement) => {
  await waitFor(() => expect(container.querySelector('[data-scope="social-sign-in"]')).not.toBeNull(), waitLong);
  return container.querySelector<HTMLElement>('[data-scope="social-sign-in"][data-part="root"]') as HTMLElement;
};

/** The social buttons' visible texts, top to bottom. */
const socialButtonTexts = (block: HTMLElement) =>
  within(block)
    .getAllByRole('button')
    .map((button) => button.textContent);

afterEach(() => removeGoogle());

describe('<SignIn> with social sign-in', () => {
  it('has no axe violations on Main with social buttons', async () => {
    const { env } = await socialEnvironment();
    const { container } = await renderSignIn({ env, config: CONFIG });
    await screen.findByRole('button', { name: 'Continue with GitHub' }, waitLong);
    await socialBlock(container);
    await expectNoAxeViolations();
  });

  it("shows a 'Continue with {provider}' button per provider in the configured order, with its icon, above 'or' and the email form", async () => {
    const { env } = await socialEnvironment();
    const { container } = await renderSignIn({ env, config: CONFIG });
    const block = await socialBlock(container);
    await waitFor(() => expect(socialButtonTexts(block)).toHaveLength(3), waitLong);

    expect(socialButtonTexts(block)).toEqual(['Continue with GitHub', 'Continue with Google', 'Continue with Discord']);
    const github = screen.getByRole('button', { name: 'Continue with GitHub' });
    expect(github.getAttribute('data-provider')).toBe('github');
    const icon = github.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('data-part')).toBe('provider-icon');
    await waitFor(() => expect(github.querySelector('svg path')).not.toBeNull(), waitLong);
    // The social buttons, the 'or' divider, then the email form.
    const divider = screen.getByText('or');
    const email = await screen.findByRole('textbox', { name: 'Email' }, waitLong);
    expect(github.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("sends the browser to the provider's start URL with the configured redirect URLs, scopes and parameters; the buttons wait meanwhile", async () => {
    const { env, navigations } = await socialEnvironment();
    const { user } = await renderSignIn({ env, config: CONFIG });
    const google = await screen.findByRole('button', { name: 'Continue with Google' }, waitLong);
    const others = ['Continue with GitHub', 'Continue with Discord'].map((name) =>
      screen.getByRole('button', { name }),
    );
    await user.click(google);

    await waitFor(() => expect(navigations).toHaveLength(1), waitLong);
    const url = new URL(navigations[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.provider.config.publicUrl}/v1/public/oauth/google/start`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      public_token: env.client.publicToken,
      login_redirect_url: REDIRECT,
      signup_redirect_url: `${REDIRECT}?welcome=1`,
      custom_scopes: 'openid https://www.googleapis.com/auth/calendar.readonly',
    });

    // While the page navigates: the clicked button shows a spinner (in its icon's place), every button is disabled.
    await waitFor(() => expect(google.getAttribute('aria-busy')).toBe('true'), waitLong);
    expect(within(google).getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(google.hasAttribute('data-pending')).toBe(true);
    for (const button of [google, ...others]) expect((button as HTMLButtonElement).disabled).toBe(true);

    // The provider parameters of another provider go as provider_<key>.
    const second = await socialEnvironment();
    const again = await renderSignIn({ env: second.env, config: CONFIG });
    const discords = await screen.findAllByRole('button', { name: 'Continue with Discord' }, waitLong);
    await again.user.click(discords.at(-1) as HTMLElement);
    await waitFor(() => expect(second.navigations).toHaveLength(1), waitLong);
    expect(new URL(second.navigations[0] as string).searchParams.get('provider_prompt')).toBe('consent');
  });

  it('works from the keyboard: Tab reaches the buttons in order, Enter starts the provider', async () => {
    const { env, navigations } = await socialEnvironment();
    const { user } = await renderSignIn({ env, config: CONFIG });
    const github = await screen.findByRole('button', { name: 'Continue with GitHub' }, waitLong);
    github.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue with Discord' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(navigations).toHaveLength(1), waitLong);
    expect(new URL(navigations[0] as string).pathname).toBe('/v1/public/oauth/discord/start');
  });

  it('signs the user in after the round trip through the development upstream, on the landing page', async () => {
    const { env, navigations } = await socialEnvironment();
    const { user, unmount } = await renderSignIn({ env, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Continue with GitHub' }, waitLong));
    await waitFor(() => expect(navigations).toHaveLength(1), waitLong);

    const landed = await completeAtDevelopmentUpstream(
      navigations[0] as string,
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { fetch: providerFetch(env) },
    );
    // A new user lands on the signup redirect URL.
    expect(`${landed.origin}${landed.pathname}`).toBe(REDIRECT);
    expect(landed.searchParams.get('welcome')).toBe('1');
    expect(landed.searchParams.get('stytch_token_type')).toBe('oauth');
    unmount();

    renderLanding(env, landed);
    const landing = screen.getByTestId('landing');
    await waitFor(() => expect(`${landing.textContent} ${landing.title}`.trim()).toBe('success'), waitLong);
    const session = env.client.session.getSync();
    expect(session?.authentication_factors[0]?.delivery_method).toBe('oauth_github');
    expect(env.client.user.getSync()?.emails.map((email) => email.email)).toEqual(['ada@example.com']);
  });

  it('renders a provider outside the 19 as a button with no text, named by its type', async () => {
    const { env } = await socialEnvironment();
    const { container } = await renderSignIn({
      env,
      config: {
        products: ['oauth', 'emailMagicLinks'],
        oauthOptions: { providers: [{ type: 'github' }, { type: 'myspace' }] },
      },
    });
    const block = await socialBlock(container);
    const unknown = await within(block).findByRole('button', { name: 'myspace' }, waitLong);
    expect(unknown.textContent).toBe('');
    expect(unknown.querySelector('svg')).toBeNull();
    expect(unknown.getAttribute('data-provider')).toBe('myspace');
    await expectNoAxeViolations();
  });

  it('shows 5 minus the social providers wallet buttons on Main', async () => {
    for (const kind of ['metamask', 'coinbase', 'binance', 'other'] as const) installEthereumWallet(kind);
    installSolanaWallet();
    const { env } = await socialEnvironment();
    await renderSignIn({
      env,
      config: {
        products: ['oauth', 'crypto', 'emailMagicLinks'],
        oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'apple' }] },
      },
    });

    const other = await screen.findByRole('button', { name: 'Continue with other Crypto Wallet' }, waitLong);
    await waitFor(
      () =>
        expect(
          screen
            .getAllByRole('button', { name: /^Continue with / })
            .map((button) => button.textContent)
            .filter((name) => name !== other.textContent),
        ).toEqual([
          'Continue with Google',
          'Continue with GitHub',
          'Continue with Apple',
          'Continue with Phantom',
          'Continue with Binance',
        ]),
      waitLong,
    );
  });

  describe('Google One Tap', () => {
    it('embedded: a container at least 47 px high (never a fixed height Google’s prompt would overflow), a spinner while it loads, then Google prompts inside it; no text', async () => {
      const google = new StandInGoogle().install();
      const { env } = await socialEnvironment();
      const { container } = await renderSignIn({ env, config: oneTapConfig() });
      const block = await socialBlock(container);
      await waitFor(() => expect(block.querySelector('[data-part="one-tap"]')).not.toBeNull(), waitLong);
      const oneTap = block.querySelector<HTMLElement>('[data-part="one-tap"]') as HTMLElement;
      // Google's prompt is far taller than 47 px: a fixed height would let it cover the buttons under it.
      expect(oneTap.style.height).toBe('');
      expect(oneTap.style.minHeight).toBe('47px');
      expect(oneTap.getAttribute('data-height')).toBe('47');
      expect(oneTap.getAttribute('data-position')).toBe('embedded');

      await waitFor(() => expect(oneTap.getAttribute('data-status')).toBe('shown'), waitLong);
      expect(google.configurations.at(-1)).toMatchObject({
        client_id: expect.any(String),
        prompt_parent_id: oneTap.id,
      });
      expect(within(oneTap).queryByRole('status')).toBeNull();
      // One Tap takes Google's place: GitHub is the only button, and no developer text shows.
      expect(socialButtonTexts(block)).toEqual(['Continue with GitHub']);
      expect(block.querySelector('[data-part="one-tap-error"]')).toBeNull();
      await expectNoAxeViolations();
    });

    it("shows the spinner while One Tap loads (Google's script not in yet)", async () => {
      const { env } = await socialEnvironment();
      const { container } = await renderSignIn({ env, config: oneTapConfig() });
      const block = await socialBlock(container);
      await waitFor(() => expect(block.querySelector('[data-part="one-tap"]')).not.toBeNull(), waitLong);
      const oneTap = block.querySelector<HTMLElement>('[data-part="one-tap"]') as HTMLElement;
      expect(oneTap.getAttribute('data-status')).toBe('loading');
      expect(within(oneTap).getByRole('status', { name: 'Loading' })).toBeTruthy();
    });

    it("falls back to the plain Google button with 'One Tap could not load: {reason}' on a test token", async () => {
      const google = new StandInGoogle().install();
      const { env, navigations } = await socialEnvironment();
      const { container, user } = await renderSignIn({ env, config: oneTapConfig('floating') });
      const block = await socialBlock(container);
      await waitFor(() => expect(google.listeners).toHaveLength(1), waitLong);
      google.notDisplayed('unregistered_origin');

      const fallback = await within(block).findByRole('button', { name: 'Continue with Google' }, waitLong);
      expect(socialButtonTexts(block)).toEqual(['Continue with GitHub', 'Continue with Google']);
      const explanation = block.querySelector('[data-part="one-tap-error"]');
      expect(explanation?.textContent).toBe('One Tap could not load: unregistered_origin');
      expect(explanation?.querySelector('a')).toBeNull();
      await expectNoAxeViolations();

      await user.click(fallback);
      await waitFor(() => expect(navigations).toHaveLength(1), waitLong);
      expect(new URL(navigations[0] as string).pathname).toBe('/v1/public/oauth/google/start');
    });

    it('falls back with no developer text on a live token', async () => {
      const google = new StandInGoogle().install();
      const { env } = await socialEnvironment({ project: { publicToken: 'public-token-live-latchkey-one-tap' } });
      const { container } = await renderSignIn({ env, config: oneTapConfig() });
      const block = await socialBlock(container);
      await waitFor(() => expect(google.listeners).toHaveLength(1), waitLong);
      google.notDisplayed('unregistered_origin');

      expect(await within(block).findByRole('button', { name: 'Continue with Google' }, waitLong)).toBeTruthy();
      expect(block.querySelector('[data-part="one-tap-error"]')).toBeNull();
      expect(block.textContent).not.toContain('One Tap could not load');
    });
  });
});
