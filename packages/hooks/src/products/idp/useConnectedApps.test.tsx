import { ASYNC_TIMEOUT, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authorizeSearch, idpEnvironment, signIn } from '../../../test/idp';
import { wrapperFor } from '../../../test/wrappers';
import { useAuthorize } from './useAuthorize';
import { useConnectedApps } from './useConnectedApps';

const waitLong = { timeout: ASYNC_TIMEOUT };

/** The user allows the `notes` client on the consent screen (the `useAuthorize` hook, its own render). */
async function allowNotes(env: TestEnvironment, scope = 'openid email') {
  const navigate = vi.fn();
  const { result, unmount } = renderHook(() => useAuthorize({ search: authorizeSearch({ scope }), navigate }), {
    wrapper: wrapperFor(env),
  });
  await waitFor(() => expect(result.current.status).toBe('consent'), waitLong);
  await act(() => result.current.allow());
  await waitFor(() => expect(result.current.status).toBe('complete'), waitLong);
  unmount();
}

const listCalls = (env: TestEnvironment) =>
  env.requests.filter((request) => request.path === '/users/connected_apps').length;

describe('useConnectedApps', () => {
  it('lists the app the user allowed, and revoking it removes it here and at the provider', async () => {
    const env = await idpEnvironment();
    await signIn(env);
    await allowNotes(env);
    const { result } = renderHook(() => useConnectedApps(), { wrapper: wrapperFor(env) });
    expect(result.current).toMatchObject({ status: 'pending', apps: [], revoking: null, error: null });
    await waitFor(() => expect(result.current.status).toBe('success'), waitLong);
    expect(result.current.apps).toEqual([
      {
        connected_app_id: 'notes',
        name: 'Notes',
        description: 'A notes app',
        logo_url: 'https://notes.example.com/logo.png',
        client_type: 'public',
        scopes_granted: 'openid email',
      },
    ]);

    let revoking: Promise<void> = Promise.resolve();
    act(() => {
      revoking = result.current.revoke('notes');
    });
    expect(result.current.revoking).toBe('notes');
    await act(() => revoking);
    await waitFor(() => expect(result.current.apps).toEqual([]), waitLong);
    expect(result.current).toMatchObject({ revoking: null, error: null, status: 'success' });
    expect(env.requests.filter((request) => request.path === '/users/connected_apps/notes/revoke')).toMatchObject([
      { method: 'POST', status: 200 },
    ]);
    expect((await env.client.user.getConnectedApps()).connected_apps).toEqual([]);
  });

  it("reports a refused revoke in error and keeps the list (another user's or an unknown app)", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    await allowNotes(env);
    const { result } = renderHook(() => useConnectedApps(), { wrapper: wrapperFor(env) });
    await waitFor(() => expect(result.current.apps).toHaveLength(1), waitLong);

    await act(() => result.current.revoke('dashboard'));
    await waitFor(() => expect(result.current.error?.type).toBe('connected_app_not_found'), waitLong);
    expect(result.current.error).toMatchObject({
      message: 'Connected app not found: this user has not granted it access.',
      status: 404,
    });
    expect(result.current.revoking).toBeNull();
    expect(result.current.apps.map((app) => app.connected_app_id)).toEqual(['notes']);
  });

  it("follows the signed-in user: another user's list after a switch, nothing once signed out", async () => {
    const env = await idpEnvironment();
    await signIn(env);
    await allowNotes(env);
    const { result } = renderHook(() => useConnectedApps(), { wrapper: wrapperFor(env) });
    await waitFor(() => expect(result.current.apps).toHaveLength(1), waitLong);
    const before = listCalls(env);

    await act(async () => {
      await env.client.session.revoke();
    });
    await waitFor(() => expect(result.current.apps).toEqual([]), waitLong);
    expect(result.current.status).toBe('pending');

    await act(() => signIn(env, 'grace@example.com'));
    await waitFor(() => expect(listCalls(env)).toBe(before + 1), waitLong);
    await waitFor(() => expect(result.current.status).toBe('success'), waitLong);
    expect(result.current.apps).toEqual([]);

    // refetch() asks again.
    act(() => result.current.refetch());
    await waitFor(() => expect(listCalls(env)).toBe(before + 2), waitLong);
  });
});
