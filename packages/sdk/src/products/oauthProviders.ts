import type { OAuthProvider } from '../contract/oauth';

/** Every social provider, in the specification's order. */
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
] as const satisfies readonly OAuthProvider[];

// Fails to compile if the list above misses a provider of the contract's union.
const everyProviderListed: Exclude<OAuthProvider, (typeof OAUTH_PROVIDERS)[number]> extends never ? true : false = true;
void everyProviderListed;

/** Logged when an OAuth redirect comes back without a stored verifier while the project requires PKCE. */
export const NO_OAUTH_VERIFIER_WARNING =
  'No PKCE verifier found for OAuth: this project requires PKCE, so the sign-in will fail unless the flow ' +
  'was started in this browser with oauth.{provider}.start().';
