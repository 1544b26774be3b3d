import { LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { unprovedSession } from '@latchkey/testing/unproved-session';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageMain } from '../../../../test/renderSignIn';
import { codeNow, EMAIL, MFA, signUp, totpUser } from '../../../../test/totp';
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

/**
 * A user with an app who signed in again with an emailed passcode alone (multi-factor sign-in off, the default): her
 * session never gave the app's code, so removing it or new recovery codes go through the verify step.
 */
async function renderWithoutAppCode() {
  const env = await startTestEnvironment({ sameSiteCookies: true });
  const app = await totpUser(env);
  const sent = await env.client.otps.email.loginOrCreate(EMAIL);
  await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 60 });
  const user = userEvent.setup();
  const { container } = render(
    <LatchkeyProvider client={env.client}>
      <TotpEnrollment />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return { env, user, container, ...app };
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
    const key = screen.getByText(
      (_, element) =>
        element?.getAttribute('data-part') === 'manual-key-value' &&
        /^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/.test(element.textContent ?? ''),
    );
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

  it("the scan step labels its boxes, keeps the key's groups whole and has a way back to the start", async () => {
    const { env, user } = await renderEnrollment({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    await screen.findByRole('heading', { name: 'Scan the QR code' });

    // A visible label, which names the group of boxes.
    const label = screen.getByText('Code from your app');
    expect(label.getAttribute('data-part')).toBe('code-label');
    const group = screen.getByRole('group', { name: 'Code from your app' });
    expect(group.getAttribute('aria-labelledby')).toBe(label.id);
    expect(within(group).getAllByRole('textbox')).toHaveLength(6);

    // The key: eight groups of four, each its own element (the stylesheet keeps each on one line).
    const key = document.querySelector('[data-part="manual-key-value"]');
    const groups = [...(key?.querySelectorAll('[data-part="manual-key-group"]') ?? [])].map((item) => item.textContent);
    expect(groups).toHaveLength(8);
    for (const item of groups) expect(item).toMatch(/^[A-Z2-7]{4}$/);
    expect(key?.textContent).toBe(groups.join(' '));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Set up an authenticator app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(env.client.user.getSync()?.totps.every((totp) => !totp.verified)).toBe(true);
  });

  it('once set up: says so, regenerates the recovery codes, and removes the app after a confirmation', async () => {
    const env = await startTestEnvironment({ config: MFA, sameSiteCookies: true });
    await signUp(env);
    const created = await env.client.totps.create({ expiration_minutes: 30 });
    await env.client.totps.authenticate({
      totp_code: await codeNow(env, created.secret),
      session_duration_minutes: 60,
    });
    const user = userEvent.setup();
    render(
      <LatchkeyProvider client={env.client}>
        <TotpEnrollment />
      </LatchkeyProvider>,
      { container: pageMain() },
    );
    expect(await screen.findByRole('heading', { name: 'Authenticator app set up' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up an authenticator app' })).toBeNull();
    await expectNoAxeViolations();

    // New recovery codes: shown once, the earlier ones replaced.
    await user.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' }, { timeout: 10_000 });
    const codes = within(screen.getByRole('list', { name: 'Recovery codes' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => created.recovery_codes.includes(code ?? ''))).toBe(false);
    expect(env.requests.some((request) => request.path === '/totps/recovery_codes' && request.status === 200)).toBe(
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Authenticator app set up' });

    // Remove asks first; Cancel keeps the app.
    await user.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Remove the authenticator app\?/);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(env.client.user.getSync()?.totps).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByRole('heading', { name: 'Set up an authenticator app' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove authenticator app' })).toBeNull();
    expect(env.client.user.getSync()?.totps).toEqual([]);
    expect((await env.client.user.get()).totps).toEqual([]);
  });

  it("asks a session that signed in without the app's code for one before removing the app", async () => {
    const { env, user, container, secret } = await renderWithoutAppCode();
    await screen.findByRole('heading', { name: 'Authenticator app set up' }, { timeout: 10_000 });

    // New recovery codes ask for the code too; Back returns to the app's management without them (its heading focused).
    await user.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 10_000 });
    // The step is <SessionVerification> inside the enrolment's root.
    const step = container.querySelector('[data-scope="totp-enrollment"][data-part="root"][data-step="verify"]');
    expect(step?.querySelector('[data-scope="session-verification"][data-part="root"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const managed = await screen.findByRole('heading', { name: 'Authenticator app set up' });
    await waitFor(() => expect(document.activeElement).toBe(managed), { timeout: 10_000 });

    await user.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 10_000 });
    expect(screen.getByText('Enter a code from your authenticator app to continue.')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Code from your app' });
    expect(within(group).getAllByRole('textbox')).toHaveLength(6);
    // The focus moves in an effect, after the step is in the page (late on a loaded machine).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 1 of 6' })), {
      timeout: 10_000,
    });
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations();

    const right = await codeNow(env, secret);
    await user.keyboard(right === '000000' ? '111111' : '000000');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'Invalid passcode, please try again.',
    );
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(group.hasAttribute('data-invalid')).toBe(true);
    expect(env.client.user.getSync()?.totps).toHaveLength(1);

    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(right);
    expect(
      await screen.findByRole('heading', { name: 'Set up an authenticator app' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(env.client.user.getSync()?.totps).toEqual([]);
    expect((await env.client.user.get()).totps).toEqual([]);
  });

  it("'Confirm it's you' takes a recovery code instead, then shows the new recovery codes", async () => {
    const { user, recoveryCodes } = await renderWithoutAppCode();
    await user.click(await screen.findByRole('button', { name: 'Regenerate recovery codes' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(document.activeElement).toBe(input);
    await user.type(input, recoveryCodes[0] ?? '');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes' }, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(heading), { timeout: 10_000 });
    const codes = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes.map((item) => item.textContent)).not.toContain(recoveryCodes[1]);
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

/**
 * Multi-factor sign-in required, and a user whose only second factor is a passkey (her app removed) on a page whose
 * session never proved it (the shared `unprovedSession`): the provider refuses her a new app until it is proved.
 */
async function renderPasskeyOnly() {
  const session = await unprovedSession({ email: EMAIL, withPasskey: true });
  const userId = session.env.client.session.getSync()?.user_id ?? '';
  await session.env.provider.database.db.deleteFrom('totps').where('user_id', '=', userId).execute();
  await session.env.client.user.get();
  session.env.requests.length = 0;
  const user = userEvent.setup();
  const { container } = render(
    <LatchkeyProvider client={session.env.client}>
      <TotpEnrollment />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return { ...session, user, container };
}

describe("TotpEnrollment: 'Confirm it's you' with a passkey", () => {
  it("a user whose only second factor is a passkey proves the session with 'Use a passkey', then scans the new app", async () => {
    const { env, user, container } = await renderPasskeyOnly();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 10_000 });
    const root = container.querySelector('[data-scope="session-verification"][data-part="root"]');
    expect(root?.hasAttribute('data-passkey')).toBe(true);
    expect(root?.hasAttribute('data-code')).toBe(false);
    expect(screen.getByText('Use one of your passkeys to continue.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Code from your app' })).toBeNull();
    const usePasskey = screen.getByRole('button', { name: 'Use a passkey' });
    await waitFor(() => expect(document.activeElement).toBe(usePasskey), { timeout: 10_000 });
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Scan the QR code' }, { timeout: 10_000 })).toBeTruthy();
    expect(env.requests.filter((request) => request.path === '/totps').map((request) => request.status)).toEqual([
      403, 200,
    ]);
  });

  it('a dismissed passkey prompt shows an error and stays; Back returns to the start', async () => {
    const { user, authenticator } = await renderPasskeyOnly();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 10_000 });
    const error = new Error('The operation either timed out or was not allowed.');
    error.name = 'NotAllowedError';
    vi.spyOn(authenticator, 'get').mockRejectedValueOnce(error);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'Unknown error occurred during passkey authentication. Please try again.',
    );
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' }, { timeout: 10_000 })).toBeTruthy();
  });
});
