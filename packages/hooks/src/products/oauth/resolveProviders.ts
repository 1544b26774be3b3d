import { OAUTH_PROVIDERS } from '@latchkey/sdk';
import type { OAuthProviderOptions } from './product';

/** One provider of `oauthOptions.providers` with its defaults filled in. */
export interface ResolvedOAuthProvider extends Required<Omit<OAuthProviderOptions, 'type'>> {
  type: string;
  /** False for a type outside the 19 (kept, rendered with no label; `useOAuth` gives it `label: null`). */
  isKnown: boolean;
}

/**
 * `oauthOptions.providers` with each provider's defaults filled in: no scopes or parameters, One Tap off,
 * 'embedded', cancel on tap outside. An option written as `undefined` gets its default too.
 */
export function resolveOAuthProviders(providers: readonly OAuthProviderOptions[]): ResolvedOAuthProvider[] {
  return providers.map(
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
  );
}
