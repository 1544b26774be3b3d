import { describe, expect, it, vi } from 'vitest';
import {
  authenticateData,
  createTestClient,
  FakeTransport,
  makeUser,
  ok,
  rejectionOf,
  type TestClient,
} from '../../test/fakes';
import { InvalidResponseError, NO_SESSION_MESSAGE, NoSessionError, UsageError } from '../errors';

/** A client signed in through an S call (impersonation), so the U calls have a session to work with. */
async function signedIn(user = makeUser()): Promise<TestClient> {
  const transport = new FakeTransport().on('POST', '/impersonation/authenticate', ok(authenticateData({ user })));
  const test = createTestClient({ transport });
  await test.client.impersonation.authenticate({ impersonation_token: 'impersonation-token-1' });
  return test;
}

/** The `__user` of a U answer, with the envelope fields the SDK must strip. */
function wireUser(user: ReturnType<typeof makeUser>) {
  return { ...user, request_id: 'request-id-user', status_code: 200 };
}

describe('user.get', () => {
  it('fetches GET /users/me, strips the envelope fields and stores the flat user', async () => {
    const { client, transport } = await signedIn();
    const fresh = makeUser({ name: { first_name: 'Grace', middle_name: '', last_name: 'Hopper' } });
    transport.on('GET', '/users/me', ok({ ...fresh }));

    const user = await client.user.get();

    expect(transport.last()).toMatchObject({ method: 'GET', path: '/users/me', body: undefined, rawBody: null });
    expect(user).toEqual(fresh);
    expect(user).not.toHaveProperty('request_id');
    expect(user).not.toHaveProperty('status_code');
    expect(client.user.getSync()).toEqual(fresh);
    expect(client.user.getInfo()).toEqual({ user: fresh, fromCache: false });
  });

  it('refuses an answer that is not a user and keeps the stored user', async () => {
    const { client, transport } = await signedIn();
    transport.on('GET', '/users/me', ok({ user: makeUser() }));
    const error = await rejectionOf(client.user.get());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    expect(client.user.getSync()).toEqual(makeUser());
  });
});

