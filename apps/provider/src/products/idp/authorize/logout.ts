// `POST /sdk/v1/oauth/logout/start` (the SDK's path: not under /idp): the end-session endpoint of OpenID Connect
// RP-Initiated Logout 1.0 as the host's logout page drives it. The widget relays the page's query; this answers where
// to send the browser afterwards and whether to ask the user first. Ending the Latchkey session is the widget's job
// (`sessions/revoke`); the tokens the client holds are left alone.
import { z } from 'zod';
import { ok, type ProviderContext, type ProviderDeps, readBody } from '../../../http/context';
import { ProviderError } from '../../../http/errors';
import { findLiveSession } from '../../../services/sessions';
import { findIdpClient } from '../clients';
import type { IdpClientConfig } from '../config';
import { readIdTokenHint } from '../oauth2/idTokens';
import { withQuery } from './request';

/** Every parameter is optional (RP-Initiated Logout 1.0 §2); an empty one counts as absent (RFC 6749 §3.1). */
const emptyIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const logoutSchema = z.object({
  client_id: emptyIsAbsent(z.string().max(512)),
  post_logout_redirect_uri: emptyIsAbsent(z.string().max(2048)),
  state: emptyIsAbsent(z.string().max(2048)),
  id_token_hint: emptyIsAbsent(z.string().max(8192)),
});

type LogoutBody = z.infer<typeof logoutSchema>;

/** The user of the caller's live session (opaque token or session JWT), or null: logout needs no session. */
async function sessionUserId(c: ProviderContext): Promise<string | null> {
  const { sessionToken } = c.get('auth');
  if (sessionToken === null) return null;
  const row = await findLiveSession(c.get('deps'), sessionToken);
  return row?.user_id ?? null;
}

/**
 * The client the request is for and the hint's subject (RP-Initiated Logout 1.0 §2):
 * - `client_id` names the client; with an `id_token_hint` as well, the hint must have been issued to that client
 *   ("the OP MUST verify that it matches the Client ID in the id_token_hint"), else `invalid_id_token_hint`;
 * - an `id_token_hint` alone names the client by its `aud`;
 * - neither: the request names no client (`oauth_client_not_found`, with a message saying what is missing).
 * The hint must be an ID token this OP issued (RP-Initiated Logout 1.0 §2: the OP validates that it was the issuer),
 * its expiry ignored.
 */
async function resolveClient(
  deps: ProviderDeps,
  body: LogoutBody,
): Promise<{ client: IdpClientConfig; hintSubject: string | null }> {
  if (body.client_id === undefined && body.id_token_hint === undefined) {
    throw new ProviderError('oauth_client_not_found', {
      message: 'The logout request names no client: send client_id, or an id_token_hint (its aud names the client).',
    });
  }
  const named = body.client_id === undefined ? undefined : findIdpClient(deps.config, body.client_id);
  if (body.client_id !== undefined && !named) throw new ProviderError('oauth_client_not_found');
  if (body.id_token_hint === undefined) return { client: named as IdpClientConfig, hintSubject: null };
  const hint = await readIdTokenHint(deps, body.id_token_hint);
  if (!hint) throw new ProviderError('invalid_id_token_hint');
  if (named) {
    if (!hint.audiences.includes(named.clientId)) throw new ProviderError('invalid_id_token_hint');
    return { client: named, hintSubject: hint.sub };
  }
  // OpenID Connect Core §2: `aud` holds the client id (a list only when other audiences were added; ours never).
  const clients = hint.audiences.flatMap((audience) => findIdpClient(deps.config, audience) ?? []);
  if (clients.length > 1) throw new ProviderError('invalid_id_token_hint');
  const [client] = clients;
  if (!client) {
    throw new ProviderError('oauth_client_not_found', {
      message: 'The id_token_hint was issued to a client this project no longer has.',
    });
  }
  return { client, hintSubject: hint.sub };
}

/**
 * Checks the client (see `resolveClient`), then the URI when one is sent (RP-Initiated Logout §3: it must exactly
 * match one registered for the client, so the OP never redirects to an unregistered place; §2: without an
 * `id_token_hint` it needs `client_id`, which `resolveClient` already demands). The user is asked unless the hint
 * names the signed-in user (RP-Initiated Logout 1.0 §2: without it "the OP [needs] to ask the End-User whether they
 * want to log out"). The answer's `redirect_uri` carries `state` back (RP-Initiated Logout 1.0 §3); without a
 * `post_logout_redirect_uri` there is none, and the widget says the user has been logged out.
 */
export async function logoutStart(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, logoutSchema);
  const { client, hintSubject } = await resolveClient(deps, body);
  let redirectUri: string | undefined;
  if (body.post_logout_redirect_uri !== undefined) {
    if (!client.postLogoutRedirectUris.includes(body.post_logout_redirect_uri)) {
      throw new ProviderError('invalid_post_logout_redirect_uri');
    }
    redirectUri = withQuery(body.post_logout_redirect_uri, { state: body.state });
  }
  const userId = await sessionUserId(c);
  return ok(c, {
    ...(redirectUri === undefined ? {} : { redirect_uri: redirectUri }),
    consent_required: !(hintSubject !== null && userId !== null && hintSubject === userId),
  });
}
