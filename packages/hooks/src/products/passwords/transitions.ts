// The password transitions: the events the password hooks dispatch and their rows. The hooks that dispatch them
// import them and hand them to the store with their events (`useFlowContext`'s rows; the reset page passes them to
// its store at once), so they load with those hooks' chunks and a magic-link-only page does not carry them.
import type { AccountReset } from '@latchkey/sdk';
import type { Screen } from '../../signInStore';
import type { Rows } from '../../transition';
import { storeAccountReset } from '../../transitionParts';
import type { PasswordResetReason, PasswordUserType } from './product';

/** What the password hooks report. */
export type PasswordEvent =
  /** The user search answered: → PasswordCreateOrLogin, email and user type stored. */
  | { type: 'passwordUserFound'; email: string; userType: PasswordUserType }
  /** The passwordless password flow started (or ended). */
  | { type: 'passwordlessSet'; value: boolean }
  /** Password login, creation or reset succeeded: → PasswordConfirmation (a reset's `accountReset` stored). */
  | { type: 'passwordAuthenticated'; accountReset?: AccountReset }
  /**
   * A reset email was sent to `email`: → PasswordForgot | PasswordBreached | PasswordDedupe | PasswordSetNew, the
   * address stored (the confirmation says where it went, and its 'Resend email' goes there).
   */
  | { type: 'passwordResetSent'; reason: PasswordResetReason; email: string };

/** The confirmation screen of each reason a reset email was sent. */
export const RESET_SCREENS: Readonly<Record<PasswordResetReason, Screen>> = {
  forgot: 'PasswordForgot',
  breached: 'PasswordBreached',
  dedupe: 'PasswordDedupe',
  setNew: 'PasswordSetNew',
};

/** The password rows of the widget's transition table. */
export const PASSWORD_TRANSITIONS: Rows<PasswordEvent['type']> = {
  passwordUserFound: {
    to: 'PasswordCreateOrLogin',
    store: (event) => ({ passwordState: { email: event.email, type: event.userType } }),
  },
  passwordlessSet: { to: null, passwordless: (event) => event.value },
  passwordAuthenticated: { to: 'PasswordConfirmation', store: storeAccountReset },
  passwordResetSent: {
    to: (event) => RESET_SCREENS[event.reason],
    store: (event, form) => ({ passwordState: { ...form.passwordState, email: event.email } }),
  },
};

// Its events join the widget's `ProductEvent` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    passwords: PasswordEvent;
  }
}
