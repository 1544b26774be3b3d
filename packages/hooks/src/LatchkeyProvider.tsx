import type { BootstrapData, LatchkeyClient } from '@latchkey/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react';

/**
 * What `<LatchkeyProvider>` gives the hooks: the client, and the react-query cache of the hooks that need one
 * (`useLatchkeyQueryClient`). The cache is created on first use, not here: react-query's core is then only
 * downloaded with the hooks that use it (the user, the password-strength check), not with every sign-in page.
 */
interface LatchkeyContextValue {
  client: LatchkeyClient;
  /** The app's QueryClient, when it passed one. */
  queryClient?: QueryClient;
  /** The provider's own QueryClient, once a hook created it (one per mounted provider). */
  ownQueryClient: { current?: QueryClient };
}

const LatchkeyContext = createContext<LatchkeyContextValue | null>(null);

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

/** The enclosing provider's context; `name` is the hook that asks, for the error. */
export function useLatchkeyContext(name: string): LatchkeyContextValue {
  const value = useContext(LatchkeyContext);
  if (!value) throw new Error(`${name} must be used within <LatchkeyProvider>`);
  return value;
}

/** The client given to the enclosing `<LatchkeyProvider>`. */
export function useLatchkeyClient(): LatchkeyClient {
  return useLatchkeyContext('useLatchkeyClient').client;
}

/**
 * The project's settings (camelCase: `projectName`, `displayWatermark`, `emailDomains`, `passwordConfig`…):
 * the cached or default settings at first, then the provider's answer as soon as it arrives. (Here rather than in a
 * module of its own: the first chunk and the product chunks share it, and a bundler would give a module that small
 * a file of its own on every page.)
 */
export function useBootstrap(): BootstrapData {
  const client = useLatchkeyClient();
  return useSyncExternalStore(client.bootstrap.subscribe, client.bootstrap.getSnapshot, client.bootstrap.getSnapshot);
}
