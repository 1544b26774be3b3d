// What `<IdentityProvider>` hands its lazy screens (it renders in the first load; the screens come in the
// identity-provider chunk). Kept apart from the screens so the first load takes this file only.
import type { SignInCallbacks } from '@latchkey/hooks';
import { createContext, type ReactNode, useContext } from 'react';
import type { ConsentManifestGenerator } from './manifest';

/** The options of the identity-provider screens (`<IdentityProvider>`'s props, or a screen hook's argument). */
export interface IdpScreenOptions {
  /** The page's query string; default `window.location.search` (read once, when the screen mounts). */
  search?: string;
  /** How to leave for the client's redirect URI; default `(url) => window.location.assign(url)`. */
  navigate?: (url: string) => void;
  /**
   * Whether the page is shown inside a frame; default `window.top !== window.self` (a failure to tell counting as
   * framed). Framed, the consent screen and 'Log out?' are not offered: the error screen says 'This page cannot be shown
   * inside another site. Open it in its own window.' (clickjacking, RFC 9700 §4.16). Tests pass their own.
   */
  isFramed?: () => boolean;
  /** The host's `onEvent` / `onError` (the `OAUTH_AUTHORIZE_FLOW_*` and `OAUTH_LOGOUT_FLOW_*` events). */
  callbacks?: SignInCallbacks;
  /** A custom consent manifest generator; if it throws (or returns no manifest) the default manifest shows. */
  getManifest?: ConsentManifestGenerator;
  /** The project's logo above the consent title (shown at most 50 px high and 100 px wide). */
  logoImageUrl?: string;
  /**
   * The sign-in form the consent screen shows when the authorize flow needs a sign-in (nobody is signed in, or the
   * provider asks for a fresh sign-in), below the text that says so: typically `<SignIn config={…} />` with a
   * sign-in method that finishes on this page. The flow starts again by itself once the user has signed in.
   * Without it only the text shows (the page then shows its own sign-in).
   */
  signIn?: ReactNode;
}

const IdpScreenOptionsContext = createContext<IdpScreenOptions>({});

/** Provides the identity-provider screens' options (what `<IdentityProvider>` does). */
export const IdpScreenOptionsProvider = IdpScreenOptionsContext.Provider;

/** `options` over those of the enclosing `IdpScreenOptionsProvider` (field by field). */
export function useIdpScreenOptions(options: IdpScreenOptions = {}): IdpScreenOptions {
  const provided = useContext(IdpScreenOptionsContext);
  return {
    search: options.search ?? provided.search,
    navigate: options.navigate ?? provided.navigate,
    isFramed: options.isFramed ?? provided.isFramed,
    callbacks: options.callbacks ?? provided.callbacks,
    getManifest: options.getManifest ?? provided.getManifest,
    logoImageUrl: options.logoImageUrl ?? provided.logoImageUrl,
    signIn: options.signIn ?? provided.signIn,
  };
}

/** The page's query string: `search`, else the address bar's (empty where there is no window, on a server). */
export function pageSearch(search: string | undefined): string {
  if (search !== undefined) return search;
  return typeof window === 'undefined' ? '' : window.location.search;
}
