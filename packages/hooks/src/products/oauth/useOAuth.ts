import type { OAuthProvider, OAuthStartOptions } from '@latchkey/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { useFlowContext, useLatest } from '../../flowContext';
import type { OAuthProviderOptions, OneTapPosition } from './product';
import { oauthButtonLabel } from './providerLabels';
import { resolveOAuthProviders } from './resolveProviders';

/** Options of `useOAuth`; each one left out comes from the enclosing `<SignIn>`'s `oauthOptions`. */
export interface UseOAuthOptions extends SignInCallbacks {
  /** The provider buttons, in order (default: the store's `oauthOptions.providers`, else none). */
  providers?: OAuthProviderOptions[];
  /** Sent as `login_redirect_url` (default: the store's `oauthOptions.loginRedirectURL`, else the project's). */
  loginRedirectURL?: string;
  /** Sent as `signup_redirect_url` (default: the store's `oauthOptions.signupRedirectURL`, else the project's). */
  signupRedirectURL?: string;
}

/** One social button. */
export interface OAuthProviderButton {
  /** The provider as configured (one of the 19, or any other string). */
  type: string;
  /** 'Continue with Google' etc.; null for a type outside the 19 (unknown providers render with no label). */
  label: string | null;
  /** Whether `type` is one of the 19 providers (an unknown one cannot start: its `start()` fails). */
  isKnown: boolean;
  /** Google with `one_tap`: where One Tap shows and whether a tap outside closes it (`useGoogleOneTap`); else null. */
  oneTap: { position: OneTapPosition; cancelOnTapOutside: boolean } | null;
  /** `start(type)` for this provider. */
  start(): Promise<boolean>;
}

/** What `useOAuth` returns. */
export interface UseOAuthReturn {
  /** The configured providers, in order. */
  providers: OAuthProviderButton[];
  /**
   * Sends the browser to `type`'s start URL (`client.oauth[type].start`) with the configured redirect URLs, custom
   * scopes and provider parameters. Resolves true once navigating; false when refused (see `error`) or ignored
   * (another start is already navigating). Never rejects.
   */
  start(type: string): Promise<boolean>;
  /** The provider whose start is navigating (its button shows a spinner; the others are disabled), or null. */
  pendingProvider: string | null;
  /** Why the last start failed (also sent to `onError` and, inside a `<SignIn>`, shown on the Error screen). */
  error: LatchkeyFlowError | null;
}

/** The error of `start()` with a type outside the 19 providers (nothing to navigate to). */
export function unknownOAuthProviderError(type: string): LatchkeyFlowError {
  return { type: 'unknown_oauth_provider', message: `Unknown social sign-in provider '${type}'.` };
}

/**
 * Social sign-in: the configured provider buttons, and `start(type)`, which sends the browser to the
 * provider. The user comes back to the login or signup redirect URL with `?stytch_token_type=oauth&token=…`, where
 * `useAuthenticateByUrl` (or the kits' landing page) finishes the sign-in.
 */
export function useOAuth(options: UseOAuthOptions = {}): UseOAuthReturn {
  const { onEvent, onError, providers: ownProviders, loginRedirectURL, signupRedirectURL } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const [pendingProvider, setPendingProvider] = useState<string | null>(null);
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  const pending = useRef(false);
  const stored = ctx.config()?.oauthOptions;
  const resolved = useMemo(
    () => ({ providers: resolveOAuthProviders(ownProviders ?? stored?.providers ?? []) }),
    [ownProviders, stored],
  );
  const settings = useLatest({
    providers: resolved.providers,
    loginRedirectURL: loginRedirectURL ?? stored?.loginRedirectURL,
    signupRedirectURL: signupRedirectURL ?? stored?.signupRedirectURL,
  });

  // A page restored from the back-forward cache after the navigation: the buttons work again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      pending.current = false;
      setPendingProvider(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const start = useCallback(
    async (type: string): Promise<boolean> => {
      if (pending.current) return false;
      pending.current = true;
      setPendingProvider(type);
      setError(null);
      const { providers, loginRedirectURL: login, signupRedirectURL: signup } = settings.current;
      const provider = providers.find((candidate) => candidate.type === type);
      const request: OAuthStartOptions = {};
      if (login) request.login_redirect_url = login;
      if (signup) request.signup_redirect_url = signup;
      if (provider?.custom_scopes.length) request.custom_scopes = provider.custom_scopes;
      if (provider && Object.keys(provider.provider_params).length) request.provider_params = provider.provider_params;
      try {
        // A type outside the 19 has no start URL (the provider would answer a bare JSON refusal): refused here.
        if (oauthButtonLabel(type) === null) throw unknownOAuthProviderError(type);
        await ctx.client.oauth[type as OAuthProvider].start(request);
        return true;
      } catch (caught) {
        const flowError = isFlowError(caught) ? caught : toFlowError(caught);
        pending.current = false;
        setPendingProvider(null);
        setError(flowError);
        ctx.fail(flowError);
        ctx.dispatch({ type: 'failed', descriptor: { messageId: flowError.type, message: flowError.message } });
        return false;
      }
    },
    [ctx, settings],
  );

  const providers = useMemo(
    () =>
      resolved.providers.map(
        (provider): OAuthProviderButton => ({
          type: provider.type,
          label: oauthButtonLabel(provider.type),
          isKnown: provider.isKnown,
          oneTap:
            provider.type === 'google' && provider.one_tap
              ? { position: provider.position, cancelOnTapOutside: provider.cancel_on_tap_outside }
              : null,
          start: () => start(provider.type),
        }),
      ),
    [resolved, start],
  );

  return { providers, start, pendingProvider, error };
}

function isFlowError(value: unknown): value is LatchkeyFlowError {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as LatchkeyFlowError).type === 'string' &&
    typeof (value as LatchkeyFlowError).message === 'string'
  );
}
