import type { Hono } from 'hono';
import type { ProviderEnv } from '../../../http/context';

/** Discovery, JWKS, token, userinfo and revocation (being written: issue 16). */
export function registerOAuth2Routes(_app: Hono<ProviderEnv>): void {}
