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
import { subjectOf } from '../subjects';
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

/** The caller's live session (opaque token or session JWT): its user and id, or null: logout needs no session. */
async function liveSession(c: ProviderContext): Promise<{ userId: string; sessionId: string } | null> {
  const { sessionToken } = c.get('auth');
  if (sessionToken === null) return null;
  const row = await findLiveSession(c.get('deps'), sessionToken);
  return row ? { userId: row.user_id, sessionId: row.session_id } : null;
}

/** What a valid `id_token_hint` says about the End-User: its `sub`, and its `sid` when it has one. */
interface HintedSession {
  sub: string;
  sid?: string;
}

/**
 * Whether the hint names the caller's live session, so the widget may log out without asking. RP-Initiated Logout
 * 1.0 §2: the OP "MUST ask the End-User this question if an id_token_hint was not provided or if the supplied ID Token
 * does not belong to the current OP session with the RP and/or currently logged in End-User", and "If the ID Token's
 * sid claim does not correspond to the RP's current session [...], the OP SHOULD treat the logout request as
 * suspect". Our `sid` is the Latchkey session that approved the authorization (OpenID Connect Front-Channel Logout
 * 1.0 §3), so a hint with a `sid` must name this very session: the same user's ID token from another session (another
 * device, an earlier sign-in) does not let a client log this one out unasked. Only a hint without `sid` falls back to
 * its `sub`. Its `sub` must be the user's subject now: a hint issued under a subject the pre-hijacking reset replaced
 * was issued to whoever held the account before the owner proved its address (../subjects.ts), so it "does not
 * belong to the [...] currently logged in End-User" and the user is asked.
 */
async function hintNamesSession(
  deps: ProviderDeps,
  hint: HintedSession | null,
  session: { userId: string; sessionId: string } | null,
): Promise<boolean> {
  if (hint === null || session === null) return false;
  if (hint.sid !== undefined && hint.sid !== session.sessionId) return false;
  return hint.sub === (await subjectOf(deps.db, session.userId));
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
): Promise<{ client: IdpClientConfig; hint: HintedSession | null }> {
  if (body.client_id === undefined && body.id_token_hint === undefined) {
    throw new ProviderError('oauth_client_not_found', {
      message: 'The logout request names no client: send client_id, or an id_token_hint (its aud names the client).',
    });
  }
  const named = body.client_id === undefined ? undefined : findIdpClient(deps.config, body.client_id);
  if (body.client_id !== undefined && !named) throw new ProviderError('oauth_client_not_found');
  if (body.id_token_hint === undefined) return { client: named as IdpClientConfig, hint: null };
  const hint = await readIdTokenHint(deps, body.id_token_hint);
  if (!hint) throw new ProviderError('invalid_id_token_hint');
  const hinted: HintedSession = hint.sid === undefined ? { sub: hint.sub } : { sub: hint.sub, sid: hint.sid };
  if (named) {
    if (!hint.audiences.includes(named.clientId)) throw new ProviderError('invalid_id_token_hint');
    return { client: named, hint: hinted };
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
  return { client, hint: hinted };
}

/**
 * Checks the client (see `resolveClient`), then the URI when one is sent (RP-Initiated Logout §3: it must exactly
 * match one registered for the client, so the OP never redirects to an unregistered place; §2: without an
 * `id_token_hint` it needs `client_id`, which `resolveClient` already demands). The user is asked unless the hint
 * names the caller's live session (`hintNamesSession`: its `sid`, or its `sub` when it has no `sid`). The answer's
 * `redirect_uri` carries `state` back (RP-Initiated Logout 1.0 §3); without a `post_logout_redirect_uri` there is
 * none, and the widget says the user has been logged out.
 */
export async function logoutStart(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, logoutSchema);
  const { client, hint } = await resolveClient(deps, body);
  let redirectUri: string | undefined;
  if (body.post_logout_redirect_uri !== undefined) {
    if (!client.postLogoutRedirectUris.includes(body.post_logout_redirect_uri)) {
      throw new ProviderError('invalid_post_logout_redirect_uri');
    }
    redirectUri = withQuery(body.post_logout_redirect_uri, { state: body.state });
  }
  return ok(c, {
    ...(redirectUri === undefined ? {} : { redirect_uri: redirectUri }),
    consent_required: !(await hintNamesSession(deps, hint, await liveSession(c))),
  });
}
