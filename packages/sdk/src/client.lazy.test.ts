// The namespaces that load on first call: the same members as their modules, requests only once called,
// argument errors as rejections, `preload`, and the synchronous readers that stay in the core.
import { describe, expect, it } from 'vitest';
import { authenticateData, callMethod, createTestClient, ok, rejectionOf } from '../test/fakes';
import type { LazyNamespace } from './client';
import { UsageError } from './errors';
import type { ClientContext } from './internal/context';
import { SHARED } from './internal/shared';
import { create as createCryptoWallets } from './products/cryptoWallets';
import { create as createIdp } from './products/idp';
import { create as createImpersonation } from './products/impersonation';
import { create as createMagicLinks } from './products/magicLinks';
import { create as createOAuth } from './products/oauth';
import { OAUTH_PROVIDERS } from './products/oauthProviders';
import { create as createOtps } from './products/otps';
import { create as createPasswords } from './products/passwords';
import { create as createSessionCalls } from './products/sessionCalls';
import { create as createTotps } from './products/totps';
import { create as createUser } from './products/user';
import { create as createUsers } from './products/users';
import { create as createWebAuthn } from './products/webauthn';

/** Every function of a namespace by its dotted path (`email.send`). */
function methodPaths(namespace: object, prefix = ''): string[] {
  return Object.entries(namespace).flatMap(([key, value]) =>
    typeof value === 'function'
      ? [`${prefix}${key}`]
      : value && typeof value === 'object'
        ? methodPaths(value, `${prefix}${key}.`)
        : [],
  );
}

// The factories only keep the context for later calls (and take the checks they run from it), so a context with the
// first load's shared parts alone is enough to list their members.
const ctx = { shared: SHARED } as ClientContext;
const MODULES: Record<LazyNamespace, object> = {
  otps: createOtps(ctx),
  magicLinks: createMagicLinks(ctx),
  passwords: createPasswords(ctx),
  oauth: createOAuth(ctx, OAUTH_PROVIDERS),
  cryptoWallets: createCryptoWallets(ctx),
  webauthn: createWebAuthn(ctx),
  totps: createTotps(ctx),
  session: createSessionCalls(ctx),
  user: createUser(ctx),
  users: createUsers(ctx),
  idp: createIdp(ctx),
  impersonation: createImpersonation(ctx),
};
const NAMES = Object.keys(MODULES) as LazyNamespace[];
/** The members of the partly lazy namespaces that are in the core. */
const CORE_MEMBERS: Partial<Record<LazyNamespace, string[]>> = {
  session: [
    'getSync',
    'getInfo',
    'getTokens',
    'onChange',
    'subscribe',
    'getSnapshot',
    'getServerSnapshot',
    'authenticate',
    'updateSession',
  ],
  user: ['getSync', 'getInfo', 'onChange'],
};

