import {
  ORIGIN,
  SoftAuthenticator,
  startTestEnvironment,
  type TestEnvironment,
  type WebAuthnLibrary,
} from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signInByPasscode, webauthnCalls } from '../../../test/passkeys';
import { codeNow } from '../../../test/totp';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore } from '../../signInStore';
import { isSecondFactorPending } from './secondFactor';
import { usePasskeySecondFactor } from './usePasskeySecondFactor';

/**
 * A provider that requires a second factor, on another site than the page (the client sends it no cookie: the
 * intermediate token must travel in the body), and a client whose WebAuthn library is the software authenticator.
 */
async function mfaPasskeyEnvironment() {
  // `device.authenticator` is the one the next ceremony uses (a test may hand the user another device).
  const device = { authenticator: new SoftAuthenticator({ origin: ORIGIN }) };
  const library = new Proxy({} as WebAuthnLibrary, {
    get: (_, key) => device.authenticator.library()[key as keyof WebAuthnLibrary],
  });
  const env = await startTestEnvironment({
    config: { project: { mfa: { required: true } } },
    clientOptions: { environment: { loadWebAuthn: async () => library } },
  });
  return { env, device };
}

/** A user with a passkey (and, with `totp`, a confirmed authenticator app), signed out again. */
async function enrol(env: TestEnvironment, { totp = false } = {}) {
  await signInByPasscode(env);
  const { webauthn_registration_id } = await env.client.webauthn.register({ is_passkey: true });
  if (totp) {
    const created = await env.client.totps.create({ expiration_minutes: 30 });
    await env.client.totps.authenticate({
      totp_code: await codeNow(env, created.secret),
      session_duration_minutes: 30,
    });
  }
  await env.client.session.revoke();
  await env.settled();
  env.clock.advance(30_000);
  env.requests.length = 0;
  return webauthn_registration_id;
}

/** The passcode as the first factor, answered with an intermediate session; a store on TotpAuthenticate. */
async function firstFactor(env: TestEnvironment) {
  await signInByPasscode(env);
  await env.settled();
  env.requests.length = 0;
  const store = createSignInStore({ products: ['otp'] });
  // The store downloads its second factor's rows at this event (it has no row for it yet), then applies it.
  store.getState().dispatch({ type: 'secondFactorRequired' });
  await store.getState().transitionsLoaded;
  return store;
}

describe('usePasskeySecondFactor', () => {
  it('a passkey-only user: passcode, then the passkey completes the sign-in with both factors', async () => {
    const { env } = await mfaPasskeyEnvironment();
    const registrationId = await enrol(env);
    const store = await firstFactor(env);
    // Half a sign-in: the tab is signed out and only the intermediate token is kept.
    expect(env.client.session.getSync()).toBeNull();
    expect(isSecondFactorPending(env.client)).toBe(true);
    expect(store.getState().screen).toBe('TotpAuthenticate');

    const onError = vi.fn();
    const { result } = renderHook(() => usePasskeySecondFactor({ sessionDurationMinutes: 60, onError }), {
      wrapper: wrapperFor(env, store),
    });
    await waitFor(() => expect(result.current.factors).toEqual({ totp: false, passkey: true }));

    let signedIn = false;
    await act(async () => {
      signedIn = await result.current.authenticate();
    });
    expect(signedIn).toBe(true);
    expect(webauthnCalls(env)).toEqual([
      'POST /webauthn/authenticate/start/secondary 200',
      'POST /webauthn/authenticate 200',
    ]);
    const token = (env.requests[0]?.body as Record<string, unknown> | undefined)?.intermediate_session_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(env.requests[1]?.body).toMatchObject({ session_duration_minutes: 60, intermediate_session_token: token });
    expect(result.current).toMatchObject({ status: 'success', error: null });
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(onError).not.toHaveBeenCalled();
    expect(isSecondFactorPending(env.client)).toBe(false);
    const factors = env.client.session.getSync()?.authentication_factors ?? [];
    expect(factors.map((factor) => factor.type)).toEqual(['otp', 'webauthn']);
    expect(factors[1]?.webauthn_factor?.webauthn_registration_id).toBe(registrationId);
  });

  it('a user with an authenticator app and a passkey is offered both', async () => {
    const { env } = await mfaPasskeyEnvironment();
    await enrol(env, { totp: true });
    const store = await firstFactor(env);
    const { result } = renderHook(() => usePasskeySecondFactor(), { wrapper: wrapperFor(env, store) });
    await waitFor(() => expect(result.current.factors).toEqual({ totp: true, passkey: true }));
    await act(async () => {
      await result.current.authenticate();
    });
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'otp',
      'webauthn',
    ]);
  });

  it('a passkey from another authenticator: the unknown-failure text, onError, the sign-in still waits', async () => {
    const { env, device } = await mfaPasskeyEnvironment();
    await enrol(env);
    const store = await firstFactor(env);
    const onError = vi.fn();
    // The user's passkey is not on this device: a fresh authenticator holds no credential for the challenge.
    device.authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const { result } = renderHook(() => usePasskeySecondFactor({ onError }), { wrapper: wrapperFor(env, store) });
    await waitFor(() => expect(result.current.factors).not.toBeNull());
    await act(async () => {
      expect(await result.current.authenticate()).toBe(false);
    });
    expect(webauthnCalls(env)).toEqual(['POST /webauthn/authenticate/start/secondary 200']);
    const expected = {
      type: 'passkey_unknown_error',
      message: 'Unknown error occurred during passkey authentication. Please try again.',
    };
    expect(result.current).toMatchObject({ status: 'error', error: expected });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining(expected));
    expect(store.getState().screen).toBe('TotpAuthenticate');
    expect(isSecondFactorPending(env.client)).toBe(true);
    expect(env.client.session.getSync()).toBeNull();
  });
});
