// `POST /sdk/v1/idp/oauth/authorize/start` and `/submit`: the authorization endpoint (RFC 6749 §3.1, §4.1; OpenID
// Connect Core §3.1.2) as the host's consent page drives it. The browser is on the host's page with the client's
// query; the widget relays it here with the user's Latchkey session, and `submit` answers the URI to send the browser
// back to, carrying the authorization code (or the error).
import type { AuthenticationFactor, IdpReauthenticationReason, IdpScopeResult, User } from '@latchkey/sdk/contract';
import { dialectOf } from '../../../db/dialect';
import { ok, type ProviderContext, type ProviderDeps, readBody } from '../../../http/context';
import { ProviderError } from '../../../http/errors';
import { newId, randomToken, sha256Hex } from '../../../services/secrets';
import { findLiveSession, type SessionRow, sessionStands } from '../../../services/sessions';
import { loadUser } from '../../../services/users';
import { idpIssuer } from '../clients';
import type { IdpClientConfig } from '../config';
import { subjectOf } from '../subjects';
import { grantedScopes, mergeGrant } from './grants';
import { issueLoginTicket, loginTicketIssuedAt } from './loginTicket';
import {
  AuthorizationErrorRedirect,
  type AuthorizeBody,
  authorizeSchema,
  type CheckedRequest,
  checkRequestParameters,
  submitSchema,
  verifyClientAndRedirect,
  withQuery,
} from './request';
import { scopeResults } from './scopes';

/** Where an authorization request stands for the signed-in user, once every check before consent passed. */
interface Evaluation extends CheckedRequest {
  session: SessionRow;
  user: User;
  scopeResults: IdpScopeResult[];
  /** The requested scopes this user may grant; the others are never granted. */
  grantable: string[];
  /**
   * The user must be asked: the client asks for consent and either the request says `prompt=consent` (OpenID Connect
   * Core §3.1.2.1) or the remembered grant does not cover every grantable scope requested.
   */
  consentNeeded: boolean;
}

/** The outcome of the checks: the whole answer to send now (a redirect or a request to sign in again), or consent. */
type Outcome = { answer: Record<string, unknown> } | { evaluation: Evaluation };

/** The request's redirect URI with `params`, `state` as the client sent it and `iss` (RFC 9207 §2). */
function redirectBack(deps: ProviderDeps, body: AuthorizeBody, params: Record<string, string>): string {
  return withQuery(body.redirect_uri, { ...params, state: body.state, iss: idpIssuer(deps.config) });
}

/** An error answer that sends the browser back to the client (RFC 6749 §4.1.2.1): `{ redirect_uri }` and nothing else. */
function errorRedirect(deps: ProviderDeps, body: AuthorizeBody, error: string, description: string): Outcome {
  return { answer: { redirect_uri: redirectBack(deps, body, { error, error_description: description }) } };
}

