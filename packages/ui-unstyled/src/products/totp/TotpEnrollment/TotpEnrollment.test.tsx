import { LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageMain } from '../../../../test/renderSignIn';
import { codeNow, MFA, signUp } from '../../../../test/totp';
import { TotpEnrollment } from './TotpEnrollment';

async function renderEnrollment(options: { signedIn: boolean; onDone?: () => void }) {
  const env = await startTestEnvironment({ config: MFA, sameSiteCookies: true });
  if (options.signedIn) await signUp(env);
  const user = userEvent.setup();
  render(
    <LatchkeyProvider client={env.client}>
      <TotpEnrollment onDone={options.onDone} />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return { env, user };
}

describe('TotpEnrollment', () => {
  it('enrols an app: QR code and key, a wrong then a right first code, recovery codes saved, done', async () => {
    const onDone = vi.fn();
    const { env, user } = await renderEnrollment({ signedIn: true, onDone });
    expect(screen.getByRole('heading', { name: 'Set up an authenticator app' })).toBeTruthy();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));

    const heading = await screen.findByRole('heading', { name: 'Scan the QR code' });
    // The focus moves in an effect, after the new screen is in the page (late on a loaded machine).
    await waitFor(() => expect(document.activeElement).toBe(heading), { timeout: 10_000 });
    const qr = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const key = screen.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = (key.textContent ?? '').replaceAll(' ', '');
    expect(screen.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')).toMatch(
      /^otpauth:\/\/totp\//,
    );
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    await expectNoAxeViolations();

    const right = await codeNow(env, secret);
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(right === '000000' ? '111111' : '000000');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid passcode, please try again.');
    expect(screen.getByRole('group', { name: 'Code from your app' }).hasAttribute('data-invalid')).toBe(true);

    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(right);
    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    const codes = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes).toHaveLength(10);
    expect(codes[0]?.textContent).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(env.client.user.getSync()?.totps).toEqual([expect.objectContaining({ verified: true })]);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect((await navigator.clipboard.readText()).trim().split('\n')).toEqual(codes.map((code) => code.textContent));
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(continueButton);
    expect(await screen.findByRole('heading', { name: 'Authenticator app set up' })).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the error and no way to start when nobody is signed in', async () => {
    const { env } = await renderEnrollment({ signedIn: false });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Cannot use TotpEnrollment component without active user authenticated.',
    );
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    expect(env.requests.filter((request) => request.path === '/totps')).toEqual([]);
  });
});
