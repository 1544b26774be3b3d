// Social sign-in's configuration section (`project.oauth`), declared by its descriptor (products/oauth/descriptor.ts)
// and merged into the project's by config.ts.
import type { OAuthProvider as ContractOAuthProvider } from '@latchkey/sdk/contract';
import { z } from 'zod';
import { environmentVariableName, rateWindow } from '../../configFields';
import type { ParsedConfig } from '../descriptor';

/** The social sign-in providers, in the order the widget shows them. */
export const OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const satisfies readonly ContractOAuthProvider[];
/** One of the 19 social providers. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Google's keys and issuers, which One Tap credentials are checked against in production. */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const oauthClient = z.strictObject({
  clientId: z.string().min(1).max(512),
  /** The environment variable holding the client secret (Apple: the signed client-secret JWT). */
  clientSecretEnv: environmentVariableName.optional(),
});

const oauthConfig = z.strictObject({
  /** The providers the project allows (`[]`: social sign-in off); a start naming another answers `oauth_provider_not_allowed`. */
  providers: z.array(z.enum(OAUTH_PROVIDERS)).default([...OAUTH_PROVIDERS]),
  /**
   * Real upstream credentials per provider. A provider without one uses the development upstream (development
   * mode only); in production its start answers `oauth_config_not_found`.
   */
  clients: z.partialRecord(z.enum(OAUTH_PROVIDERS), oauthClient).default({}),
  /** The built-in OpenID Connect server standing in for every upstream (products/oauth/developmentUpstream). */
  developmentUpstream: z
    .strictObject({
      /** Default: on in development mode. Production refuses it (checkSocialConfig). */
      enabled: z.boolean().optional(),
      host: z.string().min(1).default('127.0.0.1'),
      /** 0: a free port. */
      port: z.number().int().min(0).max(65_535).default(0),
    })
    .default({ host: '127.0.0.1', port: 0 }),
  /** Google One Tap: the client id the page initialises Google's script with, and where credentials are checked. */
  googleOneTap: z
    .strictObject({
      clientId: z.string().min(1).max(512).optional(),
      jwksUrl: z.string().url().default(GOOGLE_JWKS_URL),
      issuers: z.array(z.string().min(1)).min(1).default(GOOGLE_ISSUERS),
    })
    .default({ jwksUrl: GOOGLE_JWKS_URL, issuers: GOOGLE_ISSUERS }),
});

type SocialConfig = z.infer<typeof oauthConfig>;

/** `project.oauth`: social sign-in (`/v1/public/oauth/*`, `oauth/*`) and Google One Tap. */
export const oauthProjectConfig = { oauth: oauthConfig.default(oauthConfig.parse({})) };

/** The check zod cannot make: the development upstream is never switched on in production. */
export function checkSocialConfig(config: ParsedConfig): void {
  const oauth = config.project.oauth as SocialConfig;
  if (config.mode === 'production' && oauth.developmentUpstream.enabled === true) {
    throw new Error(
      'Invalid Latchkey provider configuration:\n  project.oauth.developmentUpstream.enabled: the development OAuth upstream cannot be enabled in production mode',
    );
  }
}

/**
 * Settled once the mode is known, so every reader sees a boolean: the development upstream is on in development
 * unless switched off, never in production. A new object: the parsed defaults may be shared between configurations.
 */
export function settleSocialConfig(config: ParsedConfig): { oauth: SocialConfig } {
  const oauth = config.project.oauth as SocialConfig;
  const upstream = oauth.developmentUpstream;
  return {
    oauth: {
      ...oauth,
      developmentUpstream: { ...upstream, enabled: config.mode === 'development' && upstream.enabled !== false },
    },
  };
}

/** Its entry of `rateLimits`. */
export const oauthRateLimits = {
  /** Social sign-in starts (`GET /v1/public/oauth/{provider}/start`) and One Tap starts, which need no session. */
  oauthStartsPerIp: rateWindow.default({ limit: 60, windowSeconds: 60 }),
};
