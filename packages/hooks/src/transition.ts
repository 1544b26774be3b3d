// The screen transitions as data: the widget's screen and form state change only through
// `transition(state, event, table)`, a pure function. Flow hooks report what happened (a passcode was sent, the user search found a password user, …) as
// events on the store (`dispatch`); which screen follows is decided by the store's table, and nowhere else. The
// table is the store's own (`composeTransitions`): the core rows here (with the rows every store has, which the
// products' descriptors give: `rows` in `products/<key>/product.ts`), then each slice's rows
// (`products/<key>/transitions.ts`) as its flow hooks bring them with their events, and the second factors' rows,
// downloaded at a partial authentication. Nothing here is mutable: two stores have two tables.
import type { AccountReset } from '@latchkey/sdk';
import { PRODUCT_DEFINITIONS } from './productDefinitions';
import type { FormState, Screen } from './signInStore';
import { clearError, isShowing, storeAccountReset, storeDescriptor } from './transitionParts';

// The parts the slices' rows and flow hooks share live in `transitionParts.ts`, which imports no registry: the lazy
// chunks that import them do not pull this module's table (and the product descriptors) out of the first chunk.
export * from './transitionParts';

/** The part of the widget's state that transitions change. */
export interface WidgetState {
  screen: Screen;
  formState: FormState;
  /** The passwordless password flow is running (hides the passcode screen's back arrow). */
  isPasswordless: boolean;
}

/** Something that happened in a flow, which may move the widget to another screen. */
export type WidgetEvent =
  /** 'Try again' on EmailConfirmation: → Main, the stored emails cleared (each product's `tryAgain`). */
  | { type: 'tryAgain' }
  /** Signed in by another route (reset token of type login, an emailed link): → LoginSuccess, `accountReset` stored. */
  | { type: 'loginSucceeded'; accountReset?: AccountReset }
  /** A flow failed in a way the widget shows on its own screen: → Error, descriptor stored. */
  | { type: 'failed'; descriptor: { messageId: string; message: string } }
  /** The back arrow: → Main, the stored emails kept, the error and the passwordless flag cleared. */
  | { type: 'back' }
  /** Goes to a screen directly (stories, hosts); the form state is left alone. */
  | { type: 'navigated'; screen: Screen }
  /**
   * A first factor was accepted but the sign-in waits for a second one: the SDK's answer carried an intermediate
   * session (`intermediate_session_token`, no `session_token`). The core has no row for it: a second-factor product
   * the store offers does (TOTP: → TotpAuthenticate); without one the screen stays.
   */
  | { type: 'authenticatedPartially' }
  | ProductEvent;

/**
 * The product slices' events, by slice, open by declaration merging as TanStack Router's `Register` is: each slice
 * declares its events and rows in `products/<key>/transitions.ts` and adds its events there
 * (`declare module '@latchkey/hooks' { interface ProductEventRegister { otp: OtpEvent } }`); no core file names them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by each product slice (declaration merging).
export interface ProductEventRegister {}

/** Events of the product slices (their rows come with the flow hooks that dispatch them). */
export type ProductEvent = ProductEventRegister[keyof ProductEventRegister];

/** One row of the table: the screen an event leads to (null: it stays), what it stores, the passwordless flag. */
export interface Row<E extends WidgetEvent> {
  to: Screen | null | ((event: E) => Screen);
  store?: (event: E, form: FormState) => Partial<FormState>;
  passwordless?: (event: E) => boolean;
}

/** The rows of some events, by type. */
export type Rows<T extends WidgetEvent['type']> = { readonly [K in T]: Row<Extract<WidgetEvent, { type: K }>> };

/** A store's table: a row for each event it knows (an event without one leaves the state unchanged). */
export type TransitionTable = Partial<Rows<WidgetEvent['type']>>;

/** The events every store has a row for. */
type CoreEventType = Exclude<WidgetEvent['type'], ProductEvent['type'] | 'authenticatedPartially'>;

/**
 * The core rows (the screens every configuration can reach), after the rows every store has that the products'
 * descriptors give (`rows`: the magic link, the reset link): the start of every store's table. The product slices'
 * other rows (`products/<key>/transitions.ts`: passcodes, passwords, passkeys, TOTP, wallets) are composed over
 * them per store, so a magic-link-only page does not carry them. Frozen.
 */
export const CORE_TRANSITIONS: TransitionTable & Rows<CoreEventType> = Object.freeze(
  Object.assign({}, ...PRODUCT_DEFINITIONS.map((product) => product.rows), {
    tryAgain: {
      to: 'Main',
      store: (_, form): Partial<FormState> =>
        Object.assign({}, ...PRODUCT_DEFINITIONS.map((product) => product.tryAgain?.(form))),
      passwordless: () => false,
    },
    loginSucceeded: { to: 'LoginSuccess', store: storeAccountReset },
    failed: { to: 'Error', store: storeDescriptor },
    back: { to: 'Main', store: clearError, passwordless: () => false },
    navigated: { to: (event) => event.screen },
  } satisfies Rows<CoreEventType>),
);

/** @deprecated The core rows only, frozen: a store's table is `composeTransitions(...)`. Use `CORE_TRANSITIONS`. */
export const TRANSITIONS: TransitionTable = CORE_TRANSITIONS;

/** A table of the core rows, then each of `rows` in order (a later row of the same event wins). Never changes them. */
export function composeTransitions(...rows: readonly TransitionTable[]): TransitionTable {
  return Object.freeze(Object.assign({}, CORE_TRANSITIONS, ...rows));
}

/**
 * The state after `event`, by its row of `table` (default: the core rows). Pure: never changes its
 * arguments. An event without a row (a product the store does not offer) leaves the state unchanged.
 */
export function transition(
  state: WidgetState,
  event: WidgetEvent,
  table: TransitionTable = CORE_TRANSITIONS,
): WidgetState {
  const row = table[event.type] as Row<WidgetEvent> | undefined;
  if (!row) return state;
  const screen = row.to === null ? state.screen : typeof row.to === 'function' ? row.to(event) : row.to;
  return {
    ...state,
    screen,
    formState: row.store ? { ...state.formState, ...row.store(event, state.formState) } : state.formState,
    isPasswordless: row.passwordless ? row.passwordless(event) : state.isPasswordless,
  };
}

/**
 * Whether the widget shows the screen that `event` leads to by the state's table (a flow hook asks "is my sent
 * magic link / passcode on screen?" without naming a screen). False for an event the table has no row for.
 */
export function isAwaiting(
  state: Pick<WidgetState, 'screen'> & { transitions?: TransitionTable },
  event: WidgetEvent['type'],
): boolean {
  return isShowing({ screen: state.screen, transitions: state.transitions ?? CORE_TRANSITIONS }, event);
}
