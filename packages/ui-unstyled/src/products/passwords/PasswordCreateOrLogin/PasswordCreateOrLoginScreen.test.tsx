import {
  createSignInStore,
  LatchkeyProvider,
  PASSWORD_TRANSITIONS,
  type SignInConfig,
  SignInStoreProvider,
} from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageMain, type RenderedSignIn, type RenderSignInOptions, renderSignIn } from '../../../../test/renderSignIn';
import { ToastProvider } from '../../../toastProvider';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';
import LudsExample from './examples/luds';
import NewUserExample from './examples/new-user';
import PasswordlessExample from './examples/passwordless';
import { PasswordCreateOrLoginScreen } from './PasswordCreateOrLoginScreen';

const PASSWORDS: SignInConfig = { products: ['passwords', 'emailMagicLinks'] };
const STRONG = 'correct horse battery staple';
const BREACHED_NOTICE =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';
// The provider's argon2id hashing and the debounced strength check take a moment.
const SLOW = { timeout: 10_000 };

const passwordField = () => screen.getByLabelText('Password') as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
const meter = () => screen.findByRole('meter', { name: 'Password strength' }, SLOW);
const filledSegments = (element: HTMLElement) => element.querySelectorAll('[data-part="segment"][data-filled]').length;

/** Renders `<SignIn>` with passwords and searches `email`, landing on PasswordCreateOrLogin. */
async function searchUser(email: string, options: RenderSignInOptions = {}): Promise<RenderedSignIn> {
  const rendered = await renderSignIn({ config: PASSWORDS, ...options });
  await rendered.user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await rendered.user.click(continueButton());
  return rendered;
}

/** Waits for the strength check of the typed password to settle (status `done`). */
async function settledStrength() {
  await waitFor(
    () => expect(document.querySelector('[data-part="strength"]')?.getAttribute('data-status')).toBe('done'),
    SLOW,
  );
}

