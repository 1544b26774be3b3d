import type { LatchkeyClient } from '@latchkey/sdk';
import { startTestEnvironment } from '@latchkey/testing';
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { type ReactNode, useContext } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from './LatchkeyProvider';
import { LatchkeyContext, useLatchkeyClient } from './latchkeyContext';
import { useLatchkeyQueryClient } from './useLatchkeyQueryClient';

/** A `renderHook` wrapper: `<LatchkeyProvider>` with `client` and, when given, the app's `queryClient`. */
function providerWith(client: LatchkeyClient, queryClient?: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <LatchkeyProvider client={client} queryClient={queryClient}>
      {children}
    </LatchkeyProvider>
  );
}

describe('LatchkeyProvider', () => {
  it('gives the hooks below it the client', async () => {
    const env = await startTestEnvironment();
    const wrapper = providerWith(env.client);
    const { result } = renderHook(() => useLatchkeyClient(), { wrapper });
    expect(result.current).toBe(env.client);
  });

  it("exports its context: inside the provider it holds the client and the app's QueryClient, outside it is null", async () => {
    const env = await startTestEnvironment();
    const queryClient = new QueryClient();
    const wrapper = providerWith(env.client, queryClient);
    const inside = renderHook(() => useContext(LatchkeyContext), { wrapper });
    expect(inside.result.current?.client).toBe(env.client);
    expect(inside.result.current?.queryClient).toBe(queryClient);
    const outside = renderHook(() => useContext(LatchkeyContext));
    expect(outside.result.current).toBeNull();
  });

  it('useLatchkeyClient outside the provider throws a message naming both', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLatchkeyClient())).toThrow(
      'useLatchkeyClient must be used within <LatchkeyProvider>',
    );
    consoleError.mockRestore();
  });

  it('creates one QueryClient with auth defaults and keeps it across re-renders', async () => {
    const env = await startTestEnvironment();
    const wrapper = providerWith(env.client);
    const { result, rerender } = renderHook(() => useLatchkeyQueryClient(), { wrapper });
    const first = result.current;
    expect(first.getDefaultOptions()).toEqual({
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    });
    rerender();
    expect(result.current).toBe(first);
  });

  it('uses the QueryClient the app passes', async () => {
    const env = await startTestEnvironment();
    const queryClient = new QueryClient();
    const wrapper = providerWith(env.client, queryClient);
    const { result } = renderHook(() => useLatchkeyQueryClient(), { wrapper });
    expect(result.current).toBe(queryClient);
  });

  it('useLatchkeyQueryClient outside the provider throws a message naming both', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLatchkeyQueryClient())).toThrow(
      'useLatchkeyQueryClient must be used within <LatchkeyProvider>',
    );
    consoleError.mockRestore();
  });

  it('one provider gives every hook below it the same cache', async () => {
    const env = await startTestEnvironment();
    const wrapper = providerWith(env.client);
    const { result } = renderHook(() => [useLatchkeyQueryClient(), useLatchkeyQueryClient()], { wrapper });
    expect(result.current[0]).toBe(result.current[1]);
  });

  it('two providers do not share a cache', async () => {
    const env = await startTestEnvironment();
    const wrapper = providerWith(env.client);
    const first = renderHook(() => useLatchkeyQueryClient(), { wrapper }).result.current;
    const second = renderHook(() => useLatchkeyQueryClient(), { wrapper }).result.current;
    expect(first).not.toBe(second);
  });
});
