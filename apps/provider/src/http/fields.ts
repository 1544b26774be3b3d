import { z } from 'zod';
import { MAX_SESSION_DURATION_MINUTES, MIN_SESSION_DURATION_MINUTES } from '../services/sessions';

/** `session_duration_minutes`: optional, whole minutes, five minutes to a year. */
export const sessionDurationField = z
  .number()
  .int()
  .min(MIN_SESSION_DURATION_MINUTES)
  .max(MAX_SESSION_DURATION_MINUTES)
  .optional();

/** The longest lifetime a caller may give a passcode (six digits: the README's Security section caps it at 10 minutes). */
export const MAX_PASSCODE_EXPIRATION_MINUTES = 10;
/** The longest lifetime a caller may give a magic link or a password-reset link (one day). */
export const MAX_LINK_EXPIRATION_MINUTES = 1440;

/** A client-chosen lifetime in whole minutes, from one minute to `max`; more is refused, never shortened. */
function lifetimeField(max: number, what: string) {
  return z
    .number()
    .int()
    .min(1, `${what} must last at least 1 minute`)
    .max(max, `${what} may last at most ${max} minutes`)
    .optional();
}

/** Passcode `expiration_minutes`: 1 to 10 minutes. */
export const passcodeExpirationField = lifetimeField(MAX_PASSCODE_EXPIRATION_MINUTES, 'A passcode');

/** Magic-link and reset-link lifetimes (`login_expiration_minutes`, …): 1 minute to one day. */
export const linkExpirationField = lifetimeField(MAX_LINK_EXPIRATION_MINUTES, 'A link');

/** Fields every protected call may carry (captcha and device fingerprint are off in this provider; accepted and ignored). */
export const protectionFields = {
  captcha_token: z.string().optional(),
  dfp_telemetry_id: z.string().optional(),
};
