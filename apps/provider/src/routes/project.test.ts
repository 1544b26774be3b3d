import { describe, expect, it } from 'vitest';
import { ORIGIN, PUBLIC_TOKEN, startProvider } from '../../test/harness';

describe('bootstrap', () => {
  it('answers every field of contract §5 in the data envelope', async () => {
    const { call } = await startProvider({
      project: { name: 'Acme', passwordPolicy: { type: 'luds', complexity: 3, minimumCount: 10 } },
    });
    const response = await call('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.json.data).toEqual({
      request_id: expect.stringMatching(/^request-id-test-/),
      status_code: 200,
      project_name: 'Acme',
      disable_sdk_watermark: false,
      captcha_settings: { enabled: false },
      cname_domain: null,
      email_domains: ['latchkey.dev'],
      pkce_required_for_email_magic_links: false,
      pkce_required_for_password_resets: false,
      pkce_required_for_oauth: false,
      pkce_required_for_sso: false,
      slug_pattern: null,
      create_organization_enabled: false,
      password_config: { luds_complexity: 3, luds_minimum_count: 10 },
      dfp_protected_auth_enabled: false,
      dfp_protected_auth_mode: 'OBSERVATION',
      rbac_policy: null,
      siwe_required_for_crypto_wallets: false,
      vertical: 'CONSUMER',
    });
  });
});
