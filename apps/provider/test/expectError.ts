// What every refusal of the provider looks like on the wire: one place, so that each test
// asserts the whole body (request id format, catalogue message, error_url) and not just the error type.
import { expect } from 'vitest';
import { ERROR_CATALOGUE, ERROR_URL_BASE, type ErrorType, ProviderError } from '../src/http/errors';

/** A request id of the test environment: `request-id-test-` and a UUID. */
export const REQUEST_ID_PATTERN = /^request-id-test-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Matches the `request_id` of any answer in the test environment. */
export const REQUEST_ID = expect.stringMatching(REQUEST_ID_PATTERN);

/** A schema issue: a bare data path stands for that path with any message. */
export type ExpectedIssue = string | { dataPath: string; message: string };

/**
 * The error body of `errorType` with HTTP status `status`. `message` defaults to the catalogue's; tests that
 * quote the specification's text pass it, so a catalogue typo fails them. `extra` adds fields (error_details).
 */
export function errorBody(
  status: number,
  errorType: ErrorType,
  message: string = ERROR_CATALOGUE[errorType].message,
  extra: Record<string, unknown> = {},
) {
  return {
    status_code: status,
    request_id: REQUEST_ID,
    error_type: errorType,
    error_message: message,
    error_url: ERROR_URL_BASE,
    ...extra,
  };
}

/** Asserts that `response` is exactly the error `errorType` with status `status` (plus `extra` fields). */
export function expectError(
  response: { status: number; json: unknown },
  status: number,
  errorType: ErrorType,
  extra: Record<string, unknown> = {},
): void {
  expect(response.status).toBe(status);
  expect(response.json).toEqual(errorBody(status, errorType, undefined, extra));
}

/** Asserts that `response` is a 400 schema error listing exactly `issues`, in order. */
export function expectSchemaError(response: { status: number; json: unknown }, issues: ExpectedIssue[]): void {
  expect(response.status).toBe(400);
  expect(response.json).toEqual({
    status_code: 400,
    request_id: REQUEST_ID,
    body: issues.map((issue) => (typeof issue === 'string' ? { dataPath: issue, message: expect.any(String) } : issue)),
  });
}

/** Runs `action` and returns the ProviderError it throws (failing if it throws nothing or something else). */
export async function refusal(action: () => unknown): Promise<ProviderError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('Expected a ProviderError, but the call succeeded');
}
