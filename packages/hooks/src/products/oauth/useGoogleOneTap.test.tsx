import type { ProviderConfigInput } from '@latchkey/provider';
import {
  ASYNC_TIMEOUT,
  providerFetch,
  removeGoogle,
  requestDevelopmentGoogleCredential,
  StandInGoogle,
  StandInResizeObserver,
  socialEnvironment,
  startUrlOf,
  type TestEnvironment,
} from '@latchkey/testing';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore, type SignInStore } from '../../signInStore';
import { useAuthenticateByUrl } from '../../useAuthenticateByUrl';
import { useSession } from '../../useSession';
import { ONE_TAP_DEFAULT_HEIGHT_PX, ONE_TAP_RESIZE_DEBOUNCE_MS } from './oneTapConstants';
import { type UseGoogleOneTapOptions, type UseGoogleOneTapReturn, useGoogleOneTap } from './useGoogleOneTap';

const waitLong = { timeout: ASYNC_TIMEOUT };
const REDIRECT = 'http://localhost:5173/authenticate';
const WITH_REDIRECTS = { loginRedirectURL: REDIRECT, signupRedirectURL: REDIRECT };
let scripts = 0;
/** A script URL no earlier test used (the hook loads each URL once per page). */
const freshScriptUrl = () => `https://accounts.google.test/gsi/client?test=${++scripts}`;

afterEach(() => {
  removeGoogle();
  vi.unstubAllGlobals();
});

type Latest = { current: UseGoogleOneTapReturn | null };

/** The hook on an element, as a kit renders it: the container gets `containerId` and `containerRef`. */
function OneTap({ options, latest }: { options: UseGoogleOneTapOptions; latest: Latest }) {
  const oneTap = useGoogleOneTap(options);
  latest.current = oneTap;
  return <div id={oneTap.containerId} ref={oneTap.containerRef} data-status={oneTap.status} />;
}

function renderOneTap(env: TestEnvironment, options: UseGoogleOneTapOptions, store?: SignInStore) {
  const latest: Latest = { current: null };
  const view = render(<OneTap options={options} latest={latest} />, { wrapper: wrapperFor(env, store) });
  const current = () => {
    if (!latest.current) throw new Error('not rendered');
    return latest.current;
  };
  return { ...view, current };
}

