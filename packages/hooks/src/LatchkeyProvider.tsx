import type { LatchkeyClient } from '@latchkey/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
// The context and the hooks that read it are in latchkeyContext.ts (see its header).
import { LatchkeyContext } from './latchkeyContext';

/** Props of `LatchkeyProvider`. */
export interface LatchkeyProviderProps {
  /** The page's one Latchkey client (`createClient(publicToken, …)`). */
  client: LatchkeyClient;
  /** Your app's QueryClient, to share one cache; by default the hooks that need one create their own. */
  queryClient?: QueryClient;
  children?: ReactNode;
}

/** Makes the Latchkey client (and a react-query cache, created when a hook first needs it) available below it. */
export function LatchkeyProvider({ client, queryClient, children }: LatchkeyProviderProps) {
  // Held once per mounted provider, so a re-render never drops the cache.
  const [ownQueryClient] = useState<{ current?: QueryClient }>(() => ({}));
  // A new object only when the client or the app's QueryClient changes, so consumers do not re-render for nothing.
  const value = useMemo(() => ({ client, queryClient, ownQueryClient }), [client, queryClient, ownQueryClient]);
  return <LatchkeyContext.Provider value={value}>{children}</LatchkeyContext.Provider>;
}
