import { LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { unprovedSession } from '@latchkey/testing/unproved-session';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { SignIn } from '../../SignIn';
import { stylesText } from '../../stylesText';
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
    const key = view.container.querySelector('[data-part="manual-key-value"]')?.textContent ?? '';
    expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = key.replaceAll(' ', '');
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

  it("an enrolled user's app: 'Authenticator app set up', new recovery codes, removal after a confirmation", async () => {
    const env = await startTestEnvironment(MFA);
    await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 30 });
    const sent = await env.client.otps.email.send(EMAIL);
    await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 30 });
    const created = await env.client.totps.create({ expiration_minutes: 30 });
    const totp_code = await generate({ secret: created.secret, epoch: Math.floor(env.clock.now() / 1000) });
    await env.client.totps.authenticate({ totp_code, session_duration_minutes: 30 });
    const user = userEvent.setup();
    const view = render(
      <LatchkeyProvider client={env.client}>
        <TotpEnrollment />
      </LatchkeyProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Authenticator app set up' })).toBeTruthy();
    const manage = view.container.querySelector('.lk-Root [data-scope="totp-enrollment"][data-part="manage"]');
    expect(manage).not.toBeNull();
    await expectNoAxeViolations(view.container);

    await user.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' }, { timeout: 10_000 });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await user.click(await screen.findByRole('button', { name: 'Remove authenticator app' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' }, { timeout: 10_000 })).toBeTruthy();
    expect((await env.client.user.get()).totps).toEqual([]);
  });

  it("asks a session that signed in without the app's code for one ('Confirm it's you') before removing the app", async () => {
    // Multi-factor sign-in off (the default): the app is set up in one session, the user signs in again by passcode.
    const env = await startTestEnvironment({ sameSiteCookies: true });
    await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 30 });
    const sent = await env.client.otps.email.send(EMAIL);
    await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 30 });
    const created = await env.client.totps.create({ expiration_minutes: 30 });
    const code = () => generate({ secret: created.secret, epoch: Math.floor(env.clock.now() / 1000) });
    await env.client.totps.authenticate({ totp_code: await code(), session_duration_minutes: 30 });
    await env.client.session.revoke();
    env.clock.advance(30_000);
    const login = await env.client.otps.email.loginOrCreate(EMAIL);
    await env.client.otps.authenticate(await env.lastCode(EMAIL), login.method_id, { session_duration_minutes: 30 });
    const user = userEvent.setup();
    const view = render(
      <LatchkeyProvider client={env.client}>
        <TotpEnrollment />
      </LatchkeyProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Remove authenticator app' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 10_000 });
    const step = view.container.querySelector('.lk-Root [data-scope="totp-enrollment"][data-step="verify"]');
    expect(step).not.toBeNull();
    expect(step?.querySelector('[data-part="submit"]')?.textContent).toBe('Continue');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 1 of 6' })), {
      timeout: 10_000,
    });
    await expectNoAxeViolations(view.container);

    await user.keyboard(await code());
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' }, { timeout: 10_000 })).toBeTruthy();
    expect((await env.client.user.get()).totps).toEqual([]);
  });

  it("offers 'Use a passkey' as the primary button to a user whose only second factor is a passkey", async () => {
    // Multi-factor sign-in required; her app was removed, her passkey stays; the page's session never proved it.
    const { env } = await unprovedSession({ email: EMAIL, withPasskey: true });
    const userId = env.client.session.getSync()?.user_id ?? '';
    await env.provider.database.db.deleteFrom('totps').where('user_id', '=', userId).execute();
    await env.client.user.get();
    const user = userEvent.setup();
    const view = render(
      <LatchkeyProvider client={env.client}>
        <TotpEnrollment />
      </LatchkeyProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 10_000 });
    const step = view.container.querySelector('.lk-Root [data-scope="session-verification"][data-part="root"]');
    expect(step?.hasAttribute('data-code')).toBe(false);
    expect(step?.querySelector('[data-part="submit"]')).toBeNull();
    const usePasskey = screen.getByRole('button', { name: 'Use a passkey' });
    expect(usePasskey.getAttribute('data-part')).toBe('passkey');
    expect(stylesText).toContain('[data-scope="session-verification"][data-part="root"]:not([data-code])');
    await waitFor(() => expect(document.activeElement).toBe(usePasskey), { timeout: 10_000 });
    await expectNoAxeViolations(view.container);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Scan the QR code' }, { timeout: 10_000 })).toBeTruthy();
  });
});
