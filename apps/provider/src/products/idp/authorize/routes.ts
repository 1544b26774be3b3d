import type { Hono } from 'hono';
import type { ProviderEnv } from '../../../http/context';

/** Authorize start/submit, logout start and connected apps (being written: issue 16). */
export function registerAuthorizeRoutes(_app: Hono<ProviderEnv>): void {}
