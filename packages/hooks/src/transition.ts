// The screen transitions as data: the widget's screen and form state change only through `transition(state, event)`, a
// pure function. Flow hooks report what happened (a passcode was sent, the user search found a password user, …) as
// events on the store (`dispatch`); which screen follows is decided here, in one table, and nowhere else.
import type { AccountReset } from '@latchkey/sdk';
import type { CryptoEvent } from './products/crypto/transitions';
import type { OtpEvent } from './products/otp/transitions';
import type { PasskeyEvent } from './products/passkeys/transitions';
import type { PasswordEvent } from './products/passwords/transitions';
import type { TotpEvent } from './products/totp/transitions';
import type { FormState, Screen } from './signInStore';

/** The part of the widget's state that transitions change. */
export interface WidgetState {
  screen: Screen;
  formState: FormState;
  /** The passwordless password flow is running (hides the passcode screen's back arrow). */
  isPasswordless: boolean;
}

/** Something that happened in a flow, which may move the widget to another screen. */
export type WidgetEvent =
  /** A magic link was emailed (Main, or the password flow): → EmailConfirmation, email stored. */
  | { type: 'magicLinkSent'; email: string }
  /** 'Try again' on EmailConfirmation: → Main, the stored emails cleared. */
  | { type: 'tryAgain' }
  /** Signed in by another route (reset token of type login, an emailed link): → LoginSuccess, `accountReset` stored. */
  | { type: 'loginSucceeded'; accountReset?: AccountReset }
  /** A flow failed in a way the widget shows on its own screen: → Error, descriptor stored. */
  | { type: 'failed'; descriptor: { messageId: string; message: string } }
  /** The back arrow: → Main, the stored emails kept, the error and the passwordless flag cleared. */
  | { type: 'back' }
  /** Goes to a screen directly (stories, hosts); the form state is left alone. */
  | { type: 'navigated'; screen: Screen }
  | ProductEvent;

/**
 * Events of the product slices whose rows are not in every first load, one line per slice: each declares its
 * events and rows in `products/<key>/transitions.ts`, and its hooks add the rows to `TRANSITIONS` when their chunk
 * loads (`addTransitions`), before they can dispatch one of them.
 */
export type ProductEvent = OtpEvent | PasswordEvent | PasskeyEvent | TotpEvent | CryptoEvent;

// Shared by several rows (the table is in every sign-in page's first load: each row costs bytes). Product slices
// import them too.
export const clearError = (): Partial<FormState> => ({ errorDescriptor: null });
export const storeDescriptor = (event: { descriptor: { messageId: string; message: string } }): Partial<FormState> => ({
  errorDescriptor: { ...event.descriptor },
});
/** What a sign-in's pre-hijacking reset removed, for the success screen (null: nothing). */
export const storeAccountReset = (event: { accountReset?: AccountReset }): Partial<FormState> => ({
  accountReset: event.accountReset ?? null,
});

/** One row of the table: the screen an event leads to (null: it stays), what it stores, the passwordless flag. */
export interface Row<E extends WidgetEvent> {
  to: Screen | null | ((event: E) => Screen);
  store?: (event: E, form: FormState) => Partial<FormState>;
  passwordless?: (event: E) => boolean;
}

/** The rows of some events, by type. */
export type Rows<T extends WidgetEvent['type']> = { readonly [K in T]: Row<Extract<WidgetEvent, { type: K }>> };

/**
 * The transition table, one row per event: the core rows here (magic links, and the screens every configuration can
 * reach), each product slice's own rows once its chunk has loaded (`products/<key>/transitions.ts`: passcodes,
 * passwords, passkeys, TOTP, wallets), so a magic-link-only page does not carry them.
 */
export const TRANSITIONS: Rows<Exclude<WidgetEvent['type'], ProductEvent['type']>> &
  Partial<Rows<ProductEvent['type']>> = {
  magicLinkSent: { to: 'EmailConfirmation', store: (event) => ({ magicLinkState: { email: event.email } }) },
  tryAgain: {
    to: 'Main',
    store: (_, form) => ({ magicLinkState: { email: '' }, passwordState: { ...form.passwordState, email: '' } }),
    passwordless: () => false,
  },
  loginSucceeded: { to: 'LoginSuccess', store: storeAccountReset },
  failed: { to: 'Error', store: storeDescriptor },
  back: { to: 'Main', store: clearError, passwordless: () => false },
  navigated: { to: (event) => event.screen },
};

/**
 * The state after `event`, by its row of `TRANSITIONS`. Pure: never changes its arguments. An event of a
 * product slice whose rows have not been added (`addTransitions`; no module that dispatches it has loaded) has no
 * row: the state is returned unchanged (the cheapest safe answer, since this function is in every first load).
 */
export function transition(state: WidgetState, event: WidgetEvent): WidgetState {
  const row = TRANSITIONS[event.type] as Row<WidgetEvent> | undefined;
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
 * Whether the widget shows the screen that `event` leads to (a flow hook asks "is my sent magic link / passcode on
 * screen?" without naming a screen). False for an event whose slice's rows have not been added.
 */
export function isAwaiting(state: Pick<WidgetState, 'screen'>, event: 'magicLinkSent' | 'otpSent'): boolean {
  return state.screen === TRANSITIONS[event]?.to;
}
