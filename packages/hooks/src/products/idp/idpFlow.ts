// Shared by the identity-provider flow hooks (useAuthorize, useLogout): options, texts and small helpers.
import { missingParameterMessage } from '@latchkey/sdk/idp';
import { useEffect, useRef, useState } from 'react';
import type { LatchkeyFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';

/** Options of `useAuthorize` and `useLogout`. */
export interface IdpFlowOptions extends SignInCallbacks {
  /** The page's query string; default `window.location.search` (read once, on mount). */
  search?: string;
  /** How to leave for the client's redirect URI; default `(url) => window.location.assign(url)`. */
  navigate?: (url: string) => void;
  /**
   * Whether the page is shown inside a frame; default `defaultIsFramed` (`window.top !== window.self`, a failure to
   * tell counting as framed). Asked when the flow would offer 'Allow' or 'Yes': a framed page shows an error instead
   * (type `framed_page`), as a guard against clickjacking (RFC 6749 §10.13, RFC 9700 §4.16).
   */
  isFramed?: () => boolean;
}

/** The authorize flow needs a signed-in user. */
export const NO_ACTIVE_SESSION_MESSAGE = 'No active session detected. Please log in to continue.';

/**
 * A request that repeats a parameter (type `duplicate_parameter`): the text the kits show for a sign-in link that
 * cannot be trusted. The specification's catalogue has no text for it (its missing-parameter one would name a
 * parameter that is there): Latchkey's wording, the kits' `idpError.invalidClient`.
 */
export const INVALID_REQUEST_MESSAGE =
  'This sign-in link is not valid, so you cannot continue to the application. Please reach out to the application developer.';

/**
 * The consent or logout confirmation shown inside a frame (type `framed_page`). The specification's catalogue has
 * nothing for it: Latchkey's wording, the kits' `idpError.framedPage`.
 */
export const FRAMED_PAGE_MESSAGE = 'This page cannot be shown inside another site. Open it in its own window.';

/** The scopes any signed-in user may grant; any other requested scope is a custom one. */
export const STANDARD_IDP_SCOPES: readonly string[] = [
  'openid',
  'profile',
  'email',
  'phone',
  'full_access',
  'offline_access',
];

/** The client name when neither the client's name nor the redirect URI's host is known. */
export const DEFAULT_IDP_CLIENT_NAME = 'The App';

/** The error of a missing required query parameter (type `missing_parameter`). */
export function missingParameterError(param: string): LatchkeyFlowError {
  return { type: 'missing_parameter', message: missingParameterMessage(param) };
}

/**
 * The error of a request that gives a parameter more than once (type `duplicate_parameter`; RFC 6749 §3.1: parameters
 * "MUST NOT be included more than once", §4.1.2.1: `invalid_request`). The flow stops before asking the provider: the
 * parser reads only the first value, and nothing may be sent back to a redirect URI the request does not name
 * unambiguously.
 */
export function duplicateParameterError(): LatchkeyFlowError {
  return { type: 'duplicate_parameter', message: INVALID_REQUEST_MESSAGE };
}

/**
 * Why a request cannot go on before anything is sent, or null: a parameter given twice (`duplicateParameterError`),
 * else a missing one (`missingParameterError`).
 */
export function invalidRequestError(
  duplicates: readonly string[],
  missing: string | undefined,
): LatchkeyFlowError | null {
  if (duplicates.length > 0) return duplicateParameterError();
  return missing === undefined ? null : missingParameterError(missing);
}

/** The error of the consent or logout confirmation inside a frame (type `framed_page`; see `defaultIsFramed`). */
export function framedPageError(): LatchkeyFlowError {
  return { type: 'framed_page', message: FRAMED_PAGE_MESSAGE };
}

/**
 * Whether this page is shown inside a frame (`window.top !== window.self`). The authorization server must keep its
 * consent page from being framed by another site (RFC 6749 §10.13, RFC 9700 §4.16, clickjacking): a page where the
 * user grants access or ends a session must not offer that inside another page, whose content could overlay it. The
 * host's `Content-Security-Policy: frame-ancestors 'none'` is the real defence; this check covers a host that did not
 * send it. Reading `window.top` across origins is allowed, but anything that throws counts as framed. False where
 * there is no window (a server render).
 */
export function defaultIsFramed(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/**
 * The provider's refusals that mean nobody is signed in (or the session is gone): the authorize flow asks for a
 * sign-in and starts again once there is a session.
 */
export const NO_SESSION_ERROR_TYPES: readonly string[] = ['user_unauthenticated', 'session_not_found'];

/** The error of an authorize request without a signed-in user (type `no_active_session`). */
export function noActiveSessionError(): LatchkeyFlowError {
  return { type: 'no_active_session', message: NO_ACTIVE_SESSION_MESSAGE };
}

/** The client's name, else the redirect URI's host, else 'The App', as the consent screen names it. */
export function idpClientName(clientName: string | undefined, redirectUri: string | undefined): string {
  if (clientName?.trim()) return clientName;
  try {
    const { host } = new URL(redirectUri ?? '');
    if (host) return host;
  } catch {
    // Not an absolute URL: no host to show.
  }
  return DEFAULT_IDP_CLIENT_NAME;
}

/** The query string the flow reads: the option, else the page's, once (a later change of either is ignored). */
export function useInitialSearch(search: string | undefined): string {
  const [initial] = useState(() => search ?? (typeof window === 'undefined' ? '' : window.location.search));
  return initial;
}

/**
 * Keeps a `reauthentication_required` answer's `login_ticket` in the page's address (`history.replaceState`, the
 * other parameters untouched), so a sign-in that leaves the page and comes back to it (a redirect) still carries it.
 * Only when the address holds this very request (same `client_id` and `redirect_uri`): a flow given another `search`
 * leaves the address alone.
 */
export function keepLoginTicketInAddress(ticket: string, request: { client_id: string; redirect_uri: string }): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  const query = url.searchParams;
  if (query.get('client_id') !== request.client_id || query.get('redirect_uri') !== request.redirect_uri) return;
  query.set('login_ticket', ticket);
  window.history.replaceState(window.history.state, '', url.href);
}

/**
 * Whether `target`, where a provider's answer sends the browser, is the redirect URI the request named, its query and
 * fragment aside (the provider adds `code`, `state` or `error`), and no script or data URL. The hooks send the browser
 * nowhere else, whatever the provider answers (RFC 6749 §10.15, open redirectors; RFC 9700 §4.11).
 */
export function isRequestedRedirect(target: string, requested: string | undefined): boolean {
  if (requested === undefined) return false;
  const base = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`;
  try {
    const answered = new URL(target);
    return (
      !/^(javascript|data|vbscript|blob|file):$/.test(answered.protocol) && base(answered) === base(new URL(requested))
    );
  } catch {
    return false;
  }
}

/** The error of an answer whose redirect URI is not the one the request named (see `isRequestedRedirect`). */
export function unrequestedRedirectError(): LatchkeyFlowError {
  return {
    type: 'invalid_redirect_uri',
    message: 'The provider answered with a redirect URI the request did not name, so the browser was not sent there.',
  };
}

export function defaultNavigate(url: string): void {
  window.location.assign(url);
}

/**
 * Whether the hook is still mounted: a flow that ends after its screen left (another page of a single-page app)
 * must not send the browser away. True again when StrictMode mounts the hook a second time.
 */
export function useMounted(): { readonly current: boolean } {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

// The authorize and logout flows' events join `LatchkeyEventType` by declaration merging.
declare module '@latchkey/hooks' {
  interface LatchkeyEventTypeRegister {
    OAUTH_AUTHORIZE_FLOW_START: true;
    OAUTH_AUTHORIZE_FLOW_COMPLETE: true;
    OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED: true;
    OAUTH_LOGOUT_FLOW_START: true;
    OAUTH_LOGOUT_FLOW_COMPLETE: true;
    OAUTH_LOGOUT_FLOW_DENIED: true;
  }
}
