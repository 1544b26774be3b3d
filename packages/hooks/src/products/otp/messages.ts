// The passcode product's own messages: its configuration error and the checks its hooks make before sending.

/** Shown when magic links and email passcodes are both configured. */
export const EML_AND_EMAIL_OTP_ERROR = 'Error: Cannot use both EML and Email OTP';
/** `invalid_email` on the passcode email form. */
export const OTP_INVALID_EMAIL_MESSAGE = 'Invalid email address.';
/** `invalid_code`: a passcode that is not 6 digits. */
export const OTP_INVALID_CODE_MESSAGE = 'Code format is invalid, please try again.';
