import type { LatchkeyEvent } from '@latchkey/hooks';
import { expectNoAxeViolations, type SentRequest } from '@latchkey/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdNextAnswer } from '../../../../test/holdAnswer';
import { pageMain, renderSignIn } from '../../../../test/renderSignIn';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import { exampleOtp } from './examples/fixtures';
import LoadingExample from './examples/loading';
import { OtpScreen } from './OtpScreen';

// The limit's window is fixed (it starts on a multiple of its length): with a minute, a second send that comes a
// moment after the first can fall in the next window and pass. With a day, the two never straddle a boundary.
const ONE_DAY = 86_400;

const EMAIL_OTP = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };
const SMS_OTP = { products: ['otp' as const], otpOptions: { methods: ['sms' as const] } };

const sends = (requests: SentRequest[]) => requests.filter((request) => request.path.endsWith('/login_or_create'));
const authentications = (requests: SentRequest[]) =>
  requests.filter((request) => request.path === '/otps/authenticate');

async function sendEmailCode(options: Parameters<typeof renderSignIn>[0] = {}) {
  const rendered = await renderSignIn({ config: EMAIL_OTP, ...options });
  await rendered.user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await rendered.user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Enter passcode' });
  return rendered;
}

const digitBox = (index: number) => screen.getByRole('textbox', { name: `Digit ${index} of 6` });

afterEach(() => {
  vi.useRealTimers();
});

describe('OtpScreen', () => {
  it('has no axe violations', async () => {
    await sendEmailCode();
    await expectNoAxeViolations();
  });

  it('signs a new user up by email passcode and shows the success screen', async () => {
    const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
    const { env, user } = await sendEmailCode({ callbacks: { onEvent } });
    expect(screen.getByText('A 6-digit passcode was sent to you at ada@example.com.')).toBeTruthy();
    expect(sends(env.requests).map((request) => [request.path, request.body])).toEqual([
      ['/otps/email/login_or_create', { email: 'ada@example.com', expiration_minutes: 5 }],
    ]);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);

    await user.click(digitBox(1));
    await user.keyboard(await env.lastCode('ada@example.com'));

    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeTruthy();
    expect(env.client.session.getSnapshot().session).toBeTruthy();
    const completions = () => onEvent.mock.calls.filter(([event]) => event.type === 'AUTHENTICATE_FLOW_COMPLETE');
    await waitFor(() => expect(completions()).toHaveLength(1));
  });

  it('signs in by SMS with an international number and shows it formatted', async () => {
    const { env, user } = await renderSignIn({ config: SMS_OTP });
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+1 415 555 0123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(sends(env.requests).map((request) => [request.path, request.body])).toEqual([
      ['/otps/sms/login_or_create', { phone_number: '+14155550123', expiration_minutes: 5 }],
    ]);
    expect(await screen.findByText('A 6-digit passcode was sent to you at +1 415 555 0123.')).toBeTruthy();

    await user.click(digitBox(1));
    await user.keyboard(await env.lastCode('+14155550123'));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it('signs in by WhatsApp with a national number and the default country US', async () => {
    const { env, user } = await renderSignIn({
      config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    await user.click(await screen.findByRole('tab', { name: 'WhatsApp' }));
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '(415) 555-0124');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(sends(env.requests).map((request) => [request.path, request.body])).toEqual([
      ['/otps/whatsapp/login_or_create', { phone_number: '+14155550124', expiration_minutes: 5 }],
    ]);
    await user.click(digitBox(1));
    await user.keyboard(await env.lastCode('+14155550124'));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it("shows a wrong code's error under the boxes, empties them, and accepts the right code next", async () => {
    const { env, user } = await sendEmailCode();
    const code = await env.lastCode('ada@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    await user.click(digitBox(1));
    await user.keyboard(wrong);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid passcode, please try again.');
    const group = screen.getByRole('group', { name: 'Passcode' });
    expect(group.getAttribute('aria-describedby')).toBe(alert.id);
    expect(group.hasAttribute('data-invalid')).toBe(true);
    // The error sits right under the boxes.
    expect(group.nextElementSibling).toBe(alert);
    await waitFor(() => expect(digitBox(1)).toHaveProperty('value', ''), { timeout: 10_000 });
    // The focus moves in an effect, after the cleared boxes are in the page.
    await waitFor(() => expect(document.activeElement).toBe(digitBox(1)), { timeout: 10_000 });

    await user.keyboard(code);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(authentications(env.requests).map((request) => request.status)).toEqual([404, 200]);
  });

  it("resends: 'Code sent' for 2 seconds, a new method id, and the new code signs in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
    const { env, user } = await sendEmailCode({ callbacks: { onEvent }, fakeTimers: true });
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend.getAttribute('data-status')).toBe('initial');
    expect(screen.getByText("Didn't get it?", { exact: false })).toBeTruthy();

    await user.click(resend);
    const sent = await screen.findByRole('button', { name: 'Code sent' });
    expect(sent.getAttribute('data-status')).toBe('sent');
    expect(sends(env.requests)).toHaveLength(2);

    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('button', { name: 'Resend code' }).getAttribute('data-status')).toBe('waiting');

    const methodIds = onEvent.mock.calls
      .filter(([event]) => event.type === 'OTP_LOGIN_OR_CREATE')
      .map(([event]) => (event.data as { method_id: string }).method_id);
    expect(methodIds).toHaveLength(2);
    await user.click(digitBox(1));
    await user.keyboard(await env.lastCode('ada@example.com'));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect((authentications(env.requests)[0]!.body as { method_id: string }).method_id).toBe(methodIds[1]);
  });

  it("a 'Resend code' answered after the user went back and sent a code elsewhere leaves that code working", async () => {
    const { env, user } = await sendEmailCode();
    const resend = holdNextAnswer(env, '/otps/email/login_or_create');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await resend.arrived;

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('A 6-digit passcode was sent to you at bob@example.com.')).toBeTruthy();
    await act(() => resend.release());

    // Still bob's screen, and bob's code signs bob in at the first try.
    expect(screen.getByText('A 6-digit passcode was sent to you at bob@example.com.')).toBeTruthy();
    await user.click(digitBox(1));
    await user.keyboard(await env.lastCode('bob@example.com'));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.queryByText('Invalid passcode, please try again.')).toBeNull();
    expect(authentications(env.requests).map((request) => request.status)).toEqual([200]);
    expect(env.client.session.getSnapshot().user?.emails[0]?.email).toBe('bob@example.com');
  });

  it('shows a failed resend under the countdown, not under the boxes', async () => {
    const { user } = await sendEmailCode({
      provider: { rateLimits: { sendsPerIdentifier: { limit: 1, windowSeconds: ONE_DAY } } },
    });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-part')).toBe('resend-error');
    expect(alert.previousElementSibling?.getAttribute('data-part')).toBe('countdown');
    expect(alert.textContent).toBe('Too many requests have been made. Please wait and try again.');
    expect(screen.getByRole('group', { name: 'Passcode' }).hasAttribute('data-invalid')).toBe(false);
    expect(screen.getByRole('button', { name: 'Resend code' }).getAttribute('data-status')).toBe('initial');
  });

  it("counts down every second and reads 'Your code has expired.' after 5 minutes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await sendEmailCode({ fakeTimers: true });
    expect(screen.getByText(/^Your code expires in [45]:\d\d\.$/)).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText(/^Your code expires in [34]:\d\d\.$/)).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(4 * 60_000);
    });
    const countdown = screen.getByText('Your code has expired.');
    expect(countdown.hasAttribute('data-expired')).toBe(true);
  });

  it("shows 'Your code has expired.' alone: a wrong-code error does not stay beside it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { env, user } = await sendEmailCode({ fakeTimers: true });
    const code = await env.lastCode('ada@example.com');
    await user.click(digitBox(1));
    await user.keyboard(code === '000000' ? '111111' : '000000');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid passcode, please try again.');
    await act(async () => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    await screen.findByText('Your code has expired.');
    expect(screen.queryByText('Invalid passcode, please try again.')).toBeNull();
  });

  it('hides the back arrow when the passwordless password flow sent the code', async () => {
    const { env, user } = await renderSignIn({
      config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } },
    });
    // A user without a password: signed up by email passcode, then signed out.
    const { method_id } = await env.client.otps.email.loginOrCreate('ada@example.com');
    await env.client.otps.authenticate(await env.lastCode('ada@example.com'), method_id, {
      session_duration_minutes: 30,
    });
    await env.client.session.revoke();

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('goes back to Main with the back arrow', async () => {
    const { user } = await sendEmailCode();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it("shows an error type's catalogue text, which the strings overrides can replace", async () => {
    const { env, user } = await sendEmailCode({ strings: { 'error.otp_code_not_found': 'That code did not work.' } });
    const code = await env.lastCode('ada@example.com');
    await user.click(digitBox(1));
    await user.keyboard(code === '000000' ? '111111' : '000000');
    expect((await screen.findByRole('alert')).textContent).toBe('That code did not work.');
  });
});

