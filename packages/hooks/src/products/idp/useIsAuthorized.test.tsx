import { RBAC_POLICY_UNAVAILABLE_MESSAGE } from '@latchkey/sdk';
import { ASYNC_TIMEOUT, ORIGIN, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IDP_CONFIG, idpEnvironment, setRoles, signIn } from '../../../test/idp';
import { wrapperFor } from '../../../test/wrappers';
import { useIsAuthorized } from './useIsAuthorized';

const waitLong = { timeout: ASYNC_TIMEOUT };

/** A few checks side by side, as a page guarding several controls would make them. */
const useChecks = () => ({
  readNotes: useIsAuthorized('notes', 'read'),
  writeNotes: useIsAuthorized('notes', 'write'),
  deleteNotes: useIsAuthorized('notes', 'delete'),
  payBills: useIsAuthorized('billing', 'pay'),
});

const answers = (checks: ReturnType<typeof useChecks>) =>
  Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, check.isAuthorized]));

async function settle(env: TestEnvironment, result: { current: ReturnType<typeof useChecks> }) {
  await waitFor(() => expect(Object.values(result.current).every((check) => !check.fetching)).toBe(true), waitLong);
  await env.settled();
}

describe('useIsAuthorized', () => {
  it("answers from the user's roles under the policy, a wildcard allowing every action, and follows role changes", async () => {
    const env = await idpEnvironment();
    const userId = await signIn(env);
    const { result } = renderHook(useChecks, { wrapper: wrapperFor(env) });
    await settle(env, result);
    // No roles: nothing.
    expect(answers(result.current)).toEqual({
      readNotes: false,
      writeNotes: false,
      deleteNotes: false,
      payBills: false,
    });

    await act(() => setRoles(env, userId, ['editor']));
    await waitFor(() => expect(result.current.writeNotes.isAuthorized).toBe(true), waitLong);
    await settle(env, result);
    expect(answers(result.current)).toEqual({ readNotes: true, writeNotes: true, deleteNotes: false, payBills: false });

    // admin holds `*` on notes and billing.
    await act(() => setRoles(env, userId, ['admin']));
    await waitFor(() => expect(result.current.deleteNotes.isAuthorized).toBe(true), waitLong);
    await settle(env, result);
    expect(answers(result.current)).toEqual({ readNotes: true, writeNotes: true, deleteNotes: true, payBills: true });

    // Signed out: no roles, nothing allowed.
    await act(async () => {
      await env.client.session.revoke();
    });
    await waitFor(() => expect(result.current.payBills.isAuthorized).toBe(false), waitLong);
    await settle(env, result);
    expect(answers(result.current)).toEqual({
      readNotes: false,
      writeNotes: false,
      deleteNotes: false,
      payBills: false,
    });
  });

  it('answers at the first render from the settings known then, and says when the loaded answer is in', async () => {
    const env = await idpEnvironment();
    await setRoles(env, await signIn(env), ['editor']);
    const { result, rerender } = renderHook(({ action }) => useIsAuthorized('notes', action), {
      wrapper: wrapperFor(env),
      initialProps: { action: 'write' },
    });
    // The settings were loaded before the render: the synchronous answer is already right.
    expect(result.current).toEqual({ isAuthorized: true, fetching: true });
    await waitFor(() => expect(result.current).toEqual({ isAuthorized: true, fetching: false }), waitLong);

    rerender({ action: 'delete' });
    expect(result.current).toEqual({ isAuthorized: false, fetching: true });
    await waitFor(() => expect(result.current).toEqual({ isAuthorized: false, fetching: false }), waitLong);
  });

  it('answers false without a policy (the settings could not load), and the client logs why', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    // The page cannot reach the bootstrap endpoint; every other call reaches the provider.
    let reach: TestEnvironment['provider'] | null = null;
    const env = await startTestEnvironment({
      config: IDP_CONFIG,
      clientOptions: {
        environment: {
          logger,
          fetch: async (input, init) => {
            if (String(input).includes('/projects/bootstrap/') || !reach) throw new TypeError('Failed to fetch');
            const headers = new Headers(init?.headers);
            headers.set('origin', ORIGIN);
            return reach.fetch(new Request(String(input), { ...init, headers }), { remoteAddress: '127.0.0.1' });
          },
        },
      },
    });
    reach = env.provider;
    await setRoles(env, await signIn(env), ['admin']);
    expect(env.client.bootstrap.getSync().rbacPolicy).toBeNull();

    const { result } = renderHook(() => useIsAuthorized('notes', 'read'), { wrapper: wrapperFor(env) });
    await waitFor(() => expect(result.current).toEqual({ isAuthorized: false, fetching: false }), waitLong);
    expect(logger.error).toHaveBeenCalledWith(RBAC_POLICY_UNAVAILABLE_MESSAGE);
  });
});
