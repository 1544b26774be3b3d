import { describe, expect, it } from 'vitest';
import {
  apiError,
  createProtectedTestClient,
  createTestClient,
  FakeTransport,
  ok,
  rejectionOf,
  settle,
} from '../../test/fakes';
import { APIError, UsageError } from '../errors';

describe('users.search', () => {
  it('posts the email and returns the camelCase userType', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/users/search', ok({ userType: 'passwordless' }));
    const response = await client.users.search('ada@example.com');
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/users/search' });
    expect(transport.last().rawBody).toBe('{"email":"ada@example.com"}');
    expect(response.userType).toBe('passwordless');
  });

  it('waits for the project settings, then adds captcha and DFP fields when they are on', async () => {
    const transport = new FakeTransport();
    const release = transport.holdBootstrap();
    transport.on('POST', '/users/search', ok({ userType: 'new' }));
    const { client } = createProtectedTestClient({
      transport,
      bootstrap: { dfp_protected_auth_mode: 'OBSERVATION' },
    });
    const pending = client.users.search('new@example.com');
    await settle();
    expect(transport.calls).toHaveLength(0);
    release();
    expect((await pending).userType).toBe('new');
    expect(transport.last().body).toEqual({
      email: 'new@example.com',
      captcha_token: 'captcha-1',
      dfp_telemetry_id: 'dfp-1',
    });
  });

  it('rejects a non-string email without sending anything', async () => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.users.search(undefined as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('Invalid call to users.search: email must be a string');
    await settle();
    expect(transport.calls).toHaveLength(0);
  });

  it('propagates API errors', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/users/search', apiError(400, 'invalid_email', 'Email format is invalid.'));
    const error = await rejectionOf(client.users.search('not-an-email'));
    expect(error).toBeInstanceOf(APIError);
    expect(error.error_type).toBe('invalid_email');
  });
});