describe('namespaces loaded on first call', () => {
  it.each(NAMES)('client.%s has exactly the methods of its module (and its core members) before it loads', (name) => {
    const { client } = createTestClient();
    const expected = [...methodPaths(MODULES[name]), ...(CORE_MEMBERS[name] ?? [])];
    expect(methodPaths(client[name]).sort()).toEqual(expected.sort());
  });

  it('keeps the synchronous members synchronous (they are in the core)', () => {
    const { client, transport } = createTestClient();
    const sync = [
      client.session.getSync(),
      client.session.getInfo(),
      client.session.getTokens(),
      client.session.getSnapshot(),
      client.session.onChange(() => {}),
      client.session.subscribe(() => {}),
      client.session.updateSession({ session_token: 'opaque-1' }),
      client.user.getSync(),
      client.user.getInfo(),
      client.user.onChange(() => {}),
      client.rbac.isAuthorizedSync('documents', 'read'),
      client.rbac.allPermissionsSync(),
      client.parseAuthenticateUrl('http://localhost/?stytch_token_type=oauth&token=t'),
      client.bootstrap.getSync(),
      client.bootstrap.getSnapshot(),
    ];
    for (const value of sync) expect(value).not.toBeInstanceOf(Promise);
    expect(client.parseAuthenticateUrl('http://localhost/?stytch_token_type=oauth&token=t')).toEqual({
      tokenType: 'oauth',
      token: 't',
    });
    expect(() => client.user.onChange(42 as never)).toThrow(
      'Invalid call to user.onChange: callback must be a function',
    );
    expect(transport.calls).toHaveLength(0);
  });

  it('sends nothing until the first call, which sends the exact request', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/otps/email/login_or_create', ok({ method_id: 'email-test-1', user_id: 'u-1' }));
    await client.preload([]);
    expect(transport.calls).toHaveLength(0);
    const answer = await client.otps.email.loginOrCreate('ada@example.com', { expiration_minutes: 5 });
    expect(answer).toMatchObject({ method_id: 'email-test-1' });
    expect(transport.calls).toHaveLength(1);
    expect(transport.last()).toMatchObject({
      method: 'POST',
      path: '/otps/email/login_or_create',
      body: { email: 'ada@example.com', expiration_minutes: 5 },
    });
  });

  it.each([
    ['otps.email.loginOrCreate', [42], 'email must be a string'],
    ['magicLinks.email.send', [null], 'email must be a string'],
    ['passwords.create', [{ email: 'a@b.co' }], 'password must be a string'],
    ['oauth.getStartUrl', ['myspace'], 'provider must be one of google,'],
    ['webauthn.update', [{}], 'webauthn_registration_id must be a string'],
    ['session.revoke', [{ forceClear: 'yes' }], 'forceClear must be a boolean'],
    ['user.deleteEmail', [7], 'email_id must be a string'],
    ['idp.oauthLogoutStart', [{ client_id: 7 }], 'client_id must be a string'],
  ])('a first call to %s with bad arguments rejects with its usage error', async (method, args, reason) => {
    const { client, transport } = createTestClient();
    const pending = callMethod(client, method, args);
    expect(pending).toBeInstanceOf(Promise);
    const error = await rejectionOf(pending);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain(`Invalid call to ${method}: ${reason}`);
    expect(transport.calls).toHaveLength(0);
  });

  it('two first calls at once both go through', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/users/search', ok({ userType: 'new' }));
    const answers = await Promise.all([client.users.search('a@example.com'), client.users.search('b@example.com')]);
    expect(answers.map((answer) => answer.userType)).toEqual(['new', 'new']);
    expect(transport.find('POST', '/users/search').map((request) => request.body)).toEqual([
      { email: 'a@example.com' },
      { email: 'b@example.com' },
    ]);
  });

  it('after preload, the sign-in still stores the session', async () => {
    const { client, transport } = createTestClient();
    await expect(client.preload(['magicLinks', 'oauth', 'totps'])).resolves.toBeUndefined();
    expect(transport.calls).toHaveLength(0);
    const data = authenticateData();
    transport.on('POST', '/totps/authenticate', ok(data));
    await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 30 });
    expect(client.session.getSync()).toEqual(data.session);
  });
});

describe('client.preload', () => {
  it('loads every lazy namespace', async () => {
    const { client } = createTestClient();
    await expect(client.preload(NAMES)).resolves.toBeUndefined();
  });

  it.each([
    [['otps', 'sso'], '"sso" is not one of otps, magicLinks, passwords, oauth, cryptoWallets, webauthn, totps'],
    [['toString'], '"toString" is not one of otps,'],
    [['rbac'], '"rbac" is not one of'],
    ['otps', 'namespaces must be an array of strings'],
    [[1], 'namespaces must be an array of strings'],
  ])('refuses %j with a usage error', async (namespaces, reason) => {
    const { client } = createTestClient();
    const error = await rejectionOf(client.preload(namespaces as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain(`Invalid call to preload: ${reason}`);
  });
});
