import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { codeNow, mfaEnvironment, signUp } from '../../../test/totp';
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
