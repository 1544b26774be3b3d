// The context `<LatchkeyProvider>` fills and the hooks that read it. A module of its own, apart from the provider
// component (LatchkeyProvider.tsx): a sign-in page whose app renders its provider elsewhere (or not at all, as the
// bundle figures measure) carries neither the component nor the React imports only it uses.
import type { BootstrapData, LatchkeyClient } from '@latchkey/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What `<LatchkeyProvider>` gives the hooks: the client, and the react-query cache of the hooks that need one
 * (`useLatchkeyQueryClient`). The cache is created on first use, not here: react-query's core is then only
 * downloaded with the hooks that use it (the user, the password-strength check), not with every sign-in page.
 */
export interface LatchkeyContextValue {
  client: LatchkeyClient;
  /** The app's QueryClient, when it passed one. */
  queryClient?: QueryClient;
  /** The provider's own QueryClient, once a hook created it (one per mounted provider). */
  ownQueryClient: { current?: QueryClient };
}

/**
 * The context `<LatchkeyProvider>` provides (LatchkeyProvider.tsx). The package exports it with this module (its index
 * re-exports modules with `export *` only); read it through `useLatchkeyContext` / `useLatchkeyClient`.
 */
export const LatchkeyContext = createContext<LatchkeyContextValue | null>(null);

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
