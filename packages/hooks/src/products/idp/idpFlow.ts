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
}

/** The authorize flow needs a signed-in user. */
export const NO_ACTIVE_SESSION_MESSAGE = 'No active session detected. Please log in to continue.';

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
