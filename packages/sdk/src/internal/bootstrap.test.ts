import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapWire, createTestClient, FakeBrowser, FakeTransport, ok, PUBLIC_TOKEN } from '../../test/fakes';
import { DEFAULT_BOOTSTRAP, mapBootstrap } from './bootstrap';

afterEach(() => void vi.useRealTimers());

const CACHE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::bootstrap`;

describe('bootstrap mapping', () => {
  it('maps every wire field to camelCase', () => {
    const policy = { roles: [], resources: [], scopes: [] };
    expect(
      mapBootstrap(
        bootstrapWire({
          project_name: 'Acme',
          disable_sdk_watermark: true,
          captcha_settings: { enabled: true, siteKey: 'site-key-1' },
          cname_domain: 'login.acme.com',
          email_domains: ['acme.com'],
          pkce_required_for_email_magic_links: true,
          pkce_required_for_password_resets: true,
          pkce_required_for_oauth: true,
          pkce_required_for_sso: true,
          slug_pattern: '{{slug}}',
          create_organization_enabled: true,
          password_config: { luds_complexity: 3, luds_minimum_count: 10 },
          dfp_protected_auth_enabled: true,
          dfp_protected_auth_mode: 'DECISIONING',
          rbac_policy: policy,
          siwe_required_for_crypto_wallets: true,
          vertical: 'CONSUMER',
        }),
      ),
    ).toEqual({
      projectName: 'Acme',
      displayWatermark: false,
      captchaSettings: { enabled: true, siteKey: 'site-key-1' },
      cnameDomain: 'login.acme.com',
      emailDomains: ['acme.com'],
      pkceRequiredForEmailMagicLinks: true,
      pkceRequiredForPasswordResets: true,
      pkceRequiredForOAuth: true,
      pkceRequiredForSso: true,
      slugPattern: '{{slug}}',
      createOrganizationEnabled: true,
      passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
      runDFPProtectedAuth: true,
      dfpProtectedAuthMode: 'DECISIONING',
      rbacPolicy: policy,
      siweRequiredForCryptoWallets: true,
      vertical: 'CONSUMER',
    });
  });

  it('refuses a bootstrap without password_config', () => {
    const { password_config: _omitted, ...wire } = bootstrapWire();
    expect(() => mapBootstrap(wire as never)).toThrow('password_config');
  });
});

describe('bootstrap store', () => {
  it('serves the provider settings once they arrive, and caches them in storage', async () => {
    const transport = new FakeTransport();
    transport.bootstrap = bootstrapWire({ project_name: 'Acme', pkce_required_for_oauth: true });
    const { client, browser } = createTestClient({ transport });
    expect(client.bootstrap.getSync()).toEqual(DEFAULT_BOOTSTRAP);
    await expect(client.bootstrap.getAsync()).resolves.toMatchObject({
      projectName: 'Acme',
      pkceRequiredForOAuth: true,
    });
    expect(client.bootstrap.getSync().projectName).toBe('Acme');
    expect(JSON.parse(browser.values.get(CACHE_KEY) ?? '{}')).toMatchObject({ projectName: 'Acme' });
  });

  it('starts from the cached settings on the next page load', async () => {
    const browser = new FakeBrowser();
    browser.values.set(CACHE_KEY, JSON.stringify({ ...DEFAULT_BOOTSTRAP, projectName: 'Cached' }));
    const transport = new FakeTransport().on('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`, 'hang');
    const { client } = createTestClient({ transport, browser });
    expect(client.bootstrap.getSync().projectName).toBe('Cached');
  });

  it('never lets a call hang on bootstrap: after the time-out the cache or defaults answer', async () => {
    vi.useFakeTimers();
    const transport = new FakeTransport().on('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`, 'hang');
    const { client } = createTestClient({ transport, options: { bootstrapTimeoutMs: 2000 } });
    let settled = false;
    const pending = client.bootstrap.getAsync().then((data) => {
      settled = true;
      return data;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual(DEFAULT_BOOTSTRAP);
  });

  it('falls back to defaults and logs when the provider answers with an error or a bad body', async () => {
    for (const answer of [{ status: 500, text: 'oops' }, ok({ project_name: 'no other fields' })]) {
      const transport = new FakeTransport().on('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`, answer);
      const { client, browser } = createTestClient({ transport });
      await expect(client.bootstrap.getAsync()).resolves.toEqual(DEFAULT_BOOTSTRAP);
      expect(browser.logs.error.length).toBeGreaterThan(0);
      client.destroy();
    }
  });

  it('logs an error when the token belongs to a B2B project', async () => {
    const transport = new FakeTransport();
    transport.bootstrap = bootstrapWire({ vertical: 'B2B' });
    const { client, browser } = createTestClient({ transport });
    await client.bootstrap.getAsync();
    expect(browser.logs.error.flat().join(' ')).toContain('B2B');
  });

  it('tells subscribers when the provider answer replaces the defaults', async () => {
    const transport = new FakeTransport();
    transport.bootstrap = bootstrapWire({ project_name: 'Acme' });
    const { client } = createTestClient({ transport });
    const listener = vi.fn();
    client.bootstrap.subscribe(listener);
    await client.bootstrap.getAsync();
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ projectName: 'Acme' }));
    expect(client.bootstrap.getSnapshot().projectName).toBe('Acme');
  });
});
