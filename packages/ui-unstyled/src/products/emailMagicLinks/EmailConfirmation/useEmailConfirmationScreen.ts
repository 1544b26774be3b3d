import {
  type LatchkeyFlowError,
  useBootstrap,
  useCreatePasswordInstead,
  useLatchkeyClient,
  useSignInStore,
} from '@latchkey/hooks';
import { useCallback } from 'react';

/** A web-mail service the screen links to. */
export type WebMailProvider = 'gmail' | 'yahoo' | 'outlook';

/** One 'Open in …' link. */
export interface WebMailLink {
  provider: WebMailProvider;
  href: string;
}

/**
 * The three web-mail links. With exactly one known sender domain, Gmail and Yahoo open a search for mail from it;
 * otherwise their inboxes.
 */
export function webMailLinks(emailDomains: readonly string[]): WebMailLink[] {
  const domain = emailDomains.length === 1 ? emailDomains[0] : undefined;
  return [
    {
      provider: 'gmail',
      href: domain
        ? `https://mail.google.com/mail/u/0/#search/${encodeURIComponent(`from:@${domain}`)}+in%3Aanywhere`
        : 'https://mail.google.com/mail/u/0/#inbox',
    },
    {
      provider: 'yahoo',
      href: domain
        ? `https://mail.yahoo.com/d/search/keyword=${encodeURIComponent(encodeURIComponent(`from:${domain}`))}`
        : 'https://mail.yahoo.com/d/folders/1',
    },
    { provider: 'outlook', href: 'https://outlook.live.com/mail/0/inbox' },
  ];
}

/** What `useEmailConfirmationScreen` returns. */
export interface UseEmailConfirmationScreenReturn {
  /** Where the email went. */
  email: string;
  /** 'Open in Gmail' / 'Open in Yahoo' / 'Open in Outlook', in that order. */
  links: WebMailLink[];
  /** 'Try again': clears the stored email, back to Main, logs `email_try_again_clicked`. */
  tryAgain: () => void;
  /** The passwordless password flow is running: 'Create a password instead' is offered. */
  canCreatePassword: boolean;
  /** Sends a set-password email and moves to PasswordSetNew. */
  createPassword: () => void;
  /** The set-password email is being sent: emitted as `data-pending` on the create-password button. */
  isCreatingPassword: boolean;
  /** Why sending the set-password email failed. */
  error: LatchkeyFlowError | null;
}

/** The EmailConfirmation screen's state, from the enclosing `<SignIn>`'s store. */
export function useEmailConfirmationScreen(): UseEmailConfirmationScreenReturn {
  const client = useLatchkeyClient();
  const { emailDomains } = useBootstrap();
  const email = useSignInStore((state) => state.formState.magicLinkState.email || state.formState.passwordState.email);
  const isPasswordless = useSignInStore((state) => state.isPasswordless);
  // `emailMagicLinksOptions.domainHint`: the host knows the sender domain, so it is the one hint.
  const domainHint = useSignInStore((state) => state.config.emailMagicLinksOptions.domainHint);
  const hasPasswords = useSignInStore((state) => state.config.products.includes('passwords'));
  const storeTryAgain = useSignInStore((state) => state.tryAgain);
  const passwordCreation = useCreatePasswordInstead();

  const tryAgain = useCallback(() => {
    client.events.log('email_try_again_clicked', { email, type: 'login_or_create_eml' });
    storeTryAgain();
  }, [client, email, storeTryAgain]);

  const { createPasswordInstead } = passwordCreation;
  const createPassword = useCallback(() => void createPasswordInstead(), [createPasswordInstead]);

  return {
    email,
    links: webMailLinks(domainHint ? [domainHint] : emailDomains),
    tryAgain,
    canCreatePassword: isPasswordless && hasPasswords,
    createPassword,
    isCreatingPassword: passwordCreation.status === 'sending',
    error: passwordCreation.error,
  };
}
