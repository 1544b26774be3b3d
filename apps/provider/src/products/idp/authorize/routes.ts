import type { Hono } from 'hono';
import type { ProviderEnv } from '../../../http/context';
import { authorizeStart, authorizeSubmit } from './authorize';
import { listConnectedApps, revokeConnectedApp } from './connectedApps';
import { logoutStart } from './logout';

/**
 * The widget's identity-provider calls under `/sdk/v1`: authorize
 * start and submit (the consent screen), logout start (the logout screen, not under `/idp`), and the signed-in
 * user's connected apps.
 */
export function registerAuthorizeRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/idp/oauth/authorize/start', authorizeStart);
  app.post('/sdk/v1/idp/oauth/authorize/submit', authorizeSubmit);
  app.post('/sdk/v1/oauth/logout/start', logoutStart);
  app.get('/sdk/v1/users/connected_apps', listConnectedApps);
  app.post('/sdk/v1/users/connected_apps/:id/revoke', revokeConnectedApp);
}
