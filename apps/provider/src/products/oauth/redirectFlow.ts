// The browser's trip through an upstream: `GET /v1/public/oauth/{provider}/start` stores a transaction and sends the
// browser to the upstream; `/v1/public/oauth/callback` finds the transaction by its state, completes it at the
// upstream and sends the browser to the app with `?stytch_token_type=oauth&token=…`, an error token included, so
// that every failure reaches the app by the one path. Only a start that cannot be redirected safely (and a callback
// without a live transaction) answers here instead.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { clientIp, type ProviderContext, type ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { consumeRateLimit, ipRateLimitKey } from '../../services/guards';
import { newId, randomToken, sha256Hex } from '../../services/secrets';
import type { OAuthProvider } from './config';
import { emptyProviderValues, flowSecret } from './flowSecrets';
import { IdentityRefused, resolveAttach, resolveIdentity } from './identities';
import { issueSocialToken, oauthRedirect } from './oauthTokens';
import { PROVIDER_NAMES } from './providerNames';
import { checkProvider, parseStartQuery } from './startParams';
import { authorizationUrl, completeAtUpstream, resolveUpstream, type UpstreamKind } from './upstreamClient';

/** How long the user has at the upstream: 10 minutes from the start. */
export const TRANSACTION_LIFETIME_MS = 10 * 60_000;
/** The HttpOnly cookie binding a transaction to the browser that started it. */
export const BINDING_COOKIE = 'latchkey_oauth_binding';

