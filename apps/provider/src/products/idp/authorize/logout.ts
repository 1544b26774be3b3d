// `POST /sdk/v1/oauth/logout/start` (contract §4: not under /idp): the end-session endpoint of OpenID Connect
// RP-Initiated Logout 1.0 as the host's logout page drives it. The widget relays the page's query; this answers where
// to send the browser afterwards and whether to ask the user first. Ending the Latchkey session is the widget's job
// (`sessions/revoke`); the tokens the client holds are left alone.
import { z } from 'zod';
import { ok, type ProviderContext, readBody } from '../../../http/context';
import { ProviderError } from '../../../http/errors';
import { findLiveSession } from '../../../services/sessions';
import { findIdpClient } from '../clients';
import { verifyIdTokenHint } from '../oauth2/idTokens';
import { withQuery } from './request';

const logoutSchema = z.object({
  client_id: z.string().max(512),
  post_logout_redirect_uri: z.string().max(2048),
  state: z.string().max(2048).optional(),
  id_token_hint: z.string().max(8192).optional(),
});

/** The user of the caller's live session (opaque token or session JWT), or null: logout needs no session. */
async function sessionUserId(c: ProviderContext): Promise<string | null> {
  const { sessionToken } = c.get('auth');
  if (sessionToken === null) return null;
  const row = await findLiveSession(c.get('deps'), sessionToken);
  return row?.user_id ?? null;
}

/**
 * Checks the client, then the URI (RP-Initiated Logout §3: it must exactly match one registered for the client, so
 * the OP never redirects to an unregistered place), then the hint (§2: an ID token this OP issued to the client, its
 * expiry ignored). The user is asked unless the hint names the signed-in user (§2: without it "the OP [needs] to ask
 * the End-User whether they want to log out"). The answer carries `state` back (§3).
 */
export async function logoutStart(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, logoutSchema);
  const client = findIdpClient(deps.config, body.client_id);
  if (!client) throw new ProviderError('oauth_client_not_found');
  if (!client.postLogoutRedirectUris.includes(body.post_logout_redirect_uri)) {
    throw new ProviderError('invalid_post_logout_redirect_uri');
  }
  // An empty `id_token_hint=` in the query is taken as no hint.
  let hintSubject: string | null = null;
  if (body.id_token_hint !== undefined && body.id_token_hint !== '') {
    const hint = await verifyIdTokenHint(deps, body.id_token_hint, client.clientId);
    if (!hint) throw new ProviderError('invalid_id_token_hint');
    hintSubject = hint.sub;
  }
  const userId = await sessionUserId(c);
  return ok(c, {
    redirect_uri: withQuery(body.post_logout_redirect_uri, { state: body.state }),
    consent_required: !(hintSubject !== null && userId !== null && hintSubject === userId),
  });
}
