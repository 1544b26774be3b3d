import type { ErrorCatalogue } from '../descriptor';

/** Authenticator apps' error types (`invalid_code` is the core's; `otp_code_not_found` is the passcodes', products/otp/errors.ts). */
export const totpErrors = {
  totp_not_found: { status: 404, message: 'TOTP not found.' },
  active_totp_exists: {
    status: 409,
    message: 'This user already has an authenticator app. Remove it before adding another.',
  },
  recovery_code_not_found: { status: 404, message: 'Invalid recovery code, please try again.' },
} as const satisfies ErrorCatalogue;
