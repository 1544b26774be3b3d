import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SignInCallbacks } from './events';

/** A sign-in product the widget can offer (spec §3 Configuration). */
export type Product = 'emailMagicLinks' | 'otp' | 'passwords' | 'oauth' | 'crypto' | 'passkeys';
/** Where a one-time passcode is sent. */
export type OtpMethod = 'email' | 'sms' | 'whatsapp';

/** The widget's configuration as the host passes it; every field is optional. */
export interface SignInConfig {
  /** The products offered, default `['emailMagicLinks']`. */
  products?: Product[];
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
  otpOptions?: {
    /** The passcode methods, in tab order. */
    methods: OtpMethod[];
    /** Default 5. */
    expirationMinutes?: number;
    loginTemplateId?: string;
    signupTemplateId?: string;
    locale?: string;
  };
  passwordOptions?: {
    loginRedirectURL?: string;
    loginExpirationMinutes?: number;
    resetPasswordRedirectURL?: string;
    resetPasswordExpirationMinutes?: number;
    resetPasswordTemplateId?: string;
  };
  sessionOptions?: {
    /** Default 30. */
    sessionDurationMinutes?: number;
  };
  style?: {
    /** Default false. */
    hideHeaderText?: boolean;
    logoImageUrl?: string;
  };
}

type Required2<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };

/** The configuration with every default filled in. */
export interface ResolvedSignInConfig {
  products: Product[];
  emailMagicLinksOptions: Required2<
    NonNullable<SignInConfig['emailMagicLinksOptions']>,
    'loginExpirationMinutes' | 'signupExpirationMinutes' | 'createUserAsPending'
  >;
  otpOptions: Required2<NonNullable<SignInConfig['otpOptions']>, 'expirationMinutes'>;
  passwordOptions: NonNullable<SignInConfig['passwordOptions']>;
  sessionOptions: Required2<NonNullable<SignInConfig['sessionOptions']>, 'sessionDurationMinutes'>;
  style: Required2<NonNullable<SignInConfig['style']>, 'hideHeaderText'>;
}

/** A screen of the widget (spec §2). */
export type Screen =
  | 'Main'
  | 'EmailConfirmation'
  | 'OTPAuthenticate'
  | 'OTPConfirmation'
  | 'PasswordCreateOrLogin'
  | 'PasswordForgot'
  | 'PasswordBreached'
  | 'PasswordSetNew'
  | 'PasswordDedupe'
  | 'PasswordConfirmation'
  | 'PasswordResetForm'
  | 'LoginSuccess'
  | 'Error';

/** What the user search found for an email: decides the password screen. */
export type PasswordUserType = 'new' | 'password' | 'passwordless';
/** A method tab on the main screen; labels Text / WhatsApp / Email. */
export type MethodTab = 'sms' | 'whatsapp' | 'email';

/** The widget's form state (spec §3 Widget state). */
export interface FormState {
  magicLinkState: { email: string };
  otpState: { type: OtpMethod; methodId: string; otpDestination: string };
  passwordState: { email: string; type: PasswordUserType | null };
  resetPasswordState: { token: string; tokenType: 'reset_password' | 'login' | null };
  errorDescriptor: { messageId: string; message: string } | null;
}

/** Why a password reset email was sent, which decides the confirmation screen. */
export type PasswordResetReason = 'forgot' | 'breached' | 'dedupe' | 'setNew';

