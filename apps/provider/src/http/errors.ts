// The error catalogue. Messages of the types the widget's specification lists are quoted from it
// exactly; the others are the provider's own and are shown to users as given.

import {
  PRODUCT_ERRORS,
  type ProductErrors,
  RECENT_SIGN_IN_WAYS,
  unverifiedIdentifierMessage,
} from '../products/productParts';

/** One error type: the HTTP status and the message. */
export interface CatalogueEntry {
  status: number;
  message: string;
}

/** The core's error types (the products' are in their folders: `errors` of src/products/<key>/descriptor.ts). */
export const CORE_ERRORS = {
  invalid_email: { status: 400, message: 'Email format is invalid.' },
  invalid_phone_number: {
    status: 400,
    message: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  },
  invalid_phone_number_country_code: {
    status: 400,
    message: "The phone number's country code is invalid, unsupported, or disabled.",
  },
  unauthorized_credentials: { status: 401, message: 'Unauthorized credentials.' },
  user_unauthenticated: {
    status: 401,
    message: 'Must have an active session to call this method. Have you logged in yet?',
  },
  email_not_found: { status: 404, message: 'Email not found.' },
  invalid_code: { status: 400, message: 'Code format is invalid, please try again.' },
  unauthorized_action: { status: 403, message: 'Unauthorized action.' },
  user_lock_limit_reached: { status: 429, message: 'Too many failed authentication attempts. Please try again later.' },
  invalid_session_token: { status: 401, message: 'Invalid session token.' },
  invalid_secret_authentication: {
    status: 401,
    message: "Unauthorized credentials: the project id and secret key do not match this project's.",
  },
  session_not_found: { status: 404, message: 'Session not found.' },
  // The provider's own types.
  too_many_requests: { status: 429, message: 'Too many requests have been made. Please wait and try again.' },
  origin_not_allowed: { status: 403, message: "This origin is not in the project's allowed origins." },
  invalid_redirect_url: {
    status: 400,
    message: "The redirect URL is not in the project's allowlist of redirect URLs.",
  },
  method_not_enabled: { status: 403, message: 'This sign-in method is not enabled for this project.' },
  duplicate_email: { status: 409, message: 'A user with this email already exists.' },
  duplicate_phone_number: { status: 409, message: 'A user with this phone number already exists.' },
  // A token bound to the browser that asked (PKCE) redeemed without that browser's verifier: in practice, a link
  // opened in another browser or device, or an attacker's link (login CSRF). The message mentions PKCE: the SDK
  // falls back from the password-reset verifier to the magic-link one on such a refusal.
  pkce_mismatch: {
    status: 400,
    message:
      'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.',
  },
  missing_pkce: { status: 400, message: 'This project requires a pkce code_challenge for this call.' },
  phone_number_not_found: { status: 404, message: 'Phone number not found.' },
  reauthentication_required: {
    status: 403,
    message: `This change needs a recent sign-in: authenticate with your ${RECENT_SIGN_IN_WAYS} again, then try again.`,
  },
  intermediate_session_not_found: {
    status: 404,
    message: 'Intermediate session not found: it was used or it expired. Sign in again.',
  },
  insufficient_scope: {
    status: 403,
    message: 'The access token was not granted the full_access scope, which exchanging it for a session needs.',
  },
  invalid_token: {
    status: 401,
    message:
      "The token could not be verified against the profile: its signature, issuer (iss), audience (aud) or expiry (exp, required) is wrong, or it lacks the profile's email claim.",
  },
  // Issue 25, finding 7: a second factor, passkey or wallet is not enrolled on an account whose email or phone number is
  // unverified (its owner's later proof would run the pre-hijacking reset and remove it). `error_details` names it.
  identifier_not_verified: {
    status: 400,
    message: unverifiedIdentifierMessage('email address'),
  },
  request_too_large: { status: 413, message: 'The request body is too large.' },
  not_found: { status: 404, message: 'The requested resource was not found.' },
  internal_server_error: { status: 500, message: 'An internal error occurred. Please try again later.' },
} as const satisfies Record<string, CatalogueEntry>;

/** Every error type: the core's, then each product's (products/descriptors.ts; no type is declared twice). */
export const ERROR_CATALOGUE: typeof CORE_ERRORS & ProductErrors = { ...CORE_ERRORS, ...PRODUCT_ERRORS };

export type ErrorType = keyof typeof ERROR_CATALOGUE;

/** Where `error_url` points: the provider README's section for the type. */
export const ERROR_URL_BASE = 'https://github.com/latchkey-dev/latchkey/blob/main/apps/provider/README.md#errors';

/** An expected refusal: becomes the catalogue's error body with its status. */
export class ProviderError extends Error {
  readonly errorType: ErrorType;
  readonly status: number;
  /** Seconds, sent as `Retry-After` (rate limits). */
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    errorType: ErrorType,
    options: { message?: string; retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    const entry: CatalogueEntry = ERROR_CATALOGUE[errorType];
    super(options.message ?? entry.message);
    this.name = 'ProviderError';
    this.errorType = errorType;
    this.status = entry.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

/** One schema problem, in the shape the SDK reads (`dataPath` like `.email`). */
export interface SchemaIssue {
  dataPath: string;
  message: string;
}

/** A request that does not match its schema: answered 400 with `{ body: [...] }`. */
export class SchemaError extends Error {
  readonly location: 'body' | 'params' | 'query';
  readonly issues: SchemaIssue[];

  constructor(location: 'body' | 'params' | 'query', issues: SchemaIssue[]) {
    super('Request does not match expected schema');
    this.name = 'SchemaError';
    this.location = location;
    this.issues = issues;
  }
}
