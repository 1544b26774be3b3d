// The themed social slice: <SignIn> with social sign-in, in a .lk-Root with the stylesheet's classes, against the real
// provider and the real hooks; the client records where it sends the browser, and a stand-in `window.google` plays
// Google's One Tap script.
import { LatchkeyProvider, type SignInConfig } from '@latchkey/hooks';
import { ASYNC_TIMEOUT, expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SignIn } from './SignIn';

const waitLong = { timeout: ASYNC_TIMEOUT };
const REDIRECT = 'http://localhost:5173/authenticate';

async function renderThemedSignIn(config: SignInConfig) {
  const navigations: string[] = [];
  const env = await startTestEnvironment({
    clientOptions: { environment: { navigate: (url: string) => void navigations.push(url) } },
  });
  const view = render(
    <LatchkeyProvider client={env.client}>
      <SignIn config={config} />
    </LatchkeyProvider>,
  );
  return { env, view, navigations, user: userEvent.setup() };
}

afterEach(() => {
  delete (window as { google?: unknown }).google;
});

describe('themed <SignIn> with social sign-in', () => {
  it('shows the provider buttons in the .lk-Root in the configured order with no axe violations, and a click starts the provider', async () => {
    const { env, view, navigations, user } = await renderThemedSignIn({
      products: ['oauth', 'emailMagicLinks'],
      oauthOptions: {
        providers: [{ type: 'microsoft' }, { type: 'apple' }, { type: 'slack', custom_scopes: ['users:read'] }],
        loginRedirectURL: REDIRECT,
        signupRedirectURL: REDIRECT,
      },
    });

    const slack = await screen.findByRole('button', { name: 'Continue with Slack' }, waitLong);
    const block = view.container.querySelector<HTMLElement>('.lk-Root [data-scope="social-sign-in"][data-part="root"]');
    expect(block?.contains(slack)).toBe(true);
    expect(
      within(block as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Continue with Microsoft', 'Continue with Apple', 'Continue with Slack']);
    expect(slack.querySelector('svg')?.getAttribute('width')).toBe('20');
    expect(screen.getByText('or')).toBeTruthy();
    await expectNoAxeViolations(view.container);

    await user.click(slack);
    await waitFor(() => expect(navigations).toHaveLength(1), waitLong);
    const url = new URL(navigations[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.provider.config.publicUrl}/v1/public/oauth/slack/start`);
    expect(url.searchParams.get('custom_scopes')).toBe('users:read');
    expect(url.searchParams.get('login_redirect_url')).toBe(REDIRECT);
  });

  it('draws embedded One Tap in a container at least 47 px high, and the plain Google button with the explanation when it cannot show', async () => {
    const listeners: ((notification: object) => void)[] = [];
    (window as { google?: unknown }).google = {
      accounts: {
        id: {
          initialize: () => {},
          prompt: (listener: (notification: object) => void) => void listeners.push(listener),
          cancel: () => {},
        },
      },
    };
    const { view } = await renderThemedSignIn({
      products: ['oauth', 'emailMagicLinks'],
      oauthOptions: { providers: [{ type: 'google', one_tap: true }], loginRedirectURL: REDIRECT },
    });

    await waitFor(
      () => expect(view.container.querySelector('.lk-Root [data-part="one-tap"]')).not.toBeNull(),
      waitLong,
    );
    const container = view.container.querySelector<HTMLElement>('[data-part="one-tap"]') as HTMLElement;
    // At least 47 px, never a fixed height: the prompt gets the room it takes (issue 28).
    expect(container.style.height).toBe('');
    expect(container.style.minHeight).toBe('47px');
    await waitFor(() => expect(listeners).toHaveLength(1), waitLong);
    await expectNoAxeViolations(view.container);

    for (const listener of listeners) {
      listener({ isNotDisplayed: () => true, getNotDisplayedReason: () => 'invalid_client' });
    }
    expect(await screen.findByRole('button', { name: 'Continue with Google' }, waitLong)).toBeTruthy();
    expect(view.container.querySelector('.lk-Root [data-part="one-tap-error"]')?.textContent).toBe(
      'One Tap could not load: invalid_client',
    );
    await expectNoAxeViolations(view.container);
  });
});
