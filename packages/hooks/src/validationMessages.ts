// The messages of the checks the hooks make before sending anything that several products share (a product's own
// are in its folder).

/** `invalid_email` on the magic-link and password forms. */
export const EMAIL_FORMAT_INVALID_MESSAGE = 'Email format is invalid.';
/** `invalid_phone_number`: a phone number that is not E.164. */
export const PHONE_NUMBER_INVALID_MESSAGE =
  'Phone number format is invalid. Ensure the phone number is in the E.164 format.';
