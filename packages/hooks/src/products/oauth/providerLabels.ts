import type { OAuthProvider } from '@latchkey/sdk';

/** Each provider's name as its button writes it ('Continue with {name}'), in a fixed order. */
export const OAUTH_PROVIDER_NAMES: Readonly<Record<OAuthProvider, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};

/** 'Continue with {provider}' for one of the 19 providers; null for any other type (no label). */
export function oauthButtonLabel(type: string): string | null {
  return Object.hasOwn(OAUTH_PROVIDER_NAMES, type)
    ? `Continue with ${OAUTH_PROVIDER_NAMES[type as OAuthProvider]}`
    : null;
}