/** Why the session must be proved again before this request goes on (issue order: login, max_age, id_token_hint). */
async function reauthenticationReason(
  deps: ProviderDeps,
  checked: CheckedRequest,
  body: AuthorizeBody,
  session: SessionRow,
): Promise<IdpReauthenticationReason | null> {
  const now = deps.clock.now();
  const authTime = await sessionAuthTime(deps, session);
  // A valid login ticket of this very request (client, redirect URI, state, nonce, code_challenge: loginTicket.ts)
  // issued before the session's authentication: the user signed in again after this request asked for it.
  // Another request's ticket (another user's among them) is no ticket. It stands for `prompt=login` and for `max_age`
  // (OpenID Connect Core §3.1.2.1: max_age=0 is prompt=login; a fresh sign-in answering this request satisfies the
  // request however long it took).
  const ticketIssuedAt =
    body.login_ticket === undefined ? null : loginTicketIssuedAt(deps.hmacKey, body.login_ticket, body, now);
  // Strictly after: a sign-in in the very millisecond the ticket was issued may have come before it.
  const signedInAgain = ticketIssuedAt !== null && ticketIssuedAt < authTime;
  // OpenID Connect Core §3.1.2.1 `prompt=login`: "The Authorization Server SHOULD prompt the End-User for
  // reauthentication."
  if (checked.prompt.has('login') && !signedInAgain) return 'login';
  // OpenID Connect Core §3.1.2.1 `max_age`: "If the elapsed time is greater than this value, the OP MUST attempt to
  // actively re-authenticate the End-User."
  if (checked.maxAgeSeconds !== null && now - authTime > checked.maxAgeSeconds * 1000 && !signedInAgain) {
    return 'max_age';
  }
  // OpenID Connect Core §3.1.2.1 `id_token_hint`: a positive response only if the user it identifies "is logged in
  // or is logged in by the request"; never a code for another user. The hint names the user by subject
  // (../subjects.ts): one issued under a subject a pre-hijacking reset replaced names nobody any more, so it never
  // names the signed-in user either.
  if (checked.hintSubject !== null && checked.hintSubject !== (await subjectOf(deps.db, session.user_id))) {
    return 'id_token_hint';
  }
  return null;
}

/** Why `prompt=none` stops the request at the client: `error_description` of `login_required`. */
const LOGIN_REQUIRED: Record<IdpReauthenticationReason | 'no_session', string> = {
  no_session: 'No user is signed in, and prompt=none forbids asking for a sign-in.',
  login: 'The user must sign in again, and prompt=none forbids asking for a sign-in.',
  max_age: 'The user signed in longer ago than max_age allows, and prompt=none forbids asking for a sign-in.',
  id_token_hint:
    'The signed-in user is not the one the id_token_hint names, and prompt=none forbids asking for a sign-in.',
};

/**
 * Every check of an authorization request, start and submit alike, in this order:
 * 1. the client (`oauth_client_not_found`) and 2. its redirect URI (`invalid_redirect_uri`): JSON errors for the
 *    widget's error screen, since nothing may be sent to an unverified redirect URI (RFC 6749 §4.1.2.1);
 * 3. the request itself (response type, PKCE, prompt, max_age, scopes, id_token_hint): errors go back to the client;
 * 4. the session: none or dead is `login_required` at the client with `prompt=none` (OpenID Connect Core §3.1.2.6),
 *    else a JSON error (`user_unauthenticated` / `session_not_found`) and the widget shows its sign-in;
 * 5. an impersonated session may not consent in the user's name (`unauthorized_action`; `login_required` at the
 *    client with `prompt=none`);
 * 6. re-authentication (`prompt=login`, `max_age`, `id_token_hint`): `login_required` at the client with
 *    `prompt=none`, else `reauthentication_required` with a login ticket;
 * 7. then consent.
 */
