import type { AccountReset, OtpMethod as ContractOtpMethod, LazyNamespace, WidgetProduct } from '@latchkey/sdk';
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { EML_AND_EMAIL_OTP_ERROR, PASSKEYS_ALONE_ERROR, unknownOptionError, unknownProductError } from './configErrors';
import type { SignInCallbacks } from './events';
import type { WalletOption } from './products/crypto/wallets';
import type { ProductDefinition } from './products/defineProduct';
import type { OAuthOptions } from './products/oauth/product';
import { SIGN_IN_PRODUCTS } from './products/registry';
import { transition, type WidgetEvent } from './transition';

export { EML_AND_EMAIL_OTP_ERROR, PASSKEYS_ALONE_ERROR };

/** A sign-in product the widget can offer, by its config key. */
export type Product = WidgetProduct;
/** Where a one-time passcode is sent. */
export type OtpMethod = ContractOtpMethod;

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
  /** Social sign-in: the provider buttons in order, One Tap, the redirect URLs. */
  oauthOptions?: OAuthOptions;
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
  /** As written (each provider's defaults: `resolveOAuthProviders`, with the social chunk); no providers: none. */
  oauthOptions?: OAuthOptions;
  passwordOptions: NonNullable<SignInConfig['passwordOptions']>;
  sessionOptions: Required2<NonNullable<SignInConfig['sessionOptions']>, 'sessionDurationMinutes'>;
  style: Required2<NonNullable<SignInConfig['style']>, 'hideHeaderText'>;
}

/** A screen of the widget. */
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
  | 'PasskeyRegistrationStart'
  | 'PasskeyRegistrationSuccess'
  | 'PasskeyConfirmation'
  | 'TotpAuthenticate'
  | 'TotpRecoveryCode'
  | 'CryptoConnect'
  | 'CryptoSignMessage'
  | 'CryptoOtherScreen'
  | 'CryptoSetupWallet'
  | 'CryptoError'
  | 'CryptoConfirmation'
  | 'LoginSuccess'
  | 'Error';

/** What the user search found for an email: decides the password screen. */
export type PasswordUserType = 'new' | 'password' | 'passwordless';
/** A method tab on the main screen; labels Text / WhatsApp / Email. */
export type MethodTab = 'sms' | 'whatsapp' | 'email';

/** The widget's form state. */
export interface FormState {
  magicLinkState: { email: string };
  /**
   * Where the current passcode went. `purpose: 'verifyEmail'`: it proves the signed-in user's own address (after a
   * password sign-up); the passcode screen says so, and a resend goes to that address again with the session.
   */
  otpState: { type: OtpMethod; methodId: string; otpDestination: string; purpose?: 'verifyEmail' };
  /** The chosen wallet, the address it gave and the challenge it is asked to sign. */
  cryptoState: { walletAddress: string; walletOption: WalletOption; walletChallenge: string };
  passwordState: { email: string; type: PasswordUserType | null };
  resetPasswordState: { token: string; tokenType: 'reset_password' | 'login' | null };
  errorDescriptor: { messageId: string; message: string } | null;
  /** What the last sign-in's pre-hijacking reset removed (its answer's `account_reset`), for the success screen. */
  accountReset: AccountReset | null;
}

/** Why a password reset email was sent, which decides the confirmation screen. */
export type PasswordResetReason = 'forgot' | 'breached' | 'dedupe' | 'setNew';

/** The state of one mounted `<SignIn>` and its screen transitions. */
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
  /** Applies one event through `transition` (transition.ts): the only way the screen changes. */
  dispatch(event: WidgetEvent): void;
  /** Goes to any screen, form state unchanged (`navigated`). */
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

/** The available products' descriptors (registry.ts), in registry order. */
export const PRODUCT_DEFINITIONS: readonly ProductDefinition[] = Object.values(SIGN_IN_PRODUCTS) as ProductDefinition[];

/** The descriptors of the configured products that are available, in the order they are configured. */
export function configuredProducts(config: Pick<ResolvedSignInConfig, 'products'>): ProductDefinition[] {
  const products: ProductDefinition[] = [];
  for (const key of config.products) {
    const product = (SIGN_IN_PRODUCTS as Record<string, ProductDefinition>)[key];
    if (product && !products.includes(product)) products.push(product);
  }
  return products;
}

/** Fills in the configuration's defaults: each product's options by its descriptor. */
export function resolveSignInConfig(config: SignInConfig = {}): ResolvedSignInConfig {
  const resolved = {
    // The default is email magic links, for an empty list too (never a header without a form).
    products: config.products?.length ? config.products : ['emailMagicLinks'],
    sessionOptions: {
      ...config.sessionOptions,
      sessionDurationMinutes: config.sessionOptions?.sessionDurationMinutes ?? 30,
    },
    style: { ...config.style, hideHeaderText: config.style?.hideHeaderText ?? false },
  } as ResolvedSignInConfig;
  const options = resolved as unknown as Record<string, unknown>;
  for (const { optionsKey: key, resolveOptions } of PRODUCT_DEFINITIONS) {
    // Without `resolveOptions` the options are kept as written (no defaults to fill in before the product's chunk).
    if (key) options[key] = resolveOptions ? resolveOptions(config[key] as never) : config[key];
  }
  return resolved;
}

