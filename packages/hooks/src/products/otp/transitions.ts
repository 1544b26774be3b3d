// The passcode transitions: the events the passcode hooks (and the password flow's passwordless branch)
// dispatch and their rows. The hooks that dispatch them import them and hand them to the store with their events
// (`useFlowContext`'s rows), so they load with those hooks' chunks and a magic-link-only page does not carry them.

import type { AccountReset } from '@latchkey/sdk';
import type { FormState } from '../../signInStore';
import type { Rows } from '../../transition';
import { storeAccountReset } from '../../transitionParts';
import type { OtpMethod } from './product';

/** What the passcode hooks report. */
export type OtpEvent =
  /** A passcode was sent by email, sms or whatsapp: → OTPAuthenticate, type, method id and destination stored. */
  | { type: 'otpSent'; otp: FormState['otpState'] }
  /**
   * A passcode was sent again to `method` / `otpDestination`: only the method id is replaced; the screen stays. An
   * answer for another destination than the stored one (the user went back and sent elsewhere) changes nothing.
   */
  | { type: 'otpResent'; methodId: string; method: OtpMethod; otpDestination: string }
  /** The passcode was accepted: → OTPConfirmation, what a pre-hijacking reset removed stored. */
  | { type: 'otpAuthenticated'; accountReset?: AccountReset };

/** The passcode rows of the widget's transition table. */
export const OTP_TRANSITIONS: Rows<OtpEvent['type']> = {
  otpSent: { to: 'OTPAuthenticate', store: (event) => ({ otpState: { ...event.otp } }) },
  otpResent: {
    to: null,
    store: (event, form) =>
      form.otpState.type === event.method && form.otpState.otpDestination === event.otpDestination
        ? { otpState: { ...form.otpState, methodId: event.methodId } }
        : {},
  },
  otpAuthenticated: { to: 'OTPConfirmation', store: storeAccountReset },
};

// Its events join the widget's `ProductEvent` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    otp: OtpEvent;
  }
}
