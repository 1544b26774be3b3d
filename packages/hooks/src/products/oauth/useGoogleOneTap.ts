import { APIError } from '@latchkey/sdk';
import { type RefCallback, useCallback, useEffect, useId, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { useFlowContext, useLatest } from '../../flowContext';
import { type GoogleAccountsId, loadGoogleScript, type PromptMomentNotification } from './googleScript';
import {
  GOOGLE_ONE_TAP_SCRIPT_URL,
  ONE_TAP_DEFAULT_HEIGHT_PX,
  ONE_TAP_DEVELOPER_ERRORS,
  ONE_TAP_RESIZE_DEBOUNCE_MS,
  oneTapLoadError,
  TEST_PUBLIC_TOKEN_PREFIX,
} from './oneTapConstants';
import type { OneTapPosition } from './product';

/** Options of `useGoogleOneTap`; each one left out comes from the `<SignIn>`'s google provider and `oauthOptions`. */
export interface UseGoogleOneTapOptions extends SignInCallbacks {
  /** 'floating' (Google's own corner prompt) or 'embedded' (inside `containerRef`'s element). Default 'embedded'. */
  position?: OneTapPosition;
  /** Whether a click outside the prompt closes it. Default true. */
  cancelOnTapOutside?: boolean;
  /** Where Google's script is loaded from (default: the store's `oauthOptions.oneTapScriptURL`, else `GOOGLE_ONE_TAP_SCRIPT_URL`). */
  scriptUrl?: string;
  /** Where an existing user lands (default: the store's `oauthOptions.loginRedirectURL`, else the project's). */
  loginRedirectURL?: string;
  /** Where a new user lands (default: the store's `oauthOptions.signupRedirectURL`, else the project's). */
  signupRedirectURL?: string;
}

/** What `useGoogleOneTap` returns. */
export interface UseGoogleOneTapReturn {
  /**
   * `loading`: the nonce and Google's script are on their way (show the spinner); `shown`: Google's prompt was asked
   * to show; `fallback`: One Tap cannot show (a developer error, the script did not load, the user closed it or has
   * no Google session): show the plain Google button; `done`: signed in, the browser is on its way to the redirect URL.
   */
  status: 'loading' | 'shown' | 'fallback' | 'done';
  /**
   * Why One Tap could not load ('One Tap could not load: {reason}', `type` the reason: one of
   * `ONE_TAP_DEVELOPER_ERRORS`, `script_load_failed`, a provider refusal), or the provider's refusal of the
   * credential. Null when the user merely closed the prompt or has no Google session.
   */
  error: LatchkeyFlowError | null;
  /** Show `error` under the fallback button: only on a test project (public token `public-token-test-…`). */
  showExplanation: boolean;
  /** The id of the embedded prompt's element (`prompt_parent_id`): give it to the element `containerRef` is on. */
  containerId: string;
  /** Put on the element Google draws the embedded prompt into (with `id={containerId}`). */
  containerRef: RefCallback<HTMLElement>;
  /** The embedded prompt's height in px: 47 until Google draws, then its size (changes debounced by 100 ms). */
  height: number;
}

type OneTapState = Pick<UseGoogleOneTapReturn, 'status' | 'error'>;

// Google's reasons that are not the developer's mistake: the user closed the prompt, opted out, has no Google
// session, or the browser cannot show it. The plain button shows with no error.
function isDeveloperError(reason: string): boolean {
  return (ONE_TAP_DEVELOPER_ERRORS as readonly string[]).includes(reason);
}

function loadFailure(reason: string): LatchkeyFlowError {
  return { type: reason, message: oneTapLoadError(reason) };
}

/** Why the prompt did not show or went away without a credential, or null when it is (still) up. */
function promptFailure(notification: PromptMomentNotification): string | null {
  if (notification.isNotDisplayed?.()) return notification.getNotDisplayedReason?.() ?? 'unknown_reason';
  if (notification.isSkippedMoment?.()) return notification.getSkippedReason?.() ?? 'unknown_reason';
  if (notification.isDismissedMoment?.()) {
    const reason = notification.getDismissedReason?.() ?? 'unknown_reason';
    return reason === 'credential_returned' ? null : reason;
  }
  return null;
}

/**
 * Google One Tap: asks the provider for the Google client id and a nonce
 * (`client.oauth.googleOneTap.start`), loads Google's script once, initialises it and prompts. When the user picks an
 * account, the credential goes to the provider (`googleOneTap.submit`) and the browser to the login or signup
 * redirect URL it answers, where `useAuthenticateByUrl` finishes. When One Tap cannot show, `status` is `fallback`
 * (render the plain Google button, `useOAuth().start('google')`). Unmounting cancels the prompt.
 */
export function useGoogleOneTap(options: UseGoogleOneTapOptions = {}): UseGoogleOneTapReturn {
  const { onEvent, onError } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const stored = ctx.config()?.oauthOptions;
  const google = stored?.providers?.find((provider) => provider.type === 'google');
  const position = options.position ?? google?.position ?? 'embedded';
  const cancelOnTapOutside = options.cancelOnTapOutside ?? google?.cancel_on_tap_outside ?? true;
  const scriptUrl = options.scriptUrl ?? stored?.oneTapScriptURL ?? GOOGLE_ONE_TAP_SCRIPT_URL;
  const redirects = useLatest({
    login_redirect_url: options.loginRedirectURL ?? stored?.loginRedirectURL,
    signup_redirect_url: options.signupRedirectURL ?? stored?.signupRedirectURL,
  });
  const containerId = `latchkey-one-tap-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const containerRef = useCallback((element: HTMLElement | null) => setContainer(element), []);
  const [state, setState] = useState<OneTapState>({ status: 'loading', error: null });
  const height = useDebouncedHeight(position === 'embedded' ? container : null);
  const waitsForContainer = position === 'embedded' && container === null;

  useEffect(() => {
    // Embedded: Google draws into the container, which must be in the document before `initialize`.
    if (waitsForContainer) return;
    let active = true;
    let identity: GoogleAccountsId | null = null;
    setState({ status: 'loading', error: null });
    const fallBack = (error: LatchkeyFlowError | null) => {
      if (!active) return;
      setState({ status: 'fallback', error });
      if (error) ctx.fail(error);
    };

    async function submit(credential: string, nonce: string): Promise<void> {
      if (!active) return;
      setState({ status: 'loading', error: null });
      try {
        const { login_redirect_url, signup_redirect_url } = redirects.current;
        const request = { credential, nonce, ...withoutUndefined({ login_redirect_url, signup_redirect_url }) };
        // Navigates to the redirect URL (the client environment's `navigate`).
        await ctx.client.oauth.googleOneTap.submit(request);
        if (active) setState({ status: 'done', error: null });
      } catch (caught) {
        if (!active) return;
        const error = toFlowError(caught);
        setState({ status: 'fallback', error });
        ctx.fail(error);
        ctx.dispatch({ type: 'failed', descriptor: { messageId: error.type, message: error.message } });
      }
    }

    const { login_redirect_url, signup_redirect_url } = redirects.current;
    Promise.allSettled([
      ctx.client.oauth.googleOneTap.start(withoutUndefined({ login_redirect_url, signup_redirect_url })),
      loadGoogleScript(scriptUrl),
    ]).then(([started, loaded]) => {
      if (!active) return;
      // The provider's refusal names the developer's mistake; it wins over a script that also failed.
      if (started.status === 'rejected') {
        const caught = started.reason;
        return fallBack(caught instanceof APIError ? loadFailure(caught.error_type) : toFlowError(caught));
      }
      if (loaded.status === 'rejected') return fallBack(loadFailure('script_load_failed'));
      const { google_client_id: clientId, nonce } = started.value;
      // An empty client id means the project has no Google OAuth client configured.
      if (!clientId) return fallBack(loadFailure('oauth_config_not_found'));
      identity = loaded.value;
      try {
        identity.initialize({
          client_id: clientId,
          nonce,
          callback: (response) => void submit(response.credential, nonce),
          cancel_on_tap_outside: cancelOnTapOutside,
          itp_support: true,
          ...(position === 'embedded' ? { prompt_parent_id: containerId } : {}),
        });
        identity.prompt((notification) => {
          const reason = promptFailure(notification);
          if (reason === null) return;
          fallBack(isDeveloperError(reason) ? loadFailure(reason) : null);
        });
        setState((previous) => (previous.status === 'loading' ? { status: 'shown', error: null } : previous));
      } catch (caught) {
        fallBack(toFlowError(caught));
      }
    });

    return () => {
      active = false;
      identity?.cancel();
    };
  }, [ctx, redirects, scriptUrl, position, cancelOnTapOutside, containerId, waitsForContainer]);

  const showExplanation = state.error !== null && ctx.client.publicToken.startsWith(TEST_PUBLIC_TOKEN_PREFIX);
  return { ...state, showExplanation, containerId, containerRef, height };
}

function withoutUndefined<T extends Record<string, string | undefined>>(value: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]?: string;
  };
}

/**
 * The element's height, reported at most once per `ONE_TAP_RESIZE_DEBOUNCE_MS` (the last size wins); the default 47 px
 * while it is empty (or where there is no ResizeObserver, as on the server).
 */
function useDebouncedHeight(element: HTMLElement | null): number {
  const [height, setHeight] = useState(ONE_TAP_DEFAULT_HEIGHT_PX);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[entries.length - 1]?.contentRect.height ?? 0;
      clearTimeout(timer);
      timer = setTimeout(
        () => setHeight(measured > 0 ? Math.ceil(measured) : ONE_TAP_DEFAULT_HEIGHT_PX),
        ONE_TAP_RESIZE_DEBOUNCE_MS,
      );
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [element]);
  return height;
}
