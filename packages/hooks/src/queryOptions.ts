import type { BootstrapData, LatchkeyClient, User } from '@latchkey/sdk';
import { queryOptions } from '@tanstack/react-query';
import { PRODUCT_QUERY_KEYS } from './products/queryKeys';

/**
 * The react-query keys of Latchkey's server state, all under `['latchkey', …]`: the core's, then the products'
 * (`products/queryKeys.ts`; each product's query options are in its folder).
 */
export const latchkeyQueryKeys = {
  all: ['latchkey'] as const,
  bootstrap: ['latchkey', 'bootstrap'] as const,
  user: ['latchkey', 'user'] as const,
  ...PRODUCT_QUERY_KEYS,
};

/** The project's settings (`client.bootstrap.getAsync()`); they do not change while the page lives. */
export function bootstrapQueryOptions(client: LatchkeyClient) {
  return queryOptions<BootstrapData>({
    queryKey: latchkeyQueryKeys.bootstrap,
    queryFn: () => client.bootstrap.getAsync(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The signed-in user (`GET /users/me`). Runs only while the client holds a session; starts from the stored
 * user when there is one. `null` after sign-out (`useUser` writes it).
 */
export function userQueryOptions(client: LatchkeyClient) {
  return queryOptions<User | null>({
    queryKey: latchkeyQueryKeys.user,
    queryFn: () => client.user.get(),
    enabled: () => client.session.getSync() !== null,
    initialData: () => client.user.getSync() ?? undefined,
  });
}
