import { APIError, APIUnreachableError, UNREACHABLE_MESSAGE } from '@latchkey/sdk';

/** An error as a flow hook reports it: a spec error id (`error_type`) and the text to show. */
export interface LatchkeyFlowError {
  /** The provider's `error_type`, `network_error`, `unknown_error`, or a client-side id (`invalid_email`…). */
  type: string;
  /** The message to show the user. */
  message: string;
  /** The HTTP status of a provider refusal. */
  status?: number;
  /** The provider's request id, for support. */
  requestId?: string;
  /** The original error. */
  cause?: unknown;
}

/** The client-side validation error ids of the spec's catalogue. */
export type ClientValidationErrorType = 'invalid_email' | 'invalid_phone_number' | 'required';

/** Turns anything a flow caught into a `LatchkeyFlowError` (provider refusal, network failure, or other). */
export function toFlowError(error: unknown): LatchkeyFlowError {
  if (error instanceof APIError) {
    const flowError: LatchkeyFlowError = {
      type: error.error_type,
      message: error.error_message,
      status: error.status_code,
      cause: error,
    };
    if (error.request_id !== undefined) flowError.requestId = error.request_id;
    return flowError;
  }
  if (error instanceof APIUnreachableError) {
    // Whatever the transport said (time-out, CORS, offline), the user sees the one network message.
    return { type: 'network_error', message: UNREACHABLE_MESSAGE, cause: error };
  }
  if (error instanceof Error) return { type: 'unknown_error', message: error.message, cause: error };
  return { type: 'unknown_error', message: typeof error === 'string' ? error : String(error), cause: error };
}

/** A client-side validation error with a spec id (`invalid_email`, `invalid_phone_number`, `required`). */
export function validationError(type: ClientValidationErrorType, message: string): LatchkeyFlowError {
  return { type, message };
}
