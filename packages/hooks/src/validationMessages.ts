// The messages of the checks the hooks make before sending anything (spec widget §5 and §8), in one place.

/** `invalid_email` on the magic-link and password forms (§5). */
export const EMAIL_FORMAT_INVALID_MESSAGE = 'Email format is invalid.';
/** `invalid_email` on the passcode email form (§5). */
export const OTP_INVALID_EMAIL_MESSAGE = 'Invalid email address.';
/** `invalid_phone_number`: a phone number that is not E.164 (§5, §8). */
export const PHONE_NUMBER_INVALID_MESSAGE =
  'Phone number format is invalid. Ensure the phone number is in the E.164 format.';
/** `invalid_code`: a passcode that is not 6 digits (§8). */
export const OTP_INVALID_CODE_MESSAGE = 'Code format is invalid, please try again.';
