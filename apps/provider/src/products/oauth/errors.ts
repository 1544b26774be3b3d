import type { ErrorCatalogue } from '../descriptor';

/** Social sign-in's error types. The first two texts are the widget specification's. */
export const oauthErrors = {
  oauth_token_not_found: { status: 404, message: 'OAuth Token could not be found.' },
  oauth_flow_callback_error: {
    status: 400,
    message: 'An error was encountered in the callback of the OAuth flow. Please try again.',
  },
  invalid_oauth_provider: {
    status: 400,
    message:
      'Unknown OAuth provider: use one of google, microsoft, apple, github, gitlab, facebook, discord, salesforce, slack, amazon, bitbucket, linkedin, coinbase, twitch, twitter, tiktok, snapchat, figma, yahoo.',
  },
  oauth_provider_not_allowed: { status: 400, message: "This OAuth provider is not one of the project's providers." },
  oauth_config_not_found: {
    status: 400,
    message: 'No OAuth client is configured for this provider (project.oauth.clients).',
  },
  no_redirect_urls_set: {
    status: 400,
    message: 'No login or signup redirect URL was given and the project has no default redirect URL.',
  },
  oauth_attach_token_not_found: {
    status: 404,
    message:
      'The OAuth attach token was used already, expired, names another provider or was never issued. Call oauth/attach again.',
  },
  oauth_account_link_refused: {
    status: 409,
    message:
      'An account with this email already exists. Sign in to it another way, then link this provider from the account.',
  },
  duplicate_oauth_registration: { status: 409, message: 'This social account is linked to another user.' },
  oauth_link_session_mismatch: {
    status: 403,
    message:
      'Only the account that asked to link this social account can complete the link, while signed in: nothing was linked. Sign in to your account and link it again.',
  },
  oauth_registration_not_found: { status: 404, message: 'OAuth registration not found.' },
  invalid_google_credential: {
    status: 401,
    message: 'The Google credential could not be verified (signature, issuer, audience, expiry or nonce).',
  },
  google_onetap_nonce_not_found: {
    status: 404,
    message: 'The One Tap nonce was used already, expired or was never issued. Start One Tap again.',
  },
} as const satisfies ErrorCatalogue;
