import { startTestEnvironment, type TestEnvironment, tokenOf } from '@latchkey/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wrapperFor } from '../test/wrappers';
import { createSignInStore } from './signInStore';
import { useAuthenticateByUrl } from './useAuthenticateByUrl';

const EMAIL = 'ada@example.com';
const REDIRECT = 'http://localhost:5173/authenticate';

const requestsTo = (env: TestEnvironment, path: string) => env.requests.filter((request) => request.path === path);

async function emailedMagicLink(env: TestEnvironment) {
  await env.client.magicLinks.email.loginOrCreate(EMAIL, {
    login_magic_link_url: REDIRECT,
    signup_magic_link_url: REDIRECT,
  });
  return env.lastLink(EMAIL, 'stytch_token_type=magic_links');
}

function openLink(link: string) {
  const url = new URL(link);
  window.history.replaceState(null, '', `${url.pathname}${url.search}`);
}

describe('useAuthenticateByUrl', () => {
  it('does nothing on a page without a token', async () => {
    const env = await startTestEnvironment();
    const sentBefore = env.requests.length;
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env) });
    expect(result.current).toEqual({ status: 'none', tokenType: null, token: null, error: null });
    await env.settled();
    expect(env.requests.slice(sentBefore)).toEqual([]);
  });

  it('signs in with an emailed magic link once, even under StrictMode, and reaches LoginSuccess', async () => {
    const env = await startTestEnvironment();
    openLink(await emailedMagicLink(env));
    const token = new URLSearchParams(window.location.search).get('token');
    const store = createSignInStore({});
    const { result } = renderHook(() => useAuthenticateByUrl({ sessionDurationMinutes: 120 }), {
      wrapper: wrapperFor(env, store),
      reactStrictMode: true,
    });
    expect(result.current).toMatchObject({ status: 'authenticating', tokenType: 'magic_links' });

    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current).toEqual({ status: 'success', tokenType: 'magic_links', token: null, error: null });
    expect(requestsTo(env, '/magic_links/authenticate').map((request) => request.body)).toEqual([
      { token, session_duration_minutes: 120 },
    ]);
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(env.client.session.getSnapshot().user?.emails[0]?.email).toBe(EMAIL);
    expect(window.location.search).toBe('');
  });

  it('hands a password-reset token to the reset form without spending it', async () => {
    const env = await startTestEnvironment();
    await env.client.otps.email.loginOrCreate(EMAIL);
    await env.client.passwords.resetByEmailStart({ email: EMAIL, reset_password_redirect_url: REDIRECT });
    const link = await env.lastLink(EMAIL, 'stytch_token_type=reset_password');
    openLink(link);
    const store = createSignInStore({});
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env, store) });

    await waitFor(() => expect(result.current.status).toBe('reset_password'));
    expect(result.current).toEqual({
      status: 'reset_password',
      tokenType: 'reset_password',
      token: tokenOf(link),
      error: null,
    });
    expect(store.getState().screen).toBe('PasswordResetForm');
    expect(store.getState().formState.resetPasswordState.token).toBe(tokenOf(link));
    expect(requestsTo(env, '/magic_links/authenticate')).toEqual([]);
  });

  it('shows a spent link as an error screen and reports it', async () => {
    const env = await startTestEnvironment();
    const link = await emailedMagicLink(env);
    await env.client.magicLinks.authenticate(tokenOf(link), { session_duration_minutes: 30 });
    await env.client.session.revoke();
    openLink(link);
    const onError = vi.fn();
    const hostError = vi.fn();
    const store = createSignInStore({}, { onError: hostError });
    const { result } = renderHook(() => useAuthenticateByUrl({ onError }), { wrapper: wrapperFor(env, store) });

    await waitFor(() => expect(result.current.status).toBe('error'));
    const message = 'The magic link could not be authenticated because it was either already used or expired.';
    expect(result.current.error).toMatchObject({ type: 'unable_to_auth_magic_link', message, status: 401 });
    expect(result.current.token).toBeNull();
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ type: 'unable_to_auth_magic_link' }));
    expect(hostError).toHaveBeenCalledOnce();
    expect(store.getState().screen).toBe('Error');
    expect(store.getState().formState.errorDescriptor).toEqual({ messageId: 'unable_to_auth_magic_link', message });
    expect(window.location.search).toBe('');
    expect(env.client.session.getSnapshot().session).toBeNull();
  });
});
