import { defineProduct } from '../defineProduct';

/** What the user search found for an email: decides the password screen. */
export type PasswordUserType = 'new' | 'password' | 'passwordless';

/** Why a password reset email was sent, which decides the confirmation screen. */
export type PasswordResetReason = 'forgot' | 'breached' | 'dedupe' | 'setNew';

/** Email and password: the email form (user search), then the password screens. */
export const passwordsProduct = defineProduct({
  key: 'passwords',
  optionsKey: 'passwordOptions',
  optionNames: [
    'loginRedirectURL',
    'loginExpirationMinutes',
    'resetPasswordRedirectURL',
    'resetPasswordExpirationMinutes',
    'resetPasswordTemplateId',
    'verifyEmailAfterSignUp',
  ],
  resolveOptions: (options) => ({ ...options }),
  block: 'forms',
  tabs: () => ['email'],
  emailForm: { precedence: 0 },
  // `otps`: the passcode that proves the address right after a sign-up.
  sdkNamespaces: ['passwords', 'users', 'otps'],
  // A row of every store: `useAuthenticateByUrl` reads an emailed reset link on any page, whatever the products.
  rows: {
    resetTokenReceived: {
      to: 'PasswordResetForm',
      store: (event) => ({ resetPasswordState: { token: event.token, tokenType: event.tokenType } }),
    },
  },
  tryAgain: (form) => ({ passwordState: { ...form.passwordState, email: '' } }),
});

/**
 * An emailed reset link's token was read (its landing page, any configuration; the reset page): →
 * PasswordResetForm, token stored. A row of every store, since `useAuthenticateByUrl` reads every product's links.
 */
export type ResetLinkEvent = { type: 'resetTokenReceived'; token: string; tokenType: 'reset_password' | 'login' };

// Its event joins the widget's `ProductEvent` by declaration merging (the flow hooks' events: `transitions.ts`).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    passwordResetLink: ResetLinkEvent;
  }
}

// Its screens join the widget's `Screen` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ScreenRegister {
    PasswordCreateOrLogin: true;
    PasswordForgot: true;
    PasswordBreached: true;
    PasswordSetNew: true;
    PasswordDedupe: true;
    PasswordConfirmation: true;
    PasswordResetForm: true;
  }
}

// Its options join the widget's configuration by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface SignInConfig {
    passwordOptions?: {
      loginRedirectURL?: string;
      loginExpirationMinutes?: number;
      resetPasswordRedirectURL?: string;
      resetPasswordExpirationMinutes?: number;
      resetPasswordTemplateId?: string;
      /**
       * Right after a password sign-up, email a passcode to the new address and ask for it (OTPAuthenticate, with the
       * sign-up session), so the address is proved before anything else is added to the account. Default true.
       */
      verifyEmailAfterSignUp?: boolean;
    };
  }
  interface ResolvedSignInConfig {
    passwordOptions: NonNullable<SignInConfig['passwordOptions']>;
  }
}

// Its part of the widget's form state, by declaration merging.
declare module '@latchkey/hooks' {
  interface FormState {
    /** The email the user search answered for and what it found. */
    passwordState: { email: string; type: PasswordUserType | null };
  }
}

// The type of its `email_sent` telemetry event (a reset email) joins the core's by declaration merging.
declare module '@latchkey/hooks' {
  interface EmailSentTypeRegister {
    reset_password: true;
  }
}

// The reset link's part of the widget's form state, by declaration merging.
declare module '@latchkey/hooks' {
  interface FormState {
    /** The token of an emailed reset link (`resetTokenReceived`, a core row: links are read in any configuration). */
    resetPasswordState: { token: string; tokenType: 'reset_password' | 'login' | null };
  }
}