async function evaluate(c: ProviderContext, body: AuthorizeBody): Promise<Outcome> {
  const deps = c.get('deps');
  const client = verifyClientAndRedirect(deps.config, body);
  let checked: CheckedRequest;
  try {
    checked = await checkRequestParameters(deps, client, body);
  } catch (error) {
    if (error instanceof AuthorizationErrorRedirect) return errorRedirect(deps, body, error.error, error.description);
    throw error;
  }
  // Anonymous visitors cannot use the authorize flow: someone must be signed in to grant anything.
  const { sessionToken } = c.get('auth');
  const session = sessionToken === null ? undefined : await findLiveSession(deps, sessionToken);
  if (!session) {
    // OpenID Connect Core §3.1.2.6 `login_required`: prompt=none and nobody to act for.
    if (checked.prompt.has('none')) return errorRedirect(deps, body, 'login_required', LOGIN_REQUIRED.no_session);
    // The client and its redirect URI are verified: the refusal names the client (`error_details.client`), so the
    // sign-in step can say which application asks. A request that wants a fresh sign-in (`prompt=login`, `max_age`)
    // gets its login ticket now too (`error_details.login_ticket`): the sign-in this refusal leads to comes after the
    // ticket, so it answers the request (OpenID Connect Core §3.1.2.1: the End-User is prompted for authentication
    // once), where without one the widget's next call found the new session's sign-in unproved and asked for a second.
    const wantsFreshSignIn = checked.prompt.has('login') || checked.maxAgeSeconds !== null;
    throw new ProviderError(sessionToken === null ? 'user_unauthenticated' : 'session_not_found', {
      details: {
        client: describeClient(client),
        ...(wantsFreshSignIn ? { login_ticket: issueLoginTicket(deps.hmacKey, body, deps.clock.now()) } : {}),
      },
    });
  }
  // An impersonated session (support acting as the user) may look at the user's account but never grant a third
  // party access in the user's name: consent is the user's own decision (README, "Security": consent shows exactly what
  // the user grants). With prompt=none the refusal goes to the client as `login_required` (OpenID Connect Core
  // §3.1.2.1: prompt=none "MUST NOT display any authentication or consent user interface pages"; §3.1.2.6), as does
  // a session whose user is gone.
  if (session.impersonator_id !== null) {
    if (checked.prompt.has('none')) {
      const description =
        'An impersonated session may not grant access: the user must sign in, and prompt=none forbids it.';
      return errorRedirect(deps, body, 'login_required', description);
    }
    throw new ProviderError('unauthorized_action');
  }
  const user = await loadUser(deps.db, session.user_id);
  if (!user) {
    if (checked.prompt.has('none')) return errorRedirect(deps, body, 'login_required', LOGIN_REQUIRED.no_session);
    throw new ProviderError('session_not_found');
  }
  const reason = await reauthenticationReason(deps, checked, body, session);
  if (reason !== null) {
    // OpenID Connect Core §3.1.2.6: the user would have to sign in, and prompt=none forbids asking.
    if (checked.prompt.has('none')) return errorRedirect(deps, body, 'login_required', LOGIN_REQUIRED[reason]);
    const loginTicket = issueLoginTicket(deps.hmacKey, body, deps.clock.now());
    return {
      answer: { reauthentication_required: { reason, login_ticket: loginTicket }, client: describeClient(client) },
    };
  }
  const results = scopeResults(deps.config.project, user.roles, checked.scopes);
  const grantable = results.filter((result) => result.is_grantable).map((result) => result.scope);
  const granted = await grantedScopes(deps.db, deps, user.user_id, client.clientId);
  const consentNeeded = needsConsent(checked, grantable, granted);
  return { evaluation: { ...checked, session, user, scopeResults: results, grantable, consentNeeded } };
}

/** `Evaluation.consentNeeded` when the remembered grant holds `granted` (null: there is none). */
function needsConsent(checked: CheckedRequest, grantable: string[], granted: Set<string> | null): boolean {
  return (
    checked.client.consentRequired &&
    (checked.prompt.has('consent') || granted === null || grantable.some((scope) => !granted.has(scope)))
  );
}

/**
 * The client as the widget shows it (the answer's `client`; also in a no-session refusal's `error_details` and a
 * `reauthentication_required` answer, so the sign-in step can name the application): its logo, privacy policy
 * (RFC 7591 `policy_uri`) and terms (`tos_uri`) when configured.
 */
export function describeClient(client: IdpClientConfig) {
  return {
    client_id: client.clientId,
    client_type: client.type,
    client_name: client.name,
    client_description: client.description,
    ...(client.logoUrl === undefined ? {} : { client_logo_url: client.logoUrl }),
    ...(client.policyUri === undefined ? {} : { client_policy_uri: client.policyUri }),
    ...(client.tosUri === undefined ? {} : { client_tos_uri: client.tosUri }),
  };
}

/** The factor type of a session opened by `sessions/exchange_access_token` (sessionExchange/accessTokenExchange.ts). */
const ACCESS_TOKEN_EXCHANGE_FACTOR = 'oauth_access_token_exchange';

