import {
  ASYNC_TIMEOUT,
  completeAtDevelopmentUpstream,
  PUBLIC_TOKEN,
  providerFetch,
  socialEnvironment,
  startUrlOf,
} from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore, type SignInConfig } from '../../signInStore';
import { useAuthenticateByUrl } from '../../useAuthenticateByUrl';
import { useSession } from '../../useSession';
import { mainWalletCount } from '../crypto/wallets';
import { socialProviderCount } from './product';
import { useOAuth } from './useOAuth';

const waitLong = { timeout: ASYNC_TIMEOUT };
const LOGIN = 'http://localhost:5173/authenticate';
const SIGNUP = 'http://127.0.0.1:5173/authenticate';

/** A `<SignIn>` store offering social sign-in beside magic links. */
const socialStore = (oauthOptions: SignInConfig['oauthOptions']) =>
  createSignInStore({ products: ['oauth', 'emailMagicLinks'], oauthOptions });

describe('useOAuth', () => {
  it("lists the configured providers in order, 'Continue with {provider}', an unknown type unlabelled", async () => {
    const { env } = await socialEnvironment();
    const store = socialStore({
      providers: [{ type: 'github' }, { type: 'google', one_tap: true }, { type: 'linkedin' }, { type: 'myspace' }],
    });
    const { result } = renderHook(() => useOAuth(), { wrapper: wrapperFor(env, store) });
    expect(
      result.current.providers.map(({ type, label, isKnown, oneTap }) => ({ type, label, isKnown, oneTap })),
    ).toEqual([
      { type: 'github', label: 'Continue with GitHub', isKnown: true, oneTap: null },
      {
        type: 'google',
        label: 'Continue with Google',
        isKnown: true,
        oneTap: { position: 'embedded', cancelOnTapOutside: true },
      },
      { type: 'linkedin', label: 'Continue with LinkedIn', isKnown: true, oneTap: null },
      { type: 'myspace', label: null, isKnown: false, oneTap: null },
    ]);
    expect(result.current).toMatchObject({ pendingProvider: null, error: null });
  });

  it('sends the browser to the provider with the redirect URLs, custom scopes and provider parameters', async () => {
    const { env, navigations } = await socialEnvironment();
    const store = socialStore({
      providers: [
        {
          type: 'github',
          custom_scopes: ['read:org', 'gist'],
          provider_params: { login: 'ada', allow_signup: 'false' },
        },
      ],
      loginRedirectURL: LOGIN,
      signupRedirectURL: SIGNUP,
    });
    const { result } = renderHook(() => useOAuth(), { wrapper: wrapperFor(env, store) });

    let started = false;
    await act(async () => {
      started = await result.current.providers[0]!.start();
    });

    expect(started).toBe(true);
    expect(navigations).toHaveLength(1);
    const { url, query } = startUrlOf(navigations[0]);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8787/v1/public/oauth/github/start');
    expect(query).toEqual({
      public_token: PUBLIC_TOKEN,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      custom_scopes: 'read:org gist',
      provider_login: 'ada',
      provider_allow_signup: 'false',
      login_redirect_url: LOGIN,
      signup_redirect_url: SIGNUP,
    });
    expect(result.current.pendingProvider).toBe('github');
    expect(store.getState().screen).toBe('Main');
  });

  it("sends no redirect URL when none is configured (the project's defaults apply)", async () => {
    const { env, navigations } = await socialEnvironment();
    const { result } = renderHook(() => useOAuth({ providers: [{ type: 'discord' }] }), { wrapper: wrapperFor(env) });
    await act(async () => {
      await result.current.start('discord');
    });
    expect(startUrlOf(navigations[0]).query).toEqual({
      public_token: PUBLIC_TOKEN,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it("the hook's own options win over the <SignIn>'s", async () => {
    const { env, navigations } = await socialEnvironment();
    const store = socialStore({ providers: [{ type: 'slack' }], loginRedirectURL: LOGIN, signupRedirectURL: LOGIN });
    const { result } = renderHook(
      () =>
        useOAuth({ providers: [{ type: 'twitch', custom_scopes: ['user:read:email'] }], signupRedirectURL: SIGNUP }),
      { wrapper: wrapperFor(env, store) },
    );
    expect(result.current.providers.map((provider) => provider.type)).toEqual(['twitch']);
    await act(async () => {
      await result.current.start('twitch');
    });
    expect(startUrlOf(navigations[0]).query).toMatchObject({
      custom_scopes: 'user:read:email',
      login_redirect_url: LOGIN,
      signup_redirect_url: SIGNUP,
    });
  });

  it('ignores a second start while the first one navigates', async () => {
    const { env, navigations } = await socialEnvironment();
    const store = socialStore({ providers: [{ type: 'google' }, { type: 'apple' }] });
    const { result } = renderHook(() => useOAuth(), { wrapper: wrapperFor(env, store) });

    let outcomes: boolean[] = [];
    await act(async () => {
      outcomes = await Promise.all([result.current.start('google'), result.current.start('apple')]);
    });
    expect(outcomes).toEqual([true, false]);
    await act(async () => {
      outcomes = [await result.current.start('apple')];
    });
    expect(outcomes).toEqual([false]);
    expect(navigations.map((navigation) => startUrlOf(navigation).url.pathname)).toEqual([
      '/v1/public/oauth/google/start',
    ]);
    expect(result.current.pendingProvider).toBe('google');
  });

  it('with PKCE required (the default), the start URL carries a challenge', async () => {
    const { env, navigations } = await socialEnvironment();
    const { result } = renderHook(() => useOAuth({ providers: [{ type: 'figma' }] }), { wrapper: wrapperFor(env) });
    await act(async () => {
      await result.current.start('figma');
    });
    expect(startUrlOf(navigations[0]).query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a provider outside the 19: the error goes to onError and the Error screen, nothing navigates', async () => {
    const { env, navigations } = await socialEnvironment();
    const store = socialStore({ providers: [{ type: 'myspace' }] });
    const onError = vi.fn();
    const hostOnError = vi.fn();
    store.getState().setCallbacks({ onError: hostOnError });
    const { result } = renderHook(() => useOAuth({ onError }), { wrapper: wrapperFor(env, store) });

    let started = true;
    await act(async () => {
      started = await result.current.providers[0]!.start();
    });

    expect(started).toBe(false);
    expect(navigations).toEqual([]);
    const error = { type: 'unknown_oauth_provider', message: "Unknown social sign-in provider 'myspace'." };
    expect(result.current).toMatchObject({ pendingProvider: null, error });
    expect(onError).toHaveBeenCalledWith(error);
    expect(hostOnError).toHaveBeenCalledWith(error);
    expect(store.getState().screen).toBe('Error');
    expect(store.getState().formState.errorDescriptor).toEqual({ messageId: error.type, message: error.message });
  });

  it('a refused start (bad custom scopes) frees the buttons again', async () => {
    const { env, navigations } = await socialEnvironment();
    const { result } = renderHook(
      () => useOAuth({ providers: [{ type: 'gitlab', custom_scopes: 'api' as never }, { type: 'yahoo' }] }),
      { wrapper: wrapperFor(env) },
    );
    await act(async () => {
      await result.current.start('gitlab');
    });
    expect(result.current.error).toMatchObject({
      type: 'unknown_error',
      message: 'Invalid call to oauth.gitlab.start: custom_scopes must be an array of strings',
    });
    expect(result.current.pendingProvider).toBe(null);
    await act(async () => {
      await result.current.start('yahoo');
    });
    expect(navigations).toHaveLength(1);
    await waitFor(() => expect(result.current.error).toBe(null), waitLong);
  });
});

describe('social sign-in, end to end through the development upstream', () => {
  it("a new user clicks 'Continue with GitHub', picks an identity and lands signed in (PKCE project)", async () => {
    const { env, navigations } = await socialEnvironment({ project: { pkce: { oauth: true } } } as never);
    const store = socialStore({ providers: [{ type: 'github' }], loginRedirectURL: LOGIN, signupRedirectURL: LOGIN });
    const { result, unmount } = renderHook(() => useOAuth(), { wrapper: wrapperFor(env, store) });
    expect(result.current.providers[0]?.label).toBe('Continue with GitHub');
    await act(async () => {
      await result.current.providers[0]!.start();
    });
    unmount();

    const landing = await completeAtDevelopmentUpstream(
      navigations[0] as string,
      { email: 'margaret@example.com', name: 'Margaret Hamilton', emailVerified: true },
      { fetch: providerFetch(env) },
    );
    expect(`${landing.origin}${landing.pathname}`).toBe(LOGIN);
    window.history.replaceState(null, '', `${landing.pathname}${landing.search}`);
    const page = renderHook(() => ({ landing: useAuthenticateByUrl(), session: useSession() }), {
      wrapper: wrapperFor(env, createSignInStore({ products: ['oauth'] })),
    });
    await waitFor(() => expect(page.result.current.landing.status).toBe('success'), waitLong);
    const user = page.result.current.session.user;
    expect(user?.emails.map((email) => email.email)).toEqual(['margaret@example.com']);
    expect(user?.providers?.map((provider) => provider.provider_type)).toEqual(['github']);
  });
});

describe('socialProviderCount', () => {
  it('counts the configured providers when oauth is configured, and leaves the wallet buttons 5 minus that', () => {
    const four = createSignInStore({
      products: ['oauth', 'crypto'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'apple' }, { type: 'myspace' }] },
    }).getState().config;
    expect(socialProviderCount(four)).toBe(4);
    expect(mainWalletCount(socialProviderCount(four))).toBe(1);
    const notConfigured = createSignInStore({
      products: ['crypto'],
      oauthOptions: { providers: [{ type: 'google' }] },
    }).getState().config;
    expect(socialProviderCount(notConfigured)).toBe(0);
    expect(mainWalletCount(socialProviderCount(notConfigured))).toBe(5);
  });
});
