import {
  ASYNC_TIMEOUT,
  completeAtDevelopmentUpstream,
  type DevelopmentIdentity,
  providerFetch,
  startTestEnvironment,
  type TestEnvironment,
  tokenOf,
} from '@latchkey/testing';
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
    expect(result.current).toEqual({ status: 'none', tokenType: null, token: null, error: null, accountReset: null });
    await env.settled();
    expect(env.requests.slice(sentBefore)).toEqual([]);
  });

  it('stores what the pre-hijacking reset removed when the link proves an address someone else signed up with', async () => {
    const env = await startTestEnvironment();
    // A stranger signed up with Ada's address and a password, and signed out.
    await env.client.passwords.create({
      email: EMAIL,
      password: 'dragonfly-marmalade-41',
      session_duration_minutes: 30,
    });
    await env.client.session.revoke();
    openLink(await emailedMagicLink(env));
    const store = createSignInStore({});
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env, store) });
    await waitFor(() => expect(result.current.status).toBe('success'), { timeout: ASYNC_TIMEOUT });
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(store.getState().formState.accountReset).toEqual({ identifier: EMAIL, removed: ['password'] });
    // A landing page outside a <SignIn> reads it from the hook.
    expect(result.current.accountReset).toEqual({ identifier: EMAIL, removed: ['password'] });
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
    expect(result.current).toEqual({
      status: 'success',
      tokenType: 'magic_links',
      token: null,
      error: null,
      accountReset: null,
    });
    expect(requestsTo(env, '/magic_links/authenticate').map((request) => request.body)).toEqual([
      // The verifier of the pair the send stored: the provider binds links to the browser that asked (default).
      { token, session_duration_minutes: 120, code_verifier: expect.stringMatching(/^[0-9a-f]{128}$/) },
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
      accountReset: null,
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

describe('useAuthenticateByUrl with a link or sign-in started in another browser', () => {
  /** This page's browser forgets every PKCE pair: as if the URL were opened in another browser or device. */
  function forgetVerifiers() {
    for (const key of Object.keys(window.localStorage)) {
      if (key.includes('::PKCE_VERIFIER:')) window.localStorage.removeItem(key);
    }
  }

  it('shows the clear refusal of a magic link asked for elsewhere, and signs nobody in', async () => {
    const env = await startTestEnvironment();
    const link = await emailedMagicLink(env);
    forgetVerifiers();
    openLink(link);
    const store = createSignInStore({});
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env, store) });

    await waitFor(() => expect(result.current.status).toBe('error'));
    const message =
      'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.';
    expect(result.current.error).toMatchObject({ type: 'pkce_mismatch', message, status: 400 });
    expect(store.getState().screen).toBe('Error');
    expect(store.getState().formState.errorDescriptor).toEqual({ messageId: 'pkce_mismatch', message });
    expect(window.location.search).toBe('');
    expect(env.client.session.getSnapshot().session).toBeNull();
  });

  it("refuses another browser's social sign-in (an attacker's app URL), signing nobody in", async () => {
    const env = await startTestEnvironment();
    const startUrl = await env.client.oauth.getStartUrl('github', { login_redirect_url: REDIRECT });
    const appUrl = await completeAtDevelopmentUpstream(
      startUrl,
      { email: 'mallory@example.com', name: 'Mallory', emailVerified: true },
      { fetch: providerFetch(env) },
    );
    forgetVerifiers();
    window.history.replaceState(null, '', `${appUrl.pathname}${appUrl.search}`);
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env) });

    await waitFor(() => expect(result.current.status).toBe('error'), { timeout: ASYNC_TIMEOUT });
    expect(result.current.error).toMatchObject({
      type: 'pkce_mismatch',
      message:
        'This sign-in was started in a different browser (this browser does not hold its PKCE code_verifier), so it cannot sign you in here. Sign in again from this browser.',
    });
    expect(env.client.session.getSnapshot().session).toBeNull();
  });
});

