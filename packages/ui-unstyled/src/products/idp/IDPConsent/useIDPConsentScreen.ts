import { type AuthorizeStatus, useAuthorize, useBootstrap } from '@latchkey/hooks';
import type { IdpReauthenticationReason, User } from '@latchkey/sdk';
import { findMissingAuthorizeParam } from '@latchkey/sdk/idp';
import { type ReactNode, useMemo, useState } from 'react';
import { safeHttpUrl } from '../../../components/ErrorMessage';
import { idpErrorText } from '../idpErrorText';
import { type IdpScreenOptions, pageSearch, useIdpScreenOptions } from '../idpScreenOptions';
import { type ConsentManifest, type ConsentManifestItem, consentItems, resolveConsentManifest } from '../manifest';
import { type IdpTranslate, useIdpMessages } from '../messages';

/** Which view of the consent screen shows (`data-view` on the root). */
export type IDPConsentView = 'loading' | 'consent' | 'sign_in' | 'denied' | 'success' | 'error';

/** What `useIDPConsentScreen` returns: the state of the IDPConsent (authorize) parts. */
export interface UseIDPConsentScreenReturn {
  /**
   * The authorize flow's status
   * (`data-status="loading|consent|submitting|redirecting|denied|complete|reauthenticate|error"`).
   */
  status: AuthorizeStatus;
  /**
   * What shows (`data-view`): the spinner while loading (and while a consent-free client is signed in, or the browser
   * leaves with an error for the client), the consent form, the sign-in (`sign_in`: nobody is signed in, or the
   * provider asks for a fresh sign-in), 'Access to the application was denied.', the success view, or the error.
   */
  view: IDPConsentView;
  /** The error's text, or ''. */
  errorMessage: string;
  /**
   * The `sign_in` view's text: 'No active session detected. Please log in to continue.', or why the provider asks
   * for a fresh sign-in (`idpReauthenticate.login|max_age|id_token_hint`); '' in the other views.
   */
  signInMessage: string;
  /** The host's sign-in form (`signIn` option) for the `sign_in` view, or null. */
  signIn: ReactNode;
  /** The `sign_in` view's heading, naming the application that asks: 'Sign in to continue to {clientName}'. */
  signInTitle: string;
  /**
   * Who is signed in, as the consent screen shows it ('Signed in as {user}'): the user's first email, else phone
   * number, else name; '' when unknown.
   */
  userLabel: string;
  /** The application's logo (its `client_logo_url`), or null. */
  clientLogoUrl: string | null;
  /** The host the browser goes back to (the verified redirect URI's), or null before the provider verified it. */
  clientDomain: string | null;
  /** The application's privacy policy (`client_policy_uri`), or null. */
  privacyPolicyUrl: string | null;
  /** The application's terms of service (`client_tos_uri`), or null. */
  termsOfServiceUrl: string | null;
  /** 'Not you?': ends the session and shows the sign-in again. */
  signOut: () => void;
  /** The client's name, else the redirect URI's host, else 'The App'. */
  clientName: string;
  /** The project's name (the bootstrap's). */
  projectName: string;
  /** The project's logo, or null (the logo part renders nothing). */
  logoImageUrl: string | null;
  /** A custom (non-standard) scope is asked: the other title and heading. */
  hasCustomScopes: boolean;
  /** The groups of consent items (the default manifest, or `getManifest`'s). */
  manifest: ConsentManifest;
  /** The manifest is the host's (`getManifest` returned a well-formed one), emitted as `data-custom-manifest`. */
  isCustomManifest: boolean;
  /** The items the user cannot grant (the ungrantable box; empty: no box). */
  ungrantableItems: ConsentManifestItem[];
  /** The decision is being sent (`aria-busy` on the root, both buttons disabled). */
  isSubmitting: boolean;
  /** The button the user pressed while `isSubmitting` (its `data-pending`), or null. */
  pendingAction: 'allow' | 'deny' | null;
  /** 'Allow': grants the grantable scopes and leaves for the client with a code. */
  allow: () => void;
  /** 'Deny': leaves for the client with `error=access_denied`; 'Access to the application was denied.' shows. */
  deny: () => void;
}

