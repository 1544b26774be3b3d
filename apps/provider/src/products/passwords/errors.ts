import type { ErrorCatalogue } from '../descriptor';

/** Passwords' error types. */
export const passwordsErrors = {
  reset_password: { status: 400, message: 'Password must be reset.' },
  no_user_password: { status: 400, message: 'Password not found for this user. Please try again.' },
  breached_password: { status: 400, message: 'Password appears in the list of breached passwords and must be reset.' },
  weak_password: { status: 400, message: 'Password does not meet the strength requirements.' },
  password_too_long: { status: 400, message: 'Password must be at most 256 characters long.' },
} as const satisfies ErrorCatalogue;
