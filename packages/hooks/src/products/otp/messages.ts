// The messages of the checks the passcode hooks make before sending (its configuration error is its descriptor's,
// product.ts: in every first load, where these are not).

/** `invalid_email` on the passcode email form. */
export const OTP_INVALID_EMAIL_MESSAGE = 'Invalid email address.';
/** `invalid_code`: a passcode that is not 6 digits. */
export const OTP_INVALID_CODE_MESSAGE = 'Code format is invalid, please try again.';
