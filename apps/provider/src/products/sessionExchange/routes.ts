import type { Hono } from 'hono';
import type { ProviderEnv } from '../../http/context';

/** `sessions/exchange_access_token`, `sessions/attest`, impersonation (being written: issue 16). */
export function registerSessionExchangeRoutes(_app: Hono<ProviderEnv>): void {}
