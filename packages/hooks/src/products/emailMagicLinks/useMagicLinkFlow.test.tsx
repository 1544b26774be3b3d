import { holdAnswers, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { telemetryEvents, wrapperFor } from '../../../test/wrappers';
import { createSignInStore, type SignInConfig } from '../../signInStore';
import { useAuthenticateByUrl } from '../../useAuthenticateByUrl';
import { useMagicLinkFlow } from './useMagicLinkFlow';

const EMAIL = 'ada@example.com';
const REDIRECT = 'http://localhost:5173/authenticate';

const sendRequests = (env: TestEnvironment) =>
  env.requests.filter((request) => request.path === '/magic_links/email/login_or_create');

describe('useMagicLinkFlow', () => {
  it('emails a link with the configured options and moves the sign-in to EmailConfirmation', async () => {
    const env = await startTestEnvironment();
    const config: SignInConfig = {
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: {
        loginRedirectURL: REDIRECT,
        signupRedirectURL: `${REDIRECT}?welcome=1`,
        loginExpirationMinutes: 15,
        createUserAsPending: true,
      },
    };
    const onEvent = vi.fn();
    const hostEvent = vi.fn();
    const store = createSignInStore(config, { onEvent: hostEvent });
    const { result } = renderHook(() => useMagicLinkFlow({ onEvent }), { wrapper: wrapperFor(env, store) });

    let sent = false;
    await act(async () => {
      sent = await result.current.send(` ${EMAIL} `);
    });

    expect(sent).toBe(true);
    expect(sendRequests(env)).toEqual([
      {
        method: 'POST',
        path: '/magic_links/email/login_or_create',
        status: 200,
        body: {
          email: EMAIL,
          login_magic_link_url: REDIRECT,
          signup_magic_link_url: `${REDIRECT}?welcome=1`,
          login_expiration_minutes: 15,
          signup_expiration_minutes: 30,
          create_user_as_pending: true,
          // The project binds links to the browser that asked (the provider's default): the SDK's PKCE challenge.
          code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      },
    ]);
    expect(result.current).toMatchObject({ status: 'sent', email: EMAIL, error: null });
    expect(store.getState().screen).toBe('EmailConfirmation');
    expect(store.getState().formState.magicLinkState.email).toBe(EMAIL);
    for (const callback of [onEvent, hostEvent]) {
      expect(callback).toHaveBeenCalledExactlyOnceWith({
        type: 'MAGIC_LINK_LOGIN_OR_CREATE',
        data: expect.objectContaining({ status_code: 200 }),
      });
    }
    expect(await telemetryEvents(env)).toContainEqual(
      expect.objectContaining({ event_name: 'email_sent', details: { email: EMAIL, type: 'login_or_create_eml' } }),
    );
    // The user was created as pending, and the sign-up link went to the sign-up URL.
    expect(await env.lastLink(EMAIL)).toMatch(/^http:\/\/localhost:5173\/authenticate\?welcome=1&stytch_token_type=/);
  });

  it('sends the spec defaults standalone, and the hook options win over the store configuration', async () => {
    const env = await startTestEnvironment();
    const standalone = renderHook(() => useMagicLinkFlow(), { wrapper: wrapperFor(env) });
    await act(() => standalone.result.current.send(EMAIL));
    const challenge = expect.stringMatching(/^[A-Za-z0-9_-]{43}$/);
    expect(sendRequests(env).at(-1)?.body).toEqual({
      email: EMAIL,
      login_expiration_minutes: 30,
      signup_expiration_minutes: 30,
      code_challenge: challenge,
    });

    const store = createSignInStore({
      emailMagicLinksOptions: { loginExpirationMinutes: 10, loginRedirectURL: REDIRECT },
    });
    const inside = renderHook(() => useMagicLinkFlow({ loginExpirationMinutes: 20 }), {
      wrapper: wrapperFor(env, store),
    });
    await act(() => inside.result.current.send('grace@example.com'));
    expect(sendRequests(env).at(-1)?.body).toEqual({
      email: 'grace@example.com',
      login_magic_link_url: REDIRECT,
      login_expiration_minutes: 20,
      signup_expiration_minutes: 30,
      code_challenge: challenge,
    });
  });

  it('refuses an invalid email without a request and reports it to both error callbacks', async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const hostError = vi.fn();
    const store = createSignInStore({}, { onError: hostError });
    const { result } = renderHook(() => useMagicLinkFlow({ onError }), { wrapper: wrapperFor(env, store) });

    let sent = true;
    await act(async () => {
      sent = await result.current.send('ada@example');
    });

    expect(sent).toBe(false);
    const error = { type: 'invalid_email', message: 'Email format is invalid.' };
    expect(result.current).toMatchObject({ status: 'error', error });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
    expect(hostError).toHaveBeenCalledExactlyOnceWith(error);
    expect(sendRequests(env)).toEqual([]);
    expect(store.getState().screen).toBe('Main');
  });

  it("shows the provider's refusal and stays on Main", async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const store = createSignInStore({ emailMagicLinksOptions: { loginRedirectURL: 'https://evil.example/steal' } });
    const { result } = renderHook(() => useMagicLinkFlow({ onError }), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.send(EMAIL));

    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({
      type: 'invalid_redirect_url',
      message: "The redirect URL is not in the project's allowlist of redirect URLs.",
      status: 400,
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'invalid_redirect_url' }));
    expect(store.getState().screen).toBe('Main');
    expect(sendRequests(env).map((request) => request.status)).toEqual([400]);
  });

  it('shows sending while the email goes out, and reset() returns to idle', async () => {
    const env = await startTestEnvironment();
    const { result } = renderHook(() => useMagicLinkFlow(), { wrapper: wrapperFor(env) });
    let pending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      pending = result.current.send(EMAIL);
    });
    expect(result.current).toMatchObject({ status: 'sending', email: EMAIL });
    await act(() => pending);
    expect(result.current.status).toBe('sent');
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', email: '', error: null });
  });

  it('a send answered after the user moved to another screen moves nothing (no pull to EmailConfirmation)', async () => {
    const env = await startTestEnvironment();
    const store = createSignInStore({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } });
    const { result } = renderHook(() => useMagicLinkFlow(), { wrapper: wrapperFor(env, store) });
    const held = holdAnswers(env, '/magic_links/email/login_or_create');
    let pending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      pending = result.current.send(EMAIL);
    });
    // Meanwhile the user went on with a code by text message.
    act(() => store.getState().navigate('OTPAuthenticate'));
    held.release();
    await act(async () => {
      expect(await pending).toBe(true);
    });
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(sendRequests(env).map((request) => request.status)).toEqual([200]);
  });

  it('a new screen inside the sign-in reads the stored email as sent', async () => {
    const env = await startTestEnvironment();
    const store = createSignInStore({});
    const wrapper = wrapperFor(env, store);
    const main = renderHook(() => useMagicLinkFlow(), { wrapper });
    await act(() => main.result.current.send(EMAIL));
    main.unmount();

    const confirmation = renderHook(() => useMagicLinkFlow(), { wrapper });
    expect(confirmation.result.current).toMatchObject({ status: 'sent', email: EMAIL });
    act(() => store.getState().tryAgain());
    expect(confirmation.result.current).toMatchObject({ status: 'idle', email: '' });
  });

  it('signs the user in when they open the emailed link', async () => {
    const env = await startTestEnvironment();
    const store = createSignInStore({
      emailMagicLinksOptions: { loginRedirectURL: REDIRECT, signupRedirectURL: REDIRECT },
    });
    const { result } = renderHook(() => useMagicLinkFlow(), { wrapper: wrapperFor(env, store) });
    await act(() => result.current.send(EMAIL));

    const link = new URL(await env.lastLink(EMAIL, 'stytch_token_type=magic_links'));
    window.history.replaceState(null, '', `${link.pathname}${link.search}`);
    const landing = renderHook(() => useAuthenticateByUrl(), { wrapper: wrapperFor(env) });

    await waitFor(() => expect(landing.result.current.status).toBe('success'));
    expect(env.client.session.getSnapshot().user?.emails[0]?.email).toBe(EMAIL);
    expect(window.location.search).toBe('');
    expect(env.requests.find((request) => request.path === '/magic_links/authenticate')?.body).toMatchObject({
      token: link.searchParams.get('token'),
      session_duration_minutes: 30,
    });
  });
});
