import { ASYNC_TIMEOUT } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL, passkeyEnvironment, passkeyUser, signInByPasscode, webauthnCalls } from '../../../test/passkeys';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore } from '../../signInStore';
import { usePasskeyLogin } from './usePasskeyLogin';

// The email input autofill offers passkeys in, in the page as a real form puts it there: the hook arms the
// conditional request only once such an input exists (autofillInput.ts).
let autofillInput: HTMLInputElement;
beforeEach(() => {
  autofillInput = document.createElement('input');
  autofillInput.setAttribute('autocomplete', 'username webauthn');
  document.body.append(autofillInput);
});
afterEach(() => autofillInput.remove());

const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';
const SIGN_IN_CALLS = ['POST /webauthn/authenticate/start/primary 200', 'POST /webauthn/authenticate 200'];
const waitLong = { timeout: ASYNC_TIMEOUT };

/** A store of a `<SignIn>` that offers passkeys beside passcodes. */
const passkeyStore = () => createSignInStore({ products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } });

describe('usePasskeyLogin', () => {
  it("'Login with a Passkey' signs in, emits PASSKEY_AUTHENTICATE and goes to PasskeyConfirmation", async () => {
    const { env, authenticator } = await passkeyEnvironment();
    const registrationId = await passkeyUser(env);
    const store = passkeyStore();
    const onEvent = vi.fn();
    const { result } = renderHook(() => usePasskeyLogin({ onEvent, sessionDurationMinutes: 45 }), {
      wrapper: wrapperFor(env, store),
    });
    // Without autofill the button shows.
    expect(result.current).toMatchObject({ status: 'idle', showLoginButton: true, autofillSupported: null });

    let signedIn = false;
    await act(async () => {
      signedIn = await result.current.login();
    });

    expect(signedIn).toBe(true);
    expect(result.current).toMatchObject({ status: 'success', error: null });
    expect(webauthnCalls(env)).toEqual(SIGN_IN_CALLS);
    expect(env.requests.find((request) => request.path === '/webauthn/authenticate/start/primary')?.body).toEqual({
      domain: 'localhost',
      return_passkey_credential_options: true,
    });
    expect(env.requests.find((request) => request.path === '/webauthn/authenticate')?.body).toMatchObject({
      session_duration_minutes: 45,
    });
    expect(authenticator.calls.at(-1)).toMatchObject({ method: 'startAuthentication', autofill: false });
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({
      type: 'PASSKEY_AUTHENTICATE',
      data: expect.objectContaining({ webauthn_registration_id: registrationId }),
    });
    expect(env.client.session.getSync()?.authentication_factors[0]?.type).toBe('webauthn');
    expect(env.client.user.getSync()?.emails[0]?.email).toBe(EMAIL);
    expect(store.getState().screen).toBe('PasskeyConfirmation');
  });

  it('a double click on the button runs one ceremony and one sign-in', async () => {
    const { env } = await passkeyEnvironment();
    await passkeyUser(env);
    const { result } = renderHook(() => usePasskeyLogin(), { wrapper: wrapperFor(env, passkeyStore()) });
    let answers: boolean[] = [];
    await act(async () => {
      answers = await Promise.all([result.current.login(), result.current.login()]);
    });
    expect(answers).toEqual([true, true]);
    expect(webauthnCalls(env)).toEqual(SIGN_IN_CALLS);
    expect(result.current).toMatchObject({ status: 'success', error: null });
  });

  it('shows the unknown-credential text when the passkey was deleted from the account, and stays on Main', async () => {
    const { env } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { webauthn_registration_id: id } = await env.client.webauthn.register({ is_passkey: true });
    await env.client.user.deleteWebauthnRegistration(id);
    await env.client.session.revoke();
    const store = passkeyStore();
    const onError = vi.fn();
    const { result } = renderHook(() => usePasskeyLogin({ onError }), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.login());

    const error = expect.objectContaining({ type: 'webauthn_registration_not_found', message: NOT_FOUND, status: 404 });
    expect(result.current).toMatchObject({ status: 'error', error });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
    expect(env.client.session.getSync()).toBeNull();
    // Main's warning banner shows it.
    expect(store.getState().screen).toBe('Main');
    expect(store.getState().formState.errorDescriptor).toEqual({
      messageId: 'webauthn_registration_not_found',
      message: NOT_FOUND,
    });
  });

  it('shows the unknown-failure text when the browser finds no passkey, without a sign-in request', async () => {
    const { env } = await passkeyEnvironment();
    const { result } = renderHook(() => usePasskeyLogin(), { wrapper: wrapperFor(env) });

    await act(() => result.current.login());

    expect(result.current.error).toMatchObject({ type: 'passkey_unknown_error', message: UNKNOWN });
    expect(webauthnCalls(env)).toEqual(['POST /webauthn/authenticate/start/primary 200']);
  });

  it('arms conditional mediation on the email field and signs in when the user picks the passkey', async () => {
    const { env, authenticator, gated } = await passkeyEnvironment();
    await passkeyUser(env);
    const store = passkeyStore();
    const onEvent = vi.fn();
    const { result } = renderHook(() => usePasskeyLogin({ autofill: true, onEvent }), {
      wrapper: wrapperFor(env, store),
    });

    await waitFor(() => expect(result.current.isAutofillArmed).toBe(true), waitLong);
    await waitFor(() => expect(gated.waiting).toBe(1), waitLong);
    // With autofill on an email form, no button.
    expect(result.current).toMatchObject({
      autofillSupported: true,
      showLoginButton: false,
      autofillRetriesLeft: 5,
      autoFillInputProps: { autoComplete: 'username webauthn' },
    });

    act(() => gated.pick());

    await waitFor(() => expect(result.current.status).toBe('success'), waitLong);
    expect(webauthnCalls(env)).toEqual(SIGN_IN_CALLS);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSKEY_AUTHENTICATE' }));
    expect(authenticator.calls.at(-1)).toMatchObject({ method: 'startAuthentication', autofill: true });
    expect(store.getState().screen).toBe('PasskeyConfirmation');
    expect(result.current.isAutofillArmed).toBe(false);
  });

  it("hides 'Login with a Passkey' while the browser's autofill answer is pending, and shows it on a no", async () => {
    const { env, gated } = await passkeyEnvironment();
    let answer: (supported: boolean) => void = () => {};
    gated.library.browserSupportsWebAuthnAutofill = () => new Promise<boolean>((resolve) => (answer = resolve));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: boolean[] = [];
    const { result } = renderHook(
      () => {
        const login = usePasskeyLogin({ autofill: true });
        seen.push(login.showLoginButton);
        return login;
      },
      { wrapper: wrapperFor(env, passkeyStore()) },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Not known yet: the button the email field may replace is not drawn (no flash of it), from the first render.
    expect(result.current.autofillSupported).toBeNull();
    expect(seen).not.toContain(true);

    act(() => answer(false));
    await waitFor(() => expect(result.current.showLoginButton).toBe(true), waitLong);
    expect(result.current).toMatchObject({ autofillSupported: false, isAutofillArmed: false });
    expect(gated.waiting).toBe(0);
    warn.mockRestore();
  });

  it('arms autofill only once its input is in the page, hiding the button meanwhile; without one, after 3 s', async () => {
    autofillInput.remove();
    const { env, gated } = await passkeyEnvironment();
    await passkeyUser(env);
    const { result, unmount } = renderHook(() => usePasskeyLogin({ autofill: true }), {
      wrapper: wrapperFor(env, passkeyStore()),
    });
    await waitFor(() => expect(result.current.autofillSupported).toBe(true), waitLong);
    // No input yet: nothing asked of the browser (its request would fail, and autofill give up for good).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(gated.waiting).toBe(0);
    expect(result.current).toMatchObject({ isAutofillArmed: false, showLoginButton: false, hasAutofillGivenUp: false });

    document.body.append(autofillInput);
    await waitFor(() => expect(gated.waiting).toBe(1), waitLong);
    expect(result.current.isAutofillArmed).toBe(true);
    unmount();

    // Never an input in the document (one in a shadow root, say): armed anyway once the wait is over.
    autofillInput.remove();
    const later = renderHook(() => usePasskeyLogin({ autofill: true }), { wrapper: wrapperFor(env, passkeyStore()) });
    await waitFor(() => expect(later.result.current.autofillSupported).toBe(true), waitLong);
    expect(later.result.current.isAutofillArmed).toBe(false);
    await waitFor(() => expect(later.result.current.isAutofillArmed).toBe(true), waitLong);
    later.unmount();
  });

  it('re-arms autofill after each failure, 5 times, then stops', async () => {
    const { env, gated } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { webauthn_registration_id: id } = await env.client.webauthn.register({ is_passkey: true });
    await env.client.user.deleteWebauthnRegistration(id);
    await env.client.session.revoke();
    env.requests.length = 0;
    const store = passkeyStore();
    const onError = vi.fn();
    const { result } = renderHook(() => usePasskeyLogin({ autofill: true, onError }), {
      wrapper: wrapperFor(env, store),
    });

    // The user picks the deleted passkey each time autofill is offered again.
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await waitFor(() => expect(gated.waiting).toBe(1), waitLong);
      act(() => gated.pick());
      await waitFor(() => expect(onError).toHaveBeenCalledTimes(attempt), waitLong);
    }

    await waitFor(() => expect(result.current.autofillRetriesLeft).toBe(0), waitLong);
    await env.settled();
    // Autofill gave up: 'Login with a Passkey' is offered instead.
    expect(result.current).toMatchObject({
      isAutofillArmed: false,
      error: { message: NOT_FOUND },
      hasAutofillGivenUp: true,
      // Given up on the provider's refusals, which `error` reports: the browser's request never failed.
      autofillFailure: null,
      showLoginButton: true,
    });
    expect(gated.waiting).toBe(0);
    expect(webauthnCalls(env).filter((call) => call === 'POST /webauthn/authenticate 404')).toHaveLength(6);
    expect(onError).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'webauthn_registration_not_found' }));
    expect(store.getState().formState.errorDescriptor?.message).toBe(NOT_FOUND);
    expect(env.client.session.getSync()).toBeNull();
  });

  it('a conditional request the browser fails is never shown nor re-armed, and the button shows instead', async () => {
    const { env, authenticator, gated } = await passkeyEnvironment();
    await passkeyUser(env);
    const store = passkeyStore();
    const onError = vi.fn();
    const { result } = renderHook(() => usePasskeyLogin({ autofill: true, onError }), {
      wrapper: wrapperFor(env, store),
    });
    await waitFor(() => expect(gated.waiting).toBe(1), waitLong);
    expect(result.current.showLoginButton).toBe(false);
    const ceremonies = authenticator.calls.length;

    // Before any click, the browser rejects the conditional request (as it does with no webauthn field).
    const refused = new Error('No <input> with "webauthn" as the only or last value in its `autocomplete` attribute');
    refused.name = 'NotAllowedError';
    act(() => gated.fail(refused));

    await waitFor(() => expect(result.current.showLoginButton).toBe(true), waitLong);
    await env.settled();
    expect(result.current).toMatchObject({
      status: 'idle',
      error: null,
      isAutofillArmed: false,
      hasAutofillGivenUp: true,
      autofillRetriesLeft: 0,
    });
    // Not shown, but the integrator can read why: the browser's own rejection.
    expect(result.current.autofillFailure).toBe(refused);
    expect(onError).not.toHaveBeenCalled();
    expect(store.getState().formState.errorDescriptor).toBeNull();
    // Not re-armed: one conditional request, one start call.
    expect(gated.waiting).toBe(0);
    expect(authenticator.calls.length).toBe(ceremonies);
    expect(webauthnCalls(env)).toEqual(['POST /webauthn/authenticate/start/primary 200']);

    // The button it offers signs in.
    await act(() => result.current.login());
    expect(result.current.status).toBe('success');
  });

  it('aborts the armed ceremony when the user leaves the screen, and arms nothing more', async () => {
    const { env, authenticator, gated } = await passkeyEnvironment();
    await passkeyUser(env);
    const onError = vi.fn();
    const { result, unmount } = renderHook(() => usePasskeyLogin({ autofill: true, onError }), {
      wrapper: wrapperFor(env),
    });
    await waitFor(() => expect(gated.waiting).toBe(1), waitLong);
    expect(result.current.isAutofillArmed).toBe(true);
    const ceremonies = authenticator.calls.length;
    // Spied only around the (synchronous) unmount: the in-process provider's HTTP server aborts its own
    // requests' controllers when a connection closes, which a loaded machine can make happen before it.
    const abort = vi.spyOn(AbortController.prototype, 'abort');

    unmount();

    expect(abort).toHaveBeenCalledTimes(1);
    const controller = abort.mock.contexts[0] as AbortController;
    expect(controller.signal.aborted).toBe(true);
    abort.mockRestore();
    // The SDK cancelled the browser's prompt; nothing else was asked of the browser or the provider.
    expect(gated.cancels).toBe(1);
    await env.settled();
    expect(authenticator.calls.length).toBe(ceremonies);
    expect(webauthnCalls(env)).toEqual(['POST /webauthn/authenticate/start/primary 200']);
    expect(onError).not.toHaveBeenCalled();
    expect(env.client.session.getSync()).toBeNull();
  });

  it('the button cancels the waiting autofill ceremony and signs in by itself', async () => {
    const { env, gated } = await passkeyEnvironment();
    await passkeyUser(env);
    const onError = vi.fn();
    const { result } = renderHook(() => usePasskeyLogin({ autofill: true, onError }), { wrapper: wrapperFor(env) });
    await waitFor(() => expect(gated.waiting).toBe(1), waitLong);

    await act(() => result.current.login());

    expect(gated.cancels).toBe(1);
    expect(result.current.status).toBe('success');
    expect(onError).not.toHaveBeenCalled();
    expect(webauthnCalls(env)).toEqual([
      'POST /webauthn/authenticate/start/primary 200',
      'POST /webauthn/authenticate/start/primary 200',
      'POST /webauthn/authenticate 200',
    ]);
  });

  it('arms no autofill inside a <SignIn> that does not offer passkeys', async () => {
    const { env, gated } = await passkeyEnvironment();
    const store = createSignInStore({ products: ['emailMagicLinks'] });
    const { result } = renderHook(() => usePasskeyLogin({ autofill: true }), { wrapper: wrapperFor(env, store) });
    await env.settled();
    expect(result.current).toMatchObject({ autofillSupported: null, isAutofillArmed: false, showLoginButton: true });
    expect(gated.waiting).toBe(0);
    expect(webauthnCalls(env)).toEqual([]);
  });
});
