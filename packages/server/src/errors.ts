/** Why a session was refused or could not be checked. */
export type LatchkeyServerErrorCode =
  /** The JWT is past its `exp`, or the provider says the session's absolute expiry has passed. */
  | 'session_expired'
  /** The JWT's `nbf` is still in the future (a clock far behind the provider's). */
  | 'session_not_yet_valid'
  /** The provider says the session was revoked (signed out, password reset). */
  | 'session_revoked'
  /** The provider never issued this opaque token (or it belongs to another project). */
  | 'session_not_found'
  /** Not a token at all: not a JWT, not JSON, missing claims, or a JWT where the opaque token is needed. */
  | 'malformed_token'
  /** The JWT's `aud` is not this project. */
  | 'wrong_audience'
  /** The JWT's `iss` is not this project's provider. */
  | 'wrong_issuer'
  /** The signature does not verify, its key is not in the provider's JWKS, or it is not ES256. */
  | 'invalid_signature'
  /** `authenticateSession` was called without a secret key configured. */
  | 'missing_credentials'
  /** The provider refused the project id and secret key. */
  | 'invalid_credentials'
  /** The provider refused too many wrong secret keys from this address; see `retryAfterSeconds`. */
  | 'rate_limited'
  /** The provider (or its JWKS) could not be reached or answered something unexpected. */
  | 'unavailable'
  /**
   * The request carries a session cookie more than once with different values (a copy set for a parent domain by
   * another subdomain, or left by an earlier cookie configuration): either copy could be someone else's session.
   */
  | 'ambiguous_session_cookie';

export interface LatchkeyServerErrorOptions {
  cause?: unknown;
  /** The provider's HTTP status, when it answered. */
  status?: number;
  /** The provider's request id, for its logs. */
  requestId?: string;
  retryAfterSeconds?: number;
}

/** Every refusal of `@latchkey/server`: switch on `code`; `message` says what was wrong in words. */
export class LatchkeyServerError extends Error {
  readonly code: LatchkeyServerErrorCode;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: LatchkeyServerErrorCode, message: string, options: LatchkeyServerErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LatchkeyServerError';
    this.code = code;
    this.status = options.status;
    this.requestId = options.requestId;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Is `value` a LatchkeyServerError (of `code`, when given)? Works across copies of the package. */
export function isLatchkeyServerError(value: unknown, code?: LatchkeyServerErrorCode): value is LatchkeyServerError {
  return (
    value instanceof Error &&
    value.name === 'LatchkeyServerError' &&
    (code === undefined || (value as LatchkeyServerError).code === code)
  );
}
