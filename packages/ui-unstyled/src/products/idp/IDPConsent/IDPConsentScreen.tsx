import { forwardRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import { SuccessIcon } from '../../../components/SuccessIcon';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { ErrorScreen } from '../../../screens/Error/ErrorScreen';
import { createScreen } from '../../../screens/shared/screenParts';
import { useIdpMessages } from '../messages';
import { useFocusAfterDecision } from '../useFocusAfterDecision';
import { CONSENT_SCOPE, IDPConsentScreenProvider, useIDPConsentScreenContext } from './consentContext';
import {
  IDPConsentScreenGroup,
  IDPConsentScreenItem,
  IDPConsentScreenManifest,
  IDPConsentScreenUngrantable,
} from './consentItemParts';
import { useIDPConsentScreen } from './useIDPConsentScreen';

export * from './consentItemParts';
export * from './useIDPConsentScreen';
export { IDPConsentScreenProvider };

/** The logo's largest size in CSS pixels (height 50, width 100). */
export const IDP_LOGO_MAX_HEIGHT = 50;
export const IDP_LOGO_MAX_WIDTH = 100;

const Root = createPart(CONSENT_SCOPE, 'root', 'div');
const Logo = createPart(CONSENT_SCOPE, 'logo', 'img');
const Title = createPart(CONSENT_SCOPE, 'title', 'h2');
const Actions = createPart(CONSENT_SCOPE, 'actions', 'div');
const Allow = createPart(CONSENT_SCOPE, 'allow', 'button');
const Deny = createPart(CONSENT_SCOPE, 'deny', 'button');
const Denied = createPart(CONSENT_SCOPE, 'denied', 'p');
const SignInRoot = createPart(CONSENT_SCOPE, 'sign-in', 'div');
const SignInMessage = createPart(CONSENT_SCOPE, 'sign-in-message', 'p');
const Success = createPart(CONSENT_SCOPE, 'success', 'div');
const SignInTitle = createPart(CONSENT_SCOPE, 'sign-in-title', 'h2');
const ClientLogo = createPart(CONSENT_SCOPE, 'client-logo', 'img');
const ClientDomain = createPart(CONSENT_SCOPE, 'client-domain', 'p');
const Account = createPart(CONSENT_SCOPE, 'account', 'p');
const AccountUser = createPart(CONSENT_SCOPE, 'account-user', 'span');
const NotYou = createPart(CONSENT_SCOPE, 'not-you', 'button');
const Policies = createPart(CONSENT_SCOPE, 'policies', 'p');
const PrivacyPolicy = createPart(CONSENT_SCOPE, 'privacy-policy', 'a');
const TermsOfService = createPart(CONSENT_SCOPE, 'terms-of-service', 'a');
const SuccessTitle = createPart(CONSENT_SCOPE, 'success-title', 'h2');
const SuccessDescription = createPart(CONSENT_SCOPE, 'success-description', 'p');

/**
 * The screen's container (`data-scope="idp-consent" data-part="root"`, `data-status` the flow's status, `data-view`
 * what shows, `aria-busy` while loading or sending the decision).
 */
export const IDPConsentScreenRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function IDPConsentScreenRoot(props, ref) {
    const screen = useIDPConsentScreenContext();
    return (
      <Root
        data-status={screen.status}
        data-view={screen.view}
        aria-busy={screen.view === 'loading' || screen.isSubmitting || undefined}
        {...props}
        ref={ref}
      />
    );
  },
);

/** The spinner while the request is checked (`data-part="spinner"`, role status, named 'Loading'). */
export const IDPConsentScreenSpinner = forwardRef<HTMLSpanElement, PartProps<'span'>>(
  function IDPConsentScreenSpinner(props, ref) {
    return <Spinner data-scope={CONSENT_SCOPE} data-part="spinner" {...props} ref={ref} />;
  },
);

/**
 * The project's logo (`data-part="logo"`, alt: the project's name), at most 50 px high and 100 px wide (inline, so it
 * holds without a stylesheet); nothing without a logo URL.
 */
