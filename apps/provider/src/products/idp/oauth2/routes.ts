import type { Hono } from 'hono';
import type { ProviderContext, ProviderEnv } from '../../../http/context';
import { idTokenSigner } from './idTokens';
import { discoveryDocument, OAUTH2_PATHS } from './metadata';
import { withOAuthErrors } from './protocol';
import { revocationEndpoint } from './revocation';
import { tokenEndpoint } from './tokenEndpoint';
import { userinfoEndpoint } from './userinfo';

/** The discovery document (OpenID Connect Discovery 1.0 §4, RFC 8414 §3). */
function discovery(c: ProviderContext): Response {
  return c.json(discoveryDocument(c.get('deps').config));
}

/** The ID-token verification keys as a JWK Set (RFC 7517 §5; OpenID Connect Core §10.1.1). */
async function jwks(c: ProviderContext): Promise<Response> {
  return c.json(await idTokenSigner(c.get('deps')).jwks());
}

/**
 * The standard endpoints a relying party calls, outside `/sdk/v1`: discovery, JWKS, token, userinfo and revocation.
 * Any origin may call them, without credentials (http/app.ts `isOpenCorsPath`): relying parties may be browsers.
 * The authorization and end-session endpoints are the host's pages (the widget), not routes of the provider.
 */
export function registerOAuth2Routes(app: Hono<ProviderEnv>): void {
  app.get('/.well-known/openid-configuration', discovery);
  app.get('/.well-known/oauth-authorization-server', discovery);
  app.get(OAUTH2_PATHS.jwks, jwks);
  app.post(OAUTH2_PATHS.token, withOAuthErrors(tokenEndpoint));
  // OpenID Connect Core §5.3.1: the UserInfo endpoint takes GET and POST.
  app.get(OAUTH2_PATHS.userinfo, withOAuthErrors(userinfoEndpoint));
  app.post(OAUTH2_PATHS.userinfo, withOAuthErrors(userinfoEndpoint));
  app.post(OAUTH2_PATHS.revocation, withOAuthErrors(revocationEndpoint));
}
