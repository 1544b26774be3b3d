import { describe, expect, it } from 'vitest';
import {
  authenticateData,
  bootstrapWire,
  createTestClient,
  FakeTransport,
  makeUser,
  ok,
  rejectionOf,
} from '../../test/fakes';
import type { RbacPolicy } from '../contract/common';
import { RBAC_POLICY_UNAVAILABLE_MESSAGE } from './rbac';

const policy: RbacPolicy = {
  roles: [
    { role_id: 'stytch_user', description: 'Everyone', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    {
      role_id: 'editor',
      description: 'Edits documents, owns images',
      permissions: [
        { resource_id: 'documents', actions: ['read', 'write'] },
        { resource_id: 'images', actions: ['*'] },
      ],
    },
    { role_id: 'auditor', description: 'Unused here', permissions: [{ resource_id: 'documents', actions: ['*'] }] },
  ],
  resources: [
    { resource_id: 'documents', description: 'Documents', actions: ['read', 'write', 'delete'] },
    { resource_id: 'images', description: 'Images', actions: ['create', 'delete'] },
  ],
  scopes: [],
};

/** A client whose bootstrap carries `rbac_policy`, signed in (through impersonation) as a user with `roles`. */
async function clientWith(rbacPolicy: RbacPolicy | null, roles?: string[]) {
  const transport = new FakeTransport();
  transport.bootstrap = bootstrapWire({ rbac_policy: rbacPolicy });
  if (roles) {
    transport.on('POST', '/impersonation/authenticate', ok(authenticateData({ user: makeUser({ roles }) })));
  }
  const test = createTestClient({ transport });
  await test.client.bootstrap.getAsync();
  if (roles) await test.client.impersonation.authenticate({ impersonation_token: 't' });
  return test;
}

describe('rbac with a policy', () => {
  it('authorises the actions a role lists, on that resource only', async () => {
    const { client } = await clientWith(policy, ['stytch_user']);
    expect(client.rbac.isAuthorizedSync('documents', 'read')).toBe(true);
    expect(client.rbac.isAuthorizedSync('documents', 'write')).toBe(false);
    expect(client.rbac.isAuthorizedSync('images', 'create')).toBe(false);
    await expect(client.rbac.isAuthorized('documents', 'read')).resolves.toBe(true);
    await expect(client.rbac.isAuthorized('documents', 'delete')).resolves.toBe(false);
  });

  it('combines every role of a user with several roles, and honours the * wildcard', async () => {
    const { client } = await clientWith(policy, ['stytch_user', 'editor']);
    expect(client.rbac.isAuthorizedSync('documents', 'write')).toBe(true);
    expect(client.rbac.isAuthorizedSync('documents', 'delete')).toBe(false);
    expect(client.rbac.isAuthorizedSync('images', 'delete')).toBe(true);
    expect(client.rbac.isAuthorizedSync('images', 'anything')).toBe(true);
  });

  it('refuses an unknown resource and a role the policy does not know', async () => {
    const { client } = await clientWith(policy, ['editor', 'ghost']);
    expect(client.rbac.isAuthorizedSync('invoices', 'read')).toBe(false);
    await expect(client.rbac.isAuthorized('invoices', '*')).resolves.toBe(false);
  });

  it('refuses everything when nobody is signed in', async () => {
    const { client } = await clientWith(policy);
    expect(client.rbac.isAuthorizedSync('documents', 'read')).toBe(false);
    await expect(client.rbac.isAuthorized('documents', 'read')).resolves.toBe(false);
  });

  it('isAuthorized waits for the settings before deciding', async () => {
    const transport = new FakeTransport().on('POST', '/impersonation/authenticate', ok(authenticateData()));
    transport.bootstrap = bootstrapWire({ rbac_policy: policy });
    const { client } = createTestClient({ transport });
    // Signed in before bootstrap is awaited: the async check still sees the policy.
    await client.impersonation.authenticate({ impersonation_token: 't' });
    await expect(client.rbac.isAuthorized('documents', 'read')).resolves.toBe(true);
  });

  it('allPermissions maps every resource and action of the policy to a boolean', async () => {
    const { client } = await clientWith(policy, ['stytch_user', 'editor']);
    const expected = {
      documents: { read: true, write: true, delete: false },
      images: { create: true, delete: true },
    };
    await expect(client.rbac.allPermissions()).resolves.toEqual(expected);
    expect(client.rbac.allPermissionsSync()).toEqual(expected);
  });

  it('allPermissions is all false for a signed-out caller', async () => {
    const { client } = await clientWith(policy);
    await expect(client.rbac.allPermissions()).resolves.toEqual({
      documents: { read: false, write: false, delete: false },
      images: { create: false, delete: false },
    });
  });

  it('refuses arguments that are not strings', async () => {
    const { client } = await clientWith(policy, ['editor']);
    expect(() => client.rbac.isAuthorizedSync(1 as never, 'read')).toThrow(
      'Invalid call to rbac.isAuthorizedSync: resource_id must be a string',
    );
    const error = await rejectionOf(client.rbac.isAuthorized('documents', undefined as never));
    expect(error.message).toBe('Invalid call to rbac.isAuthorized: action must be a string');
  });
});

describe('rbac without a policy', () => {
  it('answers false for everything and logs the error exactly once per client', async () => {
    const { client, browser } = await clientWith(null, ['editor']);

    expect(client.rbac.isAuthorizedSync('documents', 'read')).toBe(false);
    expect(client.rbac.isAuthorizedSync('images', 'delete')).toBe(false);
    await expect(client.rbac.isAuthorized('documents', 'read')).resolves.toBe(false);
    await expect(client.rbac.allPermissions()).resolves.toEqual({});
    expect(client.rbac.allPermissionsSync()).toEqual({});

    expect(browser.logs.error).toEqual([[RBAC_POLICY_UNAVAILABLE_MESSAGE]]);
    expect(RBAC_POLICY_UNAVAILABLE_MESSAGE).toBe(
      'Unable to retrieve RBAC policy from servers. Assuming caller has no permissions.',
    );
  });

  it('logs nothing when no check runs', async () => {
    const { browser } = await clientWith(null);
    expect(browser.logs.error).toEqual([]);
  });
});