export const IDPConsentScreenLogo = forwardRef<HTMLImageElement, PartProps<'img'>>(
  function IDPConsentScreenLogo(props, ref) {
    const screen = useIDPConsentScreenContext();
    if (!screen.logoImageUrl) return null;
    return (
      <Logo
        src={screen.logoImageUrl}
        alt={screen.projectName}
        {...props}
        style={{ maxHeight: `${IDP_LOGO_MAX_HEIGHT}px`, maxWidth: `${IDP_LOGO_MAX_WIDTH}px`, ...props.style }}
        ref={ref}
      />
    );
  },
);

/**
 * The heading: 'Sign in to {clientName} with {projectName}' when every scope is standard, '{clientName} wants to
 * access your {projectName} account' when a custom scope is asked.
 */
export const IDPConsentScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function IDPConsentScreenTitle(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    const names = { clientName: screen.clientName, projectName: screen.projectName };
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t(screen.hasCustomScopes ? 'idpConsent.titleCustomScopes' : 'idpConsent.title', names)}
      </Title>
    );
  },
);

/**
 * The application's logo (`data-part="client-logo"`, alt: its name), at most 50 px high and 100 px wide; nothing
 * when the client has no `client_logo_url`.
 */
export const IDPConsentScreenClientLogo = forwardRef<HTMLImageElement, PartProps<'img'>>(
  function IDPConsentScreenClientLogo(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    if (!screen.clientLogoUrl) return null;
    return (
      <ClientLogo
        src={screen.clientLogoUrl}
        alt={t('idpConsent.clientLogoAlt', { clientName: screen.clientName })}
        {...props}
        style={{ maxHeight: `${IDP_LOGO_MAX_HEIGHT}px`, maxWidth: `${IDP_LOGO_MAX_WIDTH}px`, ...props.style }}
        ref={ref}
      />
    );
  },
);

/** The host the browser goes back to (`data-part="client-domain"`), once verified; nothing before. */
export const IDPConsentScreenClientDomain = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPConsentScreenClientDomain(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    if (!screen.clientDomain) return null;
    return (
      <ClientDomain {...props} ref={ref}>
        {props.children ?? t('idpConsent.clientDomain', { domain: screen.clientDomain })}
      </ClientDomain>
    );
  },
);

/**
 * Who is signed in (`data-part="account"`): 'Signed in as {user}' (`account-user`) and 'Not you?' (`not-you`, a
 * button that signs out and shows the sign-in again, disabled while the decision is sent).
 */
export const IDPConsentScreenAccount = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPConsentScreenAccount(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    if (!screen.userLabel) return null;
    return (
      <Account {...props} ref={ref}>
        {props.children ?? (
          <>
            <AccountUser>{t('idpConsent.signedInAs', { user: screen.userLabel })}</AccountUser>{' '}
            <IDPConsentScreenNotYou />
          </>
        )}
      </Account>
    );
  },
);

/** 'Not you?' (`data-part="not-you"`): signs out and returns to the sign-in. */
export const IDPConsentScreenNotYou = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function IDPConsentScreenNotYou(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    return (
      <NotYou
        type="button"
        disabled={screen.isSubmitting}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen.signOut)}
        ref={ref}
      >
        {props.children ?? t('idpConsent.notYou')}
      </NotYou>
    );
  },
);

/**
 * The application's policies (`data-part="policies"`): links to its privacy policy (`privacy-policy`) and terms of
 * service (`terms-of-service`), each when configured on the client, opened in a new tab (the consent stays); nothing
 * when it has neither.
 */
export const IDPConsentScreenPolicies = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPConsentScreenPolicies(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    if (!screen.privacyPolicyUrl && !screen.termsOfServiceUrl) return null;
    const names = { clientName: screen.clientName };
    return (
      <Policies {...props} ref={ref}>
        {props.children ?? (
          <>
            {screen.privacyPolicyUrl ? (
              <PrivacyPolicy href={screen.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
                {t('idpConsent.privacyPolicy', names)}
              </PrivacyPolicy>
            ) : null}
            {screen.privacyPolicyUrl && screen.termsOfServiceUrl ? ' ' : null}
            {screen.termsOfServiceUrl ? (
              <TermsOfService href={screen.termsOfServiceUrl} target="_blank" rel="noopener noreferrer">
                {t('idpConsent.termsOfService', names)}
              </TermsOfService>
            ) : null}
          </>
        )}
      </Policies>
    );
  },
);

