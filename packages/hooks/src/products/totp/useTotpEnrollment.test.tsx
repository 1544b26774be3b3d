import { holdAnswers, startTestEnvironment } from '@latchkey/testing';
import { unprovedSession } from '@latchkey/testing/unproved-session';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { codeNow, EMAIL, mfaEnvironment, signUp, totpUser } from '../../../test/totp';
import { wrapperFor } from '../../../test/wrappers';
import { formatManualKey, safeQrCodeDataUrl } from './qrCode';
import { useTotpEnrollment } from './useTotpEnrollment';

const calls = (env: Awaited<ReturnType<typeof mfaEnvironment>>) =>
  env.requests.map(({ method, path, status }) => `${method} ${path} ${status}`);

describe('useTotpEnrollment', () => {
  it('creates a secret, shows its QR code and key, confirms the first code and hands over the recovery codes', async () => {
    const env = await mfaEnvironment();
    await signUp(env);
    env.requests.length = 0;
    const { result } = renderHook(() => useTotpEnrollment({ sessionDurationMinutes: 60 }), {
      wrapper: wrapperFor(env),
    });
    expect(result.current).toMatchObject({ step: 'start', hasUser: true, isEnrolled: false, qrCode: null });

    await act(async () => {
      await result.current.start();
    });
    expect(calls(env)).toEqual(['GET /users/me 200', 'POST /totps 200']);
    expect(env.requests[1]?.body).toEqual({ expiration_minutes: 10 });
    const { secret } = result.current;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(result.current).toMatchObject({
      step: 'scan',
      status: 'idle',
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
      qrCodeError: null,
      manualKey: formatManualKey(secret),
      otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    expect(result.current.manualKey.split(' ')).toHaveLength(8);
    expect(result.current.recoveryCodes).toHaveLength(10);
    expect(result.current.recoveryCodesText.trim().split('\n')).toEqual(result.current.recoveryCodes);

    const wrong = (await codeNow(env, secret)) === '000000' ? '111111' : '000000';
    await act(async () => {
      await result.current.confirm(wrong);
    });
    expect(result.current).toMatchObject({
      step: 'scan',
      status: 'error',
      error: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' },
    });

    await act(async () => {
      await result.current.confirm(await codeNow(env, secret));
    });
    expect(result.current).toMatchObject({ step: 'save', status: 'idle', error: null, isEnrolled: true });
    expect(env.client.user.getSync()?.totps).toEqual([expect.objectContaining({ verified: true })]);
    act(() => result.current.acknowledge());
    expect(result.current.step).toBe('done');
  });

  it('says so when nobody is signed in, without asking the provider for a secret', async () => {
    const env = await mfaEnvironment();
    const { result } = renderHook(() => useTotpEnrollment(), { wrapper: wrapperFor(env) });
    expect(result.current.hasUser).toBe(false);
    await act(async () => {
      await result.current.start();
    });
    expect(result.current).toMatchObject({
      step: 'start',
      status: 'error',
      error: {
        type: 'totp_no_user',
        message: 'Error: Cannot use TotpEnrollment component without active user authenticated.',
      },
    });
    expect(env.requests.filter((request) => request.path === '/totps')).toEqual([]);
  });
});

/**
 * A user with a confirmed app who signed in again, in a new session, with an emailed passcode alone (multi-factor
 * sign-in off, the default): a session that never proved the second factor.
 */
async function firstFactorOnlySession() {
  const env = await startTestEnvironment({ sameSiteCookies: true });
  const { secret, recoveryCodes } = await totpUser(env);
  const sent = await env.client.otps.email.loginOrCreate(EMAIL);
  await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 60 });
  await env.settled();
  env.requests.length = 0;
  const { result } = renderHook(() => useTotpEnrollment(), { wrapper: wrapperFor(env) });
  return { env, secret, recoveryCodes, result };
}

