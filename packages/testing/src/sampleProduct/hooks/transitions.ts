// The sample's events and their rows of the widget's transition table. The flow hook hands them to the store with
// its events (`dispatch(event, rows)`), so they load with the hook's chunk, never in a first load.
import type { Rows } from '@latchkey/hooks';

/** What the sample's flow reports. */
export type SecurityQuestionEvent =
  /** Main's block was pressed: → SecurityQuestion. */
  | { type: 'securityQuestionStarted'; email?: string }
  /** The answer was right: → LoginSuccess (the core's success screen). An answer proves no address: no reset. */
  | { type: 'securityQuestionAuthenticated' };

/** The sample's rows. */
export const SECURITY_QUESTION_TRANSITIONS: Rows<SecurityQuestionEvent['type']> = Object.freeze({
  securityQuestionStarted: {
    to: 'SecurityQuestion',
    store: (event) => ({ securityQuestionState: { email: event.email ?? '' } }),
  },
  securityQuestionAuthenticated: { to: 'LoginSuccess', store: () => ({ accountReset: null }) },
});

// Its events join the widget's `ProductEvent` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    securityQuestion: SecurityQuestionEvent;
  }
}