// Top-level keys of the configuration besides the products' options (`enableShadowDOM` and `callbacks`
// are read by the mount points).
const SHARED_CONFIG_KEYS = ['products', 'sessionOptions', 'style', 'enableShadowDOM', 'callbacks'];

/** A configuration key or product option the widget does not know (a misspelling), or null. */
function unknownOption(raw: object): string | null {
  const known = [...SHARED_CONFIG_KEYS, ...PRODUCT_DEFINITIONS.map((product) => product.optionsKey)];
  const key = Object.keys(raw).find((name) => !known.includes(name));
  if (key !== undefined) return unknownOptionError(key);
  for (const { optionsKey: key, optionNames } of PRODUCT_DEFINITIONS) {
    const options = (key && (raw as Record<string, object | undefined>)[key]) || {};
    const option = Object.keys(options).find((name) => !optionNames?.includes(name));
    if (option !== undefined) return unknownOptionError(`${key}.${option}`);
  }
  return null;
}

/**
 * The configuration error shown instead of the forms, or null: passkeys alone; an unknown option or product; then each
 * configured product's own rule. `raw` is the configuration as the host wrote it (the resolved one drops unknown keys).
 */
export function signInConfigError(config: ResolvedSignInConfig, raw: SignInConfig = config): string | null {
  const { products } = config;
  if (products.length > 0 && products.every((product) => product === 'passkeys')) return PASSKEYS_ALONE_ERROR;
  const unknown = unknownOption(raw);
  if (unknown !== null) return unknown;
  const available = Object.keys(SIGN_IN_PRODUCTS);
  const unknownProduct = products.find((product) => !available.includes(product));
  if (unknownProduct !== undefined) return unknownProductError(unknownProduct, available);
  for (const product of configuredProducts(config)) {
    const error = product.configError?.(config) ?? null;
    if (error !== null) return error;
  }
  return null;
}

/**
 * The method tabs: each configured product's tabs in the order products (and passcode methods) are
 * configured, each tab once (the email tab is shared); the first is preselected.
 */
export function signInMethodTabs(config: ResolvedSignInConfig): MethodTab[] {
  const tabs: MethodTab[] = [];
  for (const product of configuredProducts(config)) {
    for (const tab of product.tabs(config)) if (!tabs.includes(tab)) tabs.push(tab);
  }
  return tabs;
}

/** The SDK namespaces the configured products' flows call, once each (what a widget asks `client.preload` for). */
export function sdkNamespacesOf(config: Pick<ResolvedSignInConfig, 'products'>): LazyNamespace[] {
  return [...new Set(configuredProducts(config).flatMap((product) => product.sdkNamespaces))];
}

/** The product whose form the Email tab shows (passwords, then email passcodes, then magic links), or null. */
export function emailFormProduct(config: ResolvedSignInConfig): ProductDefinition | null {
  const candidates = configuredProducts(config)
    .filter((product) => product.emailForm && (product.emailForm.when?.(config) ?? true))
    .sort((a, b) => (a.emailForm?.precedence ?? 0) - (b.emailForm?.precedence ?? 0));
  return candidates[0] ?? null;
}

/**
 * Whether a configured product renders a social or wallet block (the Main screen's 'or' divider): social sign-in
 * with no provider draws none (its descriptor's `hasBlock`).
 */
export function hasSocialOrCryptoBlock(config: ResolvedSignInConfig): boolean {
  return configuredProducts(config).some(
    (product) => (product.block === 'social' || product.block === 'crypto') && (product.hasBlock?.(config) ?? true),
  );
}

function initialFormState(): FormState {
  return {
    magicLinkState: { email: '' },
    otpState: { type: 'email', methodId: '', otpDestination: '' },
    // DEFAULT_WALLET_OPTION's value, written out: importing wallets.ts would put the wallet list in every first load.
    cryptoState: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' },
    passwordState: { email: '', type: null },
    resetPasswordState: { token: '', tokenType: null },
    errorDescriptor: null,
    accountReset: null,
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
    const dispatch = (event: WidgetEvent) => set((state) => transition(state, event));
    return {
      config: resolved,
      configError: signInConfigError(resolved, config),
      methods: signInMethodTabs(resolved),
      screen: initialScreen,
      formState: initialFormState(),
      isPasswordless: false,
      callbacks,
      dispatch,
      navigate: (screen) => dispatch({ type: 'navigated', screen }),
      magicLinkSent: (email) => dispatch({ type: 'magicLinkSent', email }),
      tryAgain: () => dispatch({ type: 'tryAgain' }),
      otpSent: (otp) => dispatch({ type: 'otpSent', otp }),
      otpResent: (methodId) => dispatch({ type: 'otpResent', methodId }),
      otpAuthenticated: () => dispatch({ type: 'otpAuthenticated' }),
      passwordUserFound: (email, userType) => dispatch({ type: 'passwordUserFound', email, userType }),
      passwordAuthenticated: () => dispatch({ type: 'passwordAuthenticated' }),
      passwordResetSent: (reason) => dispatch({ type: 'passwordResetSent', reason }),
      resetTokenReceived: (token, tokenType) => dispatch({ type: 'resetTokenReceived', token, tokenType }),
      loginSucceeded: () => dispatch({ type: 'loginSucceeded' }),
      showError: (descriptor) => dispatch({ type: 'failed', descriptor }),
      back: () => dispatch({ type: 'back' }),
      setPasswordless: (value) => dispatch({ type: 'passwordlessSet', value }),
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
