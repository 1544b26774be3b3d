/**
 * This product's texts of the error catalogue (`error.<error_type>`) that any screen may show, joined into
 * messages/errors.ts (the error catalogue's own chunk, fetched after the first render) by the generated
 * messages/productErrorMessages.ts. Wording is the specification's, verbatim.
 */
export const otpErrorMessages = {
  'error.otp_code_not_found': 'Invalid passcode, please try again.',
} as const;
