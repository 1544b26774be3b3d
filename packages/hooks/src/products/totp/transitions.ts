// The multi-factor sign-in's transitions: the events the TOTP hooks (and the kits' success screens, when a first
// factor left the sign-in waiting for its second) dispatch, and their rows, added to the widget's table when the
// TOTP chunk loads (`addTransitions`), so a page whose project never asks for a second factor does not carry them.
import { clearError, type Rows } from '../../transition';

/** What the TOTP hooks report. */
export type TotpEvent =
  /**
   * A first factor (password, passcode, emailed link) left the sign-in waiting for a second factor (the provider
   * answered with an intermediate session): → TotpAuthenticate, the error descriptor cleared.
   */
  | { type: 'secondFactorRequired' }
  /** 'Use a recovery code' (`recovery`) or 'Use your authenticator app' (`code`): → TotpRecoveryCode | TotpAuthenticate. */
  | { type: 'totpModeChanged'; mode: 'code' | 'recovery' }
  /** The second factor (a TOTP code or a recovery code) completed the sign-in: → LoginSuccess. */
  | { type: 'totpAuthenticated' };

/** The TOTP rows of the widget's table. */
export const TOTP_TRANSITIONS: Rows<TotpEvent['type']> = {
  secondFactorRequired: { to: 'TotpAuthenticate', store: clearError },
  totpModeChanged: { to: (event) => (event.mode === 'recovery' ? 'TotpRecoveryCode' : 'TotpAuthenticate') },
  totpAuthenticated: { to: 'LoginSuccess', store: clearError },
};
