import type { Hono } from 'hono';
import type { ProviderEnv } from '../http/context';

export function registerOtpRoutes(_app: Hono<ProviderEnv>): void {}
