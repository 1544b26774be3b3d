// The descriptor of one sign-in product: what the store, the Main screen and the tabs read about it before any
// product chunk has arrived. Each product folder (`products/<key>/product.ts`) makes one; `registry.ts` lists them,
// so every descriptor is in every sign-in page's first load, configured or not: only what is read before the
// configured products' chunks arrive belongs here. Its screens are not: the kits' product chunks list them.
import type { LazyNamespace, WidgetProduct } from '@latchkey/sdk';
import type { FormState, MethodTab, ResolvedSignInConfig, SignInConfig } from '../signInStore';
import type { TransitionTable } from '../transition';

/** A product's key in `config.products` (and its folder's name in every package). */
export type ProductKey = WidgetProduct;

/** The keys of `SignInConfig` that hold a product's options (each slice adds its own to `SignInConfig`). */
export type ProductOptionsKey = Exclude<
  keyof SignInConfig & keyof ResolvedSignInConfig,
  'products' | 'sessionOptions' | 'style'
>;

/**
 * The Main screen's blocks, in the spec's order: the 'Login with a Passkey' button (shown first), social buttons,
 * wallet buttons, the email/phone forms.
 */
export const MAIN_BLOCKS = ['passkey', 'social', 'crypto', 'forms'] as const;
/** One block of the Main screen. */
export type MainBlock = (typeof MAIN_BLOCKS)[number];

/**
 * The kinds of product the registry knows: a first factor (a sign-in method of `config.products`, drawn on the
 * Main screen) or a second factor (the step a first factor leads to when the project requires one).
 */
export type ProductKind = 'firstFactor' | 'secondFactor';

/** What a product declares (see the hooks README, "Adding a sign-in method"). */
export interface ProductDefinition<K extends ProductKey = ProductKey, O extends ProductOptionsKey = ProductOptionsKey> {
  /** Its kind (default `firstFactor`). */
  kind?: 'firstFactor';
  /** Its key in `config.products`. */
  key: K;
  /** The `SignInConfig` key of its options (none for a product the spec gives no options: passkeys). */
  optionsKey?: O;
  /** The names of its options (a name outside them is a configuration error, so a misspelling never goes unseen). */
  optionNames?: readonly string[];
  /** Its options with the spec's defaults filled in (with `optionsKey`); without it the options are kept as written. */
  resolveOptions?(options: SignInConfig[O] | undefined): ResolvedSignInConfig[O];
  /** The Main-screen block its form renders in. */
  block: MainBlock;
  /**
   * Whether its block renders anything for `config` (default: yes). Social sign-in with no provider draws nothing,
   * so it does not bring the 'or' divider.
   */
  hasBlock?(config: ResolvedSignInConfig): boolean;
  /** The method tabs it adds, in order (an `email` tab is shared with the other email products). */
  tabs(config: ResolvedSignInConfig): MethodTab[];
  /**
   * When it owns the Email tab's form: the products that can fill the Email tab are ranked by `precedence`
   * (lowest first) and the first whose `when` holds draws the form.
   */
  emailForm?: { precedence: number; when?(config: ResolvedSignInConfig): boolean };
  /**
   * The SDK namespaces its flows call (`client.preload` warms them when a widget shows the product, so the first
   * submit does not wait for their code).
   */
  sdkNamespaces: readonly LazyNamespace[];
  /** Its configuration error given the whole configuration, or null. */
  configError?(config: ResolvedSignInConfig): string | null;
  /**
   * When it cannot be offered alone: the configuration error shown when every configured product is one that
   * cannot (checked before any other rule; passkeys).
   */
  aloneError?: string;
  /**
   * Its rows that every store has, whatever its configured products (`CORE_TRANSITIONS` takes them from the
   * registry): the rows of events a core hook or another product dispatches on any page (the magic link the password
   * flow also sends, the reset link `useAuthenticateByUrl` reads). Its other rows come with its flow hooks
   * (`products/<key>/transitions.ts`). Every descriptor is in every first load: keep these few.
   */
  rows?: TransitionTable;
  /** What 'Try again' (the `tryAgain` row, EmailConfirmation → Main) clears of its part of the form state. */
  tryAgain?(form: FormState): Partial<FormState>;
}

/** Declares a product (identity, for the types). */
export function defineProduct<K extends ProductKey, O extends ProductOptionsKey>(
  definition: ProductDefinition<K, O>,
): ProductDefinition<K, O> {
  return definition;
}

/**
 * What a second factor declares: no Main-screen block and no `config.products` key; a sign-in store offers every
 * registered one unless told otherwise (`SignInStoreOptions.secondFactors`), and its rows say what follows a first
 * factor that authenticated only partially (`authenticatedPartially`).
 */
export interface SecondFactorDefinition<K extends string = string> {
  kind: 'secondFactor';
  /** Its key (and its folder's name in every package). */
  key: K;
  /** The SDK namespaces its hooks call. */
  sdkNamespaces: readonly LazyNamespace[];
  /**
   * Downloads its rows of the transition table, among them the one of `authenticatedPartially`: a store fetches
   * them at the first event it has no row for (a partial authentication), never before, so no first load carries them.
   */
  loadTransitions(): Promise<TransitionTable>;
}

/** Declares a second factor (identity, for the types). */
export function defineSecondFactor<K extends string>(definition: SecondFactorDefinition<K>): SecondFactorDefinition<K> {
  return definition;
}
