import type { Hono } from 'hono';
import type { ProviderEnv } from '../http/context';

export function registerMagicLinkRoutes(_app: Hono<ProviderEnv>): void {}
