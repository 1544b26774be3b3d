// Issue 25 in the widgets, against the real provider in-process: the success screen's notice when a sign-in's proof
// ran the pre-hijacking reset, and the address verification that an enrolment refused with `identifier_not_verified`
// leads to (the authenticator app, the passkey), with axe on each state.
import { LatchkeyProvider } from '@latchkey/hooks';
import { ASYNC_TIMEOUT, expectNoAxeViolations, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { passkeyEnvironment } from '../../test/passkeys';
import { pageMain, renderSignIn } from '../../test/renderSignIn';
import { messages, type Translate } from '../messages/index';
import { PasskeyRegistration } from '../products/passkeys/PasskeyRegistration';
import { TotpEnrollment } from '../products/totp/TotpEnrollment/TotpEnrollment';
import { accountResetText } from './AccountResetNotice';

const EMAIL = 'ada@example.com';
const PASSWORD = 'dragonfly-marmalade-41';
const waitLong = { timeout: ASYNC_TIMEOUT };
const NOT_VERIFIED =
  'Verify your email address before adding a second factor, a passkey or a wallet: signing in with a code sent to it would otherwise remove them.';

/** A password sign-up made through the client: signed in, the address not proved. */
async function passwordSignUp(env: TestEnvironment) {
  await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 30 });
}

/** Types the last passcode sent to EMAIL into the six boxes (the first box is 'Digit 1 of 6'). */
async function typeCode(env: TestEnvironment, user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }, waitLong));
  await user.keyboard(await env.lastCode(EMAIL));
}

const t: Translate = (id, values = {}) =>
  (messages.en[id] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

describe('accountResetText', () => {
  it('names what was removed, with was/were and the other devices and apps', () => {
    expect(accountResetText(t, { identifier: EMAIL, removed: ['password', 'totp'] })).toBe(
      'For your security, we removed a password and an authenticator app that were added to this account before you proved you own ada@example.com.',
    );
    expect(accountResetText(t, { identifier: EMAIL, removed: ['password', 'sessions'] })).toBe(
      'For your security, we removed a password that was added to this account before you proved you own ada@example.com. We also signed it out on every other device.',
    );
    expect(
      accountResetText(t, {
        identifier: EMAIL,
        removed: ['passkeys', 'crypto_wallets', 'phone_numbers', 'connected_apps'],
      }),
    ).toBe(
      'For your security, we removed passkeys, crypto wallets and phone numbers that were added to this account before you proved you own ada@example.com. We also disconnected the apps it had given access to.',
    );
    expect(accountResetText(t, { identifier: EMAIL, removed: ['sessions', 'connected_apps'] })).toBe(
      'For your security, we signed this account out everywhere else because it was set up before you proved you own ada@example.com. We also disconnected the apps it had given access to.',
    );
  });
});

describe('the success screen after a proof that reset the account', () => {
  it('tells the owner, in a status region, what was removed and why', async () => {
    const env = await startTestEnvironment();
    // A stranger signed up with Ada's address and a password, and is still signed in elsewhere.
    await passwordSignUp(env);
    await env.client.session.revoke({ forceClear: true });
    const { user } = await renderSignIn({ env, config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await typeCode(env, user);
    expect(await screen.findByRole('heading', { name: 'Success!' }, waitLong)).toBeTruthy();
    const notice = await screen.findByText(
      'For your security, we removed a password that was added to this account before you proved you own ada@example.com.',
    );
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.getAttribute('data-part')).toBe('account-reset');
    expect(env.client.user.getSync()?.password).toBeNull();
    await expectNoAxeViolations();
  });
});

describe('an enrolment refused with identifier_not_verified leads to verifying the address', () => {
  it('TotpEnrollment: the refusal, Send passcode, the code, then the QR code', async () => {
    const env = await startTestEnvironment();
    await passwordSignUp(env);
    const user = userEvent.setup();
    render(
      <LatchkeyProvider client={env.client}>
        <TotpEnrollment />
      </LatchkeyProvider>,
      { container: pageMain() },
    );
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(NOT_VERIFIED);
    expect(
      screen.getByText('Prove that ada@example.com is yours first: we will send it a 6-digit passcode.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    expect(await screen.findByText('Enter the 6-digit passcode sent to ada@example.com.', {}, waitLong)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Passcode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new passcode' })).toBeTruthy();
    await expectNoAxeViolations();
    await typeCode(env, user);

    // Verified with the session: nothing reset, and the enrolment goes on by itself.
    expect(await screen.findByRole('heading', { name: 'Scan the QR code' }, waitLong)).toBeTruthy();
    expect(env.client.user.getSync()?.password).not.toBeNull();
    expect(env.client.user.getSync()?.emails).toEqual([expect.objectContaining({ email: EMAIL, verified: true })]);
    expect(env.requests.filter((request) => request.path === '/otps/email/send/secondary')).toHaveLength(1);
  });

  it('PasskeyRegistration: the refusal, the code, then Create a Passkey works', async () => {
    const { env } = await passkeyEnvironment();
    await passwordSignUp(env);
    const user = userEvent.setup();
    render(
      <LatchkeyProvider client={env.client}>
        <PasskeyRegistration />
      </LatchkeyProvider>,
      { container: pageMain() },
    );
    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }, waitLong));
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(NOT_VERIFIED);
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    await typeCode(env, user);
    const verified = await screen.findByText('ada@example.com is verified. Create your passkey now.', {}, waitLong);
    expect(verified.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' }, waitLong)).toBeTruthy();
  });
});
