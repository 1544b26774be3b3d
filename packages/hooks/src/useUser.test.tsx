import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wrapperFor } from '../test/wrappers';
import { useUser } from './useUser';

const email = 'ada@example.com';

async function signIn(env: TestEnvironment) {
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  await env.client.otps.authenticate(await env.lastCode(email), method_id, { session_duration_minutes: 30 });
}

const userRequests = (env: TestEnvironment) => env.requests.filter((request) => request.path === '/users/me');

describe('useUser', () => {
  it('asks for nothing while signed out', async () => {
    const env = await startTestEnvironment();
    const { result } = renderHook(() => useUser(), { wrapper: wrapperFor(env) });
    await env.settled();
    expect(result.current).toMatchObject({ user: null, status: 'pending', error: null, isFetching: false });
    expect(userRequests(env)).toEqual([]);
  });

  it('fetches the signed-in user from the provider', async () => {
    const env = await startTestEnvironment();
    await signIn(env);
    const { result } = renderHook(() => useUser(), { wrapper: wrapperFor(env) });
    // The stored user is shown at once, then confirmed by GET /users/me.
    expect(result.current.user?.emails[0]?.email).toBe(email);
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.status).toBe('success');
    expect(userRequests(env)).toEqual([expect.objectContaining({ method: 'GET', status: 200 })]);
  });

  it('follows sign-in and sign-out made anywhere on the page', async () => {
    const env = await startTestEnvironment();
    const { result } = renderHook(() => useUser(), { wrapper: wrapperFor(env) });
    await act(() => signIn(env));
    await waitFor(() => expect(result.current.user?.emails[0]?.email).toBe(email));
    await waitFor(() => expect(userRequests(env)).toHaveLength(1));

    await act(async () => {
      await env.client.session.revoke();
    });
    await waitFor(() => expect(result.current.user).toBeNull());
  });

  it('update changes the user on the provider and in the cache', async () => {
    const env = await startTestEnvironment();
    await signIn(env);
    const { result } = renderHook(() => useUser(), { wrapper: wrapperFor(env) });
    await waitFor(() => expect(result.current.isFetching).toBe(false));

    await act(() => result.current.update({ name: { first_name: 'Ada', last_name: 'Lovelace' } }));
    // react-query notifies on its own tick.
    await waitFor(() => expect(result.current.user?.name).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' }));
    expect(env.requests.find((request) => request.method === 'PUT')).toMatchObject({ path: '/users/me', status: 200 });

    const refetched = await act(() => result.current.refetch());
    expect(refetched?.name).toMatchObject({ first_name: 'Ada' });
  });

  it('update without a session rejects with the SDK message and sends nothing', async () => {
    const env = await startTestEnvironment();
    await signIn(env);
    const { result } = renderHook(() => useUser(), { wrapper: wrapperFor(env) });
    await env.client.session.revoke();
    await expect(result.current.update({ name: { first_name: 'Ada' } })).rejects.toThrow(
      'There is no session currently available.',
    );
    expect(env.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