/** The attach token's user, used up by this start (single use), or `oauth_attach_token_not_found`. */
async function consumeAttachToken(deps: ProviderDeps, token: string, provider: OAuthProvider): Promise<string> {
  const now = deps.clock.now();
  const row = await deps.db
    .updateTable('oauth_attach_tokens')
    .set({ consumed_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', deps.config.project.projectId)
    .where('provider', '=', provider)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) throw new ProviderError('oauth_attach_token_not_found');
  return row.user_id;
}

/** Path and Secure flag of the binding cookie: the callback's path under `publicUrl`, Secure over https. */
function cookieScope(deps: ProviderDeps) {
  const url = new URL(deps.config.publicUrl);
  const isSecure = url.protocol === 'https:';
  return {
    path: `${url.pathname.replace(/\/$/, '')}/v1/public/oauth`,
    secure: isSecure,
    httpOnly: true,
    // Apple posts its answer cross-site (form_post), which a Lax cookie would miss; None needs Secure.
    sameSite: isSecure ? ('None' as const) : ('Lax' as const),
  };
}

/** The browser's binding value: the one its cookie already holds, or a fresh one set now. */
function browserBinding(c: ProviderContext): string {
  const existing = getCookie(c, BINDING_COOKIE);
  if (existing !== undefined && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const binding = randomToken(32);
  setCookie(c, BINDING_COOKIE, binding, { ...cookieScope(c.get('deps')), maxAge: 24 * 60 * 60 });
  return binding;
}

/**
 * `GET /v1/public/oauth/{provider}/start`: checks the provider, the public token, the query and the redirect URLs
 * (any failure answers a JSON error, never a redirect), counts against the per-IP limit, uses up an attach token,
 * stores the transaction and answers 302 to the upstream's authorize URL.
 */
export async function start(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  const provider = checkProvider(project, c.req.param('provider') ?? '');
  const params = parseStartQuery(project, new URL(c.req.url));
  if (project.pkce.oauth && params.codeChallenge === null) throw new ProviderError('missing_pkce');
  const ip = clientIp(c);
  // An unknown address counts too, under one shared key (services/guards.ts ipRateLimitKey).
  await consumeRateLimit(deps, `oauthStartsPerIp:${ipRateLimitKey(ip)}`, deps.config.rateLimits.oauthStartsPerIp);
  const upstream = await resolveUpstream(deps, provider);
  const attachUserId =
    params.attachToken === null ? null : await consumeAttachToken(deps, params.attachToken, provider);

  const state = randomToken(32);
  const salt = randomToken(16);
  const { descriptor } = upstream;
  const scopes = [...new Set([...descriptor.scopes, ...params.customScopes])];
  const usesNonce = descriptor.oidc !== undefined;
  const now = deps.clock.now();
  await deps.db.deleteFrom('oauth_transactions').where('expires_at', '<=', now).execute();
  await deps.db
    .insertInto('oauth_transactions')
    .values({
      transaction_id: newId('oauth-transaction', deps.environment),
      project_id: project.projectId,
      provider,
      state_hash: sha256Hex(state),
      binding_hash: sha256Hex(browserBinding(c)),
      secret_salt: salt,
      uses_pkce: descriptor.pkce ? 1 : 0,
      uses_nonce: usesNonce ? 1 : 0,
      upstream: upstream.kind,
      scopes: JSON.stringify(scopes),
      code_challenge: params.codeChallenge,
      login_redirect_url: params.redirects.login,
      signup_redirect_url: params.redirects.signup,
      attach_user_id: attachUserId,
      created_at: now,
      expires_at: now + TRANSACTION_LIFETIME_MS,
      consumed_at: null,
    })
    .execute();
  const url = authorizationUrl(deps, upstream, {
    state,
    codeVerifier: descriptor.pkce ? flowSecret(deps.hmacKey, salt, 'pkce-verifier') : null,
    nonce: usesNonce ? flowSecret(deps.hmacKey, salt, 'oidc-nonce') : null,
    scopes,
    params: params.providerParams,
  });
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  return c.redirect(url.toString(), 302);
}

/** The page for a callback that has no live transaction: nothing to redirect to safely. */
function expiredPage(c: Context): Response {
  c.header('cache-control', 'no-store');
  return c.html(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in expired</title></head><body>' +
      '<main><h1>This sign-in can no longer be completed</h1>' +
      '<p>It was completed already, it expired, or it was not started here. Go back to the app and sign in again.</p>' +
      '</main></body></html>',
    400,
  );
}

/** What the user reads after cancelling at the provider (`error=access_denied`): what happened, and that nothing did. */
export function cancelledMessage(provider: OAuthProvider, isLinking: boolean): string {
  const name = PROVIDER_NAMES[provider];
  return isLinking
    ? `You cancelled at ${name}, so ${name} was not linked to your account.`
    : `You cancelled signing in with ${name}, so you are not signed in. You can try again or choose another way.`;
}

/** An upstream `error` as it may appear in a message: its RFC 6749 characters only, at most 64. */
function upstreamErrorCode(value: string): string {
  return value.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '').slice(0, 64);
}

/**
 * `GET` (and, for Apple's form_post, `POST`) `/v1/public/oauth/callback`: the transaction of `state` is used up
 * (single use, 10 minutes) only by the browser that started it (its binding cookie); an unknown, used or expired one
 * answers a 400 page. A callback in another browser than the start's becomes an `oauth_flow_callback_error` token
 * and leaves the transaction live for its owner; an upstream `error`, a failed code exchange, ID token or profile
 * become an `oauth_flow_callback_error` token too (the transaction used up); an
 * identity the linking rules refuse becomes a token of that refusal. Otherwise the identity's oauth token goes to
 * the login redirect URL (existing user) or the signup one (new user).
 */
export async function callback(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const fields: Record<string, string> = {};
  const query = new URL(c.req.url).searchParams;
  for (const name of ['state', 'code', 'error']) fields[name] = query.get(name) ?? '';
  if (c.req.method === 'POST') {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    for (const name of ['state', 'code', 'error']) {
      if (typeof form[name] === 'string') fields[name] = form[name] as string;
    }
  }
  const state = fields.state ?? '';
  if (state === '' || state.length > 256) return expiredPage(c);
  const now = deps.clock.now();
  const found = await deps.db
    .selectFrom('oauth_transactions')
    .selectAll()
    .where('state_hash', '=', sha256Hex(state))
    .where('project_id', '=', deps.config.project.projectId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!found) return expiredPage(c);
  // The binding is checked BEFORE the transaction is used up (RFC 6749 §10.12, RFC 9700 §4.7.1: the state is bound
  // to the user agent):
  // the callback URL replayed in another browser is refused and burns nothing, so the browser that started can still
  // finish. Only the right browser's callback takes the transaction, by one conditional UPDATE that checks the
  // binding again (single use under parallel callbacks).
  const binding = getCookie(c, BINDING_COOKIE);
  const bound = binding !== undefined && sha256Hex(binding) === found.binding_hash;
  const transaction = bound
    ? await deps.db
        .updateTable('oauth_transactions')
        .set({ consumed_at: now })
        .where('transaction_id', '=', found.transaction_id)
        .where('binding_hash', '=', found.binding_hash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst()
    : found;
  if (!transaction) return expiredPage(c);
  const provider = transaction.provider as OAuthProvider;
  const send = (token: string, isNewUser: boolean) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const target = isNewUser ? transaction.signup_redirect_url : transaction.login_redirect_url;
    return c.redirect(oauthRedirect(target, token), 302);
  };
  const fail = async (errorType: 'oauth_flow_callback_error', detail: string, plain?: string) => {
    const message =
      plain ?? `An error was encountered in the callback of the OAuth flow. Please try again. (${detail})`;
    const token = await issueSocialToken(deps.db, deps, {
      provider,
      codeChallenge: transaction.code_challenge,
      content: { kind: 'error', errorType, message },
    });
    return send(token, false);
  };

  if (!bound) {
    // Refused without using the transaction up: an error token for this browser's app page, nothing more. Each such
    // answer stores a token, and the transaction stays live, so it counts against the per-IP limit of the starts
    // (unauthenticated writes are throttled per IP): replaying a callback URL cannot fill the table.
    await consumeRateLimit(
      deps,
      `oauthStartsPerIp:${ipRateLimitKey(clientIp(c))}`,
      deps.config.rateLimits.oauthStartsPerIp,
    );
    return fail('oauth_flow_callback_error', 'state mismatch: the sign-in was started in another browser');
  }
  if (fields.error === 'access_denied') {
    // The user said no at the provider (RFC 6749 §4.1.2.1): a plain sentence the page can show as it is, never the
    // protocol's code. The error type stays the catalogue's, as Stytch answers it.
    return fail(
      'oauth_flow_callback_error',
      'access_denied',
      cancelledMessage(provider, transaction.attach_user_id !== null),
    );
  }
  if (fields.error !== '') return fail('oauth_flow_callback_error', upstreamErrorCode(fields.error ?? ''));
  if (fields.code === '' || (fields.code ?? '').length > 4096) {
    return fail('oauth_flow_callback_error', 'the upstream sent no authorization code');
  }
  let result: Awaited<ReturnType<typeof completeAtUpstream>>;
  try {
    const upstream = await resolveUpstream(deps, provider, transaction.upstream as UpstreamKind);
    result = await completeAtUpstream(deps, upstream, {
      code: fields.code as string,
      codeVerifier:
        transaction.uses_pkce === 1 ? flowSecret(deps.hmacKey, transaction.secret_salt, 'pkce-verifier') : null,
      nonce: transaction.uses_nonce === 1 ? flowSecret(deps.hmacKey, transaction.secret_salt, 'oidc-nonce') : null,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return fail(
      'oauth_flow_callback_error',
      typeof code === 'string' ? upstreamErrorCode(code) : 'code exchange failed',
    );
  }
  const { tokens, idToken, profile } = result;
  const providerValues = {
    ...emptyProviderValues(),
    access_token: tokens.accessToken(),
    id_token: idToken,
    refresh_token: tokens.hasRefreshToken() ? tokens.refreshToken() : '',
    scopes: tokens.hasScopes() ? tokens.scopes() : (JSON.parse(transaction.scopes) as string[]),
    expires_at: 'expires_in' in tokens.data ? tokens.accessTokenExpiresAt().toISOString() : '',
  };
  try {
    const issued = await deps.db.transaction().execute(async (trx) => {
      const attachUserId = transaction.attach_user_id;
      if (attachUserId !== null) {
        // An attach flow links nothing here: a session of the user who asked links it at the redemption.
        const link = await resolveAttach(trx, deps, { provider, profile, attachUserId });
        const token = await issueSocialToken(trx, deps, {
          provider,
          codeChallenge: transaction.code_challenge,
          content: { kind: 'link', userId: attachUserId, link, providerValues },
        });
        return { token, isNewUser: false };
      }
      const identity = await resolveIdentity(trx, deps, { provider, profile });
      const token = await issueSocialToken(trx, deps, {
        provider,
        codeChallenge: transaction.code_challenge,
        content: {
          kind: 'identity',
          registration: identity.registration,
          providerValues,
          accountReset: identity.accountReset,
        },
      });
      return { token, isNewUser: identity.isNewUser };
    });
    return send(issued.token, issued.isNewUser);
  } catch (error) {
    if (!(error instanceof IdentityRefused)) throw error;
    const token = await issueSocialToken(deps.db, deps, {
      provider,
      codeChallenge: transaction.code_challenge,
      content: { kind: 'error', errorType: error.error.errorType, message: error.error.message },
    });
    return send(token, false);
  }
}