describe('OtpScreen parts', () => {
  // The examples' fixed state: a code sent by SMS, two digits typed.
  const value = exampleOtp;

  it("while verifying shows 'Verifying passcode...' with a progress bar and marks the root", () => {
    render(
      <OtpScreen.Provider value={value({ isVerifying: true })}>
        <OtpScreen.Layout />
      </OtpScreen.Provider>,
      { container: pageMain() },
    );
    expect(screen.getByText('Verifying passcode...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Verifying passcode...' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enter passcode' }).parentElement?.hasAttribute('data-verifying')).toBe(
      true,
    );
  });

  it('hides the back arrow in the passwordless flow and marks filled boxes', () => {
    render(
      <OtpScreen.Provider value={value({ canGoBack: false })}>
        <OtpScreen.Layout />
      </OtpScreen.Provider>,
      { container: pageMain() },
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    const group = screen.getByRole('group', { name: 'Passcode' });
    const boxes = within(group).getAllByRole('textbox');
    expect(boxes.map((box) => box.hasAttribute('data-filled'))).toEqual([true, true, false, false, false, false]);
  });
});

describe('OtpScreen examples', () => {
  it.each([
    ['basic', BasicExample],
    ['error', ErrorExample],
    ['loading', LoadingExample],
    ['custom-layout', CustomLayoutExample],
  ] as const)('the %s example renders without axe violations', async (_, Example) => {
    render(<Example />, { container: pageMain() });
    await expectNoAxeViolations();
  });
});
