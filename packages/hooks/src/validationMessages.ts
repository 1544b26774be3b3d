// The messages of the checks the hooks make before sending anything, in one place.

/** `invalid_email` on the magic-link and password forms. */
export const EMAIL_FORMAT_INVALID_MESSAGE = 'Email format is invalid.';
/** `invalid_email` on the passcode email form. */
export const OTP_INVALID_EMAIL_MESSAGE = 'Invalid email address.';
/** `invalid_phone_number`: a phone number that is not E.164. */
export const PHONE_NUMBER_INVALID_MESSAGE =
  'Phone number format is invalid. Ensure the phone number is in the E.164 format.';
/** `invalid_code`: a passcode that is not 6 digits. */
export const OTP_INVALID_CODE_MESSAGE = 'Code format is invalid, please try again.';
