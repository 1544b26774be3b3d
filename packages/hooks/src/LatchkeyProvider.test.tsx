import { startTestEnvironment } from '@latchkey/testing';
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider, useLatchkeyClient } from './LatchkeyProvider';

describe('LatchkeyProvider', () => {
  it('gives the hooks below it the client', async () => {
    const env = await startTestEnvironment();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchkeyProvider client={env.client}>{children}</LatchkeyProvider>
    );
    const { result } = renderHook(() => useLatchkeyClient(), { wrapper });
    expect(result.current).toBe(env.client);
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
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchkeyProvider client={env.client}>{children}</LatchkeyProvider>
    );
    const { result, rerender } = renderHook(() => useQueryClient(), { wrapper });
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
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchkeyProvider client={env.client} queryClient={queryClient}>
        {children}
      </LatchkeyProvider>
    );
    const { result } = renderHook(() => useQueryClient(), { wrapper });
    expect(result.current).toBe(queryClient);
  });

  it('two providers do not share a cache', async () => {
    const env = await startTestEnvironment();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchkeyProvider client={env.client}>{children}</LatchkeyProvider>
    );
    const first = renderHook(() => useQueryClient(), { wrapper }).result.current;
    const second = renderHook(() => useQueryClient(), { wrapper }).result.current;
    expect(first).not.toBe(second);
  });
});
