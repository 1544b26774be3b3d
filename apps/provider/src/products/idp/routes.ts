import type { Hono } from 'hono';
import type { ProviderEnv } from '../../http/context';
import { registerAuthorizeRoutes } from './authorize/routes';
import { registerOAuth2Routes } from './oauth2/routes';

/**
 * The project as an identity provider: the widget's calls under `/sdk/v1` (authorize start/submit, logout start,
 * connected apps) and the standard endpoints a relying party calls (discovery, JWKS, token, userinfo, revocation).
 */
export function registerIdpRoutes(app: Hono<ProviderEnv>): void {
  registerAuthorizeRoutes(app);
  registerOAuth2Routes(app);
}