describe('PasswordCreateOrLoginScreen', () => {
  it('has no axe violations while a new user types a weak password', async () => {
    const { user, env } = await searchUser('ada@example.com');
    await screen.findByRole('heading', { name: 'Choose how you would like to create your account.' });
    await user.type(passwordField(), 'abcdefgh');
    await settledStrength();
    await expectNoAxeViolations();
    await env.settled();
  });

  it('has no axe violations in its examples', async () => {
    for (const Example of [BasicExample, ErrorExample, LudsExample, PasswordlessExample, CustomLayoutExample]) {
      const container = pageMain();
      const { unmount } = render(<Example />, { container });
      await expectNoAxeViolations();
      unmount();
      container.remove();
    }
  });

  it('signs a new user up: the bar follows the score, Continue waits for valid_password, the address is verified, then success', async () => {
    const onEvent = vi.fn();
    const { user, env } = await searchUser('new.user@example.com', { callbacks: { onEvent } });
    expect(
      await screen.findByRole('heading', { name: 'Choose how you would like to create your account.' }),
    ).toBeTruthy();
    expect(screen.getByText('Finish creating your account by setting a password.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a login link' })).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.value).toBe('new.user@example.com');
    expect(email.readOnly).toBe(true);
    expect(continueButton().disabled).toBe(true);

    // A weak password: score 0, one red segment, zxcvbn's advice in the catalogue's words.
    await user.type(passwordField(), 'abcdefgh');
    await settledStrength();
    let bar = await meter();
    expect(bar.getAttribute('data-score')).toBe('0');
    expect(filledSegments(bar)).toBe(1);
    expect(bar.getAttribute('data-tone')).toBe('weak');
    expect(screen.getByText('Sequences like abc or 6543 are easy to guess.')).toBeTruthy();
    expect(screen.getByText('Add another word or two. Uncommon words are better.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);

    // Score 2: two red segments, still not valid.
    await user.clear(passwordField());
    await user.type(passwordField(), 'tangerine42');
    await settledStrength();
    bar = await meter();
    expect(bar.getAttribute('data-score')).toBe('2');
    expect(filledSegments(bar)).toBe(2);
    expect(bar.getAttribute('data-tone')).toBe('weak');
    expect(continueButton().disabled).toBe(true);

    // A strong password: four green segments, Continue enabled.
    await user.clear(passwordField());
    await user.type(passwordField(), STRONG);
    await settledStrength();
    bar = await meter();
    expect(bar.getAttribute('data-score')).toBe('4');
    expect(filledSegments(bar)).toBe(4);
    expect(bar.getAttribute('data-tone')).toBe('strong');
    await waitFor(() => expect(continueButton().disabled).toBe(false));

    await user.click(continueButton());
    // Signed up: the address is proved right away with the sign-up session, on the passcode screen.
    expect(await screen.findByRole('heading', { name: 'Verify your email address' }, SLOW)).toBeTruthy();
    expect(
      screen.getByText('To finish creating your account, enter the 6-digit passcode we sent to new.user@example.com.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(env.client.session.getSync()).not.toBeNull();
    await expectNoAxeViolations();
    expect(onEvent.mock.calls.filter(([event]) => event.type === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(0);
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(await env.lastCode('new.user@example.com'));
    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeTruthy();
    // Proving it with the account's own session resets nothing: no notice, the password stays.
    expect(document.querySelector('[data-part="account-reset"]')).toBeNull();
    await waitFor(() =>
      expect(env.client.user.getSync()?.emails).toEqual([
        expect.objectContaining({ email: 'new.user@example.com', verified: true }),
      ]),
    );
    expect(env.client.user.getSync()?.password).not.toBeNull();
    expect(env.requests.filter((request) => request.path === '/otps/email/send/secondary')).toHaveLength(1);
    expect(env.requests.filter((request) => request.path === '/passwords')).toEqual([
      expect.objectContaining({
        method: 'POST',
        status: 200,
        body: expect.objectContaining({
          email: 'new.user@example.com',
          password: STRONG,
          session_duration_minutes: 30,
        }),
      }),
    ]);
    expect(env.client.session.getSync()).not.toBeNull();
    await waitFor(() =>
      expect(onEvent.mock.calls.filter(([event]) => event.type === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(1),
    );
  });

  it('shows and hides the password with the toggle', async () => {
    const { user } = await searchUser('new.user@example.com');
    await screen.findByRole('heading', { name: 'Choose how you would like to create your account.' });
    await user.type(passwordField(), 'secret words');
    expect(passwordField().type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField().type).toBe('text');
    expect(passwordField().hasAttribute('data-visible')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordField().type).toBe('password');
  });

  it('keeps Continue disabled and shows the breached notice for a breached password', async () => {
    const { user, env } = await searchUser('new.user@example.com');
    await screen.findByRole('heading', { name: 'Choose how you would like to create your account.' });
    await user.type(passwordField(), 'Password1');
    await settledStrength();
    const strength = document.querySelector('[data-part="strength"]') as HTMLElement;
    expect(within(strength).getByRole('alert').textContent).toBe(BREACHED_NOTICE);
    expect(continueButton().disabled).toBe(true);
    await user.click(continueButton());
    await env.settled();
    expect(env.requests.some((request) => request.path === '/passwords')).toBe(false);
  });

  it('shows the two LUDS rows, met as the password meets them, under the LUDS policy', async () => {
    const { user } = await searchUser('new.user@example.com', {
      provider: { project: { passwordPolicy: { type: 'luds', complexity: 3, minimumCount: 10 } } },
    });
    await screen.findByRole('heading', { name: 'Choose how you would like to create your account.' });
    const row = (rule: string) => document.querySelector(`[data-part="row"][data-rule="${rule}"]`) as HTMLElement;
    expect(row('minimum-count').textContent).toContain('Must be at least 10 character(s) long');
    expect(row('complexity').textContent).toContain(
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    );
    expect(screen.queryByRole('meter')).toBeNull();

    await user.type(passwordField(), 'lowercaseonly');
    await settledStrength();
    expect(row('minimum-count').hasAttribute('data-met')).toBe(true);
    expect(row('complexity').hasAttribute('data-met')).toBe(false);
    expect(continueButton().disabled).toBe(true);

    await user.type(passwordField(), 'A9');
    await settledStrength();
    expect(row('complexity').hasAttribute('data-met')).toBe(true);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
  });

  it('offers a new user the login link instead, which goes to EmailConfirmation', async () => {
    const { user, env } = await searchUser('new.user@example.com');
    await user.click(await screen.findByRole('button', { name: 'Email me a login link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' }, SLOW)).toBeTruthy();
    expect((await env.inbox('new.user@example.com')).length).toBe(1);
  });

  it('offers an emailed code when email passcodes are configured instead of magic links', async () => {
    const { user } = await searchUser('new.user@example.com', {
      config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Email me a login code' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' }, SLOW)).toBeTruthy();
  });

  it("titles a new user's screen 'Finish creating…' when passwords are the only product", async () => {
    await searchUser('new.user@example.com', { config: { products: ['passwords'] } });
    expect(
      await screen.findByRole('heading', { name: 'Finish creating your account by setting a password.' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Email me/ })).toBeNull();
  });

  it('logs an existing user in', async () => {
    const rendered = await renderSignIn({ config: PASSWORDS });
    const { env, user } = rendered;
    await env.client.passwords.create({ email: 'ada@example.com', password: STRONG, session_duration_minutes: 30 });
    await env.client.session.revoke();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
    await user.type(passwordField(), STRONG);
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
    expect(env.requests.find((request) => request.path === '/passwords/authenticate')?.status).toBe(200);
    expect(env.client.session.getSync()).not.toBeNull();
  });

  it('shows a wrong password under the field and stays on Log In', async () => {
    const rendered = await renderSignIn({ config: PASSWORDS });
    const { env, user } = rendered;
    await env.client.passwords.create({ email: 'ada@example.com', password: STRONG, session_duration_minutes: 30 });
    await env.client.session.revoke();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Log In' });

    await user.type(passwordField(), 'not the password');
    await user.click(continueButton());
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe('Unauthorized credentials.');
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(passwordField().getAttribute('aria-describedby')).toContain(alert.id);
    expect(screen.getByRole('heading', { name: 'Log In' })).toBeTruthy();

    // Typing again clears the refusal.
    await user.type(passwordField(), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the password when Continue is pressed with an empty field, in the strings override', async () => {
    const rendered = await renderSignIn({
      config: PASSWORDS,
      strings: { 'password.required': 'Enter your password.' },
    });
    await rendered.env.client.passwords.create({
      email: 'ada@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });
    await rendered.env.client.session.revoke();
    await rendered.user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await rendered.user.click(continueButton());
    await screen.findByRole('heading', { name: 'Log In' });
    await rendered.user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your password.');
  });

  it('sends a user whose password must be reset to PasswordDedupe with a reset email', async () => {
    const rendered = await renderSignIn({ config: PASSWORDS });
    const { env, user } = rendered;
    await env.client.passwords.create({ email: 'ada@example.com', password: STRONG, session_duration_minutes: 30 });
    await env.client.session.revoke();
    await env.provider.database.db.updateTable('passwords').set({ requires_reset: 1 }).execute();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Log In' });
    await user.type(passwordField(), STRONG);
    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Check your email to set a new password!' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/ada@example\.com/).textContent).toContain('make sure it is really you');
    expect(await env.lastLink('ada@example.com', 'stytch_token_type=reset_password')).toBeTruthy();
  });

  it('goes back to Main with the back arrow', async () => {
    const { user } = await searchUser('new.user@example.com');
    await screen.findByRole('heading', { name: 'Choose how you would like to create your account.' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it("shows a passwordless user a spinner and 'Create a password instead', which sends a set-password email", async () => {
    const env = await startTestEnvironment();
    const { method_id } = await env.client.otps.email.loginOrCreate('grace@example.com', { expiration_minutes: 5 });
    await env.client.otps.authenticate(await env.lastCode('grace@example.com'), method_id, {
      session_duration_minutes: 30,
    });
    await env.client.session.revoke();
    // usePasswordFlow's search emails a passwordless user before it leaves Main, so this variant shows only when
    // a host moves the store here itself.
    const store = createSignInStore(PASSWORDS);
    store
      .getState()
      .dispatch(
        { type: 'passwordUserFound', email: 'grace@example.com', userType: 'passwordless' },
        PASSWORD_TRANSITIONS,
      );
    render(
      <LatchkeyProvider client={env.client}>
        <SignInStoreProvider store={store}>
          <ToastProvider>
            <PasswordCreateOrLoginScreen />
          </ToastProvider>
        </SignInStoreProvider>
      </LatchkeyProvider>,
      { container: pageMain() },
    );
    expect(screen.getByRole('heading', { name: 'Sending you a login email...' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await expectNoAxeViolations();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create a password instead' }));
    await waitFor(() => expect(store.getState().screen).toBe('PasswordSetNew'), SLOW);
    expect(await env.lastLink('grace@example.com', 'stytch_token_type=reset_password')).toBeTruthy();
  });

  it('renders its examples without a provider', () => {
    for (const Example of [BasicExample, ErrorExample, LoadingExample, CustomLayoutExample, NewUserExample]) {
      const { unmount } = render(<Example />);
      expect(document.querySelector('[data-scope="password-create-or-login"][data-part="root"]')).not.toBeNull();
      unmount();
    }
    render(<LoadingExample />);
    expect(document.querySelector('[data-part="submit"]')?.hasAttribute('data-pending')).toBe(true);
  });
});
