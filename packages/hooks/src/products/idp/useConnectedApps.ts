import type { ConnectedApp, LatchkeyClient } from '@latchkey/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import { useLatchkeyClient } from '../../latchkeyContext';
import { useLatchkeyQueryClient } from '../../useLatchkeyQueryClient';
import { useSession } from '../../useSession';

/** The react-query key of a user's connected apps: `['latchkey', 'connectedApps', userId]`. */
export function connectedAppsQueryKey(userId: string | null) {
  return ['latchkey', 'connectedApps', userId] as const;
}

/**
 * The apps the signed-in user has granted access to (`GET /users/connected_apps`). The user id is part of the
 * key, so another user signing in on the page gets their own list. Disabled without a user.
 */
export function connectedAppsQueryOptions(client: LatchkeyClient, userId: string | null) {
  return queryOptions<ConnectedApp[]>({
    queryKey: connectedAppsQueryKey(userId),
    queryFn: async () => (await client.user.getConnectedApps()).connected_apps,
    enabled: userId !== null,
  });
}

/** What `useConnectedApps` returns. */
export interface UseConnectedAppsReturn {
  /** The user's connected apps (empty until loaded, and when signed out). */
  apps: ConnectedApp[];
  /** react-query's status: `pending` until the list is known (and while signed out), `success`, or `error`. */
  status: 'pending' | 'success' | 'error';
  /** Why the last fetch or the last revoke failed, or null. */
  error: LatchkeyFlowError | null;
  /**
   * Revokes an app's access (`POST /users/connected_apps/{id}/revoke`: its grant and tokens), then reloads the
   * list. Never rejects: a failure is in `error`.
   */
  revoke(connectedAppId: string): Promise<void>;
  /** The app whose revoke is being sent, or null. */
  revoking: string | null;
  /** Fetches the list again. */
  refetch(): void;
}

const NO_APPS: ConnectedApp[] = [];

/** The signed-in user's connected apps (the applications signed in with this project) and revoking them. */
export function useConnectedApps(): UseConnectedAppsReturn {
  const client = useLatchkeyClient();
  const queryClient = useLatchkeyQueryClient();
  // A string, not the user object: a refresh replaces the object but keeps the user, and the list with it.
  const userId = useSession((snapshot) =>
    snapshot.session === null ? null : (snapshot.user?.user_id ?? snapshot.session.user_id),
  );
  const query = useQuery(connectedAppsQueryOptions(client, userId), queryClient);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [revokeError, setRevokeError] = useState<LatchkeyFlowError | null>(null);

  const { refetch: refetchQuery } = query;
  const refetch = useCallback(() => {
    void refetchQuery();
  }, [refetchQuery]);

  const revoke = useCallback(
    async (connectedAppId: string) => {
      const key = connectedAppsQueryKey(userId);
      setRevoking(connectedAppId);
      setRevokeError(null);
      try {
        await client.user.revokeConnectedApp(connectedAppId);
        // Gone at once; the reload confirms it.
        queryClient.setQueryData<ConnectedApp[]>(key, (apps) =>
          apps?.filter((app) => app.connected_app_id !== connectedAppId),
        );
      } catch (caught) {
        setRevokeError(toFlowError(caught));
      } finally {
        setRevoking(null);
      }
      await queryClient.invalidateQueries({ queryKey: key });
    },
    [client, queryClient, userId],
  );

  const queryError = useMemo(() => (query.error ? toFlowError(query.error) : null), [query.error]);

  return {
    apps: (userId === null ? undefined : query.data) ?? NO_APPS,
    status: query.status,
    error: revokeError ?? queryError,
    revoke,
    revoking,
    refetch,
  };
}