/** The row of the two buttons (`data-part="actions"`). */
export const IDPConsentScreenActions = Actions;

const DecisionButton = forwardRef<HTMLButtonElement, PartProps<'button'> & { action: 'allow' | 'deny' }>(
  function DecisionButton({ action, ...props }, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    const isPending = screen.pendingAction === action;
    const Part = action === 'allow' ? Allow : Deny;
    return (
      <Part
        type="button"
        disabled={screen.isSubmitting}
        aria-busy={isPending || undefined}
        data-pending={isPending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen[action])}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t(action === 'allow' ? 'idpConsent.allow' : 'idpConsent.deny')}
            {isPending ? <Spinner /> : null}
          </>
        )}
      </Part>
    );
  },
);

/** 'Allow' (`data-part="allow"`): disabled while the decision is sent, busy (`data-pending`, a spinner) if pressed. */
export const IDPConsentScreenAllow = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function IDPConsentScreenAllow(props, ref) {
    return <DecisionButton action="allow" {...props} ref={ref} />;
  },
);

/** 'Deny' (`data-part="deny"`): as 'Allow'; afterwards 'Access to the application was denied.' shows. */
export const IDPConsentScreenDeny = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function IDPConsentScreenDeny(props, ref) {
    return <DecisionButton action="deny" {...props} ref={ref} />;
  },
);

/** 'Access to the application was denied.' (`data-part="denied"`, role alert). */
export const IDPConsentScreenDenied = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPConsentScreenDenied(props, ref) {
    const t = useIdpMessages();
    return (
      <Denied role="alert" tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('idpConsent.denied')}
      </Denied>
    );
  },
);

/**
 * The text of the `sign_in` view (`data-part="sign-in-message"`, role alert, so it is announced): 'No active session
 * detected. Please log in to continue.', or why the provider asks for a fresh sign-in.
 */
export const IDPConsentScreenSignInMessage = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPConsentScreenSignInMessage(props, ref) {
    const screen = useIDPConsentScreenContext();
    return (
      <SignInMessage role="alert" tabIndex={-1} {...props} ref={ref}>
        {props.children ?? screen.signInMessage}
      </SignInMessage>
    );
  },
);

/** The `sign_in` view's heading (`data-part="sign-in-title"`): 'Sign in to continue to {clientName}'. */
export const IDPConsentScreenSignInTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function IDPConsentScreenSignInTitle(props, ref) {
    const screen = useIDPConsentScreenContext();
    return (
      <SignInTitle {...props} ref={ref}>
        {props.children ?? screen.signInTitle}
      </SignInTitle>
    );
  },
);

/**
 * The `sign_in` view (`data-part="sign-in"`): the heading naming the application, the text, then the host's sign-in
 * form (the `signIn` option). The flow starts again by itself once the user has signed in.
 */
export const IDPConsentScreenSignIn = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function IDPConsentScreenSignIn(props, ref) {
    const screen = useIDPConsentScreenContext();
    return (
      <SignInRoot {...props} ref={ref}>
        {props.children ?? (
          <>
            <IDPConsentScreenSignInTitle />
            <IDPConsentScreenSignInMessage />
            {screen.signIn}
          </>
        )}
      </SignInRoot>
    );
  },
);

/**
 * The success view after the decision was sent (`data-part="success"`): a check graphic, 'Success!' and 'You are
 * being redirected to {clientName}.' while the browser leaves for the client.
 */
export const IDPConsentScreenSuccess = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function IDPConsentScreenSuccess(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    return (
      <Success role="status" {...props} ref={ref}>
        {props.children ?? (
          <>
            <SuccessIcon data-scope={CONSENT_SCOPE} />
            <SuccessTitle tabIndex={-1}>{t('idpConsent.successTitle')}</SuccessTitle>
            <SuccessDescription>
              {t('idpConsent.successDescription', { clientName: screen.clientName })}
            </SuccessDescription>
          </>
        )}
      </Success>
    );
  },
);

