import type { SignInConfig } from '@latchkey/hooks';
import { expectNoAxeViolations, type TestEnvironment } from '@latchkey/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { afterPasswordResetSent, expectExamplesHaveNoAxeViolations, renderScreen } from '../../../../test/renderScreen';
import { renderSignIn } from '../../../../test/renderSignIn';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';
import { PasswordSetNewScreen } from './PasswordSetNewScreen';

const SLOW = { timeout: 10_000 };

/** A user who signed up with an email passcode and so has no password. */
async function createPasswordlessUser(env: TestEnvironment, email: string) {
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  await env.client.otps.authenticate(await env.lastCode(email), method_id, { session_duration_minutes: 30 });
  await env.client.session.revoke();
}

async function searchPasswordlessUser(config: SignInConfig) {
  const rendered = await renderSignIn({ config });
  await createPasswordlessUser(rendered.env, 'grace@example.com');
  await rendered.user.type(await screen.findByRole('textbox', { name: 'Email' }), 'grace@example.com');
  await rendered.user.click(screen.getByRole('button', { name: 'Continue' }));
  return rendered;
}

describe('PasswordSetNewScreen', () => {
  it('has no axe violations', async () => {
    const { store } = await renderScreen(<PasswordSetNewScreen />, {
      config: { products: ['passwords'] },
      prepare: afterPasswordResetSent('setNew', 'grace@example.com', 'passwordless'),
    });
    expect(screen.getByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(screen.getByText('A login link was sent to you at grace@example.com.')).toBeTruthy();
    await expectNoAxeViolations();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState().screen).toBe('Main');
  });

  it('has no axe violations in its examples', async () => {
    await expectExamplesHaveNoAxeViolations([BasicExample, ErrorExample, LoadingExample, CustomLayoutExample]);
  });

  it("emails a passwordless user a magic link at once; 'Create a password instead' sends a reset email", async () => {
    const { env, user } = await searchPasswordlessUser({ products: ['passwords', 'emailMagicLinks'] });
    expect(await screen.findByRole('heading', { name: 'Check your email' }, SLOW)).toBeTruthy();
    expect(await env.lastLink('grace@example.com', 'stytch_token_type=magic_links')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create a password instead' }));
    expect(await screen.findByRole('heading', { name: 'Check your email!' }, SLOW)).toBeTruthy();
    expect(screen.getByText('A login link was sent to you at grace@example.com.')).toBeTruthy();
    expect(env.requests.filter((request) => request.path === '/passwords/email/reset/start')).toEqual([
      expect.objectContaining({ status: 200, body: expect.objectContaining({ email: 'grace@example.com' }) }),
    ]);
    expect(await env.lastLink('grace@example.com', 'stytch_token_type=reset_password')).toBeTruthy();
  });

  it('sends a passwordless user straight a set-password email when passwords are the only product', async () => {
    const { env } = await searchPasswordlessUser({ products: ['passwords'] });
    expect(await screen.findByRole('heading', { name: 'Check your email!' }, SLOW)).toBeTruthy();
    expect(await env.lastLink('grace@example.com', 'stytch_token_type=reset_password')).toBeTruthy();
  });
});
