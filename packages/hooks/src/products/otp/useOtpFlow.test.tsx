import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { telemetryEvents, wrapperFor } from '../../../test/wrappers';
import { createSignInStore } from '../../signInStore';
import { useOtpFlow } from './useOtpFlow';

// The limit's window is fixed (it starts on a multiple of its length): with a minute, a second send that comes a
// moment after the first can fall in the next window and pass. With a day, the two never straddle a boundary.
const ONE_DAY = 86_400;

const EMAIL = 'ada@example.com';
const PHONE = '+15005550006';
const MINUTE = 60_000;

const requestsTo = (env: TestEnvironment, path: string) => env.requests.filter((request) => request.path === path);

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

afterEach(() => {
  vi.useRealTimers();
});

describe('useOtpFlow', () => {
  it('signs a new user up by email passcode, from Main to OTPConfirmation', async () => {
    const env = await startTestEnvironment();
    const onEvent = vi.fn();
    const store = createSignInStore({
      products: ['otp'],
      otpOptions: { methods: ['email'], loginTemplateId: 'login-tpl', signupTemplateId: 'signup-tpl', locale: 'fr' },
      sessionOptions: { sessionDurationMinutes: 60 },
    });
    const { result } = renderHook(() => useOtpFlow({ onEvent }), { wrapper: wrapperFor(env, store) });

    const before = Date.now();
    await act(() => result.current.send({ method: 'email', destination: EMAIL }));

    expect(requestsTo(env, '/otps/email/login_or_create')).toEqual([
      {
        method: 'POST',
        path: '/otps/email/login_or_create',
        status: 200,
        body: {
          email: EMAIL,
          expiration_minutes: 5,
          login_template_id: 'login-tpl',
          signup_template_id: 'signup-tpl',
          locale: 'fr',
        },
      },
    ]);
    const methodId = result.current.methodId;
    expect(methodId).toMatch(/^email-/);
    expect(result.current).toMatchObject({ status: 'sent', method: 'email', destination: EMAIL, error: null });
    expect(result.current.expiresAt).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(result.current.expiresAt).toBeLessThanOrEqual(Date.now() + 5 * MINUTE);
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(store.getState().formState.otpState).toEqual({ type: 'email', methodId, otpDestination: EMAIL });
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({
      type: 'OTP_LOGIN_OR_CREATE',
      data: expect.objectContaining({ method_id: methodId }),
    });
    expect(await telemetryEvents(env)).toContainEqual(
      expect.objectContaining({ event_name: 'email_sent', details: { email: EMAIL, type: 'login_or_create_otp' } }),
    );

    const code = await env.lastCode(EMAIL);
    let pending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      pending = result.current.authenticate(code);
    });
    expect(result.current.status).toBe('verifying');
    let accepted = false;
    await act(async () => {
      accepted = await pending;
    });

    expect(accepted).toBe(true);
    expect(result.current).toMatchObject({ status: 'success', error: null });
    expect(store.getState().screen).toBe('OTPConfirmation');
    expect(requestsTo(env, '/otps/authenticate').map((request) => request.body)).toEqual([
      { token: code, method_id: methodId, session_duration_minutes: 60 },
    ]);
    expect(env.client.session.getSnapshot().user?.emails[0]?.email).toBe(EMAIL);
  });

  it('a second send while the first is in flight (a double click on Continue) sends one code, which signs in', async () => {
    const env = await startTestEnvironment();
    const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['email'] } });
    const { result } = renderHook(() => useOtpFlow(), { wrapper: wrapperFor(env, store) });

    // Two clicks, each its own event: the second comes after the first one's render.
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.send({ method: 'email', destination: EMAIL });
    });
    expect(result.current.status).toBe('sending');
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      second = result.current.send({ method: 'email', destination: EMAIL });
    });
    let outcomes: boolean[] = [];
    await act(async () => {
      outcomes = await Promise.all([first, second]);
    });
    await env.settled();

    // Both clicks see the one send succeed.
    expect(outcomes).toEqual([true, true]);
    expect(requestsTo(env, '/otps/email/login_or_create')).toHaveLength(1);
    expect(await env.inbox(EMAIL)).toHaveLength(1);
    // The code received is the one the provider still accepts.
    const code = await env.lastCode(EMAIL);
    let accepted = false;
    await act(async () => {
      accepted = await result.current.authenticate(code);
    });
    expect(accepted).toBe(true);
    expect(store.getState().screen).toBe('OTPConfirmation');

    // Once the send has settled, a new send is a new request.
    await act(() => result.current.resend());
    expect(requestsTo(env, '/otps/email/login_or_create')).toHaveLength(2);
  });

  it('texts and WhatsApps a code to an E.164 number with only the number and the expiry', async () => {
    const env = await startTestEnvironment();
    const onEvent = vi.fn();
    const { result } = renderHook(() => useOtpFlow({ onEvent, expirationMinutes: 3, locale: 'fr' }), {
      wrapper: wrapperFor(env),
    });

    await act(() => result.current.send({ method: 'sms', destination: PHONE }));
    expect(result.current).toMatchObject({ status: 'sent', method: 'sms', destination: PHONE });
    await act(() => result.current.send({ method: 'whatsapp', destination: PHONE }));
    expect(result.current).toMatchObject({ status: 'sent', method: 'whatsapp', destination: PHONE });

    expect(requestsTo(env, '/otps/sms/login_or_create').map((request) => request.body)).toEqual([
      { phone_number: PHONE, expiration_minutes: 3 },
    ]);
    expect(requestsTo(env, '/otps/whatsapp/login_or_create').map((request) => request.body)).toEqual([
      { phone_number: PHONE, expiration_minutes: 3 },
    ]);
    expect(onEvent).toHaveBeenCalledTimes(2);
    expect((await telemetryEvents(env)).filter((event) => event.event_name === 'email_sent')).toEqual([]);

    const code = await env.lastCode(PHONE);
    await act(() => result.current.authenticate(code));
    expect(result.current.status).toBe('success');
    expect(env.client.session.getSnapshot().user?.phone_numbers[0]?.phone_number).toBe(PHONE);
  });

  it('refuses an invalid email or phone number without a request', async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const hostError = vi.fn();
    const store = createSignInStore(
      { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } },
      { onError: hostError },
    );
    const { result } = renderHook(() => useOtpFlow({ onError }), { wrapper: wrapperFor(env, store) });

    let sent = true;
    await act(async () => {
      sent = await result.current.send({ method: 'email', destination: 'ada@' });
    });
    expect(sent).toBe(false);
    const invalidEmail = { type: 'invalid_email', message: 'Invalid email address.' };
    expect(result.current).toMatchObject({ status: 'error', error: invalidEmail });
    expect(onError).toHaveBeenLastCalledWith(invalidEmail);
    expect(hostError).toHaveBeenLastCalledWith(invalidEmail);

    await act(() => result.current.send({ method: 'sms', destination: '4155550123' }));
    const invalidPhone = {
      type: 'invalid_phone_number',
      message: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
    };
    expect(result.current.error).toEqual(invalidPhone);
    expect(onError).toHaveBeenLastCalledWith(invalidPhone);

    expect(env.requests.filter((request) => request.path.startsWith('/otps'))).toEqual([]);
    expect(store.getState().screen).toBe('Main');
  });

  it('accepts only 6 digits, without asking the provider', async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const { result } = renderHook(() => useOtpFlow({ onError }), { wrapper: wrapperFor(env) });
    await act(() => result.current.send({ method: 'email', destination: EMAIL }));

    for (const code of ['12345', '12345a', '1234567', '']) {
      let accepted = true;
      await act(async () => {
        accepted = await result.current.authenticate(code);
      });
      expect(accepted).toBe(false);
      expect(result.current.error).toEqual({
        type: 'invalid_code',
        message: 'Code format is invalid, please try again.',
      });
    }
    expect(result.current.status).toBe('error');
    expect(onError).toHaveBeenCalledTimes(4);
    expect(requestsTo(env, '/otps/authenticate')).toEqual([]);
  });

  it('shows the invalid passcode message for a wrong code and stays on OTPAuthenticate', async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['email'] } });
    const { result } = renderHook(() => useOtpFlow({ onError }), { wrapper: wrapperFor(env, store) });
    await act(() => result.current.send({ method: 'email', destination: EMAIL }));
    const code = await env.lastCode(EMAIL);

    await act(() => result.current.authenticate(otherThan(code)));

    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({
      type: 'otp_code_not_found',
      message: 'Invalid passcode, please try again.',
      status: 404,
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'otp_code_not_found' }));
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(env.client.session.getSnapshot().session).toBeNull();

    // The right code still works afterwards.
    await act(() => result.current.authenticate(code));
    expect(result.current).toMatchObject({ status: 'success', error: null });
    expect(store.getState().screen).toBe('OTPConfirmation');
  });

  it('refuses the right code once it has expired', async () => {
    const env = await startTestEnvironment();
    const { result } = renderHook(() => useOtpFlow(), { wrapper: wrapperFor(env) });
    await act(() => result.current.send({ method: 'email', destination: EMAIL }));
    const code = await env.lastCode(EMAIL);

    env.clock.advance(5 * MINUTE + 1000);
    await act(() => result.current.authenticate(code));

    expect(result.current.status).toBe('error');
    expect(result.current.error?.type).toBe('otp_code_not_found');
    expect(env.client.session.getSnapshot().session).toBeNull();
  });

  it('the OTP screen picks up the stored code; resend replaces the method id and restarts the countdown', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const env = await startTestEnvironment();
    const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } });
    const wrapper = wrapperFor(env, store);
    const main = renderHook(() => useOtpFlow(), { wrapper });
    await act(() => main.result.current.send({ method: 'email', destination: EMAIL }));
    const realMethodId = main.result.current.methodId;
    const firstCode = await env.lastCode(EMAIL);
    main.unmount();
    // A stale method id in the store (e.g. from an earlier send) must be replaced by the resend's answer.
    act(() =>
      store.getState().dispatch({ type: 'otpResent', methodId: 'email-stale', method: 'email', otpDestination: EMAIL }),
    );

    const screen = renderHook(() => useOtpFlow(), { wrapper });
    const mountedAt = Date.now();
    expect(screen.result.current).toMatchObject({
      status: 'sent',
      method: 'email',
      methodId: 'email-stale',
      destination: EMAIL,
    });
    expect(screen.result.current.expiresAt).toBeGreaterThanOrEqual(mountedAt + 5 * MINUTE - 1000);
    const firstExpiry = screen.result.current.expiresAt ?? 0;

    vi.setSystemTime(Date.now() + 4 * MINUTE);
    let resent = false;
    await act(async () => {
      resent = await screen.result.current.resend();
    });

    expect(resent).toBe(true);
    expect(screen.result.current).toMatchObject({ status: 'sent', methodId: realMethodId, destination: EMAIL });
    expect(store.getState().formState.otpState.methodId).toBe(realMethodId);
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(screen.result.current.expiresAt).toBeGreaterThanOrEqual(firstExpiry + 4 * MINUTE - 1000);
    expect(requestsTo(env, '/otps/email/login_or_create').map((request) => request.body)).toEqual([
      { email: EMAIL, expiration_minutes: 5 },
      { email: EMAIL, expiration_minutes: 5 },
    ]);

    // Past the first code's expiry but within the new one's, only the new code signs in.
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    const secondCode = await env.lastCode(EMAIL);
    expect(secondCode).not.toBe(undefined);
    if (secondCode !== firstCode) {
      await act(() => screen.result.current.authenticate(firstCode));
      expect(screen.result.current.error?.type).toBe('otp_code_not_found');
    }
    await act(() => screen.result.current.authenticate(secondCode));
    expect(screen.result.current.status).toBe('success');
    expect(store.getState().screen).toBe('OTPConfirmation');
  });

  it('reports a resend failure and reset() returns to idle', async () => {
    const env = await startTestEnvironment({
      config: { rateLimits: { sendsPerIdentifier: { limit: 1, windowSeconds: ONE_DAY } } },
    });
    const onError = vi.fn();
    const { result } = renderHook(() => useOtpFlow({ onError }), { wrapper: wrapperFor(env) });
    await act(() => result.current.send({ method: 'email', destination: EMAIL }));

    let resent = true;
    await act(async () => {
      resent = await result.current.resend();
    });
    expect(resent).toBe(false);
    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({ type: 'too_many_requests', status: 429 });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'too_many_requests' }));

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', methodId: null, destination: null, expiresAt: null });
  });
  it('stores what the pre-hijacking reset removed when the owner proves an address someone else signed up with', async () => {
    const env = await startTestEnvironment();
    // A stranger signed up with Ada's address and a password, then signed out.
    await env.client.passwords.create({
      email: EMAIL,
      password: 'violet-lantern-Tr0ub4dor&3',
      session_duration_minutes: 30,
    });
    await env.client.session.revoke();
    const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['email'] } });
    const { result } = renderHook(() => useOtpFlow(), { wrapper: wrapperFor(env, store) });
    await act(() => result.current.send({ method: 'email', destination: EMAIL }));
    const code = await env.lastCode(EMAIL);
    await act(() => result.current.authenticate(code));
    expect(store.getState().screen).toBe('OTPConfirmation');
    // The stranger signed out, so no session was left to end: only the password is named.
    expect(store.getState().formState.accountReset).toEqual({ identifier: EMAIL, removed: ['password'] });
    expect(env.client.session.getSnapshot().user?.password).toBeNull();
  });
});