describe('useGoogleOneTap', () => {
  it("loads Google's script once, initialises it with the provider's client id and nonce, and prompts in the container", async () => {
    const { env } = await socialEnvironment();
    const google = new StandInGoogle();
    const scriptUrl = freshScriptUrl();
    const first = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl, cancelOnTapOutside: false });
    renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl });
    expect(first.current()).toMatchObject({ status: 'loading', error: null, height: ONE_TAP_DEFAULT_HEIGHT_PX });

    await waitFor(() => expect(document.head.querySelectorAll(`script[src="${scriptUrl}"]`)).toHaveLength(1), waitLong);
    // Google's script runs: it defines google.accounts.id, then the element fires load.
    google.install();
    act(() => {
      document.head.querySelector(`script[src="${scriptUrl}"]`)?.dispatchEvent(new Event('load'));
    });

    await waitFor(() => expect(first.current().status).toBe('shown'), waitLong);
    expect(document.head.querySelectorAll(`script[src="${scriptUrl}"]`)).toHaveLength(1);
    const configuration = google.configurations.find(
      (candidate) => candidate.prompt_parent_id === first.current().containerId,
    );
    expect(configuration).toMatchObject({
      client_id: 'latchkey-dev-google',
      nonce: expect.any(String),
      cancel_on_tap_outside: false,
      itp_support: true,
    });
    expect(document.getElementById(first.current().containerId)?.dataset.status).toBe('shown');
    const starts = env.requests.filter((request) => request.path === '/oauth/google/onetap/start');
    expect(starts.map((request) => request.body)).toEqual([
      { login_redirect_url: REDIRECT, signup_redirect_url: REDIRECT },
      { login_redirect_url: REDIRECT, signup_redirect_url: REDIRECT },
    ]);
  });

  it("floating: Google's own prompt, no parent element; the <SignIn>'s google provider decides", async () => {
    const { env } = await socialEnvironment();
    const google = new StandInGoogle().install();
    const store = createSignInStore({
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'google', one_tap: true, position: 'floating' }], ...WITH_REDIRECTS },
    });
    const { current } = renderOneTap(env, { scriptUrl: freshScriptUrl() }, store);
    await waitFor(() => expect(current().status).toBe('shown'), waitLong);
    expect(google.configuration).not.toHaveProperty('prompt_parent_id');
    expect(google.configuration.cancel_on_tap_outside).toBe(true);
  });

  it("loads Google's script from the <SignIn>'s oauthOptions.oneTapScriptURL when the hook names none", async () => {
    const { env } = await socialEnvironment();
    const oneTapScriptURL = freshScriptUrl();
    const store = createSignInStore({
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'google', one_tap: true }], oneTapScriptURL, ...WITH_REDIRECTS },
    });
    renderOneTap(env, {}, store);
    await waitFor(
      () => expect(document.head.querySelectorAll(`script[src="${oneTapScriptURL}"]`)).toHaveLength(1),
      waitLong,
    );
    expect(document.head.querySelector('script[src="https://accounts.google.com/gsi/client"]')).toBe(null);
  });

  it('signs a new user in: the credential goes to the provider, the browser to the redirect URL, the token is exchanged', async () => {
    const { env, navigations } = await socialEnvironment();
    const google = new StandInGoogle().install();
    const onError = vi.fn();
    const { current, unmount } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl: freshScriptUrl(), onError });
    await waitFor(() => expect(current().status).toBe('shown'), waitLong);

    const credential = await requestDevelopmentGoogleCredential(
      { email: 'grace@example.com', name: 'Grace Hopper' },
      { nonce: google.configuration.nonce as string, fetch: providerFetch(env) },
    );
    act(() => google.pick(credential));

    await waitFor(() => expect(current().status).toBe('done'), waitLong);
    expect(navigations).toHaveLength(1);
    const { url, query } = startUrlOf(navigations[0]);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(query).toMatchObject({ stytch_token_type: 'oauth', token: expect.any(String) });
    expect(onError).not.toHaveBeenCalled();
    unmount();

    // The landing page: the oauth token signs the new user in.
    window.history.replaceState(null, '', `${url.pathname}${url.search}`);
    const store = createSignInStore({ products: ['oauth'] });
    const landing = renderHook(() => ({ landing: useAuthenticateByUrl(), session: useSession() }), {
      wrapper: wrapperFor(env, store),
    });
    await waitFor(() => expect(landing.result.current.landing.status).toBe('success'), waitLong);
    expect(landing.result.current.session.user?.emails.map((email) => email.email)).toEqual(['grace@example.com']);
    expect(store.getState().screen).toBe('LoginSuccess');
  });

  it("falls back to the plain button when Google's script cannot load", async () => {
    const { env } = await socialEnvironment();
    const onError = vi.fn();
    const scriptUrl = freshScriptUrl();
    const { current } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl, onError });
    await waitFor(() => expect(document.head.querySelector(`script[src="${scriptUrl}"]`)).not.toBe(null), waitLong);
    act(() => {
      document.head.querySelector(`script[src="${scriptUrl}"]`)?.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(current().status).toBe('fallback'), waitLong);
    expect(current().error).toEqual({
      type: 'script_load_failed',
      message: 'One Tap could not load: script_load_failed',
    });
    expect(current().showExplanation).toBe(true);
    expect(onError).toHaveBeenCalledWith(current().error);
  });

  it.each(['data:text/javascript,window.pwned=1', 'javascript:alert(1)', 'http://evil.example/gsi/client'])(
    'never loads a script from %s (only https:, or http: from this host or a loopback one): the plain button instead',
    async (scriptUrl) => {
      const { env } = await socialEnvironment();
      const onError = vi.fn();
      const { current } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl, onError });
      await waitFor(() => expect(current().status).toBe('fallback'), waitLong);
      expect(current().error).toEqual({
        type: 'script_load_failed',
        message: 'One Tap could not load: script_load_failed',
      });
      expect(document.head.querySelectorAll('script')).toHaveLength(0);
      expect(onError).toHaveBeenCalledWith(current().error);
    },
  );

  it('loads the development stand-in from a loopback host over http:', async () => {
    const { env } = await socialEnvironment();
    const scriptUrl = `http://127.0.0.1:8787/dev/oauth/gsi/client?test=${Date.now()}`;
    renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl });
    await waitFor(() => expect(document.head.querySelector(`script[src="${scriptUrl}"]`)).not.toBe(null), waitLong);
  });

  it.each(['unregistered_origin', 'invalid_client', 'missing_client_id'])(
    "Google's %s: the plain button, with 'One Tap could not load: {reason}' for a test project",
    async (reason) => {
      const { env } = await socialEnvironment();
      const google = new StandInGoogle().install();
      const onError = vi.fn();
      const { current } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl: freshScriptUrl(), onError });
      await waitFor(() => expect(current().status).toBe('shown'), waitLong);
      act(() => google.notDisplayed(reason));
      expect(current()).toMatchObject({
        status: 'fallback',
        error: { type: reason, message: `One Tap could not load: ${reason}` },
        showExplanation: true,
      });
      expect(onError).toHaveBeenCalledWith({ type: reason, message: `One Tap could not load: ${reason}` });
    },
  );

  const REFUSALS: [string, ProviderConfigInput, UseGoogleOneTapOptions][] = [
    ['no_redirect_urls_set', { project: { redirectUrls: [] } }, {}],
    ['oauth_provider_not_allowed', { project: { oauth: { providers: ['github'] } } } as never, WITH_REDIRECTS],
    [
      'oauth_config_not_found',
      { project: { oauth: { developmentUpstream: { enabled: false } } } } as never,
      WITH_REDIRECTS,
    ],
  ];

  it.each(REFUSALS)(
    "the provider's %s: the plain button and its text, Google never initialised",
    async (reason, config, options) => {
      const { env } = await socialEnvironment(config);
      const google = new StandInGoogle().install();
      const { current } = renderOneTap(env, { ...options, scriptUrl: freshScriptUrl() });
      await waitFor(() => expect(current().status).toBe('fallback'), waitLong);
      expect(current()).toMatchObject({
        error: { type: reason, message: `One Tap could not load: ${reason}` },
        showExplanation: true,
      });
      expect(google.configurations).toEqual([]);
    },
  );

  it('a live project gets the plain button without the explanation', async () => {
    const { env } = await socialEnvironment({ project: { publicToken: 'public-token-live-latchkey-one-tap' } });
    const google = new StandInGoogle().install();
    const { current } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl: freshScriptUrl() });
    await waitFor(() => expect(current().status).toBe('shown'), waitLong);
    act(() => google.notDisplayed('unregistered_origin'));
    expect(current()).toMatchObject({ status: 'fallback', showExplanation: false });
    expect(current().error?.message).toBe('One Tap could not load: unregistered_origin');
  });

  it.each([
    ['not displayed', (google: StandInGoogle) => google.notDisplayed('opt_out_or_no_session')],
    ['skipped', (google: StandInGoogle) => google.skipped('tap_outside')],
  ])('a prompt the user closed or cannot see (%s) leaves the plain button, with no error', async (_name, report) => {
    const { env } = await socialEnvironment();
    const google = new StandInGoogle().install();
    const onError = vi.fn();
    const { current } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl: freshScriptUrl(), onError });
    await waitFor(() => expect(current().status).toBe('shown'), waitLong);
    act(() => report(google));
    expect(current()).toMatchObject({ status: 'fallback', error: null, showExplanation: false });
    expect(onError).not.toHaveBeenCalled();
  });

  it('unmounting cancels the prompt', async () => {
    const { env } = await socialEnvironment();
    const google = new StandInGoogle().install();
    const { current, unmount } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl: freshScriptUrl() });
    await waitFor(() => expect(current().status).toBe('shown'), waitLong);
    expect(google.cancels).toBe(0);
    unmount();
    expect(google.cancels).toBe(1);
  });

  it('reports the embedded prompt’s height, debounced by 100 ms (the last size wins)', async () => {
    vi.stubGlobal('ResizeObserver', StandInResizeObserver);
    const { env } = await socialEnvironment();
    new StandInGoogle().install();
    const { current } = renderOneTap(env, { ...WITH_REDIRECTS, scriptUrl: freshScriptUrl() });
    await waitFor(() => expect(current().status).toBe('shown'), waitLong);
    const observer = StandInResizeObserver.instances.find(
      (instance) => instance.observed[0]?.id === current().containerId,
    );
    if (!observer) throw new Error('the container is not observed');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => observer.resize(60));
      act(() => vi.advanceTimersByTime(ONE_TAP_RESIZE_DEBOUNCE_MS - 1));
      act(() => observer.resize(180));
      act(() => vi.advanceTimersByTime(ONE_TAP_RESIZE_DEBOUNCE_MS - 1));
      expect(current().height).toBe(ONE_TAP_DEFAULT_HEIGHT_PX);
      act(() => vi.advanceTimersByTime(1));
      expect(current().height).toBe(180);
      // Nothing drawn any more: back to the default.
      act(() => observer.resize(0));
      act(() => vi.advanceTimersByTime(ONE_TAP_RESIZE_DEBOUNCE_MS));
      expect(current().height).toBe(ONE_TAP_DEFAULT_HEIGHT_PX);
    } finally {
      vi.useRealTimers();
    }
  });
});
