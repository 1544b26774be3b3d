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

  it('in production with clients, needs the host pages set and over https (OpenID Connect Core §3.1.2.1)', () => {
    const production = (idp: Record<string, unknown>) => ({
      mode: 'production',
      publicUrl: 'https://auth.example.com',
      project: { idp: { clients: [client()], ...idp } },
    });
    const unset = (field: string, url: string) =>
      `  project.idp.${field}: must be set in production mode: the default ${url} is the development playground's page, and the discovery document would send every client there`;
    const plainHttp = (field: string) =>
      `  project.idp.${field}: must be an https URL in production mode: OpenID Connect Core §3.1.2.1 requires TLS for the authorization endpoint (plain http is accepted only for a loopback host: localhost, 127.0.0.0/8, [::1])`;
    // Left at the development defaults: both named.
    expect(problem(production({}))).toBe(
      [
        'Invalid Latchkey provider configuration:',
        unset('authorizationUrl', 'http://localhost:5173/oauth/authorize'),
        unset('logoutUrl', 'http://localhost:5173/oauth/logout'),
      ].join('\n'),
    );
    // One set over https, the other left out.
    expect(problem(production({ authorizationUrl: 'https://app.example.com/oauth/authorize' }))).toBe(
      `Invalid Latchkey provider configuration:\n${unset('logoutUrl', 'http://localhost:5173/oauth/logout')}`,
    );
    // Plain http to a network host.
    expect(
      problem(
        production({
          authorizationUrl: 'http://app.example.com/oauth/authorize',
          logoutUrl: 'https://app.example.com/oauth/logout',
        }),
      ),
    ).toBe(`Invalid Latchkey provider configuration:\n${plainHttp('authorizationUrl')}`);
    expect(
      problem(
        production({
          authorizationUrl: 'https://app.example.com/oauth/authorize',
          logoutUrl: 'http://10.0.0.7/oauth/logout',
        }),
      ),
    ).toBe(`Invalid Latchkey provider configuration:\n${plainHttp('logoutUrl')}`);
    // https, or plain http to a loopback host: taken as given (the discovery document's endpoints).
    for (const [authorizationUrl, logoutUrl] of [
      ['https://app.example.com/oauth/authorize', 'https://app.example.com/oauth/logout'],
      ['http://127.0.0.1:8080/oauth/authorize', 'http://[::1]:8080/oauth/logout'],
    ]) {
      expect(parseConfig(production({ authorizationUrl, logoutUrl })).project.idp).toMatchObject({
        authorizationUrl,
        logoutUrl,
      });
    }
    // Without clients (nothing to sign in) and in development, the defaults stand.
    expect(parseConfig({ mode: 'production', publicUrl: 'https://auth.example.com' }).project.idp).toMatchObject({
      authorizationUrl: 'http://localhost:5173/oauth/authorize',
      logoutUrl: 'http://localhost:5173/oauth/logout',
    });
    expect(parseConfig({ project: { idp: { clients: [client()] } } }).project.idp.authorizationUrl).toBe(
      'http://localhost:5173/oauth/authorize',
    );
  });
});
