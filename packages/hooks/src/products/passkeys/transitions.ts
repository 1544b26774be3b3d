// The passkey transitions: the events the passkey hooks dispatch and their rows. The passkey hooks import them
// and hand them to the store with their events (`useFlowContext`'s rows), so they load with the passkey chunk and a
// page without passkeys does not carry them.
import type { Rows } from '../../transition';
import { clearError, storeDescriptor } from '../../transitionParts';

/** What the passkey hooks report. */
export type PasskeyEvent =
  /** Signed in with a passkey (button or autofill): → PasskeyConfirmation, the error descriptor cleared. */
  | { type: 'passkeyAuthenticated' }
  /**
   * A passkey was created for the signed-in user (`registrationId`), or 'Skip' was chosen on
   * PasskeyRegistrationStart (`skipped`): → PasskeyRegistrationSuccess, the error descriptor cleared, and
   * `formState.passkeyCreatedId` set to the new passkey (null after a skip: the screen then lists the passkeys
   * without 'Passkey successfully created!').
   */
  | { type: 'passkeyRegistered'; skipped: boolean; registrationId?: string }
  /**
   * A passkey sign-in or creation failed: the screen stays and the descriptor is stored (Main's warning banner,
   * PasskeyRegistrationStart's error).
   */
  | { type: 'passkeyFailed'; descriptor: { messageId: string; message: string } };

/** The passkey rows of the widget's transition table. */
export const PASSKEY_TRANSITIONS: Rows<PasskeyEvent['type']> = {
  passkeyAuthenticated: { to: 'PasskeyConfirmation', store: clearError },
  passkeyRegistered: {
    to: 'PasskeyRegistrationSuccess',
    store: (event) => ({
      errorDescriptor: null,
      passkeyCreatedId: event.skipped ? null : (event.registrationId ?? null),
    }),
  },
  passkeyFailed: { to: null, store: storeDescriptor },
};

// Its events join the widget's `ProductEvent` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    passkeys: PasskeyEvent;
  }
}
