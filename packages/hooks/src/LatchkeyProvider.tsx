import type { LatchkeyClient } from '@latchkey/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';

const LatchkeyClientContext = createContext<LatchkeyClient | null>(null);

/** Props of `LatchkeyProvider`. */
export interface LatchkeyProviderProps {
  /** The page's one Latchkey client (`createClient(publicToken, …)`). */
  client: LatchkeyClient;
  /** Your app's QueryClient, to share one cache; by default the provider creates its own. */
  queryClient?: QueryClient;
  children?: ReactNode;
}

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

/** Makes the Latchkey client (and a react-query cache) available to every Latchkey hook below it. */
export function LatchkeyProvider({ client, queryClient, children }: LatchkeyProviderProps) {
  // Created once per mounted provider, so a re-render never drops the cache.
  const [ownQueryClient] = useState(() => queryClient ?? createLatchkeyQueryClient());
  return (
    <QueryClientProvider client={queryClient ?? ownQueryClient}>
      <LatchkeyClientContext.Provider value={client}>{children}</LatchkeyClientContext.Provider>
    </QueryClientProvider>
  );
}

/** The client given to the enclosing `<LatchkeyProvider>`. */
export function useLatchkeyClient(): LatchkeyClient {
  const client = useContext(LatchkeyClientContext);
  if (!client) throw new Error('useLatchkeyClient must be used within <LatchkeyProvider>');
  return client;
}
