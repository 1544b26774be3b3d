// Google One Tap: Google's script hands the page an ID token (the "credential") instead of a redirect. The start
// answers the Google client id and a nonce (single use, 5 minutes, stored as its hash); the submit verifies the
// credential (Google's keys and issuers, audience = the client id, expiry, the nonce), applies the same linking rules
// as the redirect flow and answers where to send the browser: the login or signup redirect URL with an oauth token.
// In development without a configured client id, the development upstream's Google client, keys and issuer stand in.
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { consumeRateLimit, ipRateLimitKey } from '../../services/guards';
import { randomToken, sha256Hex } from '../../services/secrets';
import { developmentUpstreamOf } from './developmentUpstream/byInstance';
import { emptyProviderValues } from './flowSecrets';
import { IdentityRefused, resolveIdentity } from './identities';
import { issueSocialToken, oauthRedirect } from './oauthTokens';
import { mapProfile } from './profiles';
import { CODE_CHALLENGE, checkProvider, resolveRedirects } from './startParams';
import { verifyUpstreamJwt } from './upstreamClient';

/** How long a One Tap nonce can be used: 5 minutes. */
export const ONE_TAP_NONCE_LIFETIME_MS = 5 * 60_000;

const redirectFields = {
  login_redirect_url: z.string().max(2048).optional(),
  signup_redirect_url: z.string().max(2048).optional(),
};
const startSchema = z.object(redirectFields);
const submitSchema = z.object({
  credential: z.string().max(8192),
  nonce: z.string().max(256),
  ...redirectFields,
  code_challenge: z.string().regex(CODE_CHALLENGE, 'must be an S256 challenge: 43 base64url characters').optional(),
});

/** The Google client, keys and issuers One Tap credentials are checked against. */
interface OneTapVerifier {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}

/**
 * The configured One Tap client (Google's keys and issuers, or the configured ones), else the development upstream's
 * Google client; `oauth_provider_not_allowed` when google is not one of the project's providers,
 * `oauth_config_not_found` without a client.
 */
async function oneTapVerifier(c: ProviderContext): Promise<OneTapVerifier> {
  const deps = c.get('deps');
  const { oauth } = deps.config.project;
  checkProvider(deps.config.project, 'google');
  const configured = oauth.googleOneTap;
  if (configured.clientId !== undefined) {
    return { clientId: configured.clientId, jwksUrl: configured.jwksUrl, issuers: configured.issuers };
  }
  const developmentUpstream = developmentUpstreamOf(deps);
  if (developmentUpstream) {
    const upstream = await developmentUpstream.get();
    return {
      clientId: upstream.clientIdFor('google'),
      jwksUrl: upstream.endpoints('google').jwks,
      issuers: [upstream.issuer],
    };
  }
  throw new ProviderError('oauth_config_not_found', {
    message: 'Google One Tap has no client id (project.oauth.googleOneTap.clientId).',
  });
}

/** `oauth/google/onetap/start`: the Google client id and a fresh nonce, with the redirect URLs checked now. */
async function oneTapStart(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, startSchema);
  const verifier = await oneTapVerifier(c);
  const redirects = resolveRedirects(deps.config.project, {
    login: body.login_redirect_url,
    signup: body.signup_redirect_url,
  });
  const ip = clientIp(c);
  // An unknown address counts too, under one shared key (services/guards.ts ipRateLimitKey).
  await consumeRateLimit(deps, `oauthStartsPerIp:${ipRateLimitKey(ip)}`, deps.config.rateLimits.oauthStartsPerIp);
  const nonce = randomToken(32);
  const now = deps.clock.now();
  await deps.db.deleteFrom('oauth_onetap_nonces').where('expires_at', '<=', now).execute();
  await deps.db
    .insertInto('oauth_onetap_nonces')
    .values({
      nonce_hash: sha256Hex(nonce),
      project_id: deps.config.project.projectId,
      login_redirect_url: redirects.login,
      signup_redirect_url: redirects.signup,
      created_at: now,
      expires_at: now + ONE_TAP_NONCE_LIFETIME_MS,
      consumed_at: null,
    })
    .execute();
  return ok(c, { google_client_id: verifier.clientId, nonce });
}

/**
 * `oauth/google/onetap/submit`: the credential must verify (`invalid_google_credential`) and carry the nonce of a live
 * start, which it uses up (`google_onetap_nonce_not_found`). Then the identity signs in or up as in the redirect flow
 * (a refusal is answered as its error) and the answer names the redirect URL with the oauth token.
 */
async function oneTapSubmit(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  const body = await readBody(c, submitSchema);
  const verifier = await oneTapVerifier(c);
  if (project.pkce.oauth && body.code_challenge === undefined) throw new ProviderError('missing_pkce');
  let claims: Awaited<ReturnType<typeof verifyUpstreamJwt>>;
  try {
    claims = await verifyUpstreamJwt(body.credential, {
      jwksUrl: verifier.jwksUrl,
      issuer: verifier.issuers,
      audience: verifier.clientId,
    });
  } catch {
    throw new ProviderError('invalid_google_credential');
  }
  if (claims.nonce !== body.nonce) {
    throw new ProviderError('invalid_google_credential', {
      message: 'The Google credential does not carry the nonce of this One Tap start.',
    });
  }
  const profile = mapProfile('google', claims);
  const now = deps.clock.now();
  let issued: { token: string; redirectUrl: string };
  try {
    issued = await deps.db.transaction().execute(async (trx) => {
      const nonce = await trx
        .updateTable('oauth_onetap_nonces')
        .set({ consumed_at: now })
        .where('nonce_hash', '=', sha256Hex(body.nonce))
        .where('project_id', '=', project.projectId)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (!nonce) throw new ProviderError('google_onetap_nonce_not_found');
      // URLs named now must be allowed too; otherwise those the start named.
      const redirects = resolveRedirects(project, {
        login: body.login_redirect_url ?? nonce.login_redirect_url,
        signup: body.signup_redirect_url ?? nonce.signup_redirect_url,
      });
      const identity = await resolveIdentity(trx, deps, { provider: 'google', profile });
      const token = await issueSocialToken(trx, deps, {
        provider: 'google',
        codeChallenge: body.code_challenge ?? null,
        content: {
          kind: 'identity',
          registration: identity.registration,
          accountReset: identity.accountReset,
          providerValues: {
            ...emptyProviderValues(),
            id_token: body.credential,
            scopes: ['openid', 'email', 'profile'],
          },
        },
      });
      return { token, redirectUrl: identity.isNewUser ? redirects.signup : redirects.login };
    });
  } catch (error) {
    if (!(error instanceof IdentityRefused)) throw error;
    // The refusal rolled the transaction back: the nonce is used up all the same (single use).
    await deps.db
      .updateTable('oauth_onetap_nonces')
      .set({ consumed_at: now })
      .where('nonce_hash', '=', sha256Hex(body.nonce))
      .where('consumed_at', 'is', null)
      .execute();
    throw error.error;
  }
  return ok(c, { redirect_url: oauthRedirect(issued.redirectUrl, issued.token) });
}

/** The One Tap calls (`oauth/google/onetap/start`, `/submit`). */
export function registerOneTapRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/oauth/google/onetap/start', oneTapStart);
  app.post('/sdk/v1/oauth/google/onetap/submit', oneTapSubmit);
}
