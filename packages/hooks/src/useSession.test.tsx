import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wrapperFor } from '../test/wrappers';
import { useSession } from './useSession';

const email = 'ada@example.com';

/** A real email-passcode sign-in through the client, as a flow hook would do it. */
async function signIn(env: TestEnvironment) {
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  const code = await env.lastCode(email);
  await env.client.otps.authenticate(code, method_id, { session_duration_minutes: 30 });
}

describe('useSession', () => {
  it('starts signed out', async () => {
    const env = await startTestEnvironment();
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(env) });
    expect(result.current).toMatchObject({ session: null, user: null, hasSession: false });
  });

  it('re-renders signed in after a passcode sign-in, and signed out after revoke', async () => {
    const env = await startTestEnvironment();
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(env) });

    await act(() => signIn(env));
    await waitFor(() => expect(result.current.hasSession).toBe(true));
    expect(result.current.user?.emails[0]?.email).toBe(email);
    expect(result.current.session?.user_id).toBe(result.current.user?.user_id);
    expect(result.current.fromCache).toBe(false);

    await act(() => result.current.revoke());
    await waitFor(() => expect(result.current.hasSession).toBe(false));
    expect(result.current.user).toBeNull();
    expect(env.requests.at(-1)).toMatchObject({ method: 'POST', path: '/sessions/revoke', status: 200 });
  });

  it('signs out once when Sign out is pressed twice at once', async () => {
    const env = await startTestEnvironment();
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(env) });
    await act(() => signIn(env));
    await waitFor(() => expect(result.current.hasSession).toBe(true));
    await act(async () => {
      await Promise.all([result.current.revoke(), result.current.revoke()]);
    });
    await waitFor(() => expect(result.current.hasSession).toBe(false));
    expect(env.requests.filter((request) => request.path === '/sessions/revoke')).toHaveLength(1);
  });

  it('keeps the same object while nothing changes', async () => {
    const env = await startTestEnvironment();
    const { result, rerender } = renderHook(() => useSession(), { wrapper: wrapperFor(env) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('with a selector, re-renders only when the selected slice changes', async () => {
    const env = await startTestEnvironment();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useSession((snapshot) => snapshot.user?.user_id ?? null);
      },
      { wrapper: wrapperFor(env) },
    );
    expect(result.current).toBeNull();

    await act(() => signIn(env));
    await waitFor(() => expect(result.current).toMatch(/^user-/));
    const userId = result.current;
    const rendersAfterSignIn = renders;
    const expiresBefore = env.client.session.getSync()?.expires_at;

    // Extending the session changes the session snapshot, not the user id.
    env.clock.advance(60_000);
    await act(() => env.client.session.authenticate({ session_duration_minutes: 60 }));
    expect(env.client.session.getSync()?.expires_at).not.toBe(expiresBefore);
    expect(renders).toBe(rendersAfterSignIn);
    expect(result.current).toBe(userId);
  });
});
