// The passwords' configuration sections (`project.passwordPolicy`, `project.breachRangeApiUrl`), declared by their
// descriptor (products/passwords/descriptor.ts) and merged into the project's by config.ts.
import { z } from 'zod';
import { rateWindow } from '../../configFields';

const passwordPolicy = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('zxcvbn') }),
  z.strictObject({
    type: z.literal('luds'),
    /** How many of uppercase, lowercase, digit and symbol a password needs (1–4). */
    complexity: z.number().int().min(1).max(4).default(3),
    /** Minimum length (at least 8, NIST SP 800-63B). */
    minimumCount: z.number().int().min(8).max(64).default(8),
  }),
]);

/** `project.passwordPolicy` as parsed. */
export type PasswordPolicy = z.output<typeof passwordPolicy>;

/** `project.passwordPolicy` (what a new password must be) and `project.breachRangeApiUrl` (where breached ones are looked up). */
export const passwordsProjectConfig = {
  passwordPolicy: passwordPolicy.default({ type: 'zxcvbn' }),
  /**
   * Optional k-anonymity range API (`{url}/{first five hex of SHA-1}` → `SUFFIX:COUNT` lines), e.g. Have I Been Pwned.
   * The check fails open: when the API is down, answers anything but 200, or has not answered within 3 seconds (each
   * password-setting call and strength check waits that long at most), only the shipped list is checked.
   */
  breachRangeApiUrl: z.string().url().nullable().default(null),
};

/** Its entry of `rateLimits`. */
export const passwordsRateLimits = {
  /**
   * Password checks (`passwords/authenticate`, `passwords/existing_password/reset`) and sign-ups (`passwords`), counted
   * before the hash (and, for a sign-up, before the answer that tells whether the address already has an account).
   */
  passwordAttemptsPerIp: rateWindow.default({ limit: 60, windowSeconds: 60 }),
  /**
   * Strength checks (`passwords/strength_check`, which the widget calls as the user types): zxcvbn runs on the event
   * loop, up to a tenth of a second for a long password, so an unlimited caller could stall every other request.
   */
  strengthChecksPerIp: rateWindow.default({ limit: 120, windowSeconds: 60 }),
};

/** Its entry of `project.defaultRedirectUrls`: where the reset email's link goes when the call names no URL. */
export const passwordsDefaultRedirectUrls = {
  resetPassword: z.string().optional(),
};
