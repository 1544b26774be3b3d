import type { Hono } from 'hono';
import type { ProviderEnv } from '../http/context';

export function registerPasswordRoutes(_app: Hono<ProviderEnv>): void {}
