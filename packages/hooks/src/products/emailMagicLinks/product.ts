import type { Required2 } from '../../signInStore';
import { defineProduct } from '../defineProduct';

/** Email magic links: the email form by default, then EmailConfirmation. */
export const emailMagicLinksProduct = defineProduct({
  key: 'emailMagicLinks',
  optionsKey: 'emailMagicLinksOptions',
  optionNames: [
    'loginRedirectURL',
    'loginExpirationMinutes',
    'signupRedirectURL',
    'signupExpirationMinutes',
    'createUserAsPending',
    'domainHint',
  ],
  resolveOptions: (options) => ({
    ...options,
    loginExpirationMinutes: options?.loginExpirationMinutes ?? 30,
    signupExpirationMinutes: options?.signupExpirationMinutes ?? 30,
    createUserAsPending: options?.createUserAsPending ?? false,
  }),
  block: 'forms',
  tabs: () => ['email'],
  emailForm: { precedence: 2 },
  sdkNamespaces: ['magicLinks'],
  // A row of every store: the password flow emails a magic link to a passwordless user whatever the products.
  rows: {
    magicLinkSent: { to: 'EmailConfirmation', store: (event) => ({ magicLinkState: { email: event.email } }) },
  },
  tryAgain: () => ({ magicLinkState: { email: '' } }),
});

/** What a magic-link flow reports (the magic-link flow, and the password flow for a passwordless user). */
export type MagicLinkEvent =
  /** A magic link was emailed: → EmailConfirmation, email stored. */
  { type: 'magicLinkSent'; email: string };

// Its event joins the widget's `ProductEvent` by declaration merging (no core file lists it).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    emailMagicLinks: MagicLinkEvent;
  }
}

// Its screens join the widget's `Screen` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ScreenRegister {
    EmailConfirmation: true;
  }
}

// Its options join the widget's configuration by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface SignInConfig {
    emailMagicLinksOptions?: {
      loginRedirectURL?: string;
      /** Default 30. */
      loginExpirationMinutes?: number;
      signupRedirectURL?: string;
      /** Default 30. */
      signupExpirationMinutes?: number;
      /** Default false. */
      createUserAsPending?: boolean;
      domainHint?: string;
    };
  }
  interface ResolvedSignInConfig {
    emailMagicLinksOptions: Required2<
      NonNullable<SignInConfig['emailMagicLinksOptions']>,
      'loginExpirationMinutes' | 'signupExpirationMinutes' | 'createUserAsPending'
    >;
  }
}

// Its event joins `LatchkeyEventType` by declaration merging.
declare module '@latchkey/hooks' {
  interface LatchkeyEventTypeRegister {
    MAGIC_LINK_LOGIN_OR_CREATE: true;
  }
}

// Its part of the widget's form state, by declaration merging.
declare module '@latchkey/hooks' {
  interface FormState {
    /** The address the magic link went to (`magicLinkSent`). */
    magicLinkState: { email: string };
  }
}
