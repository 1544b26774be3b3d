import type { SignInConfig } from '@latchkey/hooks';
import { expectNoAxeViolations } from '@latchkey/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdNextAnswer } from '../../../../test/holdAnswer';
import { expectExamplesHaveNoAxeViolations } from '../../../../test/renderScreen';
import { type RenderedSignIn, renderSignIn } from '../../../../test/renderSignIn';
import type { Toaster } from '../../../toast';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';

const PASSWORD = 'correct horse battery staple';
const SLOW = { timeout: 10_000 };
const resetStarts = (rendered: RenderedSignIn) =>
  rendered.env.requests.filter((request) => request.path === '/passwords/email/reset/start');

/** An existing password user on 'Log In', who then presses 'Forgot Password?'. */
async function forgotPassword(
  config: SignInConfig = { products: ['passwords', 'emailMagicLinks'] },
  toaster?: Toaster,
) {
  const rendered = await renderSignIn({ config, toaster });
  const { env, user } = rendered;
  await env.client.passwords.create({ email: 'ada@example.com', password: PASSWORD, session_duration_minutes: 30 });
  await env.client.session.revoke();
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
  await screen.findByRole('heading', { name: 'Forgot password?' }, SLOW);
  return rendered;
}

describe('PasswordForgotScreen', () => {
  it('has no axe violations', async () => {
    await forgotPassword();
    await expectNoAxeViolations();
  });

  it('has no axe violations in its examples', async () => {
    await expectExamplesHaveNoAxeViolations([BasicExample, ErrorExample, LoadingExample, CustomLayoutExample]);
  });

  it("'Forgot Password?' emails a reset link and says where it went", async () => {
    const rendered = await forgotPassword();
    expect(screen.getByText('A link to reset your password was sent to you at ada@example.com.')).toBeTruthy();
    expect(resetStarts(rendered)).toEqual([
      expect.objectContaining({ status: 200, body: expect.objectContaining({ email: 'ada@example.com' }) }),
    ]);
    expect(await rendered.env.lastLink('ada@example.com', 'stytch_token_type=reset_password')).toBeTruthy();
  });

  it("'Resend email' sends a second reset email and shows the toast 'Email resent'", async () => {
    const rendered = await forgotPassword();
    const { env, user } = rendered;
    const before = (await env.inbox('ada@example.com')).length;
    const resend = screen.getByRole('button', { name: 'Resend email' });
    expect(resend.getAttribute('data-status')).toBe('initial');
    await user.click(resend);

    const toast = await screen.findByText('Email resent', {}, SLOW);
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(toast.getAttribute('data-type')).toBe('success');
    expect(resetStarts(rendered)).toHaveLength(2);
    expect(await env.inbox('ada@example.com')).toHaveLength(before + 1);
    expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend email' }).getAttribute('data-status')).toBe('sent');
  });

  it("opening the screen asks the host's toaster to load its code, before any toast", async () => {
    const calls: string[] = [];
    const toaster: Toaster = {
      show: () => {
        calls.push('show');
        return 'toast';
      },
      dismiss: () => {},
      preload: () => calls.push('preload'),
    };
    const rendered = await forgotPassword(undefined, toaster);
    expect(calls).toEqual(['preload']);
    await rendered.user.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(calls).toEqual(['preload', 'show']), SLOW);
  });

  it("'Login without a password' emails a magic link when magic links are configured", async () => {
    const rendered = await forgotPassword();
    await rendered.user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' }, SLOW)).toBeTruthy();
    expect(rendered.env.requests.at(-1)).toEqual(
      expect.objectContaining({ path: '/magic_links/email/login_or_create', status: 200 }),
    );
  });

  it("'Login without a password' emails a passcode when email passcodes are configured", async () => {
    const rendered = await forgotPassword({ products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } });
    await rendered.user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' }, SLOW)).toBeTruthy();
    expect(await rendered.env.lastCode('ada@example.com')).toMatch(/^\d{6}$/);
  });

  it("offers no 'Login without a password' with passwords alone", async () => {
    await forgotPassword({ products: ['passwords'] });
    expect(screen.queryByRole('button', { name: 'Login without a password' })).toBeNull();
  });

  it('shows a refused resend under the actions', async () => {
    const rendered = await forgotPassword();
    // The provider allows 5 sends per address a minute: the 'Forgot Password?' email and four resends.
    for (let sent = 1; sent < 5; sent += 1) {
      await rendered.env.client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    }
    await rendered.user.click(screen.getByRole('button', { name: 'Resend email' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.getAttribute('data-part')).toBe('error');
    expect(alert.textContent).not.toBe('');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resend email' }).getAttribute('data-status')).toBe('initial'),
    );
    expect(screen.queryByText('Email resent')).toBeNull();
  });

  it("a 'Forgot Password?' answered after the user went back to another address's 'Log In' leaves them there", async () => {
    const rendered = await renderSignIn({ config: { products: ['passwords', 'emailMagicLinks'] } });
    const { env, user } = rendered;
    for (const email of ['ada@example.com', 'bob@example.com']) {
      await env.client.passwords.create({ email, password: PASSWORD, session_duration_minutes: 30 });
      await env.client.session.revoke();
    }
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const reset = holdNextAnswer(env, '/passwords/email/reset/start');
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    await reset.arrived;

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const again = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(again);
    await user.type(again, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    await act(() => reset.release());

    expect(screen.getByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Forgot password?' })).toBeNull();
    expect(screen.queryByText('A link to reset your password was sent to you at bob@example.com.')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('bob@example.com');
    // Only ada asked for (and got) a reset email.
    expect(resetStarts(rendered).map((request) => (request.body as { email: string }).email)).toEqual([
      'ada@example.com',
    ]);
    expect(await env.inbox('bob@example.com')).toEqual([]);
  });

  it('goes back to Main with the back arrow', async () => {
    const rendered = await forgotPassword();
    await rendered.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});
