import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { codeNow, EMAIL, mfaEnvironment, passwordFirstFactor, signUp, totpUser } from '../../../test/totp';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore } from '../../signInStore';
import { useAuthenticateByUrl } from '../../useAuthenticateByUrl';
import { isSecondFactorPending } from './secondFactor';
import { useTotpFlow } from './useTotpFlow';

const calls = (env: Awaited<ReturnType<typeof mfaEnvironment>>) =>
  env.requests.map(({ method, path, status }) => `${method} ${path} ${status}`);

/** A `<SignIn>` store after a first factor's success screen. */
async function secondFactorStore() {
  const store = createSignInStore({ products: ['passwords'] });
  store.getState().dispatch({ type: 'navigated', screen: 'PasswordConfirmation' });
  return store;
}

describe('useTotpFlow', () => {
  it('reports the pending second factor, signs in with the app code and goes to LoginSuccess', async () => {
    const env = await mfaEnvironment();
    const { secret } = await totpUser(env);
    const store = await secondFactorStore();
    const { result } = renderHook(() => useTotpFlow({ sessionDurationMinutes: 60 }), {
      wrapper: wrapperFor(env, store),
    });
    expect(result.current.isPending).toBe(false);

    await act(() => passwordFirstFactor(env));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(env.client.session.getTokens()).toBeNull();
    // The store has no row for it yet: it downloads its second factor's rows, then applies it.
    await act(async () => {
      store.getState().dispatch({ type: 'secondFactorRequired' });
      await store.getState().transitionsLoaded;
    });
    expect(store.getState().screen).toBe('TotpAuthenticate');
    expect(result.current.mode).toBe('code');

    const code = await codeNow(env, secret);
    let signedIn = false;
    await act(async () => {
      signedIn = await result.current.authenticate(code);
    });
    expect(signedIn).toBe(true);
    expect(calls(env)).toEqual(['POST /totps/authenticate 200']);
    expect(env.requests[0]?.body).toMatchObject({ totp_code: code, session_duration_minutes: 60 });
    expect(result.current).toMatchObject({ status: 'success', error: null, isPending: false });
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(env.client.session.getTokens()).not.toBeNull();
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'password',
      'totp',
    ]);
  });

  it('refuses a wrong code with its text and stays; a malformed one costs no request', async () => {
    const env = await mfaEnvironment();
    const { secret } = await totpUser(env);
    await passwordFirstFactor(env);
    const store = await secondFactorStore();
    store.getState().dispatch({ type: 'secondFactorRequired' });
    const { result } = renderHook(() => useTotpFlow(), { wrapper: wrapperFor(env, store) });

    await act(async () => {
      await result.current.authenticate('12a4');
    });
    expect(result.current.error).toMatchObject({
      type: 'invalid_totp_code',
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(env.requests).toEqual([]);

    const right = await codeNow(env, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    await act(async () => {
      await result.current.authenticate(wrong);
    });
    expect(calls(env)).toEqual(['POST /totps/authenticate 404']);
    expect(result.current).toMatchObject({
      status: 'error',
      error: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' },
    });
    expect(store.getState().screen).toBe('TotpAuthenticate');
    expect(isSecondFactorPending(env.client)).toBe(true);
  });

  it('switches to recovery codes, signs in with one, and refuses it the second time', async () => {
    const env = await mfaEnvironment();
    const { recoveryCodes } = await totpUser(env);
    const code = recoveryCodes[0] as string;
    await passwordFirstFactor(env);
    const store = await secondFactorStore();
    store.getState().dispatch({ type: 'secondFactorRequired' });
    const { result } = renderHook(() => useTotpFlow(), { wrapper: wrapperFor(env, store) });

    act(() => result.current.setMode('recovery'));
    expect(store.getState().screen).toBe('TotpRecoveryCode');
    expect(result.current.mode).toBe('recovery');
    await act(async () => {
      await result.current.recover(` ${code} `);
    });
    expect(calls(env)).toEqual(['POST /totps/recover 200']);
    expect(env.requests[0]?.body).toMatchObject({ recovery_code: code });
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'password',
      'recovery_codes',
    ]);

    // Signed out, signed in with the password again: the used code is refused with its text.
    await act(async () => {
      await env.client.session.revoke();
      await passwordFirstFactor(env);
    });
    store.getState().dispatch({ type: 'totpModeChanged', mode: 'recovery' });
    await act(async () => {
      await result.current.recover(code);
    });
    expect(calls(env)).toEqual(['POST /totps/recover 404']);
    expect(result.current.error).toMatchObject({
      type: 'recovery_code_not_found',
      message: 'This recovery code is not valid or has already been used. Each recovery code works only once.',
    });
    expect(store.getState().screen).toBe('TotpRecoveryCode');
  });

  it('shows the lockout once too many wrong codes were tried', async () => {
    const env = await mfaEnvironment();
    const { secret } = await totpUser(env);
    await passwordFirstFactor(env);
    const { result } = renderHook(() => useTotpFlow(), { wrapper: wrapperFor(env) });
    const right = await codeNow(env, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 20 && result.current.error?.type !== 'user_lock_limit_reached'; attempt++) {
      await act(async () => {
        await result.current.authenticate(wrong);
      });
    }
    expect(result.current.error).toMatchObject({
      type: 'user_lock_limit_reached',
      message: 'Too many failed authentication attempts. Please try again later.',
    });
  });

  it('follows an emailed link opened with useAuthenticateByUrl: pending, then the code completes the sign-in', async () => {
    const env = await mfaEnvironment();
    const { secret } = await totpUser(env);
    const redirect = 'http://localhost:5173/authenticate';
    await env.client.magicLinks.email.loginOrCreate(EMAIL, {
      login_magic_link_url: redirect,
      signup_magic_link_url: redirect,
    });
    const url = new URL(await env.lastLink(EMAIL, 'stytch_token_type=magic_links'));
    window.history.replaceState(null, '', `${url.pathname}${url.search}`);
    const { result } = renderHook(() => ({ byUrl: useAuthenticateByUrl(), totp: useTotpFlow() }), {
      wrapper: wrapperFor(env),
    });
    await waitFor(() => expect(result.current.byUrl.status).toBe('success'));
    await waitFor(() => expect(result.current.totp.isPending).toBe(true));
    await act(async () => {
      await result.current.totp.authenticate(await codeNow(env, secret));
    });
    expect(result.current.totp).toMatchObject({ status: 'success', isPending: false });
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'magic_link',
      'totp',
    ]);
  });

  it('is not pending for a user without a second factor, who gets a full session', async () => {
    const env = await mfaEnvironment();
    await signUp(env);
    await env.client.session.revoke();
    await passwordFirstFactor(env);
    const { result } = renderHook(() => useTotpFlow(), { wrapper: wrapperFor(env) });
    expect(result.current.isPending).toBe(false);
    expect(env.client.session.getTokens()).not.toBeNull();
  });
});
