import { APIError, APIUnreachableError, UsageError } from '@latchkey/sdk';
import { startTestEnvironment } from '@latchkey/testing';
import { describe, expect, it } from 'vitest';
import { toFlowError, validationError } from './errors';

describe('toFlowError', () => {
  it("turns a provider refusal into its error type, the provider's message, status and request id", async () => {
    const env = await startTestEnvironment();
    const { method_id } = await env.client.otps.email.loginOrCreate('ada@example.com');
    const refusal = await env.client.otps
      .authenticate('000000', method_id, { session_duration_minutes: 30 })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(APIError);
    const flowError = toFlowError(refusal);
    expect(flowError).toEqual({
      type: 'otp_code_not_found',
      message: 'Invalid passcode, please try again.',
      status: 404,
      requestId: (refusal as APIError).request_id,
      cause: refusal,
    });
    expect(flowError.requestId).toMatch(/^request-id-/);
  });

  it('turns any network failure into the one network message', () => {
    const timeout = new APIUnreachableError('The request timed out');
    expect(toFlowError(timeout)).toEqual({
      type: 'network_error',
      message: 'Unable to contact our servers.',
      cause: timeout,
    });
  });

  it('keeps the message of anything else as unknown_error', () => {
    const usage = new UsageError('otps.authenticate', 'code must be a string');
    expect(toFlowError(usage)).toEqual({
      type: 'unknown_error',
      message: 'Invalid call to otps.authenticate: code must be a string',
      cause: usage,
    });
    expect(toFlowError('offline')).toMatchObject({ type: 'unknown_error', message: 'offline' });
  });

  it('builds client-side validation errors with the spec ids', () => {
    expect(validationError('invalid_email', 'Email format is invalid.')).toEqual({
      type: 'invalid_email',
      message: 'Email format is invalid.',
    });
  });
});
