import { z } from 'zod';
import { MAX_SESSION_DURATION_MINUTES, MIN_SESSION_DURATION_MINUTES } from '../services/sessions';

/** `session_duration_minutes`: optional, whole minutes, five minutes to a year. */
export const sessionDurationField = z
  .number()
  .int()
  .min(MIN_SESSION_DURATION_MINUTES)
  .max(MAX_SESSION_DURATION_MINUTES)
  .optional();

/** `expiration_minutes` style fields: optional whole minutes, one minute to a week. */
export const expirationField = z.number().int().min(1).max(10_080).optional();

/** Fields every protected call may carry (captcha and device fingerprint are off in this provider; accepted and ignored). */
export const protectionFields = {
  captcha_token: z.string().optional(),
  dfp_telemetry_id: z.string().optional(),
};
