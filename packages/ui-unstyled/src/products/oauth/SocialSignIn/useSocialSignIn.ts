import { OAUTH_PROVIDER_NAMES, type UseGoogleOneTapReturn, useOAuth, useSignInStore } from '@latchkey/hooks';
import type { OAuthProvider } from '@latchkey/sdk';
import type { RefCallback } from 'react';

/** One social button of the block. */
export interface SocialProvider {
  /** The provider as configured (`data-provider`): one of the 19, or any other string. */
  type: string;
  /** Its name for 'Continue with {provider}' ('Google', 'GitHub'…); null outside the 19 (no label). */
  name: string | null;
}

/** Google One Tap in the block (Google's place in the column), when the google provider has `one_tap`. */
export interface SocialOneTap {
  /** The google provider, for the fallback button. */
  provider: SocialProvider;
  /** 'embedded' (inside the container part) or 'floating' (Google's own prompt over the page). */
  position: 'floating' | 'embedded';
  /**
   * `loading` (spinner), `shown` (Google's prompt is up), `fallback` (the plain Google button instead), `done` (signed
   * in, navigating). Emitted as `data-status` on the embedded container.
   */
  status: UseGoogleOneTapReturn['status'];
  /** The embedded container's `id` (Google's `prompt_parent_id`). */
  containerId: string;
  /** The embedded container's height in px: 47 until Google draws, then its size (debounced 100 ms). */
  height: number;
  /** Put on the embedded container (optional for fixed values). */
  containerRef?: RefCallback<HTMLElement>;
  /** With `status: 'fallback'` on a test project only: the reason for 'One Tap could not load: {reason}'. */
  explanation: string | null;
}

/** What `useSocialSignIn` returns: the state of Main's social block. */
export interface UseSocialSignInReturn {
  /** The configured providers, in the configured order (Google too when One Tap takes its place). */
  providers: SocialProvider[];
  /** The provider whose start is navigating away (its button shows a spinner, every button is disabled), or null. */
  pendingProvider: string | null;
  /** Sends the browser to the provider's start URL with the configured redirect URLs, scopes and parameters. */
  start: (type: string) => void;
  /** Google One Tap, when configured (else null). */
  oneTap: SocialOneTap | null;
}

/** The name a provider's button shows, or null outside the 19. */
export function socialProviderName(type: string): string | null {
  return Object.hasOwn(OAUTH_PROVIDER_NAMES, type) ? OAUTH_PROVIDER_NAMES[type as OAuthProvider] : null;
}

/** Whether the enclosing `<SignIn>`'s google provider asks for One Tap (the block then runs `useGoogleOneTap`). */
export function useHasOneTap(): boolean {
  return useSignInStore((state) =>
    (state.config.oauthOptions?.providers ?? []).some((provider) => provider.type === 'google' && provider.one_tap),
  );
}

/**
 * Main's social block's state: the configured providers (the hooks' `useOAuth`) and, when the google provider has
 * `one_tap`, the state of `useGoogleOneTap()` the caller passes (a hook cannot be called conditionally, so the block
 * calls it only in its One Tap variant).
 */
export function useSocialSignIn(oneTap: UseGoogleOneTapReturn | null = null): UseSocialSignInReturn {
  const oauth = useOAuth();
  const providers = oauth.providers.map((provider) => ({
    type: provider.type,
    name: socialProviderName(provider.type),
  }));
  const google = oauth.providers.find((provider) => provider.type === 'google' && provider.oneTap);
  return {
    providers,
    pendingProvider: oauth.pendingProvider,
    // `start` never rejects: a refusal goes to the Error screen through the store.
    start: (type) => void oauth.start(type),
    oneTap:
      oneTap && google?.oneTap
        ? {
            provider: { type: 'google', name: socialProviderName('google') },
            position: google.oneTap.position,
            status: oneTap.status,
            containerId: oneTap.containerId,
            height: oneTap.height,
            containerRef: oneTap.containerRef,
            explanation: oneTap.status === 'fallback' && oneTap.showExplanation ? (oneTap.error?.type ?? null) : null,
          }
        : null,
  };
}