describe('useAuthenticateByUrl with social sign-in (oauth tokens)', () => {
  const GITHUB_USER = { email: 'linus@example.com', name: 'Linus', emailVerified: true };

  /** Starts a GitHub sign-in with the SDK and follows it through the development upstream to the app URL. */
  async function returnFromGitHub(env: TestEnvironment, choice: DevelopmentIdentity | 'cancel') {
    const startUrl = await env.client.oauth.getStartUrl('github', {
      login_redirect_url: REDIRECT,
      signup_redirect_url: REDIRECT,
    });
    return completeAtDevelopmentUpstream(startUrl, choice, { fetch: providerFetch(env) });
  }

  it('signs a new user in after the round trip through the provider and reaches LoginSuccess', async () => {
    const env = await startTestEnvironment();
    const landing = await returnFromGitHub(env, GITHUB_USER);
    expect(`${landing.origin}${landing.pathname}`).toBe(REDIRECT);
    expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');
    openLink(landing.href);
    const store = createSignInStore({ products: ['oauth'] });
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env, store) });

    await waitFor(() => expect(result.current.status).toBe('success'), { timeout: ASYNC_TIMEOUT });
    expect(result.current.tokenType).toBe('oauth');
    expect(store.getState().screen).toBe('LoginSuccess');
    const user = env.client.session.getSnapshot().user;
    expect(user?.emails.map((email) => email.email)).toEqual([GITHUB_USER.email]);
    expect(user?.providers?.map((provider) => provider.provider_type)).toEqual(['github']);
    expect(window.location.search).toBe('');
  });

  it("stores what the reset removed when GitHub proves an address a stranger signed up with (the owner's first social sign-in)", async () => {
    const env = await startTestEnvironment();
    // A stranger signed up with the owner's address and a password, and signed out; nobody proved the address.
    await env.client.passwords.create({
      email: GITHUB_USER.email,
      password: 'dragonfly-marmalade-41',
      session_duration_minutes: 30,
    });
    await env.client.session.revoke();
    // GitHub says the address is the owner's primary, verified one.
    openLink((await returnFromGitHub(env, GITHUB_USER)).href);
    const store = createSignInStore({ products: ['oauth'] });
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env, store) });

    await waitFor(() => expect(result.current.status).toBe('success'), { timeout: ASYNC_TIMEOUT });
    expect(store.getState().screen).toBe('LoginSuccess');
    // Her session was revoked when she signed out: only the password is left to remove.
    expect(store.getState().formState.accountReset).toEqual({ identifier: GITHUB_USER.email, removed: ['password'] });
    expect(result.current.accountReset).toEqual({ identifier: GITHUB_USER.email, removed: ['password'] });
    const user = env.client.session.getSnapshot().user;
    expect(user?.emails).toEqual([{ email_id: expect.any(String), email: GITHUB_USER.email, verified: true }]);
    expect(user?.password).toBeNull();
  });

  it("a sign-in cancelled at the provider reaches the Error screen with the provider's plain sentence (issue 28)", async () => {
    const env = await startTestEnvironment();
    openLink((await returnFromGitHub(env, 'cancel')).href);
    const store = createSignInStore({ products: ['oauth'] });
    const onError = vi.fn();
    store.getState().setCallbacks({ onError });
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env, store) });

    await waitFor(() => expect(result.current.status).toBe('error'), { timeout: ASYNC_TIMEOUT });
    expect(result.current.error?.type).toBe('oauth_flow_callback_error');
    // The provider says what happened in plain words, never the raw `access_denied` (issue 28).
    expect(result.current.error?.message).toBe(
      'You cancelled signing in with GitHub, so you are not signed in. You can try again or choose another way.',
    );
    expect(store.getState().screen).toBe('Error');
    expect(store.getState().formState.errorDescriptor?.messageId).toBe('oauth_flow_callback_error');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'oauth_flow_callback_error' }));
    expect(env.client.session.getSnapshot().user).toBe(null);
  });

  it("a used oauth token reaches the Error screen with 'OAuth Token could not be found.'", async () => {
    const env = await startTestEnvironment();
    const landing = await returnFromGitHub(env, GITHUB_USER);
    await env.client.oauth.authenticate(landing.searchParams.get('token') as string, { session_duration_minutes: 30 });
    await env.client.session.revoke();
    openLink(landing.href);
    const store = createSignInStore({ products: ['oauth'] });
    const { result } = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env, store) });

    await waitFor(() => expect(result.current.status).toBe('error'), { timeout: ASYNC_TIMEOUT });
    expect(result.current.error).toMatchObject({
      type: 'oauth_token_not_found',
      message: 'OAuth Token could not be found.',
      status: 404,
    });
    expect(store.getState().formState.errorDescriptor).toEqual({
      messageId: 'oauth_token_not_found',
      message: 'OAuth Token could not be found.',
    });
  });
});