/**
 * When the session last proved a factor (epoch ms): the ID token's `auth_time` (OpenID Connect Core §2, "Time when the
 * End-User authentication occurred"). A session without factors counts from its start.
 *
 * An access token exchanged for a session is not the End-User authenticating (OpenID Connect Core §2): the exchange
 * factor's time is never counted, or a holder of a `full_access` token could mint a "just signed in" session and pass
 * another client's `max_age` or `prompt=login`. An exchanged session counts from the `auth_time` of the token it came
 * from (kept as long as the session references it), or from a real factor proved in it since; one exchanged before
 * the token was recorded (migration 0010) and proving nothing since has no known authentication time: 0, so any
 * `max_age` asks for a sign-in.
 */
export async function sessionAuthTime(deps: ProviderDeps, session: SessionRow): Promise<number> {
  const factors = JSON.parse(session.factors) as AuthenticationFactor[];
  const times = factors
    .filter((factor) => factor.type !== ACCESS_TOKEN_EXCHANGE_FACTOR)
    .map((factor) => Date.parse(factor.last_authenticated_at))
    .filter(Number.isFinite);
  const exchanged = session.exchanged_token_id !== null || session.exchanged_client_id !== null;
  if (session.exchanged_token_id !== null) {
    const source = await deps.db
      .selectFrom('idp_tokens')
      .select('auth_time')
      .where('project_id', '=', deps.config.project.projectId)
      .where('token_id', '=', session.exchanged_token_id)
      .executeTakeFirst();
    if (source) times.push(source.auth_time);
  }
  if (times.length > 0) return Math.max(...times);
  return exchanged ? 0 : session.started_at;
}

/**
 * Start (the consent screen's preflight): the client, each scope with whether this user may grant it, and whether to
 * ask; or, when a check sends the browser back or asks for a fresh sign-in, that answer alone (see `evaluate`). With
 * `prompt=none` the screen must not ask (OpenID Connect Core §3.1.2.1): `consent_required` is false and the submit
 * that follows answers the client `error=consent_required` if consent was in fact needed (OpenID Connect Core
 * §3.1.2.6).
 * `prompt=select_account` is treated as no prompt: a session holds one user.
 */
export async function authorizeStart(c: ProviderContext): Promise<Response> {
  const body = await readBody(c, authorizeSchema);
  const outcome = await evaluate(c, body);
  if ('answer' in outcome) return ok(c, outcome.answer);
  const { evaluation } = outcome;
  return ok(c, {
    user_id: evaluation.user.user_id,
    user: evaluation.user,
    client: describeClient(evaluation.client),
    consent_required: evaluation.consentNeeded && !evaluation.prompt.has('none'),
    scope_results: evaluation.scopeResults,
  });
}

/**
 * Submit: the user's decision, after the same checks as start (a crafted submit skips none of them). Refusals send the
 * browser back with the error (RFC 6749 §4.1.2.1) and store nothing; otherwise the grantable scopes are remembered
 * and a single-use code is issued (RFC 6749 §4.1.2). Either way the answer's `redirect_uri` carries `state` as the
 * client sent it and `iss` (RFC 9207 §2). The session and the grant are checked again in the transaction that stores
 * them, as a dead session and as consent are answered above: a revocation may have come after the checks.
 */