function signInMessage(
  t: IdpTranslate,
  reason: IdpReauthenticationReason | null,
  signInRequired: boolean,
  clientName: string,
): string {
  if (reason) return t(`idpReauthenticate.${reason}`, { clientName });
  return signInRequired ? t('idpError.noActiveSession') : '';
}

/** How the consent screen names the signed-in user: the first email, else phone number, else full name. */
export function userLabel(user: User | null): string {
  if (!user) return '';
  const email = user.emails?.[0]?.email;
  if (email) return email;
  const phone = user.phone_numbers?.[0]?.phone_number;
  if (phone) return phone;
  const { first_name = '', last_name = '' } = user.name ?? {};
  return `${first_name} ${last_name}`.trim();
}

/** A client's logo or policy URL from the provider's answer, when it is http(s). */
const linkOrNull = (url: string | undefined) => (url ? safeHttpUrl(url) : null);

/**
 * The consent screen's state: `useAuthorize` with the page's query, the project's name
 * and the manifest. Inside `<IdentityProvider>` it reads its options; elsewhere pass them (inside
 * `<LatchkeyProvider>`).
 */
export function useIDPConsentScreen(options?: IdpScreenOptions): UseIDPConsentScreenReturn {
  const { search, navigate, isFramed, callbacks, getManifest, logoImageUrl, signIn } = useIdpScreenOptions(options);
  const t = useIdpMessages();
  // Read once: the flow reads the same query once, when it mounts.
  const [query] = useState(() => pageSearch(search));
  const authorize = useAuthorize({
    search: query,
    ...(navigate ? { navigate } : {}),
    ...(isFramed ? { isFramed } : {}),
    onEvent: callbacks?.onEvent,
    onError: callbacks?.onError,
  });
  const { projectName: bootstrapName } = useBootstrap();
  const projectName = bootstrapName || t('idpConsent.projectNameFallback');
  const { clientName, grantableScopes, ungrantableScopes, hasCustomScopes, status } = authorize;
  const [hasAskedConsent, setHasAskedConsent] = useState(false);
  if (status === 'consent' && !hasAskedConsent) setHasAskedConsent(true);
  const [pendingAction, setPendingAction] = useState<'allow' | 'deny' | null>(null);

  const { manifest, isCustom } = useMemo(
    () => resolveConsentManifest(getManifest, { scopes: grantableScopes, clientName, projectName, hasCustomScopes }, t),
    [getManifest, grantableScopes, clientName, projectName, hasCustomScopes, t],
  );
  const ungrantableItems = useMemo(
    () => consentItems(ungrantableScopes, t, { projectName }),
    [ungrantableScopes, t, projectName],
  );

  const isSubmitting = status === 'submitting' || status === 'redirecting';
  let view: IDPConsentView = 'loading';
  if (authorize.signInRequired) view = 'sign_in';
  else if (status === 'error') view = 'error';
  else if (status === 'denied') view = 'denied';
  else if (status === 'complete') view = 'success';
  else if (status === 'consent' || (isSubmitting && hasAskedConsent)) view = 'consent';

  return {
    status,
    view,
    errorMessage: idpErrorText(t, authorize.error, findMissingAuthorizeParam(new URLSearchParams(query))),
    signInMessage: signInMessage(t, authorize.reauthenticationReason, authorize.signInRequired, clientName),
    signIn: signIn ?? null,
    signInTitle: t('idpSignIn.title', { clientName }),
    userLabel: userLabel(authorize.user),
    // From the provider's answer: a `javascript:` or `data:` URL must never become an `href` or `src`.
    clientLogoUrl: linkOrNull(authorize.client?.client_logo_url),
    clientDomain: authorize.clientDomain,
    privacyPolicyUrl: linkOrNull(authorize.client?.client_policy_uri),
    termsOfServiceUrl: linkOrNull(authorize.client?.client_tos_uri),
    signOut: () => {
      void authorize.signOut();
    },
    clientName,
    projectName,
    logoImageUrl: logoImageUrl || null,
    hasCustomScopes,
    manifest,
    isCustomManifest: isCustom,
    ungrantableItems,
    isSubmitting,
    pendingAction: isSubmitting ? pendingAction : null,
    allow: () => {
      setPendingAction('allow');
      void authorize.allow();
    },
    deny: () => {
      setPendingAction('deny');
      void authorize.deny();
    },
  };
}
