import { forwardRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { ErrorScreen } from '../../../screens/Error/ErrorScreen';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createScreen } from '../../../screens/shared/screenParts';
import { useIdpMessages } from '../messages';
import { useFocusAfterDecision } from '../useFocusAfterDecision';
import { type UseIDPLogoutScreenReturn, useIDPLogoutScreen } from './useIDPLogoutScreen';

export * from './useIDPLogoutScreen';

const SCOPE = 'idp-logout';
const { Provider, useScreenContext } = createScreenContext<UseIDPLogoutScreenReturn>('IDPLogoutScreen');
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');
const Actions = createPart(SCOPE, 'actions', 'div');
const Yes = createPart(SCOPE, 'yes', 'button');
const No = createPart(SCOPE, 'no', 'button');
const Declined = createPart(SCOPE, 'declined', 'p');
const Back = createPart(SCOPE, 'back', 'a');
const GoBack = createPart(SCOPE, 'go-back', 'button');
const LoggedOut = createPart(SCOPE, 'logged-out', 'p');

/** Provides the logout screen's state (`useIDPLogoutScreen()`, or a fixed value) to its parts. */
export const IDPLogoutScreenProvider = Provider;

/**
 * The screen's container (`data-scope="idp-logout" data-part="root"`, `data-status` the flow's status, `data-view`
 * what shows, `aria-busy` while loading or logging out).
 */
export const IDPLogoutScreenRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function IDPLogoutScreenRoot(props, ref) {
    const screen = useScreenContext();
    return (
      <Root
        data-status={screen.status}
        data-view={screen.view}
        aria-busy={screen.view === 'loading' || screen.isLoggingOut || undefined}
        {...props}
        ref={ref}
      />
    );
  },
);

/** The spinner while the request is checked or the browser leaves (`data-part="spinner"`, role status). */
export const IDPLogoutScreenSpinner = forwardRef<HTMLSpanElement, PartProps<'span'>>(
  function IDPLogoutScreenSpinner(props, ref) {
    return <Spinner data-scope={SCOPE} data-part="spinner" {...props} ref={ref} />;
  },
);

/** The heading 'Log out?'. */
export const IDPLogoutScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function IDPLogoutScreenTitle(props, ref) {
    const t = useIdpMessages();
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('idpLogout.title')}
      </Title>
    );
  },
);

/** 'Are you sure you want to log out of your {projectName} account?'. */
export const IDPLogoutScreenDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPLogoutScreenDescription(props, ref) {
    const screen = useScreenContext();
    const t = useIdpMessages();
    return (
      <Description {...props} ref={ref}>
        {props.children ?? t('idpLogout.description', { projectName: screen.projectName })}
      </Description>
    );
  },
);

/** The row of 'Yes' and 'No' (`data-part="actions"`). */
export const IDPLogoutScreenActions = Actions;

/** 'Yes' (`data-part="yes"`): logs out; disabled and busy (`data-pending`, a spinner) meanwhile. */
export const IDPLogoutScreenYes = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function IDPLogoutScreenYes(props, ref) {
    const screen = useScreenContext();
    const t = useIdpMessages();
    return (
      <Yes
        type="button"
        disabled={screen.isLoggingOut}
        aria-busy={screen.isLoggingOut || undefined}
        data-pending={screen.isLoggingOut ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen.confirm)}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('idpLogout.yes')}
            {screen.isLoggingOut ? <Spinner /> : null}
          </>
        )}
      </Yes>
    );
  },
);

/** 'No' (`data-part="no"`): stays signed in; disabled while logging out. */
export const IDPLogoutScreenNo = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function IDPLogoutScreenNo(props, ref) {
    const screen = useScreenContext();
    const t = useIdpMessages();
    return (
      <No
        type="button"
        disabled={screen.isLoggingOut}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen.decline)}
        ref={ref}
      >
        {props.children ?? t('idpLogout.no')}
      </No>
    );
  },
);

/**
 * The way back after 'No': a link 'Return to {domain}' to the application's site (`data-part="back"`, the origin of
 * its verified post-logout URI); without one, 'Go back' (`data-part="go-back"`, a button: the previous page) when the
 * browser has one; else nothing.
 */
