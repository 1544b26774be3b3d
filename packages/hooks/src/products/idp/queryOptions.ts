import type { IdpAuthorizeParams, IdpAuthorizeStartResponse, LatchkeyClient } from '@latchkey/sdk';
import { queryOptions } from '@tanstack/react-query';

/** The identity provider's react-query keys (kept out of `latchkeyQueryKeys`, so a sign-in page never loads them). */
export const idpQueryKeys = {
  /**
   * The consent preflight of one authorize request for one session:
   * `['latchkey', 'idp', 'authorizePreflight', params, sessionId]` (`sessionId` null when nobody is signed in).
   */
  authorizePreflight: (params: IdpAuthorizeParams, sessionId: string | null) =>
    ['latchkey', 'idp', 'authorizePreflight', params, sessionId] as const,
};

/**
 * The consent preflight (`POST /idp/oauth/authorize/start`) of `params` for the session the client holds now: the
 * client, the signed-in user and the scopes, or a redirect to the client, or a request for a fresh sign-in. Its
 * answer depends on the session (part of the key) and issues login tickets, so it is never served from the cache
 * (`staleTime: 0`, `gcTime: 0`) and a refusal is not sent again (`retry: false`); two screens asking at once share
 * one request. `useAuthorize` runs it through `queryClient.fetchQuery`.
 */
export function authorizePreflightQueryOptions(client: LatchkeyClient, params: IdpAuthorizeParams) {
  return queryOptions<IdpAuthorizeStartResponse>({
    queryKey: idpQueryKeys.authorizePreflight(params, client.session.getSync()?.session_id ?? null),
    queryFn: () => client.idp.oauthAuthorizeStart(params),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
