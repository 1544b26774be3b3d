import { OAUTH_PROVIDERS, type OAuthProvider } from '@latchkey/sdk';
import { defineProduct } from '../defineProduct';

// In every first load (the registry lists it): the options, their defaults and the provider count. The labels,
// `useOAuth` and `useGoogleOneTap` come with the social chunk. OAUTH_PROVIDERS is already in every first load (the
// SDK client's lazy `oauth.{provider}.start` stubs are built from it).

/** Where Google One Tap shows: Google's own floating prompt, or inside the widget (spec §2). */
export type OneTapPosition = 'floating' | 'embedded';

/** One social provider of `oauthOptions.providers` as the host writes it (spec §3). */
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

/** `oauthOptions` as the host writes it (spec §3). */
export interface OAuthOptions {
  /** The social buttons, in this order. */
  providers: OAuthProviderOptions[];
  /** Where an existing user lands after the provider (default: the project's default login redirect URL). */
  loginRedirectURL?: string;
  /** Where a new user lands after the provider (default: the project's default signup redirect URL). */
  signupRedirectURL?: string;
}

/** One provider with the defaults filled in. */
export interface ResolvedOAuthProvider extends Required<Omit<OAuthProviderOptions, 'type'>> {
  type: string;
  /** False for a type outside the 19 (kept, rendered with no label; `useOAuth` gives it `label: null`). */
  isKnown: boolean;
}

/** `oauthOptions` with the defaults filled in. */
export interface ResolvedOAuthOptions {
  providers: ResolvedOAuthProvider[];
  loginRedirectURL?: string;
  signupRedirectURL?: string;
}

/** `oauthOptions` with the defaults filled in (providers `[]`; per provider: no scopes or parameters, One Tap off,
 * 'embedded', cancel on tap outside). */
export function resolveOAuthOptions(options: OAuthOptions | undefined): ResolvedOAuthOptions {
  return {
    ...options,
    // Destructured defaults: an option written as `undefined` gets its default too.
    providers: (options?.providers ?? []).map(
      ({
        type,
        custom_scopes = [],
        provider_params = {},
        one_tap = false,
        position = 'embedded',
        cancel_on_tap_outside = true,
      }) => ({
        type,
        custom_scopes,
        provider_params,
        one_tap,
        position,
        cancel_on_tap_outside,
        isKnown: (OAUTH_PROVIDERS as readonly string[]).includes(type),
      }),
    ),
  };
}

/** Social sign-in: the column of 'Continue with {provider}' buttons (and Google One Tap) on Main; no screens after it. */
export const oauthProduct = defineProduct({
  key: 'oauth',
  optionsKey: 'oauthOptions',
  optionNames: ['providers', 'loginRedirectURL', 'signupRedirectURL'],
  resolveOptions: resolveOAuthOptions,
  block: 'social',
  hasBlock: (config) => socialProviderCount(config) > 0,
  tabs: () => [],
  sdkNamespaces: ['oauth'],
});

/**
 * The social buttons Main shows for `config` (0 when `oauth` is not configured): spec §9's wallet limit is 5 minus
 * this (`mainWalletCount`).
 */
export function socialProviderCount(config: {
  products: readonly string[];
  oauthOptions?: Pick<ResolvedOAuthOptions, 'providers'>;
}): number {
  return config.products.includes('oauth') ? (config.oauthOptions?.providers.length ?? 0) : 0;
}
