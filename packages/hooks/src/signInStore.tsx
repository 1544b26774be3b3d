import type { AccountReset, LazyNamespace, WidgetProduct } from '@latchkey/sdk';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { unknownOptionError, unknownProductError } from './configErrors';
import type { SignInCallbacks } from './events';
import { PRODUCT_DEFINITIONS } from './productDefinitions';
import type { ProductDefinition, SecondFactorDefinition } from './products/defineProduct';
import {
  type AvailableSecondFactor,
  DEFAULT_PRODUCTS,
  initialProductFormState,
  SECOND_FACTOR_PRODUCTS,
  SIGN_IN_PRODUCTS,
} from './products/registry';
import { composeTransitions, type TransitionTable, transition, type WidgetEvent } from './transition';

/** A sign-in product the widget can offer, by its config key. */
export type Product = WidgetProduct;

/**
 * The widget's configuration as the host passes it; every field is optional. Open by declaration merging: each
 * product slice adds its options key in its `product.ts` (`declare module '@latchkey/hooks' { interface SignInConfig
 * { otpOptions?: … } }`); the core names only what every configuration shares.
 */
export interface SignInConfig {
  /** The products offered, default `['emailMagicLinks']`. */
  products?: Product[];
  sessionOptions?: {
    /** Default 30. */
    sessionDurationMinutes?: number;
  };
  style?: {
    /** Default false. */
    hideHeaderText?: boolean;
    logoImageUrl?: string;
    /** Hide the Error screen's back control (the spec's 'optional back control'). Default false. */
    hideErrorBackButton?: boolean;
  };
}

/** `T` with the keys `K` required and defined (a resolved option's defaults). */
export type Required2<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };

/**
 * The configuration with every default filled in. Open like `SignInConfig`: each product slice adds its resolved
 * options key in its `product.ts`.
 */
export interface ResolvedSignInConfig {
  products: Product[];
  sessionOptions: Required2<NonNullable<SignInConfig['sessionOptions']>, 'sessionDurationMinutes'>;
  style: Required2<NonNullable<SignInConfig['style']>, 'hideHeaderText'>;
}

/**
 * The widget's screens by name, open to the product slices by declaration merging, as TanStack Router's
 * `Register` is: a slice adds its own in its folder (`declare module '@latchkey/hooks' { interface ScreenRegister {
 * OTPAuthenticate: true } }`, in `products/<key>/product.ts`). The core names only the screens every configuration
 * can reach.
 */
export interface ScreenRegister {
  Main: true;
  LoginSuccess: true;
  Error: true;
}

/** A screen of the widget: a key of `ScreenRegister`. */
export type Screen = keyof ScreenRegister;

/**
 * The method tabs of the main screen by name, open by declaration merging: the core names the email tab (shared by
 * every email product); a product adds its own (`declare module '@latchkey/hooks' { interface MethodTabRegister {
 * sms: true } }`, in its `product.ts`).
 */
export interface MethodTabRegister {
  email: true;
}
/** A method tab on the main screen (a key of `MethodTabRegister`); labels Text / WhatsApp / Email. */
export type MethodTab = keyof MethodTabRegister;

/**
 * The widget's form state. Open by declaration merging: each product slice adds its own part
 * in its `product.ts` (`declare module '@latchkey/hooks' { interface FormState { otpState: … } }`).
 */
export interface FormState {
  errorDescriptor: { messageId: string; message: string } | null;
  /** What the last sign-in's pre-hijacking reset removed (its answer's `account_reset`), for the success screen. */
  accountReset: AccountReset | null;
}

/** The state of one mounted `<SignIn>` and its screen transitions. */
export interface SignInState {
  /** The configuration, defaults filled in. */
  config: ResolvedSignInConfig;
  /** The configuration error the main screen shows instead of its forms, or null. */
  configError: string | null;
  /** The method tabs in order; the first is preselected. The tab bar is shown only when there are two or more. */
  methods: MethodTab[];
  /**
   * The keys of the products the store offers: the configured first factors, then its second factors (the kits
   * look a screen up in these products' chunks first).
   */
  productKeys: readonly string[];
  /**
   * Its transition table, this store's own: the core rows, the rows its creator passed, then each slice's rows as
   * they come (a flow hook's with its first event, `dispatch(event, rows)`; its second factors' downloaded at the
   * first event it has no row for, a partial authentication).
   */
  transitions: TransitionTable;
  /** Settles once the rows being downloaded (its second factors', after an event without a row) are in. */
  transitionsLoaded: Promise<void>;
  /** The current screen. */
  screen: Screen;
  formState: FormState;
  /** The passwordless password flow is running (hides the passcode screen's back arrow). */
  isPasswordless: boolean;
  /** The host's `onEvent` / `onError`. */
  callbacks: SignInCallbacks;
  /**
   * Applies one event through `transition` (transition.ts) and the store's table: the only way the screen
   * changes. `rows`: the dispatching slice's rows (its flow hook's module holds them), composed into this store's
   * table the first time they come. An event the table has no row for fetches the second factors' rows and waits
   * for them (events keep their order).
   */
  dispatch(event: WidgetEvent, rows?: TransitionTable): void;
  /** Goes to any screen, form state unchanged (`navigated`). */
  navigate(screen: Screen): void;
  /** 'Try again': clears the stored emails, → Main. The caller logs `email_try_again_clicked`. */
  tryAgain(): void;
  /** The back arrow: → Main, keeps the stored emails, clears the error and the passwordless flag. */
  back(): void;
  /** Replaces the host's callbacks (so a re-rendered `<SignIn>` reports to its latest `onEvent`/`onError`). */
  setCallbacks(callbacks: SignInCallbacks): void;
}