/** The state of one mounted `<SignIn>` and the transitions of spec §4. */
export interface SignInState {
  /** The configuration, defaults filled in. */
  config: ResolvedSignInConfig;
  /** The configuration error the main screen shows instead of its forms, or null. */
  configError: string | null;
  /** The method tabs in order; the first is preselected. The tab bar is shown only when there are two or more. */
  methods: MethodTab[];
  /** The current screen. */
  screen: Screen;
  formState: FormState;
  /** The passwordless password flow is running (hides the passcode screen's back arrow). */
  isPasswordless: boolean;
  /** The host's `onEvent` / `onError`. */
  callbacks: SignInCallbacks;
  /** Goes to any screen, form state unchanged. */
  navigate(screen: Screen): void;
  /** A magic link was sent to `email`: stores it, → EmailConfirmation. */
  magicLinkSent(email: string): void;
  /** 'Try again': clears the stored emails, → Main. The caller logs `email_try_again_clicked`. */
  tryAgain(): void;
  /** A passcode was sent: stores type, method id and destination, → OTPAuthenticate. */
  otpSent(otp: FormState['otpState']): void;
  /** A passcode was sent again: replaces only the method id; the screen stays. */
  otpResent(methodId: string): void;
  /** The passcode was accepted: → OTPConfirmation. */
  otpAuthenticated(): void;
  /** The user search answered: stores email and user type, → PasswordCreateOrLogin. */
  passwordUserFound(email: string, type: PasswordUserType): void;
  /** Password login or creation succeeded: → PasswordConfirmation. */
  passwordAuthenticated(): void;
  /** A reset email was sent: → PasswordForgot | PasswordBreached | PasswordDedupe | PasswordSetNew. */
  passwordResetSent(reason: PasswordResetReason): void;
  /** The reset page read a token from its URL: stores it, → PasswordResetForm. */
  resetTokenReceived(token: string, tokenType: 'reset_password' | 'login'): void;
  /** Signed in by another route (reset, emailed link): → LoginSuccess. */
  loginSucceeded(): void;
  /** Shows the error screen with this message: stores it, → Error. */
  showError(descriptor: { messageId: string; message: string }): void;
  /** The back arrow: → Main, keeps the stored emails, clears the error and the passwordless flag. */
  back(): void;
  /** Marks the passwordless password flow as running or not. */
  setPasswordless(value: boolean): void;
  /** Replaces the host's callbacks (so a re-rendered `<SignIn>` reports to its latest `onEvent`/`onError`). */
  setCallbacks(callbacks: SignInCallbacks): void;
}

/** A sign-in store: one per mounted `<SignIn>`. */
export type SignInStore = StoreApi<SignInState>;

/** Spec §2: shown when magic links and email passcodes are both configured. */
export const EML_AND_EMAIL_OTP_ERROR = 'Error: Cannot use both EML and Email OTP';
/** Spec §2: shown when passkeys are the only configured product. */
export const PASSKEYS_ALONE_ERROR = 'Error: Cannot use Passkeys by itself, please add another product to the config.';

/** Fills in the spec's defaults (spec §3 Configuration). */
export function resolveSignInConfig(config: SignInConfig = {}): ResolvedSignInConfig {
  return {
    products: config.products ?? ['emailMagicLinks'],
    emailMagicLinksOptions: {
      ...config.emailMagicLinksOptions,
      loginExpirationMinutes: config.emailMagicLinksOptions?.loginExpirationMinutes ?? 30,
      signupExpirationMinutes: config.emailMagicLinksOptions?.signupExpirationMinutes ?? 30,
      createUserAsPending: config.emailMagicLinksOptions?.createUserAsPending ?? false,
    },
    otpOptions: {
      ...config.otpOptions,
      methods: config.otpOptions?.methods ?? [],
      expirationMinutes: config.otpOptions?.expirationMinutes ?? 5,
    },
    passwordOptions: { ...config.passwordOptions },
    sessionOptions: {
      ...config.sessionOptions,
      sessionDurationMinutes: config.sessionOptions?.sessionDurationMinutes ?? 30,
    },
    style: { ...config.style, hideHeaderText: config.style?.hideHeaderText ?? false },
  };
}

function otpMethodsOf(config: ResolvedSignInConfig): OtpMethod[] {
  return config.products.includes('otp') ? config.otpOptions.methods : [];
}

/** The configuration error of spec §2, or null. */
export function signInConfigError(config: ResolvedSignInConfig): string | null {
  const { products } = config;
  if (products.length > 0 && products.every((product) => product === 'passkeys')) return PASSKEYS_ALONE_ERROR;
  if (products.includes('emailMagicLinks') && otpMethodsOf(config).includes('email')) return EML_AND_EMAIL_OTP_ERROR;
  return null;
}

/**
 * The method tabs: passcode methods in `otpOptions.methods` order, then one `email` tab for magic links or
 * passwords when no passcode method already added it (its form is the magic-link / password form).
 */
