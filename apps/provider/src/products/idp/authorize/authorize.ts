// `POST /sdk/v1/idp/oauth/authorize/start` and `/submit`: the authorization endpoint (RFC 6749 §3.1, §4.1; OpenID
// Connect Core §3.1.2) as the host's consent page drives it. The browser is on the host's page with the client's
// query; the widget relays it here with the user's Latchkey session, and `submit` answers the URI to send the browser
// back to, carrying the authorization code (or the error).
import type { AuthenticationFactor, IdpScopeResult, User } from '@latchkey/sdk/contract';
import { z } from 'zod';
import type { IdpClientConfig } from '../../../config';
import { ok, type ProviderContext, readBody } from '../../../http/context';
import { ProviderError } from '../../../http/errors';
import { newId, randomToken, sha256Hex } from '../../../services/secrets';
import { requireSession, type SessionRow } from '../../../services/sessions';
import { loadUser } from '../../../services/users';
import { idpIssuer } from '../clients';
import { grantedScopes, mergeGrant } from './grants';
import { type AuthorizeBody, authorizeSchema, type CheckedRequest, checkAuthorizeRequest, withQuery } from './request';
import { scopeResults } from './scopes';

const submitSchema = authorizeSchema.extend({ consent_granted: z.boolean().default(false) });

/** Where an authorization request stands for the signed-in user. */
interface Evaluation extends CheckedRequest {
  session: SessionRow;
  user: User;
  scopeResults: IdpScopeResult[];
  /** The requested scopes this user may grant; the others are never granted (security.md, sdk-and-idp §6). */
  grantable: string[];
  /**
   * The user must be asked: the client asks for consent and either the request says `prompt=consent` (OpenID Connect
   * Core §3.1.2.1) or the remembered grant does not cover every grantable scope requested.
   */
  consentNeeded: boolean;
}

async function evaluate(c: ProviderContext, body: AuthorizeBody): Promise<Evaluation> {
  const deps = c.get('deps');
  // sdk-and-idp §6: "Anonymous visitors cannot use the authorize flow."
  const { row: session } = await requireSession(c);
  // An impersonated session (support acting as the user) may look at the user's account but never grant a third
  // party access in the user's name: consent is the user's own decision (security.md: consent shows exactly what
  // the user grants).
  if (session.impersonator_id !== null) throw new ProviderError('unauthorized_action');
  const checked = checkAuthorizeRequest(deps.config, body);
  const user = await loadUser(deps.db, session.user_id);
  if (!user) throw new ProviderError('session_not_found');
  const results = scopeResults(deps.config.project, user.roles, checked.scopes);
  const grantable = results.filter((result) => result.is_grantable).map((result) => result.scope);
  const granted = await grantedScopes(deps.db, deps, user.user_id, checked.client.clientId);
  const consentNeeded =
    checked.client.consentRequired &&
    (checked.prompt.has('consent') || granted === null || grantable.some((scope) => !granted.has(scope)));
  return { ...checked, session, user, scopeResults: results, grantable, consentNeeded };
}

/** The client as the consent screen shows it (contract §4 `client`). */
function describeClient(client: IdpClientConfig) {
  return {
    client_id: client.clientId,
    client_type: client.type,
    client_name: client.name,
    client_description: client.description,
    ...(client.logoUrl === undefined ? {} : { client_logo_url: client.logoUrl }),
  };
}

/**
 * When the session last proved a factor (epoch ms): the ID token's `auth_time` (OpenID Connect Core §2, "Time when the
 * End-User authentication occurred"). A session without factors counts from its start.
 */
export function sessionAuthTime(session: SessionRow): number {
  const factors = JSON.parse(session.factors) as AuthenticationFactor[];
  const times = factors.map((factor) => Date.parse(factor.last_authenticated_at)).filter(Number.isFinite);
  return times.length === 0 ? session.started_at : Math.max(...times);
}

