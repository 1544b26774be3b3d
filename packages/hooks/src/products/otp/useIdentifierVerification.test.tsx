import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wrapperFor } from '../../../test/wrappers';
import { toFlowError } from '../../errors';
import { unverifiedIdentifierOf, useIdentifierVerification } from './useIdentifierVerification';

const EMAIL = 'ada@example.com';
const PASSWORD = 'violet-lantern-Tr0ub4dor&3';

const requestsTo = (env: TestEnvironment, path: string) => env.requests.filter((request) => request.path === path);

/** A password sign-up: signed in, its address not proved yet. */
async function passwordSignUp(env: TestEnvironment) {
  await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 30 });
}

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (caught) {
    return toFlowError(caught);
  }
  throw new Error('expected a refusal');
}

describe('useIdentifierVerification', () => {
  it('proves the signed-in user’s own address with the session, after which a TOTP can be enrolled', async () => {
    const env = await startTestEnvironment();
    await passwordSignUp(env);
    // The provider refuses an authenticator app while the address is unverified, and names it.
    const refused = await refusalOf(env.client.totps.create({ expiration_minutes: 10 }));
    expect(refused).toMatchObject({ type: 'identifier_not_verified', status: 400 });
    expect(unverifiedIdentifierOf(refused)).toBe(EMAIL);

    const { result } = renderHook(() => useIdentifierVerification(), { wrapper: wrapperFor(env) });
    await act(() => result.current.send(EMAIL));
    expect(requestsTo(env, '/otps/email/send/secondary')).toEqual([
      expect.objectContaining({ status: 200, body: { email: EMAIL, expiration_minutes: 5 } }),
    ]);
    expect(result.current).toMatchObject({ status: 'sent', identifier: EMAIL, methodId: expect.any(String) });

    // A wrong code is refused and the boxes stay; the right one verifies the address in the same session.
    const code = await env.lastCode(EMAIL);
    await act(() => result.current.authenticate(code === '000000' ? '111111' : '000000'));
    expect(result.current).toMatchObject({
      status: 'error',
      error: expect.objectContaining({ type: 'otp_code_not_found' }),
    });
    await act(() => result.current.authenticate(code));
    expect(result.current.status).toBe('verified');
    const user = env.client.session.getSnapshot().user;
    expect(user?.emails).toEqual([expect.objectContaining({ email: EMAIL, verified: true })]);
    expect(user?.password).not.toBeNull();
    expect((await env.client.totps.create({ expiration_minutes: 10 })).totp_id).toMatch(/^totp-/);
  });

  it('answers null for any error other than identifier_not_verified', () => {
    expect(unverifiedIdentifierOf(null)).toBeNull();
    expect(unverifiedIdentifierOf({ type: 'reauthentication_required', message: 'x' })).toBeNull();
  });
});
