import { describe, expect, it } from 'vitest';
import {
  APIError,
  APISchemaError,
  APIUnreachableError,
  isUnrecoverableError,
  LatchkeyError,
  NoSessionError,
  UNRECOVERABLE_ERROR_TYPES,
} from './errors';

describe('errors', () => {
  it('uses the spec message for a missing session', () => {
    expect(new NoSessionError().message).toBe(
      'There is no session currently available. Make sure the user is authenticated with a valid session.',
    );
  });

  it('fills an API error without fields as unknown_error, status 400', () => {
    const error = new APIError({});
    expect(error).toMatchObject({ status_code: 400, error_type: 'unknown_error' });
    expect(error.message.startsWith('[400] unknown_error')).toBe(true);
  });

  it('omits the request id line when there is none', () => {
    const error = new APIError({
      status_code: 404,
      error_type: 'email_not_found',
      error_message: 'Email not found.',
      error_url: 'u',
    });
    expect(error.message).toBe('[404] email_not_found\nEmail not found.\nSee u for more information');
  });

  it('lists the unrecoverable types of the spec and only those', () => {
    expect(UNRECOVERABLE_ERROR_TYPES).toEqual([
      'unauthorized_credentials',
      'user_unauthenticated',
      'invalid_secret_authentication',
      'session_not_found',
    ]);
    expect(isUnrecoverableError(new APIError({ error_type: 'session_not_found' }))).toBe(true);
    expect(isUnrecoverableError(new APIError({ error_type: 'too_many_requests' }))).toBe(false);
    expect(isUnrecoverableError(new APIUnreachableError())).toBe(false);
  });

  it('makes every error an instance of LatchkeyError and Error with its own name', () => {
    for (const error of [new APIError({}), new APISchemaError([]), new APIUnreachableError(), new NoSessionError()]) {
      expect(error).toBeInstanceOf(LatchkeyError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
    }
  });
});
