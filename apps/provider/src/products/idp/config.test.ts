// The identity-provider part of the configuration (`project.idp`), as parseConfig reads it.
import { describe, expect, it } from 'vitest';
import { configProblem as problem } from '../../../test/configProblem';
import { parseConfig } from '../../config';

describe('parseConfig: project.idp', () => {
  const client = (overrides: Record<string, unknown> = {}) => ({
    clientId: 'app',
    name: 'App',
    type: 'public',
    redirectUris: ['https://app.example.com/callback'],
    ...overrides,
  });

  it('takes clients with their defaults filled in', () => {
    const config = parseConfig({
      project: {
        idp: {
          clients: [client(), client({ clientId: 'server', type: 'confidential', clientSecretEnv: 'SERVER_SECRET' })],
        },
      },
    });
    expect(config.project.idp.clients).toEqual([
      {
        clientId: 'app',
        name: 'App',
        description: '',
        type: 'public',
        redirectUris: ['https://app.example.com/callback'],
        postLogoutRedirectUris: [],
        scopes: ['openid', 'email', 'profile', 'phone', 'offline_access'],
        consentRequired: true,
      },
      {
        clientId: 'server',
        name: 'App',
        description: '',
        type: 'confidential',
        clientSecretEnv: 'SERVER_SECRET',
        redirectUris: ['https://app.example.com/callback'],
        postLogoutRedirectUris: [],
        scopes: ['openid', 'email', 'profile', 'phone', 'offline_access'],
        consentRequired: true,
      },
    ]);
  });

  it('refuses a clientId used twice, naming the second', () => {
    expect(problem({ project: { idp: { clients: [client(), client({ name: 'Other' })] } } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.idp.clients.1.clientId: app is used twice',
    );
  });

  it('refuses an RBAC policy scope that is a standard scope or not one scope token', () => {
    const policy = (scope: string) => ({
      roles: [],
      resources: [],
      scopes: [{ scope: 'read:docs' }, { scope, permissions: [{ resource_id: 'admin', actions: ['*'] }] }],
    });
    // A standard scope's grant never reads the policy: the entry would load and limit nothing.
    expect(problem({ project: { rbacPolicy: policy('full_access') } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.rbacPolicy.scopes.1.scope: full_access is a standard scope, which every user may grant; name a custom scope',
    );
    expect(problem({ project: { rbacPolicy: policy('two words') } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.rbacPolicy.scopes.1.scope: "two words" is not one scope token',
    );
    expect(parseConfig({ project: { rbacPolicy: policy('write:docs') } }).project.rbacPolicy?.scopes).toHaveLength(2);
  });

  it('refuses a confidential client without clientSecretEnv and a public client with one', () => {
    expect(problem({ project: { idp: { clients: [client({ type: 'confidential' })] } } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.idp.clients.0.clientSecretEnv: a confidential client needs the environment variable holding its secret',
    );
    expect(problem({ project: { idp: { clients: [client({ clientSecretEnv: 'APP_SECRET' })] } } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.idp.clients.0.clientSecretEnv: a public client has no secret',
    );
  });

  it('refuses a redirect URI with a fragment or of another scheme, and a secret in place of its variable', () => {
    expect(problem({ project: { idp: { clients: [client({ redirectUris: ['https://app.example.com/#x'] })] } } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.idp.clients.0.redirectUris.0: must be an absolute http(s) URL without a fragment',
    );
    expect(problem({ project: { idp: { clients: [client({ redirectUris: ['javascript:alert(1)'] })] } } })).toContain(
      'project.idp.clients.0.redirectUris.0: must be an absolute http(s) URL without a fragment',
    );
    expect(
      problem({
        project: { idp: { clients: [client({ type: 'confidential', clientSecretEnv: 'hunter2 hunter2' })] } },
      }),
    ).toContain('project.idp.clients.0.clientSecretEnv: must be the name of an environment variable');
  });
});
