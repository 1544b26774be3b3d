import type { User, UserUpdateOptions, UserUpdateResponse } from '@latchkey/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { type LatchkeyFlowError, toFlowError } from './errors';
import { useLatchkeyClient } from './latchkeyContext';
import { latchkeyQueryKeys, userQueryOptions } from './queryOptions';
import { useLatchkeyQueryClient } from './useLatchkeyQueryClient';
import { useSession } from './useSession';

/** What `useUser()` returns. */
export interface UseUserReturn {
  /** The signed-in user, or null (signed out, or not loaded yet). */
  user: User | null;
  /** react-query's status: `pending` until a user is known, `success`, or `error`. */
  status: 'pending' | 'success' | 'error';
  /** Why the last fetch failed, or null. */
  error: LatchkeyFlowError | null;
  /** A `GET /users/me` is in flight. */
  isFetching: boolean;
  /** Fetches the user again and resolves to it. */
  refetch(): Promise<User | null>;
  /** Changes the user's name and/or untrusted metadata (`PUT /users/me`); the cached user is replaced. */
  update(options: UserUpdateOptions): Promise<UserUpdateResponse>;
}

/** The signed-in user from `GET /users/me`, kept in step with every change the client sees. */
export function useUser(): UseUserReturn {
  const client = useLatchkeyClient();
  const queryClient = useLatchkeyQueryClient();
  // A plain boolean, not the factory's function: react-query only notices `enabled` turning true (and fetches)
  // when the value it compares changes.
  const hasSession = useSession((snapshot) => snapshot.session !== null);
  const query = useQuery({ ...userQueryOptions(client), enabled: hasSession }, queryClient);

  useEffect(
    // A sign-in, sign-out, refresh or another tab's change replaces the cached user.
    () => client.user.onChange((user) => queryClient.setQueryData(latchkeyQueryKeys.user, user)),
    [client, queryClient],
  );

  const { refetch: refetchQuery } = query;
  const refetch = useCallback(async () => (await refetchQuery()).data ?? null, [refetchQuery]);
  const update = useCallback(
    async (options: UserUpdateOptions) => {
      const response = await client.user.update(options);
      queryClient.setQueryData(latchkeyQueryKeys.user, client.user.getSync());
      return response;
    },
    [client, queryClient],
  );
  const error = useMemo(() => (query.error ? toFlowError(query.error) : null), [query.error]);

  return {
    user: query.data ?? null,
    status: query.status,
    error,
    isFetching: query.isFetching,
    refetch,
    update,
  };
}
