import { startTestEnvironment, type TestEnvironment, tokenOf } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore } from '../../signInStore';
import { useAuthenticateByUrl } from '../../useAuthenticateByUrl';
import { usePasswordReset } from './usePasswordReset';

const EMAIL = 'ada@example.com';
const OLD_PASSWORD = 'violet-lantern-Tr0ub4dor&3';
const NEW_PASSWORD = 'amber-harbour-Quill9!zephyr';
const REDIRECT = 'http://localhost:5173/authenticate';

const requestsTo = (env: TestEnvironment, path: string) => env.requests.filter((request) => request.path === path);
/** The SDK's PKCE verifier (16 random 32-bit values in hex): the provider binds reset links to the browser that asked. */
const VERIFIER = expect.stringMatching(/^[0-9a-f]{128}$/);
const OTHER_BROWSER =
  'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.';

/** This page's browser forgets every PKCE pair: as if the link were opened in another browser or on another device. */
function forgetVerifiers() {
  for (const key of Object.keys(window.localStorage)) {
    if (key.includes('::PKCE_VERIFIER:')) window.localStorage.removeItem(key);
  }
}

/** A user with a password who asked for a reset email; returns its two links. */
async function requestReset(env: TestEnvironment) {
  await env.client.passwords.create({ email: EMAIL, password: OLD_PASSWORD, session_duration_minutes: 30 });
  await env.client.session.revoke();
  await env.client.passwords.resetByEmailStart({
    email: EMAIL,
    reset_password_redirect_url: REDIRECT,
    login_redirect_url: REDIRECT,
  });
  return {
    resetLink: await env.lastLink(EMAIL, 'stytch_token_type=reset_password'),
    loginLink: await env.lastLink(EMAIL, 'stytch_token_type=login'),
  };
}

/** Opens `link` in the test page (path and query, keeping another parameter to check it survives). */
function openLink(link: string) {
  const url = new URL(link);
  window.history.replaceState(null, '', `${url.pathname}${url.search}&keep=1`);
}

// A reset page's store offers passwords whatever the configuration (as the kits' <ResetPassword> creates it).
const RESET_PAGE = { additionalProducts: ['passwords' as const] };

