import { type LatchkeyEvent, LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations } from '@latchkey/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageMain, renderSignIn } from '../../../../test/renderSignIn';
import { codeNow, EMAIL, MFA, PASSWORD, totpUser } from '../../../../test/totp';
import { SignIn } from '../../../SignIn';

const PASSWORDS = { products: ['passwords' as const] };

/** `<SignIn>` with passwords on a project that requires a second factor; the user has an app and types the password. */
async function afterPassword(callbacks: Parameters<typeof renderSignIn>[0] = {}) {
  const rendered = await renderSignIn({ config: PASSWORDS, provider: MFA, sameSiteCookies: true, ...callbacks });
  const { env, user } = rendered;
  const totp = await totpUser(env);
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Enter verification code' });
  return { ...rendered, ...totp };
}

const digitBox = (index: number) => screen.getByRole('textbox', { name: `Digit ${index} of 6` });
const paths = (env: Awaited<ReturnType<typeof afterPassword>>['env']) =>
  env.requests.map(({ method, path, status }) => `${method} ${path} ${status}`);

describe('TotpScreen (multi-factor sign-in)', () => {
  it('after the password shows the code entry instead of the success screen; the code signs in', async () => {
    const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
    const { env, user, secret, container } = await afterPassword({ callbacks: { onEvent } });
    expect(container.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('TotpAuthenticate');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
    expect(onEvent.mock.calls.filter(([event]) => event.type === 'AUTHENTICATE_FLOW_COMPLETE')).toEqual([]);
    expect(env.client.session.getTokens()).toBeNull();
    await expectNoAxeViolations();

    env.requests.length = 0;
    await user.click(digitBox(1));
    await user.keyboard(await codeNow(env, secret));

    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(paths(env)).toContain('POST /totps/authenticate 200');
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'password',
      'totp',
    ]);
    await waitFor(() =>
      expect(onEvent.mock.calls.filter(([event]) => event.type === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(1),
    );
  });

  it('follows an email passcode as well (every first factor passes the same success hook)', async () => {
    const { env, user } = await renderSignIn({
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
      provider: MFA,
      sameSiteCookies: true,
    });
    const { secret } = await totpUser(env);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    await user.click(digitBox(1));
    await user.keyboard(await env.lastCode(EMAIL));
    await screen.findByRole('heading', { name: 'Enter verification code' });
    expect(screen.queryByText('Your passcode has been successfully verified.')).toBeNull();
    await user.click(digitBox(1));
    await user.keyboard(await codeNow(env, secret));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'totp']);
  });

  it('refuses a wrong code with its text, announced, and clears the boxes', async () => {
    const { env, user, secret } = await afterPassword();
    const right = await codeNow(env, secret);
    await user.click(digitBox(1));
    await user.keyboard(right === '000000' ? '111111' : '000000');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid passcode, please try again.');
    expect(screen.getByRole('group', { name: 'Verification code' }).getAttribute('aria-describedby')).toBe(alert.id);
    await waitFor(() => expect(digitBox(1)).toHaveProperty('value', ''));
    expect(screen.getByRole('heading', { name: 'Enter verification code' })).toBeTruthy();
  });

  it('signs in with a recovery code; the same code is refused the next time with its text', async () => {
    const { env, user, recoveryCodes } = await afterPassword();
    const code = recoveryCodes[3] as string;
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await screen.findByRole('heading', { name: 'Enter a recovery code' });
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText('Recovery code'), code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(env.requests.find((request) => request.path === '/totps/recover')?.body).toMatchObject({
      recovery_code: code,
    });

    // Signed out; the password again, then the same recovery code.
    await env.client.session.revoke();
    await env.settled();
    const again = renderAgain(env);
    await again.user.type(await screen.findByRole('textbox', { name: 'Email' }), EMAIL);
    await again.user.click(screen.getByRole('button', { name: 'Continue' }));
    await again.user.type(await screen.findByLabelText('Password'), PASSWORD);
    await again.user.click(screen.getByRole('button', { name: 'Continue' }));
    await again.user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await again.user.type(await screen.findByLabelText('Recovery code'), code);
    await again.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This recovery code is not valid or has already been used. Each recovery code works only once.',
    );
    expect(screen.getByLabelText('Recovery code').getAttribute('aria-invalid')).toBe('true');
    expect(env.client.session.getTokens()).toBeNull();

    // Back to the app's code entry.
    await again.user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(await screen.findByRole('heading', { name: 'Enter verification code' })).toBeTruthy();
  });
});

/** A fresh `<SignIn>` on the same provider and client (the first one unmounted). */
function renderAgain(env: Awaited<ReturnType<typeof afterPassword>>['env']) {
  cleanup();
  render(
    <LatchkeyProvider client={env.client}>
      <SignIn config={PASSWORDS} />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return { user: userEvent.setup() };
}
