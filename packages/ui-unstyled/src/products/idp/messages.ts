import { MISSING_PARAMETER_MESSAGE } from '@latchkey/sdk/idp';
import { type Catalogue, type Strings, useMessages } from '../../messages/index';

/**
 * The texts of the identity-provider screens (IDPConsent: the consent screen and the logout confirmation), in the
 * identity-provider chunk. Wording is the specification's, verbatim, except where a comment
 * says the specification does not show the text.
 */
export const idpMessages = {
  // The consent screen (authorize flow)
  'idpConsent.title': 'Sign in to {clientName} with {projectName}',
  'idpConsent.titleCustomScopes': '{clientName} wants to access your {projectName} account',
  'idpConsent.header': '{clientName} is requesting to:',
  'idpConsent.headerCustomScopes': 'Allow {clientName} to:',
  'idpConsent.ungrantableSummary':
    'You do not have permissions to grant {clientName} access to some of the requested scopes.',
  'idpConsent.ungrantableHeader': "You cannot grant {clientName}'s request to:",
  'idpConsent.allow': 'Allow',
  'idpConsent.deny': 'Deny',
  'idpConsent.denied': 'Access to the application was denied.',
  // The success view after submit: the specification shows one but not its text.
  'idpConsent.successTitle': 'Success!',
  'idpConsent.successDescription': 'You are being redirected to {clientName}.',
  // The project's name in the texts when the bootstrap has none (the specification does not show one).
  'idpConsent.projectNameFallback': 'Latchkey',

  // Who is signed in, the application's domain and its policies (issue 28; the specification shows none of these:
  // Latchkey's wording). 'Not you?' signs out and returns to the sign-in.
  'idpConsent.signedInAs': 'Signed in as {user}',
  'idpConsent.notYou': 'Not you?',
  'idpConsent.clientLogoAlt': '{clientName}',
  'idpConsent.clientDomain': '{domain}',
  'idpConsent.privacyPolicy': "{clientName}'s privacy policy",
  'idpConsent.termsOfService': "{clientName}'s terms of service",

  // The sign-in step of the authorize flow names the application that asks (issue 28; the specification has no
  // heading there: Latchkey's wording).
  'idpSignIn.title': 'Sign in to continue to {clientName}',

  // The consent items
  'idpScope.openid': 'Verify your identity',
  'idpScope.openid.detail': 'View information stored within your account',
  'idpScope.profile': 'View your personal profile information',
  'idpScope.profile.detail': 'Your name, profile picture, and language preferences',
  // Issue 28: email and phone are one item each, not details of profile (a user sees each thing the application gets).
  // The specification shows them only as details ('Your email address', 'Your phone number'): Latchkey's wording.
  'idpScope.email': 'View your email address',
  'idpScope.phone': 'View your phone number',
  'idpScope.offline_access': "Maintain access to your data even when you're not actively using the app",
  // The specification names two details of offline_access, about offline access and background sync, but does not
  // show their text: these are Latchkey's wording.
  'idpScope.offline_access.detailOffline': "Access your data while you're offline or away from the app",
  'idpScope.offline_access.detailSync': 'Keep your data in sync in the background',
  // full_access is a standard scope without a text in the specification: Latchkey's wording. A token with
  // it can be exchanged for a session of the user (`sessions/exchange_access_token`).
  'idpScope.full_access': 'Have full access to your {projectName} account',
  'idpScope.full_access.detail': 'Sign in as you and do anything you can do in your account',
  'idpScope.custom': 'Use the {scope} scope',

  // Errors: a missing query parameter, no session; a preflight error shows the server's message.
  'idpError.missingParameter': MISSING_PARAMETER_MESSAGE,
  // An unknown client or a redirect URI it did not register (`oauth_client_not_found`, `invalid_redirect_uri`): the
  // provider's message is for developers, and nothing may be sent back to that redirect URI (RFC 6749 §4.1.2.1).
  // Also a request that gives a parameter more than once (`duplicate_parameter`, RFC 6749 §3.1), whose client and
  // redirect URI cannot be trusted either. Latchkey's wording, after the missing-parameter one.
  'idpError.invalidClient':
    'This sign-in link is not valid, so you cannot continue to the application. Please reach out to the application developer.',
  'idpError.noActiveSession': 'No active session detected. Please log in to continue.',
  // The consent screen or 'Log out?' inside a frame (RFC 6749 §10.13, RFC 9700 §4.16: clickjacking): neither is
  // offered there. The specification's catalogue has no text for it: Latchkey's wording.
  'idpError.framedPage': 'This page cannot be shown inside another site. Open it in its own window.',

  // A fresh sign-in the provider asks for before it answers the application (OpenID Connect Core §3.1.2.1
  // `prompt=login`, `max_age`, `id_token_hint`); the current session was ended. The specification has no such
  // screen: Latchkey's wording.
  'idpReauthenticate.login': '{clientName} asks you to sign in again. Please sign in to continue.',
  'idpReauthenticate.max_age': 'Your last sign-in was too long ago for {clientName}. Please sign in again to continue.',
  'idpReauthenticate.id_token_hint':
    '{clientName} asked for a different account than the one that was signed in. Please sign in with that account to continue.',

  // The logout confirmation (logout flow)
  'idpLogout.title': 'Log out?',
  'idpLogout.description': 'Are you sure you want to log out of your {projectName} account?',
  'idpLogout.yes': 'Yes',
  'idpLogout.no': 'No',
  'idpLogout.declined': 'You have not been logged out. You may close this page.',
  // The way back after 'No' (issue 28; not in the specification: Latchkey's wording): a link to the application's
  // site (the host of its verified post-logout URI), else back to the previous page.
  'idpLogout.returnTo': 'Return to {domain}',
  'idpLogout.goBack': 'Go back',
  // After logging out when the application named no post_logout_redirect_uri (RP-Initiated Logout 1.0 §3: nowhere
  // to send the browser). The specification has no such text: Latchkey's wording, after the declined one.
  'idpLogout.loggedOut': 'You have been logged out. You may close this page.',
} as const;

/** The id of one identity-provider text. */
export type IdpMessageId = keyof typeof idpMessages;

/** Replacement texts of the identity-provider screens, by id (inserted as text, never HTML). */
export type IdpStrings = Partial<Record<IdpMessageId, string>>;

/** `strings` of `<IdentityProvider>`: any widget text, and the identity-provider ones. */
export type IdentityProviderStrings = Strings & IdpStrings;

/** Looks an identity-provider text up (after the `strings` overrides) and fills its placeholders. */
export type IdpTranslate = (id: IdpMessageId, values?: Record<string, string | number>) => string;

/**
 * `t(id, values)` over the identity-provider texts: `useMessages` with this chunk's catalogue (the shared catalogue's
 * ids, such as the error screen's title, still resolve through `useMessages` itself).
 */
export function useIdpMessages(): IdpTranslate {
  // The catalogue's ids are typed by the shared catalogue (messages/index.tsx); this chunk's ids resolve the same way.
  return useMessages(idpMessages as unknown as Catalogue) as unknown as IdpTranslate;
}
