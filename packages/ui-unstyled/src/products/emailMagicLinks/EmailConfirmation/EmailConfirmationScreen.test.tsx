import { expectNoAxeViolations } from '@latchkey/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageMain, renderSignIn, sentTelemetry } from '../../../../test/renderSignIn';
import { EmailConfirmationScreen } from './EmailConfirmationScreen';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';
import { webMailLinks } from './useEmailConfirmationScreen';

async function sendMagicLink(options: Parameters<typeof renderSignIn>[0] = {}) {
  const rendered = await renderSignIn(options);
  await rendered.user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await rendered.user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Check your email' });
  return rendered;
}

describe('EmailConfirmationScreen', () => {
  it('has no axe violations', async () => {
    await sendMagicLink();
    await expectNoAxeViolations();
  });

  it("says where the email went and links to the web-mail services searching by the project's one sender domain", async () => {
    await sendMagicLink({ provider: { project: { emailDomains: ['latchkey.dev'] } } });
    expect(screen.getByText('An email was sent to ada@example.com.')).toBeTruthy();
    const links = ['Open in Gmail', 'Open in Yahoo', 'Open in Outlook'].map((name) =>
      screen.getByRole('link', { name }),
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://mail.google.com/mail/u/0/#search/from%3A%40latchkey.dev+in%3Aanywhere',
      'https://mail.yahoo.com/d/search/keyword=from%253Alatchkey.dev',
      'https://outlook.live.com/mail/0/inbox',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('searches by emailMagicLinksOptions.domainHint when the host gives one', async () => {
    await sendMagicLink({
      config: { emailMagicLinksOptions: { domainHint: 'mail.example.org' } },
      provider: { project: { emailDomains: ['a.example', 'b.example'] } },
    });
    expect(screen.getByRole('link', { name: 'Open in Gmail' }).getAttribute('href')).toBe(
      'https://mail.google.com/mail/u/0/#search/from%3A%40mail.example.org+in%3Aanywhere',
    );
    expect(screen.getByRole('link', { name: 'Open in Yahoo' }).getAttribute('href')).toBe(
      'https://mail.yahoo.com/d/search/keyword=from%253Amail.example.org',
    );
  });

  it('opens the inboxes when the sender domain is not known for sure', async () => {
    await sendMagicLink({ provider: { project: { emailDomains: ['a.example', 'b.example'] } } });
    expect(screen.getByRole('link', { name: 'Open in Gmail' }).getAttribute('href')).toBe(
      'https://mail.google.com/mail/u/0/#inbox',
    );
    expect(screen.getByRole('link', { name: 'Open in Yahoo' }).getAttribute('href')).toBe(
      'https://mail.yahoo.com/d/folders/1',
    );
  });

  it("'Try again' goes back to Main with the email cleared and logs email_try_again_clicked", async () => {
    const { env, user } = await sendMagicLink();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const heading = await screen.findByRole('heading', { name: 'Sign up or log in' });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', '');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const events = await sentTelemetry(env);
    expect(events.filter((event) => event.event_name === 'email_try_again_clicked')).toEqual([
      expect.objectContaining({ details: { email: 'ada@example.com', type: 'login_or_create_eml' } }),
    ]);
  });

  it("offers 'Create a password instead' to a passwordless user, which emails a set-password link", async () => {
    const { env, user } = await renderSignIn({ config: { products: ['emailMagicLinks', 'passwords'] } });
    // A user without a password: signed up by email passcode, then signed out.
    const { method_id } = await env.client.otps.email.loginOrCreate('ada@example.com');
    await env.client.otps.authenticate(await env.lastCode('ada@example.com'), method_id, {
      session_duration_minutes: 30,
    });
    await env.client.session.revoke();

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    await user.click(screen.getByRole('button', { name: 'Create a password instead' }));
    await waitFor(() =>
      expect(env.requests.some((request) => request.path === '/passwords/email/reset/start')).toBe(true),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-scope="sign-in"]')?.getAttribute('data-screen')).toBe('PasswordSetNew'),
    );
  });

  it("does not offer 'Create a password instead' outside the passwordless flow", async () => {
    await sendMagicLink();
    expect(screen.queryByRole('button', { name: 'Create a password instead' })).toBeNull();
  });
});

describe('EmailConfirmationScreen parts', () => {
  it('renders a custom layout from a fixed value', () => {
    render(
      <EmailConfirmationScreen.Provider
        value={{
          email: 'ada@example.com',
          links: webMailLinks([]),
          tryAgain: () => {},
          canCreatePassword: true,
          createPassword: () => {},
          isCreatingPassword: true,
          error: null,
        }}
      >
        <EmailConfirmationScreen.Root>
          <EmailConfirmationScreen.Link provider="outlook" />
          <EmailConfirmationScreen.CreatePassword />
        </EmailConfirmationScreen.Root>
      </EmailConfirmationScreen.Provider>,
      { container: pageMain() },
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
    const create = screen.getByRole('button', { name: /Create a password instead/ });
    expect(create.hasAttribute('data-pending')).toBe(true);
    expect(create).toHaveProperty('disabled', true);
  });
});

describe('EmailConfirmationScreen examples', () => {
  it.each([
    ['basic', BasicExample],
    ['error', ErrorExample],
    ['loading', LoadingExample],
    ['custom-layout', CustomLayoutExample],
  ] as const)('the %s example renders without axe violations', async (_, Example) => {
    render(<Example />, { container: pageMain() });
    await expectNoAxeViolations();
  });
});
