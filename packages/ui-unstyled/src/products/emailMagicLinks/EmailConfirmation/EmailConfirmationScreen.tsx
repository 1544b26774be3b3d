import { createContext, forwardRef, useContext } from 'react';
import { ErrorMessage, type ErrorMessageProps } from '../../../components/ErrorMessage';
import { Spinner } from '../../../components/Spinner';
import { type MessageId, useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { emailMagicLinksMessages } from '../messages';
import {
  type UseEmailConfirmationScreenReturn,
  useEmailConfirmationScreen,
  type WebMailProvider,
} from './useEmailConfirmationScreen';

const EmailConfirmationScreenContext = createContext<UseEmailConfirmationScreenReturn | null>(null);

function useEmailConfirmationScreenContext(): UseEmailConfirmationScreenReturn {
  const value = useContext(EmailConfirmationScreenContext);
  if (!value) throw new Error('EmailConfirmationScreen parts must be used within <EmailConfirmationScreen.Provider>');
  return value;
}

/** Provides the EmailConfirmation screen's state (`useEmailConfirmationScreen()`, or a fixed value) to its parts. */
export const EmailConfirmationScreenProvider = EmailConfirmationScreenContext.Provider;

const SCOPE = 'email-confirmation';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');
const Links = createPart(SCOPE, 'links', 'div');
const Link = createPart(SCOPE, 'link', 'a');
const TryAgain = createPart(SCOPE, 'try-again', 'button');
const CreatePassword = createPart(SCOPE, 'create-password', 'button');

const LINK_LABELS: Record<WebMailProvider, MessageId> = {
  gmail: 'emailConfirmation.openGmail',
  yahoo: 'emailConfirmation.openYahoo',
  outlook: 'emailConfirmation.openOutlook',
};

/** The screen's container (`data-scope="email-confirmation" data-part="root"`). */
export const EmailConfirmationScreenRoot = Root;

/** The heading 'Check your email'. */
export const EmailConfirmationScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function EmailConfirmationScreenTitle(props, ref) {
    const t = useMessages(emailMagicLinksMessages);
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('emailConfirmation.title')}
      </Title>
    );
  },
);

/** 'An email was sent to {email}.' */
export const EmailConfirmationScreenDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function EmailConfirmationScreenDescription(props, ref) {
    const screen = useEmailConfirmationScreenContext();
    const t = useMessages(emailMagicLinksMessages);
    return (
      <Description {...props} ref={ref}>
        {props.children ?? t('emailConfirmation.description', { email: screen.email })}
      </Description>
    );
  },
);

/** One web-mail link, opening a new tab (`data-part="link"`, `data-provider`). */
export const EmailConfirmationScreenLink = forwardRef<
  HTMLAnchorElement,
  PartProps<'a'> & { provider: WebMailProvider }
>(function EmailConfirmationScreenLink({ provider, ...props }, ref) {
  const screen = useEmailConfirmationScreenContext();
  const t = useMessages(emailMagicLinksMessages);
  const link = screen.links.find((item) => item.provider === provider);
  return (
    <Link href={link?.href} target="_blank" rel="noopener noreferrer" data-provider={provider} {...props} ref={ref}>
      {props.children ?? t(LINK_LABELS[provider])}
    </Link>
  );
});

/** The three links 'Open in Gmail', 'Open in Yahoo', 'Open in Outlook' (`data-part="links"`). */
export const EmailConfirmationScreenLinks = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function EmailConfirmationScreenLinks(props, ref) {
    const screen = useEmailConfirmationScreenContext();
    return (
      <Links {...props} ref={ref}>
        {props.children ??
          screen.links.map((link) => <EmailConfirmationScreenLink key={link.provider} provider={link.provider} />)}
      </Links>
    );
  },
);

/** 'Try again': back to Main with the email cleared. */
export const EmailConfirmationScreenTryAgain = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function EmailConfirmationScreenTryAgain(props, ref) {
    const screen = useEmailConfirmationScreenContext();
    const t = useMessages(emailMagicLinksMessages);
    return (
      <TryAgain
        type="button"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.tryAgain())}
        ref={ref}
      >
        {props.children ?? t('emailConfirmation.tryAgain')}
      </TryAgain>
    );
  },
);

/**
 * 'Create a password instead', only in the passwordless password flow; disabled with a spinner while the
 * set-password email is sent (`data-pending`).
 */
export const EmailConfirmationScreenCreatePassword = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function EmailConfirmationScreenCreatePassword(props, ref) {
    const screen = useEmailConfirmationScreenContext();
    const t = useMessages(emailMagicLinksMessages);
    if (!screen.canCreatePassword) return null;
    return (
      <CreatePassword
        type="button"
        disabled={screen.isCreatingPassword}
        aria-busy={screen.isCreatingPassword || undefined}
        data-pending={screen.isCreatingPassword ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.createPassword())}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('emailConfirmation.createPassword')}
            {screen.isCreatingPassword ? <Spinner /> : null}
          </>
        )}
      </CreatePassword>
    );
  },
);

/** Why the set-password email failed (`data-part="error"`, role alert); nothing without an error. */
export const EmailConfirmationScreenError = forwardRef<HTMLParagraphElement, Omit<ErrorMessageProps, 'error'>>(
  function EmailConfirmationScreenError(props, ref) {
    const screen = useEmailConfirmationScreenContext();
    return <ErrorMessage data-scope={SCOPE} data-part="error" error={screen.error} {...props} ref={ref} />;
  },
);

/** The default layout: title, description, links, try again, create password, error. */
export function EmailConfirmationScreenLayout() {
  return (
    <EmailConfirmationScreenRoot>
      <EmailConfirmationScreenTitle />
      <EmailConfirmationScreenDescription />
      <EmailConfirmationScreenLinks />
      <EmailConfirmationScreenTryAgain />
      <EmailConfirmationScreenCreatePassword />
      <EmailConfirmationScreenError />
    </EmailConfirmationScreenRoot>
  );
}

/**
 * The EmailConfirmation screen: 'Check your email', where it went, web-mail links, 'Try again' and, in
 * the passwordless password flow, 'Create a password instead'. Inside `<SignIn>`.
 */
export function EmailConfirmationScreen() {
  const value = useEmailConfirmationScreen();
  return (
    <EmailConfirmationScreenProvider value={value}>
      <EmailConfirmationScreenLayout />
    </EmailConfirmationScreenProvider>
  );
}
EmailConfirmationScreen.Provider = EmailConfirmationScreenProvider;
EmailConfirmationScreen.Layout = EmailConfirmationScreenLayout;
EmailConfirmationScreen.Root = EmailConfirmationScreenRoot;
EmailConfirmationScreen.Title = EmailConfirmationScreenTitle;
EmailConfirmationScreen.Description = EmailConfirmationScreenDescription;
EmailConfirmationScreen.Links = EmailConfirmationScreenLinks;
EmailConfirmationScreen.Link = EmailConfirmationScreenLink;
EmailConfirmationScreen.TryAgain = EmailConfirmationScreenTryAgain;
EmailConfirmationScreen.CreatePassword = EmailConfirmationScreenCreatePassword;
EmailConfirmationScreen.Error = EmailConfirmationScreenError;