describe('useTotpEnrollment: a session that must prove the second factor first', () => {
  it('remove() asks for a code from the app, keeps a wrong one on the step, and removes the app after the right one', async () => {
    const { env, secret, result } = await firstFactorOnlySession();
    expect(result.current).toMatchObject({ step: 'start', isEnrolled: true });

    await act(async () => {
      expect(await result.current.remove()).toBe(false);
    });
    expect(result.current).toMatchObject({ step: 'verify', status: 'idle', error: null, pendingChange: 'remove' });
    expect(calls(env)).toEqual([expect.stringMatching(/^DELETE \/users\/totps\/.+ 403$/)]);

    // Not six digits: refused before any request.
    env.requests.length = 0;
    await act(async () => {
      await result.current.verifyAndRetry('12a');
    });
    expect(result.current).toMatchObject({ step: 'verify', status: 'error', error: { type: 'invalid_totp_code' } });
    expect(calls(env)).toEqual([]);

    const right = await codeNow(env, secret);
    await act(async () => {
      expect(await result.current.verifyAndRetry(right === '000000' ? '111111' : '000000')).toBe(false);
    });
    expect(result.current).toMatchObject({
      step: 'verify',
      status: 'error',
      error: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' },
      pendingChange: 'remove',
    });
    expect(env.client.user.getSync()?.totps).toHaveLength(1);

    await act(async () => {
      expect(await result.current.verifyAndRetry(right)).toBe(true);
    });
    expect(result.current).toMatchObject({ step: 'start', status: 'idle', error: null, isEnrolled: false });
    expect(result.current.pendingChange).toBeNull();
    expect((await env.client.user.get()).totps).toEqual([]);
  });

  it('regenerateRecoveryCodes() asks for the code too; cancelling goes back, the right code shows the new codes', async () => {
    const { env, secret, recoveryCodes, result } = await firstFactorOnlySession();
    await act(async () => {
      await result.current.regenerateRecoveryCodes();
    });
    expect(result.current).toMatchObject({ step: 'verify', pendingChange: 'regenerateRecoveryCodes', error: null });

    act(() => result.current.cancelVerification());
    expect(result.current).toMatchObject({ step: 'start', status: 'idle', error: null, pendingChange: null });

    await act(async () => {
      await result.current.regenerateRecoveryCodes();
    });
    expect(result.current.step).toBe('verify');
    await act(async () => {
      expect(await result.current.verifyAndRetry(await codeNow(env, secret))).toBe(true);
    });
    expect(result.current).toMatchObject({ step: 'save', status: 'idle', error: null });
    expect(result.current.recoveryCodes).toHaveLength(10);
    expect(result.current.recoveryCodes.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect(calls(env).filter((call) => call.startsWith('POST /totps/recovery_codes'))).toEqual([
      'POST /totps/recovery_codes 403',
      'POST /totps/recovery_codes 403',
      'POST /totps/recovery_codes 200',
    ]);
  });

  it.each(['remove', 'regenerateRecoveryCodes'] as const)(
    'Back while the code is checked makes no change (%s): the app and the saved recovery codes stay',
    async (change) => {
      const { env, secret, recoveryCodes, result } = await firstFactorOnlySession();
      await act(async () => {
        await result.current[change]();
      });
      expect(result.current.step).toBe('verify');
      // The code's answer is held until Back was pressed.
      const held = holdAnswers(env, '/totps/authenticate');
      const code = await codeNow(env, secret);
      env.requests.length = 0;
      let answer: Promise<boolean> = Promise.resolve(true);
      act(() => {
        answer = result.current.verifyAndRetry(code);
      });
      act(() => result.current.cancelVerification());
      expect(result.current).toMatchObject({ step: 'start', pendingChange: null });
      held.release();
      await act(async () => {
        expect(await answer).toBe(false);
      });
      await env.settled();
      expect(result.current).toMatchObject({ step: 'start', status: 'idle', error: null, isEnrolled: true });
      expect(calls(env)).toEqual(['POST /totps/authenticate 200']);
      // Neither removed nor replaced: the app is there, and a saved recovery code still proves a session.
      expect((await env.client.user.get()).totps).toHaveLength(1);
      await env.client.totps.recover({ recovery_code: recoveryCodes[0] ?? '', session_duration_minutes: 60 });
    },
  );

  it('accepts a recovery code as the proof', async () => {
    const { env, recoveryCodes, result } = await firstFactorOnlySession();
    await act(async () => {
      await result.current.remove();
    });
    expect(result.current.step).toBe('verify');
    await act(async () => {
      expect(await result.current.recoverAndRetry(recoveryCodes[0] ?? '')).toBe(true);
    });
    expect(result.current).toMatchObject({ step: 'start', status: 'idle', isEnrolled: false });
    expect((await env.client.user.get()).totps).toEqual([]);
  });

  it('a sign-in that is not recent gets its error, not the code step (the same error type: only a new sign-in helps)', async () => {
    const { env, result } = await firstFactorOnlySession();
    env.clock.advance(6 * 60_000);
    await act(async () => {
      await result.current.remove();
    });
    expect(result.current).toMatchObject({
      step: 'start',
      status: 'error',
      error: {
        type: 'reauthentication_required',
        message: expect.stringMatching(/^This change needs a recent sign-in/),
      },
    });
  });
});

/**
 * Multi-factor sign-in required, and a user whose only second factor is a passkey: she signed in by passcode on
 * another device first; then, in a session of this page, she began setting up an app (still pending: `secret`) and
 * registered a passkey, and the page went back to the first session. That session never proved the second factor she
 * holds: the provider refuses a new app from it, and the pending one's first code (`error_details.reason:
 * 'second_factor'`).
 */
async function passkeyOnlySession() {
  const { env, authenticator, totpSecret } = await unprovedSession({
    email: EMAIL,
    withPasskey: true,
    pendingTotp: true,
  });
  env.requests.length = 0;
  const { result } = renderHook(() => useTotpEnrollment(), { wrapper: wrapperFor(env) });
  return { env, authenticator, secret: totpSecret, result };
}

describe('useTotpEnrollment: a user whose only second factor is a passkey proves this session with it', () => {
  it('start() goes to the verify step with only the passkey offered; the passkey proves it and the secret is made', async () => {
    const { env, authenticator, result } = await passkeyOnlySession();
    await act(async () => {
      expect(await result.current.start()).toBe(false);
    });
    expect(result.current).toMatchObject({
      step: 'verify',
      status: 'idle',
      error: null,
      pendingChange: 'start',
      canVerifyWithTotp: false,
      canVerifyWithPasskey: true,
    });
    expect(calls(env)).toEqual(['GET /users/me 200', 'POST /totps 403']);

    env.requests.length = 0;
    let proofs: boolean[] = [];
    await act(async () => {
      // A double click: one ceremony, one new secret.
      proofs = await Promise.all([
        result.current.verifyWithPasskeyAndRetry(),
        result.current.verifyWithPasskeyAndRetry(),
      ]);
    });
    expect(proofs).toEqual([true, true]);
    expect(authenticator.calls.filter((call) => call.method === 'startAuthentication')).toHaveLength(1);
    expect(calls(env)).toEqual([
      'POST /webauthn/authenticate/start/secondary 200',
      'POST /webauthn/authenticate 200',
      'GET /users/me 200',
      'POST /totps 200',
    ]);
    expect(result.current).toMatchObject({ step: 'scan', status: 'idle', error: null, pendingChange: null });
    expect(result.current.secret).toMatch(/^[A-Z2-7]{32}$/);

    // The session is proved now: the first code confirms the app at once.
    await act(async () => {
      expect(await result.current.confirm(await codeNow(env, result.current.secret))).toBe(true);
    });
    expect(result.current.step).toBe('save');
    expect((await env.client.user.get()).totps?.some((totp) => totp.verified)).toBe(true);
  });

  it('confirm(code) of the pending app goes to the verify step, then sends the same code once the passkey proved it', async () => {
    const { env, secret, result } = await passkeyOnlySession();
    const code = await codeNow(env, secret);
    await act(async () => {
      expect(await result.current.confirm(code)).toBe(false);
    });
    expect(result.current).toMatchObject({
      step: 'verify',
      error: null,
      pendingChange: 'confirm',
      canVerifyWithTotp: false,
      canVerifyWithPasskey: true,
    });
    await act(async () => {
      expect(await result.current.verifyWithPasskeyAndRetry()).toBe(true);
    });
    expect(result.current).toMatchObject({ step: 'save', status: 'idle', error: null, pendingChange: null });
    expect(calls(env)).toEqual([
      'POST /totps/authenticate 403',
      'POST /webauthn/authenticate/start/secondary 200',
      'POST /webauthn/authenticate 200',
      'POST /totps/authenticate 200',
    ]);
    expect((await env.client.user.get()).totps?.some((totp) => totp.verified)).toBe(true);
  });

  it('a dismissed passkey prompt stays on the verify step with an error; Back returns to the start', async () => {
    const { env, authenticator, result } = await passkeyOnlySession();
    await act(() => result.current.start());
    const error = new Error('The operation either timed out or was not allowed.');
    error.name = 'NotAllowedError';
    vi.spyOn(authenticator, 'get').mockRejectedValueOnce(error);
    await act(async () => {
      expect(await result.current.verifyWithPasskeyAndRetry()).toBe(false);
    });
    expect(result.current).toMatchObject({
      step: 'verify',
      status: 'error',
      pendingChange: 'start',
      canVerifyWithPasskey: true,
      error: {
        type: 'passkey_unknown_error',
        message: 'Unknown error occurred during passkey authentication. Please try again.',
      },
    });
    expect(calls(env).filter((call) => call.startsWith('POST /totps'))).toEqual(['POST /totps 403']);
    act(() => result.current.cancelVerification());
    expect(result.current).toMatchObject({ step: 'start', status: 'idle', error: null, pendingChange: null });
  });

  it('removing an app is proved by its own codes only: the passkey is not offered there', async () => {
    const { result } = await firstFactorOnlySession();
    await act(() => result.current.remove());
    expect(result.current).toMatchObject({ step: 'verify', canVerifyWithTotp: true, canVerifyWithPasskey: false });
    await act(async () => {
      expect(await result.current.verifyWithPasskeyAndRetry()).toBe(false);
    });
    expect(result.current).toMatchObject({ step: 'verify', pendingChange: 'remove' });
  });
});

describe('safeQrCodeDataUrl', () => {
  it('lets only PNG and SVG data URLs through', () => {
    expect(safeQrCodeDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeQrCodeDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=');
    expect(safeQrCodeDataUrl('data:image/svg+xml,%3Csvg%3E%3C/svg%3E')).toBe('data:image/svg+xml,%3Csvg%3E%3C/svg%3E');
    for (const refused of [
      'https://example.com/qr.png',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,abc" onerror="x',
      'data:image/svg+xml,<svg onload=alert(1)>',
      42,
      null,
    ]) {
      expect(safeQrCodeDataUrl(refused)).toBeNull();
    }
  });
});
