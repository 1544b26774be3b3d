import { isPlainObject } from './internal/isPlainObject';
/** The base of every error the SDK throws on purpose, so callers can tell ours from anything else. */
export class LatchkeyError extends Error {
  override name = 'LatchkeyError';
}

/** A schema problem reported by the provider for one field. */
export interface SchemaIssue {
  dataPath: string;
  message: string;
}

/** The fields of an API error body, copied from the top level of the provider's answer. */
export interface APIErrorFields {
  status_code: number;
  error_type: string;
  error_message: string;
  error_url: string;
  request_id?: string | undefined;
  error_details?: Record<string, unknown> | undefined;
}

/**
 * The provider refused the call (status ≥ 300 with a JSON error body).
 * Its message is the spec's display form: '[status] type', the message, 'See url for more information'
 * and the request id.
 */
export class APIError extends LatchkeyError implements APIErrorFields {
  override name = 'APIError';
  readonly status_code: number;
  readonly error_type: string;
  readonly error_message: string;
  readonly error_url: string;
  readonly request_id: string | undefined;
  readonly error_details: Record<string, unknown> | undefined;

  constructor(fields: Partial<APIErrorFields>) {
    const status_code = typeof fields.status_code === 'number' ? fields.status_code : 400;
    const error_type = typeof fields.error_type === 'string' ? fields.error_type : 'unknown_error';
    const error_message = typeof fields.error_message === 'string' ? fields.error_message : '';
    const error_url = typeof fields.error_url === 'string' ? fields.error_url : '';
    const request_id = typeof fields.request_id === 'string' ? fields.request_id : undefined;
    const lines = [`[${status_code}] ${error_type}`, error_message, `See ${error_url} for more information`];
    if (request_id) lines.push(`request_id: ${request_id}`);
    super(lines.join('\n'));
    this.status_code = status_code;
    this.error_type = error_type;
    this.error_message = error_message;
    this.error_url = error_url;
    this.request_id = request_id;
    this.error_details = isPlainObject(fields.error_details) ? fields.error_details : undefined;
  }
}

/** The provider rejected the request body, query or path parameters against its schema (HTTP 400). */
export class APISchemaError extends LatchkeyError {
  override name = 'APISchemaError';
  /** Every problem the provider listed, body first, then params and query. */
  readonly issues: SchemaIssue[];

  constructor(issues: SchemaIssue[]) {
    super(['Request does not match expected schema', ...issues.map((i) => `${i.dataPath}: ${i.message}`)].join('\n'));
    this.issues = issues;
  }
}

export const UNREACHABLE_MESSAGE = 'Unable to contact our servers.';

/** The provider could not be reached at all: offline, DNS, CORS refusal, time-out. */
export class APIUnreachableError extends LatchkeyError {
  override name = 'APIUnreachableError';
  constructor(message = UNREACHABLE_MESSAGE, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The spec's three messages for an answer the SDK cannot use. */
export const INVALID_RESPONSE_MESSAGES = {
  /** A 2xx answer whose body is not JSON. */
  invalidJson: 'Invalid JSON response from our servers.',
  /** A 2xx answer without the `{data}` envelope, or with an empty body. */
  noResponse: 'Invalid or no response from server',
  /** An error answer that is not JSON, or a success that lacks the fields it must carry. */
  invalidResponse: 'Invalid response from our servers.',
} as const;

/** The provider answered, but with a body the SDK cannot use. */
export class InvalidResponseError extends LatchkeyError {
  override name = 'InvalidResponseError';
}

/** A method was called with arguments it does not accept: 'Invalid call to {method}: {reason}'. */
export class UsageError extends LatchkeyError {
  override name = 'UsageError';
  readonly method: string;
  readonly reason: string;
  constructor(method: string, reason: string) {
    super(`Invalid call to ${method}: ${reason}`);
    this.method = method;
    this.reason = reason;
  }
}

export const NO_SESSION_MESSAGE =
  'There is no session currently available. Make sure the user is authenticated with a valid session.';

/** A call that needs a signed-in user was made without a local session. */
export class NoSessionError extends LatchkeyError {
  override name = 'NoSessionError';
  constructor() {
    super(NO_SESSION_MESSAGE);
  }
}

export const CAPTCHA_UNAVAILABLE_MESSAGE = 'Unable to query captcha and/or dfp telemetry ID';

/** The provider asked for a captcha and no captcha/telemetry provider could answer. */
export class CaptchaUnavailableError extends LatchkeyError {
  override name = 'CaptchaUnavailableError';
  constructor(options?: { cause?: unknown }) {
    super(CAPTCHA_UNAVAILABLE_MESSAGE, options);
  }
}

/** `createClient()` was called where there is no browser (server-side rendering, plain Node). */
export class ServerEnvironmentError extends LatchkeyError {
  override name = 'ServerEnvironmentError';
  constructor() {
    super(
      'createClient() is not supported in server environments. Create the client in the browser ' +
        '(for example in an effect), or pass `environment` explicitly.',
    );
  }
}

/** Error types after which a stored session can never become valid again: the session is cleared. */
export const UNRECOVERABLE_ERROR_TYPES: readonly string[] = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];

/** Whether an error means the local session must be cleared. */
export function isUnrecoverableError(error: unknown): boolean {
  return error instanceof APIError && UNRECOVERABLE_ERROR_TYPES.includes(error.error_type);
}