/** A sign-in store: one per mounted `<SignIn>`. */
export type SignInStore = StoreApi<SignInState>;

/** How `createSignInStore` composes the store's products and table (beyond the configuration). */
export interface SignInStoreOptions {
  /**
   * First factors the widget offers beyond the configured ones, by key: their screens join the look-up (the reset
   * page offers passwords whatever the configuration).
   */
  additionalProducts?: readonly Product[];
  /**
   * The second factors the store offers, by key; default: every registered one (`SECOND_FACTOR_PRODUCTS`), as the
   * project decides whether a sign-in needs one. Their rows are downloaded at the first event the table has no row
   * for (`authenticatedPartially`), never before. `[]`: a partial authentication leads nowhere.
   */
  secondFactors?: readonly AvailableSecondFactor[];
  /**
   * Rows the creator holds already, composed at once over the core rows (a widget that dispatches a product's event
   * before any of that product's hooks could: the reset page's password rows).
   */
  transitions?: readonly TransitionTable[];
}

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
    products: config.products?.length ? config.products : [...DEFAULT_PRODUCTS],
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
 * The configuration error shown instead of the forms, or null: only products that cannot be offered alone (their
 * descriptors' `aloneError`: passkeys); an unknown option or product; then each configured product's own rule. `raw`
 * is the configuration as the host wrote it (the resolved one drops unknown keys).
 */
export function signInConfigError(config: ResolvedSignInConfig, raw: SignInConfig = config): string | null {
  const { products } = config;
  const alone = products.map((product) => (SIGN_IN_PRODUCTS as Record<string, ProductDefinition>)[product]?.aloneError);
  if (products.length > 0 && alone.every(Boolean)) return alone[0] as string;
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

function initialFormState(): FormState {
  return { ...initialProductFormState(), errorDescriptor: null, accountReset: null } as FormState;
}

/** The second factors a store offers (`SignInStoreOptions.secondFactors`), in registry order. */
export function offeredSecondFactors(
  options: Pick<SignInStoreOptions, 'secondFactors'> = {},
): SecondFactorDefinition[] {
  const all = Object.values(SECOND_FACTOR_PRODUCTS) as SecondFactorDefinition[];
  const keys = options.secondFactors;
  return keys ? all.filter((product) => keys.includes(product.key as AvailableSecondFactor)) : all;
}

/**
 * Creates the store of one `<SignIn>`; `initialScreen` lets a reset page start at `PasswordResetForm`. Its
 * transition table is its own (no table is shared between stores): the core rows and the creator's, then the rows
 * each slice brings when it first dispatches (`dispatch(event, rows)`: the rows travel with the flow hook that
 * emits their events, so they load with its chunk), and its second factors' rows, downloaded at the first event
 * the table has no row for (a partial authentication), so no first load carries them.
 */
export function createSignInStore(
  config: SignInConfig = {},
  callbacks: SignInCallbacks = {},
  initialScreen: Screen = 'Main',
  options: SignInStoreOptions = {},
): SignInStore {
  const resolved = resolveSignInConfig(config);
  const firstFactors = configuredProducts({ products: [...resolved.products, ...(options.additionalProducts ?? [])] });
  const secondFactors = offeredSecondFactors(options);
  const given = options.transitions ?? [];
  return createStore<SignInState>()((set, get) => {
    // The slices' rows this store holds: those the flows brought, in the order they came, then the downloaded ones.
    const brought: TransitionTable[] = [];
    const downloaded: TransitionTable[] = [];
    const compose = () => set({ transitions: composeTransitions(...brought, ...downloaded, ...given) });
    // Events that arrived before the rows they need (or behind such an event), replayed in order as rows arrive.
    const waiting: WidgetEvent[] = [];
    let download: Promise<void> | null = null;
    let downloading = false;
    const apply = (event: WidgetEvent) => set((state) => transition(state, event, state.transitions));
    const downloadSecondFactors = () => {
      downloading = true;
      download = Promise.all(
        secondFactors.map((product) =>
          // A second factor whose rows fail to download (a chunk error) offers none: its events change nothing.
          product.loadTransitions().catch(() => null),
        ),
      ).then((tables) => {
        for (const rows of tables) if (rows) downloaded.push(rows);
        compose();
        downloading = false;
        flush();
      });
      set({ transitionsLoaded: download });
    };
    const flush = () => {
      for (let next = waiting[0]; next !== undefined; next = waiting[0]) {
        if (!get().transitions[next.type]) {
          if (downloading) return;
          if (download === null && secondFactors.length > 0) return downloadSecondFactors();
        }
        waiting.shift();
        apply(next);
      }
    };
    const dispatch = (event: WidgetEvent, rows?: TransitionTable) => {
      if (rows && !brought.includes(rows)) {
        brought.push(rows);
        compose();
      }
      waiting.push(event);
      flush();
    };
    return {
      config: resolved,
      configError: signInConfigError(resolved, config),
      methods: signInMethodTabs(resolved),
      productKeys: [...firstFactors, ...secondFactors].map((product) => product.key),
      transitions: composeTransitions(...given),
      transitionsLoaded: Promise.resolve(),
      screen: initialScreen,
      formState: initialFormState(),
      isPasswordless: false,
      callbacks,
      dispatch,
      navigate: (screen) => dispatch({ type: 'navigated', screen }),
      tryAgain: () => dispatch({ type: 'tryAgain' }),
      back: () => dispatch({ type: 'back' }),
      setCallbacks: (next) => set({ callbacks: next }),
    };
  });
}
