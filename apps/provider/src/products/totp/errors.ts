import type { ErrorCatalogue } from '../descriptor';

/** Authenticator apps' error types (`invalid_code` and `otp_code_not_found` are shared with passcodes: core catalogue). */
export const totpErrors = {
  totp_not_found: { status: 404, message: 'TOTP not found.' },
  active_totp_exists: {
    status: 409,
    message: 'This user already has an authenticator app. Remove it before adding another.',
  },
  recovery_code_not_found: { status: 404, message: 'Invalid recovery code, please try again.' },
} as const satisfies ErrorCatalogue;