describe('usePasswordReset', () => {
  it('sets a new password from the reset link: a weak one is refused, a strong one signs in', async () => {
    const env = await startTestEnvironment();
    const { resetLink } = await requestReset(env);
    openLink(resetLink);
    const onError = vi.fn();
    const store = createSignInStore(
      { sessionOptions: { sessionDurationMinutes: 45 } },
      {},
      'PasswordResetForm',
      RESET_PAGE,
    );
    const { result } = renderHook(() => usePasswordReset({ onError }), { wrapper: wrapperFor(env, store) });
    expect(result.current).toMatchObject({ status: 'form', tokenType: 'reset_password', error: null });

    let accepted = true;
    await act(async () => {
      accepted = await result.current.submit('password123');
    });
    expect(accepted).toBe(false);
    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({
      type: 'breached_password',
      message: 'Password appears in the list of breached passwords and must be reset.',
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'breached_password' }));
    // The link was not spent: it stays in the address bar for the next try.
    expect(window.location.search).toContain('token=');

    await act(async () => {
      accepted = await result.current.submit(NEW_PASSWORD);
    });
    expect(accepted).toBe(true);
    expect(result.current).toMatchObject({ status: 'success', error: null });
    expect(requestsTo(env, '/passwords/email/reset').map((request) => request.body)).toEqual([
      { token: tokenOf(resetLink), password: 'password123', session_duration_minutes: 45, code_verifier: VERIFIER },
      { token: tokenOf(resetLink), password: NEW_PASSWORD, session_duration_minutes: 45, code_verifier: VERIFIER },
    ]);
    expect(store.getState().screen).toBe('PasswordConfirmation');
    expect(env.client.session.getSnapshot().user?.emails[0]?.email).toBe(EMAIL);
    expect(window.location.search).toBe('?keep=1');
  });

  it("authenticates the email's login link at once, exactly once under StrictMode", async () => {
    const env = await startTestEnvironment();
    const { loginLink } = await requestReset(env);
    openLink(loginLink);
    const store = createSignInStore({}, {}, 'PasswordResetForm', RESET_PAGE);
    const { result } = renderHook(() => usePasswordReset(), {
      wrapper: wrapperFor(env, store),
      reactStrictMode: true,
    });
    expect(result.current).toMatchObject({ status: 'logging_in', tokenType: 'login' });

    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(requestsTo(env, '/magic_links/authenticate').map((request) => request.body)).toEqual([
      { token: tokenOf(loginLink), session_duration_minutes: 30, code_verifier: VERIFIER },
    ]);
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(env.client.session.getSnapshot().session).not.toBeNull();
    expect(window.location.search).toBe('?keep=1');
  });

  it('shows the refusal of a spent login link and removes it from the address bar', async () => {
    const env = await startTestEnvironment();
    const { loginLink } = await requestReset(env);
    await env.client.magicLinks.authenticate(tokenOf(loginLink), { session_duration_minutes: 30 });
    await env.client.session.revoke();
    openLink(loginLink);
    const onError = vi.fn();
    const { result } = renderHook(() => usePasswordReset({ onError }), { wrapper: wrapperFor(env) });

    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({
      type: 'unable_to_auth_magic_link',
      message: 'The magic link could not be authenticated because it was either already used or expired.',
    });
    expect(onError).toHaveBeenCalledOnce();
    expect(window.location.search).toBe('?keep=1');
  });

  it('picks up the token that useAuthenticateByUrl stored for the reset form', async () => {
    const env = await startTestEnvironment();
    const { resetLink } = await requestReset(env);
    openLink(resetLink);
    const store = createSignInStore({}, {}, 'Main', RESET_PAGE);
    const wrapper = wrapperFor(env, store);
    const landing = renderHook(() => useAuthenticateByUrl(), { wrapper });
    await waitFor(() => expect(landing.result.current.status).toBe('reset_password'));
    expect(store.getState().screen).toBe('PasswordResetForm');
    expect(store.getState().formState.resetPasswordState).toEqual({
      token: tokenOf(resetLink),
      tokenType: 'reset_password',
    });

    const { result } = renderHook(() => usePasswordReset(), { wrapper });
    await act(() => result.current.submit(NEW_PASSWORD));
    expect(result.current.status).toBe('success');
    expect(store.getState().screen).toBe('PasswordConfirmation');
    expect(window.location.search).toBe('?keep=1');
  });

  it('takes the token from its options, and requires a password', async () => {
    const env = await startTestEnvironment();
    const { resetLink } = await requestReset(env);
    const { result } = renderHook(() => usePasswordReset({ token: tokenOf(resetLink), sessionDurationMinutes: 60 }), {
      wrapper: wrapperFor(env),
    });
    expect(result.current).toMatchObject({ status: 'form', tokenType: 'reset_password' });

    await act(() => result.current.submit(''));
    expect(result.current.error).toEqual({ type: 'required', message: 'Password is required.' });
    expect(requestsTo(env, '/passwords/email/reset')).toEqual([]);

    await act(() => result.current.submit(NEW_PASSWORD));
    expect(result.current.status).toBe('success');
    expect(requestsTo(env, '/passwords/email/reset').map((request) => request.body)).toEqual([
      { token: tokenOf(resetLink), password: NEW_PASSWORD, session_duration_minutes: 60, code_verifier: VERIFIER },
    ]);
  });

  it("'Login without a password' on the reset form signs in with the reset link", async () => {
    const env = await startTestEnvironment();
    const { resetLink } = await requestReset(env);
    openLink(resetLink);
    const store = createSignInStore({}, {}, 'PasswordResetForm', RESET_PAGE);
    const { result } = renderHook(() => usePasswordReset(), { wrapper: wrapperFor(env, store) });

    let pending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      pending = result.current.loginWithoutPassword();
    });
    expect(result.current.status).toBe('logging_in');
    await act(() => pending);

    expect(requestsTo(env, '/magic_links/authenticate').map((request) => request.body)).toEqual([
      { token: tokenOf(resetLink), session_duration_minutes: 30, code_verifier: VERIFIER },
    ]);
    expect(window.location.search).toBe('?keep=1');
    // Needs the provider to accept a reset token at /magic_links/authenticate (pending provider change).
    expect(result.current.error).toBeNull();
    expect(result.current.status).toBe('success');
    expect(store.getState().screen).toBe('LoginSuccess');
  });
  it('a reset link opened in another browser: the submit and the login link are refused with the clear message', async () => {
    const env = await startTestEnvironment();
    const { resetLink, loginLink } = await requestReset(env);
    forgetVerifiers();
    openLink(resetLink);
    const onError = vi.fn();
    const store = createSignInStore({}, {}, 'PasswordResetForm', RESET_PAGE);
    const { result } = renderHook(() => usePasswordReset({ onError }), { wrapper: wrapperFor(env, store) });
    await act(async () => {
      await result.current.submit(NEW_PASSWORD);
    });
    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({ type: 'pkce_mismatch', message: OTHER_BROWSER });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'pkce_mismatch' }));
    expect(requestsTo(env, '/passwords/email/reset').map((request) => request.body)).toEqual([
      { token: tokenOf(resetLink), password: NEW_PASSWORD, session_duration_minutes: 30 },
    ]);
    expect(env.client.session.getSnapshot().session).toBeNull();

    // 'Login without a password' and the email's log-in link: the same refusal, nobody signed in.
    await act(async () => {
      await result.current.loginWithoutPassword();
    });
    expect(result.current.error).toMatchObject({ type: 'pkce_mismatch', message: OTHER_BROWSER });
    openLink(loginLink);
    const login = renderHook(() => usePasswordReset(), { wrapper: wrapperFor(env) });
    await waitFor(() => expect(login.result.current.status).toBe('error'));
    expect(login.result.current.error).toMatchObject({ type: 'pkce_mismatch', message: OTHER_BROWSER });
    expect(env.client.session.getSnapshot().session).toBeNull();
  });
});
