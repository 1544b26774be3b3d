/**
 * The texts of the social sign-in product (Main's social block), in its chunk. 'Continue with {provider}' is the
 * spec's; the providers' names are brand names (the hooks' labels), not texts. The One Tap
 * explanatory text, shown to developers on a test public token only, puts the reason after a fixed prefix.
 */
export const oauthMessages = {
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.oneTapError': 'One Tap could not load: {reason}',
} as const;
