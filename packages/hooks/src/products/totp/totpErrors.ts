// The TOTP texts (ours: the specification names these screens without content) and how a refusal becomes one.
import { APIUnreachableError, NoSessionError } from '@latchkey/sdk';
import { type LatchkeyFlowError, toFlowError } from '../../errors';

/** A code that is not six digits (checked before any request, so it costs no guess against the lockout). */
export const TOTP_INVALID_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
/** A wrong or already used code (`otp_code_not_found`): the provider's and the passcode screen's text. */
export const TOTP_WRONG_CODE_MESSAGE = 'Invalid passcode, please try again.';
/** A recovery code that is empty or not shaped like one (checked before any request). */
export const TOTP_INVALID_RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes, like abcd-efgh-ijkl-mnop.';
/** A recovery code that is wrong or was used before (`recovery_code_not_found`): each works once. */
export const TOTP_RECOVERY_CODE_REFUSED_MESSAGE =
  'This recovery code is not valid or has already been used. Each recovery code works only once.';
/** The sign-in waiting for its second factor ended (10 minutes passed, or it was completed elsewhere). */
export const TOTP_SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in has expired. Go back and sign in again.';
/** Too many wrong codes (the provider's lockout, `user_lock_limit_reached`). */
export const TOTP_LOCKED_MESSAGE =
  'Too many failed attempts. Your account is locked for a while: please try again later.';
/** Enrolment asked for with nobody signed in. */
export const TOTP_NO_USER_MESSAGE = 'Error: Cannot use TotpEnrollment component without active user authenticated.';
/** The user already has a confirmed authenticator app (`active_totp_exists`). */
export const TOTP_ALREADY_ENROLLED_MESSAGE =
  'An authenticator app is already set up for this account. Remove it before adding another.';
/** Remove or new recovery codes asked for with no authenticator app on the account (`totp_not_found`). */
export const TOTP_NOT_FOUND_MESSAGE = 'No authenticator app is set up for this account.';
/** The QR code the provider sent is not an image the widget may show (only PNG or SVG data URLs are). */
export const TOTP_QR_UNAVAILABLE_MESSAGE = 'The QR code cannot be shown. Enter the key below in your app instead.';

/** The error ids the TOTP hooks report besides the provider's `error_type`s. */
export type TotpErrorType = 'invalid_totp_code' | 'invalid_recovery_code' | 'totp_no_user';

const TEXTS: Readonly<Record<string, string>> = {
  otp_code_not_found: TOTP_WRONG_CODE_MESSAGE,
  recovery_code_not_found: TOTP_RECOVERY_CODE_REFUSED_MESSAGE,
  intermediate_session_not_found: TOTP_SIGN_IN_EXPIRED_MESSAGE,
  active_totp_exists: TOTP_ALREADY_ENROLLED_MESSAGE,
  totp_not_found: TOTP_NOT_FOUND_MESSAGE,
};

/**
 * A failed TOTP call: our text for the refusals a user can meet here, else the provider's (or the network) text; the
 * lockout keeps the specification's text ('Too many failed authentication attempts. Please try again later.').
 */
export function toTotpError(caught: unknown): LatchkeyFlowError {
  if (caught instanceof NoSessionError) return { type: 'totp_no_user', message: TOTP_NO_USER_MESSAGE, cause: caught };
  const error = toFlowError(caught);
  if (caught instanceof APIUnreachableError) return error;
  const text = TEXTS[error.type];
  return text === undefined ? error : { ...error, message: text };
}
