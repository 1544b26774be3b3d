import { describe, expect, it } from 'vitest';
import {
  authenticateData,
  createProtectedTestClient,
  createTestClient,
  FakeTransport,
  makeUser,
  ok,
  rejectionOf,
} from '../../test/fakes';
import { InvalidResponseError, UsageError } from '../errors';

describe('impersonation.authenticate (S, B)', () => {
  it('sends the token to POST /impersonation/authenticate and stores the session and user', async () => {
    const user = makeUser({ user_id: 'user-impersonated-1' });
    const transport = new FakeTransport().on('POST', '/impersonation/authenticate', ok(authenticateData({ user })));
    const { client, browser } = createTestClient({ transport });

    const answer = await client.impersonation.authenticate({ impersonation_token: 'impersonation-token-1' });

    expect(transport.last()).toMatchObject({ method: 'POST', path: '/impersonation/authenticate' });
    expect(transport.last().body).toEqual({ impersonation_token: 'impersonation-token-1' });
    expect(answer.user).toEqual(user);
    expect(answer.session_token).toBe('session-token-opaque-abc123');
    expect(client.user.getSync()).toEqual(user);
    expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it('keeps __user in the value returned', async () => {
    const transport = new FakeTransport().on(
      'POST',
      '/impersonation/authenticate',
      ok(authenticateData({ __user: makeUser() })),
    );
    const { client } = createTestClient({ transport });
    const answer = await client.impersonation.authenticate({ impersonation_token: 't' });
    expect(answer.__user).toEqual(makeUser());
  });

  it('adds captcha_token and dfp_telemetry_id when the project enables them', async () => {
    const { client, transport } = createProtectedTestClient({ bootstrap: { dfp_protected_auth_mode: 'OBSERVATION' } });
    transport.on('POST', '/impersonation/authenticate', ok(authenticateData()));

    await client.impersonation.authenticate({ impersonation_token: 't' });

    expect(transport.last().body).toEqual({
      impersonation_token: 't',
      captcha_token: 'captcha-1',
      dfp_telemetry_id: 'dfp-1',
    });
  });

  it('refuses an answer without session and user and stays signed out', async () => {
    const transport = new FakeTransport().on('POST', '/impersonation/authenticate', ok({ user_id: 'u' }));
    const { client } = createTestClient({ transport });
    const error = await rejectionOf(client.impersonation.authenticate({ impersonation_token: 't' }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    expect(client.user.getSync()).toBeNull();
  });

  it.each([
    [{}, 'impersonation_token must be a string'],
    [{ impersonation_token: 7 }, 'impersonation_token must be a string'],
    ['token', 'options must be an object'],
  ])('refuses %j without a request', async (options, reason) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.impersonation.authenticate(options as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`Invalid call to impersonation.authenticate: ${reason}`);
    expect(transport.calls).toHaveLength(0);
  });
});
