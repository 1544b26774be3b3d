import { LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { SignIn } from '../../SignIn';
import { TotpEnrollment } from './TotpEnrollment';

const EMAIL = 'ada@example.com';
const PASSWORD = 'violet-lantern-Tr0ub4dor&3';
const MFA = { config: { project: { mfa: { required: true } } }, sameSiteCookies: true };

describe('TotpEnrollment (themed)', () => {
  it('needs a signed-in user, inside the kit root', async () => {
    const env = await startTestEnvironment(MFA);
    const view = render(
      <LatchkeyProvider client={env.client}>
        <TotpEnrollment theme="dark" />
      </LatchkeyProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Cannot use TotpEnrollment component without active user authenticated.',
    );
    const root = view.container.querySelector('.lk-Root');
    expect(root?.getAttribute('data-theme')).toBe('dark');
    expect(root?.querySelector('[data-scope="totp-enrollment"][data-part="root"]')).not.toBeNull();
  });

  it('enrols an app, then the themed <SignIn> asks for its code after the password', async () => {
    const env = await startTestEnvironment(MFA);
    await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 30 });
    // The sign-up's address is proved with its own session first (an app is refused on an unverified address).
    const sent = await env.client.otps.email.send(EMAIL);
    await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 30 });
    const user = userEvent.setup();
    const view = render(
      <LatchkeyProvider client={env.client}>
        <TotpEnrollment />
      </LatchkeyProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    await expectNoAxeViolations(view.container);
    const secret = (screen.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent ?? '').replaceAll(' ', '');
    const code = () => generate({ secret, epoch: Math.floor(env.clock.now() / 1000) });
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(await code());
    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    await expectNoAxeViolations(view.container);
    view.unmount();

    await env.client.session.revoke();
    env.clock.advance(30_000);
    render(
      <LatchkeyProvider client={env.client}>
        <SignIn config={{ products: ['passwords'] }} />
      </LatchkeyProvider>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter verification code' });
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(await code());
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });
});
