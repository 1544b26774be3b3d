// The answers of the sign-in routes as the SDK reads them, with the defaults of a user the
// tests just created, so each test names only what its flow changes.
import { expect } from 'vitest';
import { iso, START } from '../testing/harness';
import { REQUEST_ID } from './expectError';

/** Matches an opaque session token: 32 random bytes in base64url. */
export const SESSION_TOKEN = expect.stringMatching(/^[A-Za-z0-9_-]{43}$/);

/** Matches a compact JWS (header.payload.signature). */
export const SESSION_JWT = expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/);

/** The user object for an active user created at START with nothing attached; `fields` override. */
export function expectedUser(userId: unknown, fields: Record<string, unknown> = {}) {
  return {
    user_id: userId,
    created_at: iso(START),
    status: 'active',
    name: { first_name: '', middle_name: '', last_name: '' },
    emails: [],
    phone_numbers: [],
    crypto_wallets: [],
    providers: [],
    webauthn_registrations: [],
    biometric_registrations: [],
    totps: [],
    password: null,
    trusted_metadata: {},
    untrusted_metadata: {},
    roles: ['stytch_user'],
    ...fields,
  };
}

/** A session's factor for a passcode or link sent to an email address, last used at `at`. */
export function emailFactor(type: 'otp' | 'magic_link', emailId: unknown, email: string, at: number) {
  return {
    type,
    delivery_method: 'email',
    last_authenticated_at: iso(at),
    email_factor: { email_id: emailId, email_address: email },
  };
}

/** A session's factor for a passcode texted (sms) or sent over WhatsApp to a phone number, last used at `at`. */
export function phoneFactor(deliveryMethod: 'sms' | 'whatsapp', phoneId: unknown, phoneNumber: string, at: number) {
  return {
    type: 'otp',
    delivery_method: deliveryMethod,
    last_authenticated_at: iso(at),
    phone_number_factor: { phone_id: phoneId, phone_number: phoneNumber },
  };
}

/**
 * The AuthenticateResponse fields (without the `data` envelope). The session started at
 * `startedAt` (START) and was last used then unless `lastAccessedAt` says otherwise; its id and token are
 * matched by format unless given; the harness sends no User-Agent unless `userAgent` says otherwise.
 */
export function authenticateResponse(options: {
  userId: unknown;
  user: Record<string, unknown>;
  factors: unknown[];
  expiresAt: number;
  startedAt?: number;
  lastAccessedAt?: number;
  sessionId?: unknown;
  sessionToken?: unknown;
  userAgent?: unknown;
}) {
  const startedAt = options.startedAt ?? START;
  return {
    request_id: REQUEST_ID,
    status_code: 200,
    user_id: options.userId,
    session_token: options.sessionToken ?? SESSION_TOKEN,
    session_jwt: SESSION_JWT,
    session: {
      session_id: options.sessionId ?? expect.stringMatching(/^session-test-/),
      user_id: options.userId,
      started_at: iso(startedAt),
      last_accessed_at: iso(options.lastAccessedAt ?? startedAt),
      expires_at: iso(options.expiresAt),
      attributes: { ip_address: '127.0.0.1', user_agent: options.userAgent ?? '' },
      authentication_factors: options.factors,
      custom_claims: null,
      roles: ['stytch_user'],
    },
    user: options.user,
  };
}
