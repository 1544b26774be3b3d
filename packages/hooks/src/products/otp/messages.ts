// The messages of the checks the passcode hooks make before sending (its configuration error is its descriptor's,
// product.ts: in every first load, where these are not).

/** `invalid_email` on the passcode email form. */
export const OTP_INVALID_EMAIL_MESSAGE = 'Invalid email address.';
// `invalid_code`'s text (a passcode that is not 6 digits) is OTP_INVALID_CODE_MESSAGE, beside the code field's hook
// (useOtpCode.ts): the passcode flow and the identifier verification, in different chunks, both reach that module.
