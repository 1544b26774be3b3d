import type { LatchkeyFlowError } from './errors';

/**
 * The types of the events a flow reports to the host's `onEvent` callback, open by declaration merging as
 * `ScreenRegister` is: the core names only the one every sign-in ends with; each product adds its own in its folder
 * (`declare module '@latchkey/hooks' { interface LatchkeyEventTypeRegister { OTP_LOGIN_OR_CREATE: true } }`), the
 * sign-in methods theirs and the identity-provider screens the authorize and logout flows' (`useAuthorize`,
 * `useLogout`).
 */
export interface LatchkeyEventTypeRegister {
  AUTHENTICATE_FLOW_COMPLETE: true;
}

/** The type of an event: a key of `LatchkeyEventTypeRegister`. */
export type LatchkeyEventType = keyof LatchkeyEventTypeRegister;

/**
 * The `type`s of the `email_sent` telemetry event the flows log, open by declaration merging: each product that
 * emails adds its own (`declare module '@latchkey/hooks' { interface EmailSentTypeRegister { login_or_create_otp:
 * true } }`).
 */
export interface EmailSentTypeRegister {
  login_or_create_eml: true;
}

/** One event: its type and the provider's answer (or other details) that caused it. */
export interface LatchkeyEvent {
  type: LatchkeyEventType;
  data: unknown;
}

/** The host's callbacks for a sign-in flow (the `onEvent` and `onError` options). */
export interface SignInCallbacks {
  /** Called after a step of the flow succeeded (an email sent, a passcode sent, the flow completed). */
  onEvent?(event: LatchkeyEvent): void;
  /** Called when a step of the flow failed, with the error as the widget shows it. */
  onError?(error: LatchkeyFlowError): void;
}
