import type { Hono } from 'hono';
import type { ProviderEnv } from '../../http/context';
import { exchangeAccessToken } from './accessTokenExchange';
import { attest } from './attest';
import { authenticateImpersonation, issueImpersonationToken } from './impersonation';

/**
 * Sessions from other credentials: an access token of the project's identity provider
 * (`sessions/exchange_access_token`), a JWT of a trusted issuer (`sessions/attest`), and an impersonation token
 * (`impersonation/authenticate`, issued by the server call `POST /v1/impersonation_tokens`).
 */
export function registerSessionExchangeRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/sessions/exchange_access_token', exchangeAccessToken);
  app.post('/sdk/v1/sessions/attest', attest);
  app.post('/sdk/v1/impersonation/authenticate', authenticateImpersonation);
  app.post('/v1/impersonation_tokens', issueImpersonationToken);
}
