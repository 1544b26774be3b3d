import { type LogoutStatus, useBootstrap, useLogout } from '@latchkey/hooks';
import { findMissingLogoutParam } from '@latchkey/sdk/idp';
import { useState } from 'react';
import { idpErrorText } from '../idpErrorText';
import { type IdpScreenOptions, pageSearch, useIdpScreenOptions } from '../idpScreenOptions';
import { useIdpMessages } from '../messages';

/** Which view of the logout screen shows (`data-view` on the root). */
export type IDPLogoutView = 'loading' | 'confirm' | 'declined' | 'logged_out' | 'error';

/** What `useIDPLogoutScreen` returns: the state of the IDPConsent logout parts. */
export interface UseIDPLogoutScreenReturn {
  /** The logout flow's status (`data-status="loading|confirm|logging_out|denied|complete|logged_out|error"`). */
  status: LogoutStatus;
  /**
   * What shows (`data-view`): the spinner while loading (and while the browser leaves), 'Log out?' with 'Yes' and
   * 'No', 'You have not been logged out. You may close this page.', 'You have been logged out. You may close this
   * page.' (`logged_out`: the request named no post-logout URI), or the error.
   */
  view: IDPLogoutView;
  /** The error's text (a missing or repeated parameter, a framed page, or the server's message), or ''. */
  errorMessage: string;
  /** The project's name (the bootstrap's). */
  projectName: string;
  /** 'Yes' was pressed: the session is being revoked (`aria-busy`, both buttons disabled). */
  isLoggingOut: boolean;
  /** 'Yes': revokes the session, then leaves for the client's post-logout redirect URI. */
  confirm: () => void;
  /** 'No': stays signed in; 'You have not been logged out. You may close this page.' shows. */
  decline: () => void;
  /** The way back after 'No': the application's site (its verified post-logout URI's origin), or null. */
  clientUrl: string | null;
  /** The application's host ('Return to {domain}'), or null. */
  clientDomain: string | null;
  /** Without `clientUrl`, whether the browser has a previous page to go back to ('Go back'). */
  canGoBack: boolean;
  /** 'Go back': the previous page (`history.back()`). */
  goBack: () => void;
}

/**
 * The logout confirmation's state: `useLogout` with the page's query and the project's
 * name. Inside `<IdentityProvider>` it reads its options; elsewhere pass them (inside `<LatchkeyProvider>`).
 */
export function useIDPLogoutScreen(options?: IdpScreenOptions): UseIDPLogoutScreenReturn {
  const { search, navigate, isFramed, callbacks } = useIdpScreenOptions(options);
  const t = useIdpMessages();
  const [query] = useState(() => pageSearch(search));
  const logout = useLogout({
    search: query,
    ...(navigate ? { navigate } : {}),
    ...(isFramed ? { isFramed } : {}),
    onEvent: callbacks?.onEvent,
    onError: callbacks?.onError,
  });
  const { projectName } = useBootstrap();
  const { status } = logout;
  let view: IDPLogoutView = 'loading';
  if (status === 'error') view = 'error';
  else if (status === 'denied') view = 'declined';
  else if (status === 'logged_out') view = 'logged_out';
  else if (status === 'confirm' || status === 'logging_out') view = 'confirm';
  return {
    status,
    view,
    errorMessage: idpErrorText(t, logout.error, findMissingLogoutParam(new URLSearchParams(query))),
    projectName: projectName || t('idpConsent.projectNameFallback'),
    isLoggingOut: status === 'logging_out',
    confirm: () => void logout.confirm(),
    decline: logout.decline,
    clientUrl: logout.clientUrl,
    clientDomain: logout.clientUrl === null ? null : new URL(logout.clientUrl).host,
    canGoBack: typeof window !== 'undefined' && window.history.length > 1,
    goBack: () => window.history.back(),
  };
}