/**
 * The error (the shared error screen, `data-scope="error"`): 'Looks like there was an error!' and the text (role
 * alert): a missing parameter, no active session, or the server's message. No back control.
 */
export function IDPConsentScreenError() {
  const screen = useIDPConsentScreenContext();
  return (
    <ErrorScreen.Provider value={{ message: screen.errorMessage, canGoBack: false, back: () => {} }}>
      <ErrorScreen.Layout />
    </ErrorScreen.Provider>
  );
}

/**
 * The default layout: the spinner; or the logo, the application's logo, the title, the application's domain, who is
 * signed in ('Not you?'), the manifest, the ungrantable box, the application's policy links, 'Allow' and 'Deny'; or
 * the sign-in (its heading, its text and the host's form); or the denied text, the success view, or the error.
 */
export function IDPConsentScreenLayout() {
  const screen = useIDPConsentScreenContext();
  const container = useFocusAfterDecision(screen.view);
  return (
    <IDPConsentScreenRoot ref={container}>
      {screen.view === 'loading' ? <IDPConsentScreenSpinner /> : null}
      {screen.view === 'consent' ? (
        <>
          <IDPConsentScreenLogo />
          <IDPConsentScreenClientLogo />
          <IDPConsentScreenTitle />
          <IDPConsentScreenClientDomain />
          <IDPConsentScreenAccount />
          <IDPConsentScreenManifest />
          <IDPConsentScreenUngrantable />
          <IDPConsentScreenPolicies />
          <IDPConsentScreenActions>
            <IDPConsentScreenAllow />
            <IDPConsentScreenDeny />
          </IDPConsentScreenActions>
        </>
      ) : null}
      {screen.view === 'sign_in' ? <IDPConsentScreenSignIn /> : null}
      {screen.view === 'denied' ? <IDPConsentScreenDenied /> : null}
      {screen.view === 'success' ? <IDPConsentScreenSuccess /> : null}
      {screen.view === 'error' ? <IDPConsentScreenError /> : null}
    </IDPConsentScreenRoot>
  );
}

/**
 * IDPConsent's authorize flow: a spinner while loading; then 'Sign in to {clientName} with
 * {projectName}' (or '{clientName} wants to access your {projectName} account'), the project's logo, the items under
 * '{clientName} is requesting to:' (or 'Allow {clientName} to:'), each expanding to its details, the box of scopes the
 * user cannot grant, 'Allow' and 'Deny'; afterwards the success view or 'Access to the application was denied.'.
 * When the flow needs a sign-in (nobody signed in, or the provider asks for a fresh one) it shows why and the
 * `signIn` form.
 * Inside `<IdentityProvider>` (or pass `useIDPConsentScreen` its options). For another layout:
 * `useIDPConsentScreen()`, `<IDPConsentScreen.Provider value>` and the parts.
 */
export const IDPConsentScreen = createScreen('IDPConsentScreen', useIDPConsentScreen, {
  Provider: IDPConsentScreenProvider,
  Layout: IDPConsentScreenLayout,
  Root: IDPConsentScreenRoot,
  Spinner: IDPConsentScreenSpinner,
  Logo: IDPConsentScreenLogo,
  Title: IDPConsentScreenTitle,
  ClientLogo: IDPConsentScreenClientLogo,
  ClientDomain: IDPConsentScreenClientDomain,
  Account: IDPConsentScreenAccount,
  NotYou: IDPConsentScreenNotYou,
  Policies: IDPConsentScreenPolicies,
  SignInTitle: IDPConsentScreenSignInTitle,
  Manifest: IDPConsentScreenManifest,
  Group: IDPConsentScreenGroup,
  Item: IDPConsentScreenItem,
  Ungrantable: IDPConsentScreenUngrantable,
  Actions: IDPConsentScreenActions,
  Allow: IDPConsentScreenAllow,
  Deny: IDPConsentScreenDeny,
  Denied: IDPConsentScreenDenied,
  SignIn: IDPConsentScreenSignIn,
  SignInMessage: IDPConsentScreenSignInMessage,
  Success: IDPConsentScreenSuccess,
  Error: IDPConsentScreenError,
});
