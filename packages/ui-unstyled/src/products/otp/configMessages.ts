import { EML_AND_EMAIL_OTP_ERROR } from '@latchkey/hooks';

/**
 * The configuration error of a widget configured with both email magic links and email passcodes, shown instead of
 * its screens (in the first chunk, through the generated messages/productConfigMessages.ts). The hooks' text.
 */
export const otpConfigMessages = {
  'config.emlAndEmailOtp': EML_AND_EMAIL_OTP_ERROR,
} as const;
