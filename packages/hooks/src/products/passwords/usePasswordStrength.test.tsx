import { ASYNC_TIMEOUT, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wrapperFor } from '../../../test/wrappers';
import { type UsePasswordStrengthOptions, usePasswordStrength } from './usePasswordStrength';

const EMAIL = 'ada@example.com';

const strengthChecks = (env: TestEnvironment) =>
  env.requests.filter((request) => request.path === '/passwords/strength_check');

function renderStrength(env: TestEnvironment, initial: UsePasswordStrengthOptions) {
  return renderHook((props: UsePasswordStrengthOptions) => usePasswordStrength(props), {
    wrapper: wrapperFor(env),
    initialProps: initial,
  });
}

describe('usePasswordStrength', () => {
  it('is idle for an empty password and sends nothing', async () => {
    const env = await startTestEnvironment();
    const { result } = renderStrength(env, { password: '' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(result.current).toEqual({ status: 'idle', result: null, isChecking: false, error: null });
    expect(strengthChecks(env)).toEqual([]);
  });

  it('typing five characters quickly sends one check, for the whole password', async () => {
    const env = await startTestEnvironment();
    const { result, rerender } = renderStrength(env, { password: '', email: EMAIL });
    for (const typed of ['Q', 'Qz', 'Qz7', 'Qz7k', 'Qz7k#']) rerender({ password: typed, email: EMAIL });
    expect(result.current).toMatchObject({ status: 'checking', isChecking: true });

    // One real strength check (the provider's first zxcvbn run in this worker): give it a loaded machine's time.
    await waitFor(() => expect(result.current.status).toBe('done'), { timeout: ASYNC_TIMEOUT });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(strengthChecks(env).map((request) => request.body)).toEqual([{ password: 'Qz7k#', email: EMAIL }]);
    expect(result.current).toMatchObject({
      isChecking: false,
      error: null,
      result: { strength_policy: 'zxcvbn', valid_password: false, breached_password: false },
    });
  });

  it('re-checks after each pause, keeping the previous result while checking', async () => {
    const env = await startTestEnvironment();
    const { result, rerender } = renderStrength(env, { password: 'abc', debounceMs: 50 });
    await waitFor(() => expect(result.current.status).toBe('done'));
    const first = result.current.result;
    expect(first?.score).toBeLessThan(3);

    rerender({ password: 'abc-Quill9!zephyr-harbour', debounceMs: 50 });
    expect(result.current).toMatchObject({ status: 'checking', result: first });
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.result).toMatchObject({ valid_password: true, breached_password: false });
    expect(result.current.result?.score).toBeGreaterThanOrEqual(3);
    expect(strengthChecks(env).map((request) => request.body)).toEqual([
      { password: 'abc' },
      { password: 'abc-Quill9!zephyr-harbour' },
    ]);
  });

  it('reports a breached password as breached and invalid', async () => {
    const env = await startTestEnvironment();
    const { result } = renderStrength(env, { password: 'password123' });
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.result).toMatchObject({
      breached_password: true,
      valid_password: false,
      feedback: {
        warning:
          'This password may have been used on a different site that experienced a security issue. Please choose another password.',
      },
    });
  });

  it('reports what a LUDS policy is missing', async () => {
    const env = await startTestEnvironment({ config: { project: { passwordPolicy: { type: 'luds' } } } });
    const { result, rerender } = renderStrength(env, { password: 'abcd', debounceMs: 50 });
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.result).toMatchObject({
      strength_policy: 'luds',
      valid_password: false,
      feedback: { luds_requirements: { missing_characters: 4, missing_complexity: 2, has_lower_case: true } },
    });

    rerender({ password: 'Zq7!pLm2x', debounceMs: 50 });
    await waitFor(() => expect(result.current.result?.valid_password).toBe(true));
    expect(result.current.status).toBe('done');
    expect(result.current.result?.feedback.luds_requirements).toMatchObject({
      missing_characters: 0,
      missing_complexity: 0,
    });
  });

  it('sends a check refused for its rate again later, staying checking meanwhile (submit waits, not blocked)', async () => {
    // One check per 10-second window for this address (a fixed window: both checks must fall in the same one, so the
    // test starts at the beginning of a window; the retries, 2 + 4 + 8 s later, reach the next one).
    const windowMs = 10_000;
    const env = await startTestEnvironment({
      config: { rateLimits: { strengthChecksPerIp: { limit: 1, windowSeconds: windowMs / 1000 } } },
    });
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20));
    const { result, rerender } = renderStrength(env, { password: 'abc', debounceMs: 0 });
    await waitFor(() => expect(result.current.status).toBe('done'), { timeout: ASYNC_TIMEOUT });
    rerender({ password: 'abc-Quill9!zephyr-harbour', debounceMs: 0 });
    await waitFor(
      () => expect(strengthChecks(env).filter((request) => request.status === 429).length).toBeGreaterThan(0),
      { timeout: ASYNC_TIMEOUT },
    );
    expect(result.current).toMatchObject({ status: 'checking', error: null });
    await waitFor(() => expect(result.current.status).toBe('done'), { timeout: 2 * windowMs + ASYNC_TIMEOUT });
    expect(result.current.result).toMatchObject({ valid_password: true });
  }, 90_000);

  it("reports the provider's refusal as an error", async () => {
    const env = await startTestEnvironment();
    const { result } = renderStrength(env, { password: 'a'.repeat(257), debounceMs: 0 });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current).toMatchObject({
      result: null,
      isChecking: false,
      error: { type: 'password_too_long', message: 'Password must be at most 256 characters long.' },
    });
  });
});
