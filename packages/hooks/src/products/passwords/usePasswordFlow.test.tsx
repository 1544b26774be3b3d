import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { telemetryEvents, wrapperFor } from '../../../test/wrappers';
import { createSignInStore, type SignInConfig } from '../../signInStore';
import { useOtpFlow } from '../otp/useOtpFlow';
import { PASSWORD_TRANSITIONS } from './transitions';
import { usePasswordFlow } from './usePasswordFlow';

const EMAIL = 'ada@example.com';
const PASSWORD = 'violet-lantern-Tr0ub4dor&3';
const REDIRECT = 'http://localhost:5173/authenticate';

const PASSWORD_CONFIG: SignInConfig = {
  products: ['passwords'],
  passwordOptions: {
    loginRedirectURL: REDIRECT,
    resetPasswordRedirectURL: `${REDIRECT}?reset=1`,
    resetPasswordExpirationMinutes: 45,
    resetPasswordTemplateId: 'reset-tpl',
  },
};

const bodiesTo = (env: TestEnvironment, path: string) =>
  env.requests.filter((request) => request.path === path).map((request) => request.body);

/** A user with a password, signed out again. */
async function createPasswordUser(env: TestEnvironment, email = EMAIL) {
  await env.client.passwords.create({ email, password: PASSWORD, session_duration_minutes: 30 });
  await env.client.session.revoke();
  env.requests.length = 0;
}

/** A user created by an email passcode: no password, so the search says `passwordless`. */
async function createPasswordlessUser(env: TestEnvironment, email = EMAIL) {
  await env.client.otps.email.loginOrCreate(email);
  await env.provider.inbox?.clear();
  env.requests.length = 0;
}

/** The SDK's PKCE challenge: the provider binds reset and magic links to the browser that asked, by default. */
const CHALLENGE = expect.stringMatching(/^[A-Za-z0-9_-]{43}$/);

const RESET_START_BODY = {
  email: EMAIL,
  login_redirect_url: REDIRECT,
  reset_password_redirect_url: `${REDIRECT}?reset=1`,
  reset_password_expiration_minutes: 45,
  reset_password_template_id: 'reset-tpl',
  code_challenge: CHALLENGE,
};

