import type { LatchkeyFlowError } from './errors';

/**
 * The events a flow reports to the host's `onEvent` callback: the sign-in widget's four, then the identity-provider
 * screens' (the authorize and logout flows of `useAuthorize` and `useLogout`).
 */
export type LatchkeyEventType =
  | 'MAGIC_LINK_LOGIN_OR_CREATE'
  | 'OTP_LOGIN_OR_CREATE'
  | 'PASSKEY_AUTHENTICATE'
  | 'AUTHENTICATE_FLOW_COMPLETE'
  | 'OAUTH_AUTHORIZE_FLOW_START'
  | 'OAUTH_AUTHORIZE_FLOW_COMPLETE'
  | 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED'
  | 'OAUTH_LOGOUT_FLOW_START'
  | 'OAUTH_LOGOUT_FLOW_COMPLETE'
  | 'OAUTH_LOGOUT_FLOW_DENIED';

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