export const IDPLogoutScreenBack = forwardRef<HTMLAnchorElement, PartProps<'a'>>(
  function IDPLogoutScreenBack(props, ref) {
    const screen = useScreenContext();
    const t = useIdpMessages();
    if (screen.clientUrl && screen.clientDomain) {
      return (
        <Back href={screen.clientUrl} {...props} ref={ref}>
          {props.children ?? t('idpLogout.returnTo', { domain: screen.clientDomain })}
        </Back>
      );
    }
    if (!screen.canGoBack) return null;
    return (
      <GoBack type="button" onClick={screen.goBack}>
        {t('idpLogout.goBack')}
      </GoBack>
    );
  },
);

/** 'You have not been logged out. You may close this page.' (`data-part="declined"`, role alert). */
export const IDPLogoutScreenDeclined = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPLogoutScreenDeclined(props, ref) {
    const t = useIdpMessages();
    return (
      <Declined role="alert" tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('idpLogout.declined')}
      </Declined>
    );
  },
);

/**
 * 'You have been logged out. You may close this page.' (`data-part="logged-out"`, role alert): logged out, and the
 * application named no post-logout URI to return to.
 */
export const IDPLogoutScreenLoggedOut = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IDPLogoutScreenLoggedOut(props, ref) {
    const t = useIdpMessages();
    return (
      <LoggedOut role="alert" tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('idpLogout.loggedOut')}
      </LoggedOut>
    );
  },
);

/** The error (the shared error screen, `data-scope="error"`): a missing parameter or the server's message. */
export function IDPLogoutScreenError() {
  const screen = useScreenContext();
  return (
    <ErrorScreen.Provider value={{ message: screen.errorMessage, canGoBack: false, back: () => {} }}>
      <ErrorScreen.Layout />
    </ErrorScreen.Provider>
  );
}

/**
 * The default layout: the spinner; or 'Log out?', the question, 'Yes' and 'No'; or the declined text; or the
 * logged-out text; or the error.
 */
export function IDPLogoutScreenLayout() {
  const screen = useScreenContext();
  const container = useFocusAfterDecision(screen.view, ['confirm']);
  return (
    <IDPLogoutScreenRoot ref={container}>
      {screen.view === 'loading' ? <IDPLogoutScreenSpinner /> : null}
      {screen.view === 'confirm' ? (
        <>
          <IDPLogoutScreenTitle />
          <IDPLogoutScreenDescription />
          <IDPLogoutScreenActions>
            <IDPLogoutScreenYes />
            <IDPLogoutScreenNo />
          </IDPLogoutScreenActions>
        </>
      ) : null}
      {screen.view === 'declined' ? (
        <>
          <IDPLogoutScreenDeclined />
          <IDPLogoutScreenBack />
        </>
      ) : null}
      {screen.view === 'logged_out' ? <IDPLogoutScreenLoggedOut /> : null}
      {screen.view === 'error' ? <IDPLogoutScreenError /> : null}
    </IDPLogoutScreenRoot>
  );
}

/**
 * IDPConsent's logout flow: 'Log out?' and 'Are you sure you want to log out of your {projectName}
 * account?' with 'Yes' (revokes the session, then leaves for the client) and 'No' ('You have not been logged out. You
 * may close this page.'). A request that needs no confirmation logs out at once; one without a post-logout URI ends
 * on 'You have been logged out. You may close this page.'. Inside `<IdentityProvider>` (or pass
 * `useIDPLogoutScreen` its options). For another layout: `useIDPLogoutScreen()`, `<IDPLogoutScreen.Provider value>`
 * and the parts.
 */
export const IDPLogoutScreen = createScreen('IDPLogoutScreen', useIDPLogoutScreen, {
  Provider: IDPLogoutScreenProvider,
  Layout: IDPLogoutScreenLayout,
  Root: IDPLogoutScreenRoot,
  Spinner: IDPLogoutScreenSpinner,
  Title: IDPLogoutScreenTitle,
  Description: IDPLogoutScreenDescription,
  Actions: IDPLogoutScreenActions,
  Yes: IDPLogoutScreenYes,
  No: IDPLogoutScreenNo,
  Declined: IDPLogoutScreenDeclined,
  Back: IDPLogoutScreenBack,
  LoggedOut: IDPLogoutScreenLoggedOut,
  Error: IDPLogoutScreenError,
});
