import type { OAuthProvider } from '@latchkey/sdk';
import { defineProduct } from '../defineProduct';

// In every first load (the registry lists it): the option names and the provider count; the store keeps
// `oauthOptions` as written. (The wallet block counts the providers from the configuration itself: a value import of
// this descriptor from the wallet chunk would split it out of the first load's chunk.) Each provider's defaults
// (resolveProviders.ts), the labels, `useOAuth` and `useGoogleOneTap` come with the social chunk.

/** Where Google One Tap shows: Google's own floating prompt, or inside the widget. */
export type OneTapPosition = 'floating' | 'embedded';

/** One social provider of `oauthOptions.providers` as the host writes it. */
export interface OAuthProviderOptions {
  /** One of the 19 providers (`OAUTH_PROVIDERS`); another string is kept and rendered with no label. */
  type: OAuthProvider | (string & {});
  /** Scopes asked for on top of the provider's defaults. */
  custom_scopes?: string[];
  /** Extra parameters for the provider's authorize URL (sent as `provider_{key}`). */
  provider_params?: Record<string, string>;
  /** Google only: show Google One Tap (the plain Google button when it cannot render). Default false. */
  one_tap?: boolean;
  /** With `one_tap`: default 'embedded'. */
  position?: OneTapPosition;
  /** With `one_tap`: whether a click outside the prompt closes it. Default true. */
  cancel_on_tap_outside?: boolean;
}

/** `oauthOptions` as the host writes it. */
export interface OAuthOptions {
  /** The social buttons, in this order. */
  providers: OAuthProviderOptions[];
  /** Where an existing user lands after the provider (default: the project's default login redirect URL). */
  loginRedirectURL?: string;
  /** Where a new user lands after the provider (default: the project's default signup redirect URL). */
  signupRedirectURL?: string;
  /**
   * Latchkey's addition: where Google One Tap's script is loaded from (default
   * `https://accounts.google.com/gsi/client`), e.g. a development stand-in or a self-hosted copy.
   */
  oneTapScriptURL?: string;
}

/** Social sign-in: the column of 'Continue with {provider}' buttons (and Google One Tap) on Main; no screens after it. */
export const oauthProduct = defineProduct({
  key: 'oauth',
  optionsKey: 'oauthOptions',
  optionNames: ['providers', 'loginRedirectURL', 'signupRedirectURL', 'oneTapScriptURL'],
  block: 'social',
  hasBlock: (config) => socialProviderCount(config) > 0,
  tabs: () => [],
  sdkNamespaces: ['oauth'],
});

/**
 * The social buttons Main shows for `config` (0 when `oauth` is not configured): the wallet limit is 5 minus
 * this (`mainWalletCount`).
 */
export function socialProviderCount(config: {
  products: readonly string[];
  oauthOptions?: Partial<Pick<OAuthOptions, 'providers'>>;
}): number {
  return config.products.includes('oauth') ? (config.oauthOptions?.providers?.length ?? 0) : 0;
}

// Its options join the widget's configuration by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface SignInConfig {
    /** Social sign-in: the provider buttons in order, One Tap, the redirect URLs. */
    oauthOptions?: OAuthOptions;
  }
  interface ResolvedSignInConfig {
    /** As written (each provider's defaults: `resolveOAuthProviders`, with the social chunk); no providers: none. */
    oauthOptions?: OAuthOptions;
  }
}
