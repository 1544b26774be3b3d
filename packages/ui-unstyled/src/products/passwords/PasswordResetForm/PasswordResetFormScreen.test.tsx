import { LatchkeyProvider, type SignInCallbacks } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment, type TestEnvironment, tokenOf } from '@latchkey/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageMain } from '../../../../test/renderSignIn';
import { ResetPassword } from '../ResetPassword';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';

const OLD_PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'violet-otter-92-lantern';
const SLOW = { timeout: 10_000 };
const CROSS_BROWSER =
  'This sign-in was started in another browser or on another device, so it cannot finish here. Open the link in the browser where you asked for it, or start again here.';

const passwordField = () => screen.getByLabelText('New password') as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

/** A password user who asked for a reset email; resolves the email's link of `tokenType`. */
async function resetEmail(tokenType: 'reset_password' | 'login') {
  const env = await startTestEnvironment();
  await env.client.passwords.create({ email: 'ada@example.com', password: OLD_PASSWORD, session_duration_minutes: 30 });
  await env.client.session.revoke();
  await env.client.passwords.resetByEmailStart({ email: 'ada@example.com' });
  const link = await env.lastLink('ada@example.com', `stytch_token_type=${tokenType}`);
  env.requests.length = 0;
  return { env, link };
}

/** Opens the emailed link's page (path and query) and mounts `<ResetPassword>` there. */
function openResetPage(
  env: TestEnvironment,
  link: string,
  props: { callbacks?: SignInCallbacks; token?: string } = {},
) {
  const url = new URL(link);
  if (props.token === undefined) window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  const user = userEvent.setup();
  render(
    <LatchkeyProvider client={env.client}>
      <ResetPassword callbacks={props.callbacks} passwordResetToken={props.token} />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return user;
}

describe('PasswordResetFormScreen', () => {
  it('has no axe violations', async () => {
    const { env, link } = await resetEmail('reset_password');
    const user = openResetPage(env, link);
    await user.type(await screen.findByLabelText('New password'), 'abcdefgh');
    await waitFor(() => expect(screen.getByText('Sequences like abc or 6543 are easy to guess.')).toBeTruthy(), SLOW);
    await expectNoAxeViolations();
  });

  it('has no axe violations in its examples', async () => {
    for (const Example of [BasicExample, ErrorExample, LoadingExample, CustomLayoutExample]) {
      const container = pageMain();
      const { unmount } = render(<Example />, { container });
      await expectNoAxeViolations();
      unmount();
      container.remove();
    }
  });

  it('sets a new password from the emailed link and signs the user in', async () => {
    const onEvent = vi.fn();
    const { env, link } = await resetEmail('reset_password');
    const user = openResetPage(env, link, { callbacks: { onEvent } });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(continueButton().disabled).toBe(true);

    await user.type(passwordField(), 'tangerine42');
    await waitFor(() => expect(screen.getByRole('meter').getAttribute('data-score')).toBe('2'), SLOW);
    expect(continueButton().disabled).toBe(true);

    await user.clear(passwordField());
    await user.type(passwordField(), NEW_PASSWORD);
    await waitFor(() => expect(continueButton().disabled).toBe(false), SLOW);
    expect(screen.getByRole('meter').getAttribute('data-tone')).toBe('strong');
    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(env.requests.find((request) => request.path === '/passwords/email/reset')).toEqual(
      expect.objectContaining({
        status: 200,
        body: expect.objectContaining({ token: tokenOf(link), password: NEW_PASSWORD }),
      }),
    );
    expect(env.client.session.getSync()).not.toBeNull();
    // The spent token leaves the address bar.
    expect(window.location.search).not.toContain('token=');
    // Emitted by the success screen's effect once it is displayed: on a loaded machine, a moment after the heading.
    await waitFor(() => expect(onEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }), SLOW);
    // The new password works, the old one no longer does.
    await expect(
      env.client.passwords.authenticate({
        email: 'ada@example.com',
        password: OLD_PASSWORD,
        session_duration_minutes: 30,
      }),
    ).rejects.toMatchObject({ error_type: 'unauthorized_credentials' });
  });

  it('keeps Continue disabled and shows the breached notice for a breached password', async () => {
    const { env, link } = await resetEmail('reset_password');
    const user = openResetPage(env, link);
    await user.type(await screen.findByLabelText('New password'), 'password');
    expect(
      await screen.findByText(
        'This password may have been used on a different site that experienced a security issue. Please choose another password.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it("a 'login' link shows 'Logging in...' and signs the user in without a password", async () => {
    const { env, link } = await resetEmail('login');
    openResetPage(env, link);
    expect(screen.getByRole('heading', { name: 'Logging in...' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
    expect(env.requests.find((request) => request.path === '/magic_links/authenticate')).toEqual(
      expect.objectContaining({ status: 200, body: expect.objectContaining({ token: tokenOf(link) }) }),
    );
    expect(env.client.session.getSync()).not.toBeNull();
    expect(window.location.search).not.toContain('token=');
  });

  it("'Login without a password' reads 'Logging in...' while it signs the user in", async () => {
    const { env, link } = await resetEmail('reset_password');
    const user = openResetPage(env, link);
    const button = await screen.findByRole('button', { name: 'Login without a password' });
    // The in-process provider answers within a tick, so record every label the button shows on the way.
    const labels: string[] = [];
    const observer = new MutationObserver(() => {
      if (button.isConnected)
        labels.push(`${button.textContent}${button.hasAttribute('data-pending') ? ' (pending)' : ''}`);
    });
    observer.observe(button, { childList: true, characterData: true, subtree: true, attributes: true });
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
    observer.disconnect();
    expect(labels).toContain('Logging in... (pending)');
    expect(env.client.session.getSync()).not.toBeNull();
  });

  it('takes the token from the passwordResetToken prop', async () => {
    const { env, link } = await resetEmail('reset_password');
    const user = openResetPage(env, link, { token: tokenOf(link) });
    await user.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await waitFor(() => expect(continueButton().disabled).toBe(false), SLOW);
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
  });

  it('shows a refused token under the field', async () => {
    const { env, link } = await resetEmail('reset_password');
    const user = openResetPage(env, link, { token: 'not-a-real-token' });
    await user.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await waitFor(() => expect(continueButton().disabled).toBe(false), SLOW);
    await user.click(continueButton());
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).not.toBe('');
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it("a used 'login' link shows the error catalogue's text (its own chunk) under the title", async () => {
    const { env, link } = await resetEmail('login');
    await env.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 30 });
    await env.client.session.revoke();
    openResetPage(env, link);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe(
      'The magic link could not be authenticated because it was either already used or expired.',
    );
    expect(env.client.session.getSync()).toBeNull();
  });
  it('a reset link opened in another browser shows the cross-browser text under the field and sets nothing', async () => {
    const { env, link } = await resetEmail('reset_password');
    // Another browser or device: none of the PKCE pairs the reset start stored.
    for (const key of Object.keys(window.localStorage)) {
      if (key.includes('::PKCE_VERIFIER:')) window.localStorage.removeItem(key);
    }
    const user = openResetPage(env, link);
    await user.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await waitFor(() => expect(continueButton().disabled).toBe(false), SLOW);
    await user.click(continueButton());
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe(CROSS_BROWSER);
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(env.client.session.getSync()).toBeNull();
    // The old password still works: the link set nothing.
    await env.client.passwords.authenticate({
      email: 'ada@example.com',
      password: OLD_PASSWORD,
      session_duration_minutes: 30,
    });
  });
});