export function signInMethodTabs(config: ResolvedSignInConfig): MethodTab[] {
  const tabs: MethodTab[] = [];
  for (const method of otpMethodsOf(config)) if (!tabs.includes(method)) tabs.push(method);
  const { products } = config;
  if ((products.includes('emailMagicLinks') || products.includes('passwords')) && !tabs.includes('email')) {
    tabs.push('email');
  }
  return tabs;
}

const RESET_SCREENS: Record<PasswordResetReason, Screen> = {
  forgot: 'PasswordForgot',
  breached: 'PasswordBreached',
  dedupe: 'PasswordDedupe',
  setNew: 'PasswordSetNew',
};

function initialFormState(): FormState {
  return {
    magicLinkState: { email: '' },
    otpState: { type: 'email', methodId: '', otpDestination: '' },
    passwordState: { email: '', type: null },
    resetPasswordState: { token: '', tokenType: null },
    errorDescriptor: null,
  };
}

/** Creates the store of one `<SignIn>`; `initialScreen` lets a reset page start at `PasswordResetForm`. */
export function createSignInStore(
  config: SignInConfig = {},
  callbacks: SignInCallbacks = {},
  initialScreen: Screen = 'Main',
): SignInStore {
  const resolved = resolveSignInConfig(config);
  return createStore<SignInState>()((set) => {
    const update = (screen: Screen, change: (formState: FormState) => Partial<FormState> = () => ({})) =>
      set((state) => ({ screen, formState: { ...state.formState, ...change(state.formState) } }));
    return {
      config: resolved,
      configError: signInConfigError(resolved),
      methods: signInMethodTabs(resolved),
      screen: initialScreen,
      formState: initialFormState(),
      isPasswordless: false,
      callbacks,
      navigate: (screen) => set({ screen }),
      magicLinkSent: (email) => update('EmailConfirmation', () => ({ magicLinkState: { email } })),
      tryAgain: () => {
        update('Main', (form) => ({
          magicLinkState: { email: '' },
          passwordState: { ...form.passwordState, email: '' },
        }));
        set({ isPasswordless: false });
      },
      otpSent: (otp) => update('OTPAuthenticate', () => ({ otpState: { ...otp } })),
      otpResent: (methodId) =>
        set((state) => ({
          formState: { ...state.formState, otpState: { ...state.formState.otpState, methodId } },
        })),
      otpAuthenticated: () => update('OTPConfirmation'),
      passwordUserFound: (email, type) => update('PasswordCreateOrLogin', () => ({ passwordState: { email, type } })),
      passwordAuthenticated: () => update('PasswordConfirmation'),
      passwordResetSent: (reason) => update(RESET_SCREENS[reason]),
      resetTokenReceived: (token, tokenType) =>
        update('PasswordResetForm', () => ({ resetPasswordState: { token, tokenType } })),
      loginSucceeded: () => update('LoginSuccess'),
      showError: (descriptor) => update('Error', () => ({ errorDescriptor: { ...descriptor } })),
      back: () => {
        update('Main', () => ({ errorDescriptor: null }));
        set({ isPasswordless: false });
      },
      setPasswordless: (value) => set({ isPasswordless: value }),
      setCallbacks: (next) => set({ callbacks: next }),
    };
  });
}

const SignInStoreContext = createContext<SignInStore | null>(null);

/** Props of `SignInStoreProvider`. */
export interface SignInStoreProviderProps {
  store: SignInStore;
  children?: ReactNode;
}

/** Provides one sign-in store to the screens and flow hooks below it. */
export function SignInStoreProvider({ store, children }: SignInStoreProviderProps) {
  return <SignInStoreContext.Provider value={store}>{children}</SignInStoreContext.Provider>;
}

/** The store of the enclosing `<SignIn>`, or null outside one (flow hooks also work standalone). */
export function useOptionalSignInStore(): SignInStore | null {
  return useContext(SignInStoreContext);
}

/** Reads a slice of the enclosing `<SignIn>`'s state; re-renders only when that slice changes. */
export function useSignInStore<T>(selector: (state: SignInState) => T): T {
  const store = useContext(SignInStoreContext);
  if (!store) throw new Error('useSignInStore must be used within <SignIn>');
  return useStore(store, selector);
}
