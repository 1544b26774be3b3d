import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL, passkeyEnvironment, signInByPasscode, webauthnCalls } from '../../../test/passkeys';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore } from '../../signInStore';
import { usePasskeyRegistration } from './usePasskeyRegistration';

const NO_USER = 'Error: Cannot use PasskeyRegistration component without active user authenticated.';
const DUPLICATE =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
const NOT_CREATED =
  'Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.';

/** A `<SignIn>` store on PasskeyRegistrationStart (the hook brings the passkey rows with its events). */
async function registrationStore() {
  const store = createSignInStore({ products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } });
  store.getState().dispatch({ type: 'navigated', screen: 'PasskeyRegistrationStart' });
  return store;
}

describe('usePasskeyRegistration', () => {
  it('checks the user by fetching them, creates a passkey and goes to PasskeyRegistrationSuccess', async () => {
    const { env, authenticator } = await passkeyEnvironment();
    await signInByPasscode(env);
    env.requests.length = 0;
    const store = await registrationStore();
    const { result } = renderHook(() => usePasskeyRegistration({ sessionDurationMinutes: 60 }), {
      wrapper: wrapperFor(env, store),
    });

    let created = false;
    await act(async () => {
      created = await result.current.register();
    });

    expect(created).toBe(true);
    expect(env.requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'GET /users/me 200',
      'POST /webauthn/register/start 200',
      'POST /webauthn/register 200',
    ]);
    expect(env.requests[1]?.body).toMatchObject({ domain: 'localhost', return_passkey_credential_options: true });
    expect(env.requests[2]?.body).toMatchObject({ session_duration_minutes: 60 });
    expect(authenticator.credentials).toHaveLength(1);
    const id = result.current.registration?.webauthn_registration_id;
    expect(result.current).toMatchObject({ status: 'registered', error: null });
    expect(env.client.user.getSync()?.webauthn_registrations).toEqual([
      expect.objectContaining({ webauthn_registration_id: id, name: 'Passkey' }),
    ]);
    expect(env.client.user.getSync()?.emails[0]?.email).toBe(EMAIL);
    expect(store.getState().screen).toBe('PasskeyRegistrationSuccess');
  });

  it('is refused with the spec text when nobody is signed in, before any request', async () => {
    const { env, authenticator } = await passkeyEnvironment();
    const store = await registrationStore();
    const onError = vi.fn();
    const { result } = renderHook(() => usePasskeyRegistration({ onError }), { wrapper: wrapperFor(env, store) });
    env.requests.length = 0;

    let created = true;
    await act(async () => {
      created = await result.current.register();
    });

    expect(created).toBe(false);
    const error = expect.objectContaining({ type: 'passkey_no_user', message: NO_USER });
    expect(result.current).toMatchObject({ status: 'error', error, registration: null });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
    expect(env.requests).toEqual([]);
    expect(authenticator.calls).toEqual([]);
    expect(store.getState().screen).toBe('PasskeyRegistrationStart');
    expect(store.getState().formState.errorDescriptor).toEqual({ messageId: 'passkey_no_user', message: NO_USER });
  });

  it('shows the duplicate text for a passkey already registered elsewhere, and stays', async () => {
    // Ada's passkey synced to a device where Grace signs in and tries to add it to her own account.
    const { env, authenticator, gated } = await passkeyEnvironment();
    await signInByPasscode(env);
    await env.client.webauthn.register({ is_passkey: true });
    const synced = authenticator.credentials[0];
    if (!synced) throw new Error('no credential');
    await env.client.session.revoke();
    // From now on the authenticator makes its new credentials with the synced key (the same passkey twice).
    gated.library.startRegistration = authenticator.library({ create: { reuse: synced } }).startRegistration;
    await signInByPasscode(env, 'grace@example.com');
    const store = await registrationStore();
    const { result } = renderHook(() => usePasskeyRegistration(), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.register());

    expect(result.current).toMatchObject({
      status: 'error',
      error: { type: 'duplicate_webauthn_registration', message: DUPLICATE, status: 409 },
    });
    expect(webauthnCalls(env).at(-1)).toBe('POST /webauthn/register 409');
    expect(store.getState().screen).toBe('PasskeyRegistrationStart');
    expect(store.getState().formState.errorDescriptor?.message).toBe(DUPLICATE);
    expect(env.client.session.getSync()?.authentication_factors).toHaveLength(1);
  });

  it('shows the duplicate text when this authenticator already holds a passkey of the user', async () => {
    const { env, authenticator } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { result } = renderHook(() => usePasskeyRegistration(), { wrapper: wrapperFor(env) });
    await act(() => result.current.register());
    expect(result.current.status).toBe('registered');

    // 'Set up another Passkey' on the same device: the browser refuses (excludeCredentials), nothing is sent.
    act(() => result.current.reset());
    await act(() => result.current.register());

    expect(result.current.error).toMatchObject({ type: 'duplicate_webauthn_registration', message: DUPLICATE });
    expect(authenticator.credentials).toHaveLength(1);
    expect(webauthnCalls(env).filter((call) => call === 'POST /webauthn/register 200')).toHaveLength(1);
    expect(env.client.user.getSync()?.webauthn_registrations).toHaveLength(1);
  });

  it("shows 'Your Passkey was not created…' when the browser refuses, and a retry can succeed", async () => {
    const { env, gated } = await passkeyEnvironment();
    await signInByPasscode(env);
    const original = gated.library.startRegistration;
    gated.library.startRegistration = async () => {
      const error = new Error('The operation either timed out or was not allowed.');
      error.name = 'NotAllowedError';
      throw error;
    };
    const store = await registrationStore();
    const { result } = renderHook(() => usePasskeyRegistration(), { wrapper: wrapperFor(env, store) });

    await act(() => result.current.register());
    expect(result.current.error).toMatchObject({ type: 'passkey_not_created', message: NOT_CREATED });
    expect(webauthnCalls(env)).toEqual(['POST /webauthn/register/start 200']);
    expect(store.getState().screen).toBe('PasskeyRegistrationStart');

    gated.library.startRegistration = original;
    await act(() => result.current.register());
    expect(result.current.status).toBe('registered');
    expect(store.getState().screen).toBe('PasskeyRegistrationSuccess');
    expect(store.getState().formState.errorDescriptor).toBeNull();
  });

  it("'Skip' records the skip and goes to PasskeyRegistrationSuccess without a request", async () => {
    const { env } = await passkeyEnvironment();
    await signInByPasscode(env);
    env.requests.length = 0;
    const store = await registrationStore();
    const { result } = renderHook(() => usePasskeyRegistration(), { wrapper: wrapperFor(env, store) });

    act(() => result.current.skip());

    expect(result.current.status).toBe('skipped');
    expect(store.getState().screen).toBe('PasskeyRegistrationSuccess');
    expect(env.requests).toEqual([]);
  });
});
