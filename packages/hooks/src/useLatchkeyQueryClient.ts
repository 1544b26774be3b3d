import { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLatchkeyContext } from './latchkeyContext';

/** The QueryClient defaults for auth data: one retry, no refetch on window focus, mutations never retried. */
export function createLatchkeyQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A refused sign-in must not be sent again behind the user's back; a flaky read may be tried twice.
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/**
 * The react-query cache of the Latchkey hooks: the app's `queryClient` given to `<LatchkeyProvider>`, else the
 * provider's own, created on first use with `createLatchkeyQueryClient()` (one per mounted provider). Only the
 * modules that call this hook import react-query, so a page that never shows the user or a password-strength
 * meter does not download it.
 */
export function useLatchkeyQueryClient(): QueryClient {
  const context = useLatchkeyContext('useLatchkeyQueryClient');
  // The provider's own is created during a render at most once: its holder outlives every render of the provider.
  if (!context.queryClient) context.ownQueryClient.current ??= createLatchkeyQueryClient();
  const queryClient = context.queryClient ?? (context.ownQueryClient.current as QueryClient);
  // What QueryClientProvider does: refetch on reconnect while a hook uses the cache.
  useEffect(() => {
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  return queryClient;
}
