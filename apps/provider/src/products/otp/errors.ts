import type { ErrorCatalogue } from '../descriptor';

/** Passcodes' error types. `otp_code_not_found` is also what authenticator apps answer for a wrong TOTP code. */
export const otpErrors = {
  otp_code_not_found: { status: 404, message: 'Invalid passcode, please try again.' },
} as const satisfies ErrorCatalogue;
