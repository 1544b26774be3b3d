// Whether a session exchanged from an access token still stands: checked in memory at every lookup of a session
// (the descriptor's `sessionStands`). Imports nothing of the core's session code, so the descriptor can name it.
import type { ParsedConfig } from '../descriptor';
import type { IdpClientConfig } from '../idp/config';

/** The scope whose access tokens `sessions/exchange_access_token` turns into sessions. */
export const FULL_ACCESS_SCOPE = 'full_access';

/**
 * A session exchanged from a client's access token stands only while that client is configured with `full_access`:
 * the operator's way to stop a suspect client (removing it, or taking the scope from it) ends the sessions it already
 * made, not only the ones it would make. Any other session stands.
 */
export function exchangedSessionStands(config: ParsedConfig, session: { exchanged_client_id: string | null }): boolean {
  if (session.exchanged_client_id === null) return true;
  const { clients } = config.project.idp as { clients: readonly IdpClientConfig[] };
  const client = clients.find((candidate) => candidate.clientId === session.exchanged_client_id);
  return client?.scopes.includes(FULL_ACCESS_SCOPE) === true;
}