describe('user.getSync, getInfo and onChange', () => {
  it('report no user before sign-in without sending anything', () => {
    const { client, transport } = createTestClient();
    expect(client.user.getSync()).toBeNull();
    expect(client.user.getInfo()).toEqual({ user: null, fromCache: false });
    expect(transport.calls).toHaveLength(0);
  });

  it('onChange tells the listener about a new user until it unsubscribes', async () => {
    const { client, transport } = await signedIn();
    const listener = vi.fn();
    const unsubscribe = client.user.onChange(listener);
    const renamed = makeUser({ untrusted_metadata: { theme: 'dark' } });
    transport.on('PUT', '/users/me', ok({ user_id: renamed.user_id, __user: wireUser(renamed) }));

    await client.user.update({ untrusted_metadata: { theme: 'dark' } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(renamed);

    unsubscribe();
    await client.user.update({ untrusted_metadata: { theme: 'dark' } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('onChange refuses a callback that is not a function', () => {
    const { client } = createTestClient();
    expect(() => client.user.onChange('nope' as never)).toThrow(
      'Invalid call to user.onChange: callback must be a function',
    );
  });
});

describe('user.update (U)', () => {
  it('sends PUT /users/me with the options, stores __user without envelope fields and returns the rest', async () => {
    const { client, transport } = await signedIn();
    const updated = makeUser({
      name: { first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' },
      untrusted_metadata: { plan: 'pro' },
    });
    transport.on(
      'PUT',
      '/users/me',
      ok({
        user_id: updated.user_id,
        emails: updated.emails,
        phone_numbers: [],
        crypto_wallets: [],
        __user: wireUser(updated),
      }),
    );

    const answer = await client.user.update({ name: { middle_name: 'King' }, untrusted_metadata: { plan: 'pro' } });

    expect(transport.last()).toMatchObject({ method: 'PUT', path: '/users/me' });
    expect(transport.last().body).toEqual({ name: { middle_name: 'King' }, untrusted_metadata: { plan: 'pro' } });
    expect(answer).toEqual({
      request_id: 'request-id-test-1',
      status_code: 200,
      user_id: updated.user_id,
      emails: updated.emails,
      phone_numbers: [],
      crypto_wallets: [],
    });
    expect(client.user.getSync()).toEqual(updated);
  });

  it('fails with InvalidResponseError when the answer lacks __user, leaving the stored user unchanged', async () => {
    const { client, transport } = await signedIn();
    transport.on(
      'PUT',
      '/users/me',
      ok({ user_id: 'user-test-0001', emails: [], phone_numbers: [], crypto_wallets: [] }),
    );
    const error = await rejectionOf(client.user.update({ untrusted_metadata: { plan: 'pro' } }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    expect(client.user.getSync()).toEqual(makeUser());
  });

  it.each([
    ['options is not an object', null, 'Invalid call to user.update: options must be an object'],
    ['name is not an object', { name: 'Ada' }, 'Invalid call to user.update: name must be an object'],
    [
      'a name part is not a string',
      { name: { first_name: 1 } },
      'Invalid call to user.update: name.first_name must be a string',
    ],
    [
      'untrusted_metadata is not an object',
      { untrusted_metadata: [] },
      'Invalid call to user.update: untrusted_metadata must be an object',
    ],
  ])('refuses arguments where %s, without a request', async (_title, options, message) => {
    const { client, transport } = await signedIn();
    const before = transport.calls.length;
    const error = await rejectionOf(client.user.update(options as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(message);
    expect(transport.calls).toHaveLength(before);
  });
});

const deletions = [
  ['deleteEmail', 'emails', 'email_id'],
  ['deletePhoneNumber', 'phone_numbers', 'phone_id'],
  ['deleteTOTP', 'totps', 'totp_id'],
  ['deleteCryptoWallet', 'crypto_wallets', 'crypto_wallet_id'],
  ['deleteOAuthRegistration', 'oauth', 'oauth_user_registration_id'],
  ['deleteWebauthnRegistration', 'webauthn_registrations', 'webauthn_registration_id'],
  ['deleteBiometricRegistration', 'biometric_registrations', 'biometric_registration_id'],
] as const;

describe.each(deletions)('user.%s (U)', (method, segment, idName) => {
  it(`sends DELETE /users/${segment}/{id} with the id URL-encoded and stores __user`, async () => {
    const { client, transport } = await signedIn();
    const after = makeUser({ emails: [] });
    transport.on('DELETE', `/users/${segment}/*`, ok({ user_id: after.user_id, __user: wireUser(after) }));

    const answer = await client.user[method]('id-1/../x y');

    expect(transport.last()).toMatchObject({
      method: 'DELETE',
      path: `/users/${segment}/id-1%2F..%2Fx%20y`,
      body: undefined,
      rawBody: null,
    });
    expect(answer).toEqual({ request_id: 'request-id-test-1', status_code: 200, user_id: after.user_id });
    expect(client.user.getSync()).toEqual(after);
  });

  it('fails with InvalidResponseError without __user and keeps the stored user', async () => {
    const { client, transport } = await signedIn();
    transport.on('DELETE', `/users/${segment}/*`, ok({ user_id: 'user-test-0001' }));
    const error = await rejectionOf(client.user[method]('id-1'));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    expect(client.user.getSync()).toEqual(makeUser());
  });

  it(`refuses an id that is not a string: '${idName} must be a string', without a request`, async () => {
    const { client, transport } = await signedIn();
    const before = transport.calls.length;
    const error = await rejectionOf(client.user[method](42 as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`Invalid call to user.${method}: ${idName} must be a string`);
    expect(transport.calls).toHaveLength(before);
  });
});

describe('connected apps', () => {
  it('getConnectedApps sends GET /users/connected_apps and returns the list', async () => {
    const { client, transport } = await signedIn();
    const app = {
      connected_app_id: 'connected-app-1',
      name: 'Notes',
      description: 'A notes app',
      client_type: 'third_party',
      scopes_granted: 'openid email',
    };
    transport.on('GET', '/users/connected_apps', ok({ connected_apps: [app] }));
    const answer = await client.user.getConnectedApps();
    expect(transport.last()).toMatchObject({ method: 'GET', path: '/users/connected_apps', rawBody: null });
    expect(answer.connected_apps).toEqual([app]);
  });

  it.each(['revokedConnectedApp', 'revokeConnectedApp'] as const)(
    '%s sends POST /users/connected_apps/{id}/revoke with no body',
    async (method) => {
      const { client, transport } = await signedIn();
      transport.on('POST', '/users/connected_apps/*', ok());
      await expect(client.user[method]('app 1')).resolves.toEqual({
        request_id: 'request-id-test-1',
        status_code: 200,
      });
      expect(transport.last()).toMatchObject({
        method: 'POST',
        path: '/users/connected_apps/app%201/revoke',
        body: undefined,
        rawBody: null,
      });
    },
  );

  it('refuses a connected app id that is not a string', async () => {
    const { client } = await signedIn();
    const error = await rejectionOf(client.user.revokedConnectedApp(undefined as never));
    expect(error.message).toBe('Invalid call to user.revokedConnectedApp: connected_app_id must be a string');
  });
});

describe('without a session', () => {
  const calls: [string, (client: TestClient['client']) => Promise<unknown>][] = [
    ['get', (c) => c.user.get()],
    ['update', (c) => c.user.update({ untrusted_metadata: {} })],
    ['getConnectedApps', (c) => c.user.getConnectedApps()],
    ['revokedConnectedApp', (c) => c.user.revokedConnectedApp('app-1')],
    ['revokeConnectedApp', (c) => c.user.revokeConnectedApp('app-1')],
    ...deletions.map(([method]): [string, (client: TestClient['client']) => Promise<unknown>] => [
      method,
      (c) => c.user[method]('id-1'),
    ]),
  ];

  it.each(calls)('user.%s throws NoSessionError and sends nothing', async (_method, run) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(run(client));
    expect(error).toBeInstanceOf(NoSessionError);
    expect(error.message).toBe(NO_SESSION_MESSAGE);
    expect(error.message).toBe(
      'There is no session currently available. Make sure the user is authenticated with a valid session.',
    );
    expect(transport.calls).toHaveLength(0);
  });
});
