// The social block's parts (their `data-scope`/`data-part` names) and its examples, with fixed values: no provider,
// no Google.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectExamplesHaveNoAxeViolations } from '../../../../test/renderScreen';
import { pageMain } from '../../../../test/renderSignIn';
import { MessagesProvider } from '../../../messages/index';
import SocialSignInBasic from './examples/basic';
import SocialSignInCustomLayout from './examples/custom-layout';
import SocialSignInError from './examples/error';
import SocialSignInEveryProvider from './examples/every-provider';
import { exampleOneTap, exampleSocialSignIn } from './examples/fixtures';
import SocialSignInLoading from './examples/loading';
import { SocialSignIn } from './SocialSignIn';

describe('the social block', () => {
  it('renders every example without axe violations', async () => {
    await expectExamplesHaveNoAxeViolations([
      SocialSignInBasic,
      SocialSignInCustomLayout,
      SocialSignInError,
      SocialSignInEveryProvider,
      SocialSignInLoading,
    ]);
  });

  it('draws all 19 providers with their names and icons, and a type outside them with neither', async () => {
    render(<SocialSignInEveryProvider />, { container: pageMain() });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      ...[
        'Google',
        'Microsoft',
        'Apple',
        'GitHub',
        'GitLab',
        'Facebook',
        'Discord',
        'Salesforce',
        'Slack',
        'Amazon',
        'Bitbucket',
        'LinkedIn',
        'Coinbase',
        'Twitch',
        'Twitter',
        'TikTok',
        'Snapchat',
        'Figma',
        'Yahoo',
      ].map((name) => `Continue with ${name}`),
      '',
    ]);
    expect(buttons.at(-1)?.getAttribute('aria-label')).toBe('myspace');
    // Every icon's path arrives (each from its own module).
    // Google's "G" is four paths in its own colours (Google's branding rules), every other icon one.
    await waitFor(() => expect(document.querySelectorAll('svg[data-part="provider-icon"] path')).toHaveLength(22));
    const google = document.querySelector('svg[data-part="provider-icon"][data-provider="google"]');
    expect([...(google?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('fill'))).toEqual([
      '#EA4335',
      '#4285F4',
      '#FBBC05',
      '#34A853',
    ]);
    for (const icon of document.querySelectorAll('svg[data-part="provider-icon"]')) {
      expect(icon.getAttribute('aria-hidden')).toBe('true');
      expect(icon.getAttribute('data-scope')).toBe('social-sign-in');
    }
  });

  it("passes the caller's props through, runs their onClick first and lets preventDefault() keep the provider unstarted", async () => {
    const start = vi.fn();
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const provider = { type: 'github', name: 'GitHub' };
    render(
      <SocialSignIn.Provider value={exampleSocialSignIn({ start })}>
        <SocialSignIn.ProviderButton provider={provider} className="mine" data-extra="1" onClick={onClick} />
        <SocialSignIn.ProviderButton provider={{ type: 'gitlab', name: 'GitLab' }} />
      </SocialSignIn.Provider>,
      { container: pageMain() },
    );
    const github = screen.getByRole('button', { name: 'Continue with GitHub' });
    expect(github.className).toBe('mine');
    expect(github.getAttribute('data-extra')).toBe('1');
    expect(github.getAttribute('data-scope')).toBe('social-sign-in');
    expect(github.getAttribute('data-part')).toBe('provider');
    await userEvent.click(github);
    expect(onClick).toHaveBeenCalledOnce();
    expect(start).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with GitLab' }));
    expect(start).toHaveBeenCalledWith('gitlab');
  });

  it('marks the navigating provider pending and every button disabled', () => {
    render(
      <SocialSignIn.Provider value={exampleSocialSignIn({ pendingProvider: 'github' })}>
        <SocialSignIn.Layout />
      </SocialSignIn.Provider>,
      { container: pageMain() },
    );
    const root = document.querySelector('[data-scope="social-sign-in"][data-part="root"]');
    expect(root?.getAttribute('aria-busy')).toBe('true');
    expect(root?.hasAttribute('data-pending')).toBe(true);
    const github = document.querySelector('[data-provider="github"]') as HTMLButtonElement;
    expect(github.hasAttribute('data-pending')).toBe(true);
    expect(within(github).getByRole('status', { name: 'Loading' })).toBeTruthy();
    for (const button of screen.getAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.hasAttribute('data-disabled')).toBe(true);
    }
  });

  it('One Tap: the embedded container has the id given, grows from 47 px (its measured height as data-height); floating shows only a spinner while loading', () => {
    const { rerender } = render(
      <SocialSignIn.Provider value={exampleSocialSignIn({ oneTap: exampleOneTap({ height: 60 }) })}>
        <SocialSignIn.Layout />
      </SocialSignIn.Provider>,
      { container: pageMain() },
    );
    const container = document.getElementById('example-one-tap');
    expect(container?.getAttribute('data-part')).toBe('one-tap');
    expect(container?.getAttribute('data-status')).toBe('shown');
    expect(container?.style.height).toBe('');
    expect(container?.style.minHeight).toBe('47px');
    expect(container?.getAttribute('data-height')).toBe('60');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();

    rerender(
      <SocialSignIn.Provider
        value={exampleSocialSignIn({ oneTap: exampleOneTap({ position: 'floating', status: 'loading' }) })}
      >
        <SocialSignIn.Layout />
      </SocialSignIn.Provider>,
    );
    expect(document.querySelector('[data-part="one-tap"]')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading' }).getAttribute('data-scope')).toBe('social-sign-in');

    rerender(
      <SocialSignIn.Provider
        value={exampleSocialSignIn({ oneTap: exampleOneTap({ position: 'floating', status: 'shown' }) })}
      >
        <SocialSignIn.Layout />
      </SocialSignIn.Provider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('makes only http(s) URLs in the One Tap explanation links (new tab, noopener noreferrer), never HTML', () => {
    const strings = {
      'oauth.oneTapError':
        'One Tap could not load: {reason}. See https://console.cloud.google.com/apis/credentials, not javascript:alert(1).',
    };
    render(
      <MessagesProvider strings={strings}>
        <SocialSignIn.Provider
          value={exampleSocialSignIn({
            oneTap: exampleOneTap({ status: 'fallback', explanation: '<b>unregistered_origin</b>' }),
          })}
        >
          <SocialSignIn.Layout />
        </SocialSignIn.Provider>
      </MessagesProvider>,
      { container: pageMain() },
    );
    const explanation = document.querySelector('[data-part="one-tap-error"]') as HTMLElement;
    expect(explanation.textContent).toBe(
      'One Tap could not load: <b>unregistered_origin</b>. See https://console.cloud.google.com/apis/credentials, not javascript:alert(1).',
    );
    expect(explanation.querySelector('b')).toBeNull();
    const links = within(explanation).getAllByRole('link');
    expect(
      links.map((link) => [link.getAttribute('href'), link.getAttribute('rel'), link.getAttribute('target')]),
    ).toEqual([['https://console.cloud.google.com/apis/credentials', 'noopener noreferrer', '_blank']]);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });
});
