// The multi-factor sign-in's transitions: the events the TOTP hooks dispatch, and the row that makes TOTP what
// follows a first factor left waiting for its second (`authenticatedPartially`, which every first factor's flow
// dispatches). A store offering this second factor downloads them at the first event its table has no row for (the
// descriptor's `loadTransitions`); the TOTP hooks also hand them to the store with their events. A store without
// it never goes to the TOTP screens. Nothing here is imported at run time: this module is a chunk of its own, and a
// value import of a first-load module would split that module out of the first load (one more request).
import type { FormState } from '../../signInStore';
import type { Rows } from '../../transition';

const clearError = (): Partial<FormState> => ({ errorDescriptor: null });

/** What the TOTP hooks report. */
export type TotpEvent =
  /**
   * Goes to the second factor's code entry: → TotpAuthenticate, the error descriptor cleared (what
   * `authenticatedPartially` does in a store offering TOTP; for a host that knows the sign-in waits for it).
   */
  | { type: 'secondFactorRequired' }
  /** 'Use a recovery code' (`recovery`) or 'Use your authenticator app' (`code`): → TotpRecoveryCode | TotpAuthenticate. */
  | { type: 'totpModeChanged'; mode: 'code' | 'recovery' }
  /** The second factor (a TOTP code or a recovery code) completed the sign-in: → LoginSuccess. */
  | { type: 'totpAuthenticated' };

/** The TOTP rows of the widget's table: what follows a partial authentication, and the second step's own rows. */
export const TOTP_TRANSITIONS: Rows<TotpEvent['type'] | 'authenticatedPartially'> = {
  authenticatedPartially: { to: 'TotpAuthenticate', store: clearError },
  secondFactorRequired: { to: 'TotpAuthenticate', store: clearError },
  totpModeChanged: { to: (event) => (event.mode === 'recovery' ? 'TotpRecoveryCode' : 'TotpAuthenticate') },
  totpAuthenticated: { to: 'LoginSuccess', store: clearError },
};

// Its events join the widget's `ProductEvent` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    totp: TotpEvent;
  }
}