/**
 * Start (the consent screen's preflight): the client, each scope with whether this user may grant it, and whether to
 * ask. With `prompt=none` the screen must not ask (OpenID Connect Core §3.1.2.1): `consent_required` is false and the
 * submit that follows answers the client `error=consent_required` if consent was in fact needed (§3.1.2.6).
 * `prompt=login` and `prompt=select_account` are treated as no prompt: the widget cannot re-authenticate here.
 */
export async function authorizeStart(c: ProviderContext): Promise<Response> {
  const body = await readBody(c, authorizeSchema);
  const evaluation = await evaluate(c, body);
  return ok(c, {
    user_id: evaluation.user.user_id,
    user: evaluation.user,
    client: describeClient(evaluation.client),
    consent_required: evaluation.consentNeeded && !evaluation.prompt.has('none'),
    scope_results: evaluation.scopeResults,
  });
}

/**
 * Submit: the user's decision. Refusals send the browser back with the error (RFC 6749 §4.1.2.1) and store nothing;
 * otherwise the grantable scopes are remembered and a single-use code is issued (RFC 6749 §4.1.2). Either way the
 * answer's `redirect_uri` carries `state` as the client sent it and `iss` (RFC 9207 §2).
 */
export async function authorizeSubmit(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, submitSchema);
  const evaluation = await evaluate(c, body);
  const { client, prompt } = evaluation;
  const back = (params: Record<string, string>) =>
    withQuery(body.redirect_uri, { ...params, state: body.state, iss: idpIssuer(deps.config) });
  const refuse = (error: string, description: string) =>
    ok(c, { redirect_uri: back({ error, error_description: description }) });

  // OpenID Connect Core §3.1.2.1: `none` must not be combined with another prompt value.
  if (prompt.has('none') && prompt.size > 1) {
    return refuse('invalid_request', 'prompt=none cannot be combined with other prompt values.');
  }
  // OpenID Connect Core §3.1.2.6: consent is needed and the client asked that no screen be shown.
  if (prompt.has('none') && evaluation.consentNeeded) {
    return refuse('consent_required', 'The user has not granted these scopes to the client yet.');
  }
  // RFC 6749 §4.1.2.1 `access_denied`; security.md: a denied consent issues nothing.
  if (evaluation.consentNeeded && !body.consent_granted) {
    return refuse('access_denied', 'The user denied the request.');
  }

  const now = deps.clock.now();
  // RFC 6749 §10.10 and security.md: at least 128 bits from the CSPRNG (here 256), kept only as its SHA-256.
  const code = randomToken(32);
  await deps.db.transaction().execute(async (trx) => {
    await mergeGrant(trx, deps, evaluation.user.user_id, client.clientId, evaluation.grantable);
    await trx
      .insertInto('idp_authorization_codes')
      .values({
        code_id: newId('idp-code', deps.environment),
        project_id: deps.config.project.projectId,
        code_hash: sha256Hex(code),
        client_id: client.clientId,
        user_id: evaluation.user.user_id,
        session_id: evaluation.session.session_id,
        // RFC 6749 §4.1.3: the token request must name the same redirect URI.
        redirect_uri: body.redirect_uri,
        // Only the grantable scopes: the ungrantable ones are never granted (sdk-and-idp §6).
        scopes: evaluation.grantable.join(' '),
        // OpenID Connect Core §3.1.2.1: passed unchanged into the ID token.
        nonce: body.nonce ?? null,
        // RFC 7636 §4.4: kept with the code, checked against the verifier at the token endpoint.
        code_challenge: body.code_challenge ?? null,
        auth_time: sessionAuthTime(evaluation.session),
        created_at: now,
        // RFC 6749 §4.1.2: short-lived (`authorizationCodeSeconds`, at most 10 minutes).
        expires_at: now + deps.config.project.idp.authorizationCodeSeconds * 1000,
        consumed_at: null,
      })
      .execute();
  });
  return ok(c, { redirect_uri: back({ code }), authorization_code: code });
}