describe('usePasswordFlow', () => {
  it('a new user: search, create a password signed in, then prove the address with the sign-up session', async () => {
    const env = await startTestEnvironment();
    const store = createSignInStore({ ...PASSWORD_CONFIG, sessionOptions: { sessionDurationMinutes: 90 } });
    const { result } = renderHook(() => usePasswordFlow(), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.search(EMAIL));
    expect(bodiesTo(env, '/users/search')).toEqual([{ email: EMAIL }]);
    expect(result.current).toMatchObject({ status: 'found', email: EMAIL, userType: 'new', error: null });
    expect(store.getState().screen).toBe('PasswordCreateOrLogin');
    expect(store.getState().formState.passwordState).toEqual({ email: EMAIL, type: 'new' });

    await act(() => result.current.create(PASSWORD));
    expect(bodiesTo(env, '/passwords')).toEqual([{ email: EMAIL, password: PASSWORD, session_duration_minutes: 90 }]);
    expect(env.client.session.getSnapshot().user?.emails).toEqual([
      { email_id: expect.any(String), email: EMAIL, verified: false },
    ]);
    // Signed up: a passcode goes to the new address with the sign-up session (the secondary send), and the widget
    // asks for it.
    expect(bodiesTo(env, '/otps/email/send/secondary')).toEqual([{ email: EMAIL, expiration_minutes: 5 }]);
    const methodId = result.current.methodId;
    expect(result.current).toMatchObject({ status: 'sent', sentBy: 'verificationCode', error: null });
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(store.getState().formState.otpState).toEqual({
      type: 'email',
      methodId,
      otpDestination: EMAIL,
      purpose: 'verifyEmail',
    });

    // The passcode screen checks it with the same session: the address is verified, nothing is reset.
    const code = renderHook(() => useOtpFlow(), { wrapper: wrapperFor(env, store) });
    const sent = await env.lastCode(EMAIL);
    await act(() => code.result.current.authenticate(sent));
    expect(store.getState().screen).toBe('OTPConfirmation');
    expect(store.getState().formState.accountReset).toBeNull();
    const user = env.client.session.getSnapshot().user;
    expect(user?.emails).toEqual([{ email_id: methodId, email: EMAIL, verified: true }]);
    expect(user?.password).not.toBeNull();
  });

  it('with verifyEmailAfterSignUp false, a sign-up goes straight to PasswordConfirmation', async () => {
    const env = await startTestEnvironment();
    const store = createSignInStore({
      ...PASSWORD_CONFIG,
      passwordOptions: { ...PASSWORD_CONFIG.passwordOptions, verifyEmailAfterSignUp: false },
    });
    const { result } = renderHook(() => usePasswordFlow(), { wrapper: wrapperFor(env, store) });
    await act(() => result.current.search(EMAIL));
    await act(() => result.current.create(PASSWORD));
    expect(result.current.status).toBe('success');
    expect(store.getState().screen).toBe('PasswordConfirmation');
    expect(bodiesTo(env, '/otps/email/send/secondary')).toEqual([]);
  });

  it('when the verification code cannot be sent, the sign-up still succeeds and the host hears why', async () => {
    const env = await startTestEnvironment({ config: { project: { products: ['passwords'] } } });
    const onError = vi.fn();
    const store = createSignInStore(PASSWORD_CONFIG);
    const { result } = renderHook(() => usePasswordFlow({ onError }), { wrapper: wrapperFor(env, store) });
    await act(() => result.current.search(EMAIL));
    await act(() => result.current.create(PASSWORD));
    expect(result.current.status).toBe('success');
    expect(store.getState().screen).toBe('PasswordConfirmation');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'method_not_enabled' }));
  });

  it('an existing user: a wrong password shows the error and stays, the right one signs in', async () => {
    const env = await startTestEnvironment();
    await createPasswordUser(env);
    const onError = vi.fn();
    const store = createSignInStore(PASSWORD_CONFIG);
    const wrapper = wrapperFor(env, store);
    const main = renderHook(() => usePasswordFlow(), { wrapper });
    await act(() => main.result.current.search(EMAIL));
    expect(store.getState().formState.passwordState).toEqual({ email: EMAIL, type: 'password' });
    main.unmount();

    // The login screen is a new component: it reads the email and user type from the store.
    const { result } = renderHook(() => usePasswordFlow({ onError }), { wrapper });
    expect(result.current).toMatchObject({ status: 'idle', email: EMAIL, userType: 'password' });

    await act(() => result.current.login('not-my-password'));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({
      type: 'unauthorized_credentials',
      message: 'Unauthorized credentials.',
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'unauthorized_credentials' }));
    expect(store.getState().screen).toBe('PasswordCreateOrLogin');

    await act(() => result.current.login(PASSWORD));
    expect(result.current).toMatchObject({ status: 'success', error: null });
    expect(store.getState().screen).toBe('PasswordConfirmation');
    expect(bodiesTo(env, '/passwords/authenticate').at(-1)).toEqual({
      email: EMAIL,
      password: PASSWORD,
      session_duration_minutes: 30,
    });
    expect(env.client.session.getSnapshot().session).not.toBeNull();
  });

  it('a password that must be reset sends a reset email and goes to PasswordDedupe', async () => {
    const env = await startTestEnvironment();
    await createPasswordUser(env);
    // Nothing in the SDK contract flags a password for reset: an administrator does it in the database.
    await env.provider.database.db.updateTable('passwords').set({ requires_reset: 1 }).execute();
    const onError = vi.fn();
    const store = createSignInStore(PASSWORD_CONFIG, { onError });
    // The user search's event, with the password rows (usePasswordFlow hands them over with its events).
    store.getState().dispatch({ type: 'passwordUserFound', email: EMAIL, userType: 'password' }, PASSWORD_TRANSITIONS);
    await vi.waitFor(() => expect(store.getState().screen).toBe('PasswordCreateOrLogin'), { timeout: 10_000 });
    const { result } = renderHook(() => usePasswordFlow(), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.login(PASSWORD));

    expect(onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ type: 'reset_password', message: 'Password must be reset.' }),
    );
    expect(bodiesTo(env, '/passwords/email/reset/start')).toEqual([RESET_START_BODY]);
    expect(result.current).toMatchObject({ status: 'sent', sentBy: 'resetEmail', resetReason: 'dedupe', error: null });
    expect(store.getState().screen).toBe('PasswordDedupe');
    expect(env.client.session.getSnapshot().session).toBeNull();
    expect(await env.lastLink(EMAIL, 'stytch_token_type=reset_password')).toMatch(
      /^http:\/\/localhost:5173\/authenticate\?reset=1&/,
    );
    expect(await telemetryEvents(env)).toContainEqual(
      expect.objectContaining({ event_name: 'email_sent', details: { email: EMAIL, type: 'reset_password' } }),
    );
  });

  it("'Forgot Password?' sends a reset email (PasswordForgot) and 'Resend email' sends it again", async () => {
    const env = await startTestEnvironment();
    await createPasswordUser(env);
    const store = createSignInStore(PASSWORD_CONFIG);
    // The user search's event, with the password rows (usePasswordFlow hands them over with its events).
    store.getState().dispatch({ type: 'passwordUserFound', email: EMAIL, userType: 'password' }, PASSWORD_TRANSITIONS);
    await vi.waitFor(() => expect(store.getState().screen).toBe('PasswordCreateOrLogin'), { timeout: 10_000 });
    const wrapper = wrapperFor(env, store);
    const login = renderHook(() => usePasswordFlow(), { wrapper });

    await act(() => login.result.current.forgotPassword());
    expect(store.getState().screen).toBe('PasswordForgot');
    expect(login.result.current).toMatchObject({ status: 'sent', resetReason: 'forgot' });
    login.unmount();

    const forgot = renderHook(() => usePasswordFlow(), { wrapper });
    let resent = false;
    await act(async () => {
      resent = await forgot.result.current.resendResetEmail();
    });
    expect(resent).toBe(true);
    expect(store.getState().screen).toBe('PasswordForgot');
    expect(bodiesTo(env, '/passwords/email/reset/start')).toEqual([RESET_START_BODY, RESET_START_BODY]);
    expect((await env.inbox(EMAIL)).length).toBe(2);
  });

  it('a passwordless user is sent a magic link at once when magic links are configured', async () => {
    const env = await startTestEnvironment();
    await createPasswordlessUser(env);
    const store = createSignInStore({
      ...PASSWORD_CONFIG,
      products: ['passwords', 'emailMagicLinks'],
      emailMagicLinksOptions: { loginRedirectURL: REDIRECT },
    });
    const onEvent = vi.fn();
    const { result } = renderHook(() => usePasswordFlow({ onEvent }), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.search(EMAIL));

    expect(bodiesTo(env, '/magic_links/email/login_or_create')).toEqual([
      {
        email: EMAIL,
        login_magic_link_url: REDIRECT,
        login_expiration_minutes: 30,
        signup_expiration_minutes: 30,
        code_challenge: CHALLENGE,
      },
    ]);
    expect(result.current).toMatchObject({ status: 'sent', userType: 'passwordless', sentBy: 'magicLink' });
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'MAGIC_LINK_LOGIN_OR_CREATE' }));
    const state = store.getState();
    expect(state.screen).toBe('EmailConfirmation');
    expect(state.isPasswordless).toBe(true);
    expect(state.formState.magicLinkState.email).toBe(EMAIL);
    expect(state.formState.passwordState).toEqual({ email: EMAIL, type: 'passwordless' });
    expect(await env.lastLink(EMAIL, 'stytch_token_type=magic_links')).toContain(REDIRECT);

    // 'Create a password instead' from the confirmation screen.
    const confirmation = renderHook(() => usePasswordFlow(), { wrapper: wrapperFor(env, store) });
    await act(() => confirmation.result.current.createPasswordInstead());
    expect(store.getState().screen).toBe('PasswordSetNew');
    expect(bodiesTo(env, '/passwords/email/reset/start')).toEqual([RESET_START_BODY]);
  });

  it('a passwordless user is sent an email passcode when only passcodes are configured', async () => {
    const env = await startTestEnvironment();
    await createPasswordlessUser(env);
    const store = createSignInStore({
      products: ['otp', 'passwords'],
      otpOptions: { methods: ['email'], expirationMinutes: 8, locale: 'de' },
    });
    const { result } = renderHook(() => usePasswordFlow(), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.search(EMAIL));

    expect(bodiesTo(env, '/otps/email/login_or_create')).toEqual([
      { email: EMAIL, expiration_minutes: 8, locale: 'de' },
    ]);
    const state = store.getState();
    expect(state.screen).toBe('OTPAuthenticate');
    expect(state.isPasswordless).toBe(true);
    expect(state.formState.otpState).toEqual({
      type: 'email',
      methodId: result.current.methodId,
      otpDestination: EMAIL,
    });
    expect(result.current).toMatchObject({ status: 'sent', sentBy: 'otp' });
    expect(await env.lastCode(EMAIL)).toMatch(/^\d{6}$/);
  });

  it('a passwordless user is sent a reset email when neither magic links nor email passcodes are configured', async () => {
    const env = await startTestEnvironment();
    await createPasswordlessUser(env);
    const store = createSignInStore({
      ...PASSWORD_CONFIG,
      products: ['passwords', 'otp'],
      otpOptions: { methods: ['sms'] },
    });
    const { result } = renderHook(() => usePasswordFlow(), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.search(EMAIL));

    expect(bodiesTo(env, '/passwords/email/reset/start')).toEqual([RESET_START_BODY]);
    expect(env.requests.map((request) => request.path)).toEqual(['/users/search', '/passwords/email/reset/start']);
    expect(store.getState().screen).toBe('PasswordSetNew');
    expect(store.getState().isPasswordless).toBe(true);
    expect(result.current).toMatchObject({ status: 'sent', sentBy: 'resetEmail', resetReason: 'setNew' });
  });

  it("the 'new' screen's alternatives email a magic link or a passcode instead of a password", async () => {
    const env = await startTestEnvironment();
    const store = createSignInStore({ products: ['passwords', 'emailMagicLinks'] });
    // The user search's event, with the password rows (usePasswordFlow hands them over with its events).
    store.getState().dispatch({ type: 'passwordUserFound', email: EMAIL, userType: 'new' }, PASSWORD_TRANSITIONS);
    await vi.waitFor(() => expect(store.getState().screen).toBe('PasswordCreateOrLogin'), { timeout: 10_000 });
    const { result } = renderHook(() => usePasswordFlow(), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.sendMagicLink());
    expect(store.getState().screen).toBe('EmailConfirmation');
    expect(store.getState().isPasswordless).toBe(false);
    expect(bodiesTo(env, '/magic_links/email/login_or_create')).toEqual([
      { email: EMAIL, login_expiration_minutes: 30, signup_expiration_minutes: 30, code_challenge: CHALLENGE },
    ]);

    act(() => store.getState().back());
    await act(() => result.current.sendOtp());
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(store.getState().formState.otpState.otpDestination).toBe(EMAIL);
    expect(bodiesTo(env, '/otps/email/login_or_create')).toEqual([{ email: EMAIL, expiration_minutes: 5 }]);
  });

  it('refuses an invalid email without a request and reports it', async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const store = createSignInStore(PASSWORD_CONFIG);
    const { result } = renderHook(() => usePasswordFlow({ onError }), { wrapper: wrapperFor(env, store) });
    const sentBefore = env.requests.length;

    let found = true;
    await act(async () => {
      found = await result.current.search('ada@example.c');
    });

    expect(found).toBe(false);
    const error = { type: 'invalid_email', message: 'Email format is invalid.' };
    expect(result.current).toMatchObject({ status: 'error', error });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
    expect(env.requests.slice(sentBefore)).toEqual([]);
    expect(store.getState().screen).toBe('Main');
  });

  it('works standalone: options decide the passwordless email, and a weak password is refused', async () => {
    const env = await startTestEnvironment();
    await createPasswordlessUser(env);
    const onError = vi.fn();
    const { result } = renderHook(
      () =>
        usePasswordFlow({
          onError,
          products: ['otp'],
          otpOptions: { methods: ['email'] },
          sessionDurationMinutes: 15,
        }),
      { wrapper: wrapperFor(env) },
    );

    await act(() => result.current.search(EMAIL));
    expect(result.current).toMatchObject({ status: 'sent', sentBy: 'otp', email: EMAIL, userType: 'passwordless' });
    expect(result.current.methodId).toMatch(/^email-/);

    await act(() => result.current.search('grace@example.com'));
    expect(result.current).toMatchObject({ status: 'found', userType: 'new', sentBy: null, methodId: null });
    await act(() => result.current.create('password'));
    expect(result.current.status).toBe('error');
    expect(result.current.error?.type).toBe('breached_password');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'breached_password' }));
    expect(bodiesTo(env, '/passwords')).toEqual([
      { email: 'grace@example.com', password: 'password', session_duration_minutes: 15 },
    ]);

    await act(() => result.current.login(''));
    expect(result.current.error).toEqual({ type: 'required', message: 'Password is required.' });
    expect(bodiesTo(env, '/passwords/authenticate')).toEqual([]);
  });
});