export async function authorizeSubmit(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, submitSchema);
  const outcome = await evaluate(c, body);
  if ('answer' in outcome) return ok(c, outcome.answer);
  const { evaluation } = outcome;
  const { client, prompt } = evaluation;
  const refusal = (error: string, description: string) => ({
    redirect_uri: redirectBack(deps, body, { error, error_description: description }),
  });
  const consentRefusal = (consentNeeded: boolean) => {
    // OpenID Connect Core §3.1.2.6: consent is needed and the client asked that no screen be shown.
    if (prompt.has('none') && consentNeeded) {
      return refusal('consent_required', 'The user has not granted these scopes to the client yet.');
    }
    // RFC 6749 §4.1.2.1 `access_denied`; README, "Security": a denied consent issues nothing.
    if (consentNeeded && !body.consent_granted) return refusal('access_denied', 'The user denied the request.');
    return null;
  };
  const refused = consentRefusal(evaluation.consentNeeded);
  if (refused) return ok(c, refused);

  const now = deps.clock.now();
  // RFC 6749 §10.10 and the README's Security section: at least 128 bits from the CSPRNG (here 256), kept only as its SHA-256.
  const code = randomToken(32);
  // Read before the transaction: on SQLite the open transaction holds the only connection.
  const authTime = await sessionAuthTime(deps, evaluation.session);
  const { user } = evaluation;
  const answer = await deps.db.transaction().execute(async (trx) => {
    // The checks above read outside this transaction: a revocation may have come since. The session again, `FOR
    // SHARE` on PostgreSQL: the pre-hijacking reset revokes the sessions before it removes the grants and codes, so it
    // either waits for this transaction and then removes what it wrote, or this read waits and sees the session ended.
    const session = await trx
      .selectFrom('sessions')
      .selectAll()
      .where('session_id', '=', evaluation.session.session_id)
      .$if(dialectOf(trx) === 'postgres', (query) => query.forShare())
      .executeTakeFirst();
    if (!session || session.revoked_at !== null || session.expires_at <= now || !sessionStands(deps, session)) {
      if (prompt.has('none')) return refusal('login_required', LOGIN_REQUIRED.no_session);
      throw new ProviderError('session_not_found', { details: { client: describeClient(client) } });
    }
    // And the grant, `FOR UPDATE`: consent is decided from the row this transaction holds, so a grant a connected-app
    // revoke just deleted is not created again from a remembered consent read before it (asked again instead), and a
    // revoke coming later waits, then deletes the code issued here with the grant.
    const granted = await grantedScopes(trx, deps, user.user_id, client.clientId, true);
    const refusedNow = consentRefusal(needsConsent(evaluation, evaluation.grantable, granted));
    if (refusedNow) return refusedNow;
    await mergeGrant(trx, deps, user.user_id, client.clientId, evaluation.grantable);
    // A grant a parallel submit inserted was not locked above (it was not there): locked now, before the code.
    if (granted === null) await grantedScopes(trx, deps, user.user_id, client.clientId, true);
    await trx
      .insertInto('idp_authorization_codes')
      .values({
        code_id: newId('idp-code', deps.environment),
        project_id: deps.config.project.projectId,
        code_hash: sha256Hex(code),
        client_id: client.clientId,
        user_id: user.user_id,
        session_id: evaluation.session.session_id,
        // RFC 6749 §4.1.3: the token request must name the same redirect URI.
        redirect_uri: body.redirect_uri,
        // Only the grantable scopes: the ungrantable ones are never granted.
        scopes: evaluation.grantable.join(' '),
        // OpenID Connect Core §3.1.2.1: passed unchanged into the ID token.
        nonce: body.nonce ?? null,
        // RFC 7636 §4.4: kept with the code, checked against the verifier at the token endpoint.
        code_challenge: body.code_challenge ?? null,
        // OpenID Connect Core §2 and §3.1.2.1: every ID token carries `auth_time` (so it is there whenever `max_age` was
        // sent, as §3.1.2.1 requires); the code keeps it for the token endpoint.
        auth_time: authTime,
        created_at: now,
        // RFC 6749 §4.1.2: short-lived (`authorizationCodeSeconds`, at most 10 minutes).
        expires_at: now + deps.config.project.idp.authorizationCodeSeconds * 1000,
        consumed_at: null,
      })
      .execute();
    return { redirect_uri: redirectBack(deps, body, { code }), authorization_code: code };
  });
  return ok(c, answer);
}
