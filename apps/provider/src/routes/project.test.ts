import { describe, expect, it } from 'vitest';
import { ORIGIN, PUBLIC_TOKEN, startProvider, type TestProvider } from '../../testing/harness';

describe('bootstrap', () => {
  it('answers every field of the bootstrap in the data envelope', async () => {
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
      pkce_required_for_email_magic_links: true,
      pkce_required_for_password_resets: true,
      pkce_required_for_oauth: true,
      pkce_required_for_sso: false,
      slug_pattern: null,
      create_organization_enabled: false,
      password_config: { luds_complexity: 3, luds_minimum_count: 10 },
      dfp_protected_auth_enabled: false,
      dfp_protected_auth_mode: 'OBSERVATION',
      rbac_policy: { roles: [], resources: [], scopes: [] },
      siwe_required_for_crypto_wallets: true,
      vertical: 'CONSUMER',
    });
    // In the contract's field order (the products' fields come where their descriptors' `bootstrap` puts them).
    expect(Object.keys(response.json.data)).toEqual([
      'request_id',
      'status_code',
      'project_name',
      'disable_sdk_watermark',
      'captcha_settings',
      'cname_domain',
      'email_domains',
      'pkce_required_for_email_magic_links',
      'pkce_required_for_password_resets',
      'pkce_required_for_oauth',
      'pkce_required_for_sso',
      'slug_pattern',
      'create_organization_enabled',
      'password_config',
      'dfp_protected_auth_enabled',
      'dfp_protected_auth_mode',
      'rbac_policy',
      'siwe_required_for_crypto_wallets',
      'vertical',
    ]);
  });
});

describe('bootstrap defaults', () => {
  it('answers the defaults of an empty configuration and the pkce flags the project sets', async () => {
    const { call } = await startProvider({
      project: { pkce: { oauth: false, unboundReason: 'a native app finishes social sign-in in the system browser' } },
    });
    const response = await call('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`);
    expect(response.json.data).toMatchObject({
      project_name: 'Latchkey Playground',
      password_config: null,
      pkce_required_for_email_magic_links: true,
      pkce_required_for_password_resets: true,
      pkce_required_for_oauth: false,
      pkce_required_for_sso: false,
    });
    // The reason stays on the server.
    expect(JSON.stringify(response.json)).not.toContain('native app');
  });
});

describe('bootstrap rbac_policy', () => {
  it('answers the configured policy as it is', async () => {
    const rbacPolicy = {
      roles: [{ role_id: 'admin', description: 'Admins', permissions: [{ resource_id: 'docs', actions: ['*'] }] }],
      resources: [{ resource_id: 'docs', description: 'Documents', actions: ['read', 'write'] }],
      scopes: [
        { scope: 'read:docs', description: 'Read documents' },
        {
          scope: 'write:docs',
          description: 'Write documents',
          permissions: [{ resource_id: 'docs', actions: ['write'] }],
        },
      ],
    };
    const { call } = await startProvider({ project: { rbacPolicy } });
    const response = await call('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`);
    // As configured, with the defaults filled in: a scope without permissions lists none (`permissions: []`).
    expect(response.json.data.rbac_policy).toEqual({
      ...rbacPolicy,
      scopes: [{ ...rbacPolicy.scopes[0], permissions: [] }, rbacPolicy.scopes[1]],
    });
  });
});

describe('POST /events', () => {
  const event = (publicToken: string, name: string, details?: unknown) => ({
    telemetry: { event_id: 'event-id-1', app_session_id: 'app-session-id-1' },
    event: { public_token: publicToken, event_name: name, ...(details === undefined ? {} : { details }) },
  });

  async function storedEvents(testProvider: TestProvider) {
    return testProvider.provider.database.db
      .selectFrom('events')
      .select(['public_token', 'event_name', 'details', 'created_at'])
      .orderBy('event_name')
      .execute();
  }

  it("stores the project's events without an Authorization header and drops other projects' events", async () => {
    const testProvider = await startProvider();
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      body: [
        event(PUBLIC_TOKEN, 'sdk_instance_instantiated', { event_callback_registered: false }),
        event('public-token-test-someone-else', 'foreign_event'),
        event(PUBLIC_TOKEN, 'email_sent'),
      ],
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: { request_id: expect.stringMatching(/^request-id-test-/), status_code: 200 },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const now = testProvider.clock.now();
    expect(await storedEvents(testProvider)).toEqual([
      { public_token: PUBLIC_TOKEN, event_name: 'email_sent', details: '{}', created_at: now },
      {
        public_token: PUBLIC_TOKEN,
        event_name: 'sdk_instance_instantiated',
        details: '{"event_callback_registered":false}',
        created_at: now,
      },
    ]);
    const ids = await testProvider.provider.database.db.selectFrom('events').select('event_id').execute();
    for (const { event_id } of ids) expect(event_id).toMatch(/^event-test-/);
  });

  it('stores at most 1 KiB of details in UTF-8, dropping whole keys and keeping the JSON valid', async () => {
    const testProvider = await startProvider();
    const wide = (count: number) => '漢'.repeat(count);
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      body: [
        event(PUBLIC_TOKEN, 'a_one_big_string', { note: wide(1300) }),
        event(PUBLIC_TOKEN, 'b_two_keys', { first: wide(200), second: wide(200), small: 'kept' }),
        event(PUBLIC_TOKEN, 'c_a_string', wide(4000)),
        event(PUBLIC_TOKEN, 'd_an_array', [wide(400), wide(400)]),
        event(PUBLIC_TOKEN, 'e_many_keys', Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, '漢']))),
        event(PUBLIC_TOKEN, wide(21), { fits: wide(330) }),
      ],
    });
    expect(response.status).toBe(200);
    const stored = await storedEvents(testProvider);
    expect(stored).toHaveLength(6);
    for (const row of stored) {
      expect(Buffer.byteLength(row.details, 'utf8'), row.event_name).toBeLessThanOrEqual(1024);
      expect(() => JSON.parse(row.details), row.event_name).not.toThrow();
    }
    const details = Object.fromEntries(stored.map((row) => [row.event_name, JSON.parse(row.details)]));
    expect(details.a_one_big_string).toEqual({ _truncated: true });
    expect(details.b_two_keys).toEqual({ first: wide(200), small: 'kept', _truncated: true });
    expect(details.c_a_string).toEqual({ _truncated: true });
    expect(details.d_an_array).toEqual({ _truncated: true });
    expect(Object.keys(details.e_many_keys).length).toBeGreaterThan(50);
    expect(details.e_many_keys._truncated).toBe(true);
    // 63 bytes of name and 990 bytes of details: within both bounds, stored whole.
    expect(details[wide(21)]).toEqual({ fits: wide(330) });
  });

  it('refuses an event name longer than 64 bytes in UTF-8 and stores nothing', async () => {
    const testProvider = await startProvider();
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      body: [event(PUBLIC_TOKEN, 'valid'), event(PUBLIC_TOKEN, '漢'.repeat(22))],
    });
    expect(response.status).toBe(400);
    expect(response.json.body).toEqual([{ dataPath: '[1].event.event_name', message: 'must be at most 64 bytes' }]);
    expect(await storedEvents(testProvider)).toEqual([]);
  });

  it("stores the SDK's and the UI's real events unchanged", async () => {
    const testProvider = await startProvider();
    const real: [string, Record<string, unknown>][] = [
      [
        'sdk_instance_instantiated',
        { event_callback_registered: false, error_callback_registered: false, success_callback_registered: false },
      ],
      [
        'start_oauth_flow',
        {
          provider_type: 'google',
          custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly'],
          cname_domain: null,
          pkce: true,
          provider_params: { prompt: 'select_account' },
        },
      ],
      ['render_idp_screen', { bootstrap: { project_name: 'Latchkey Playground', email_domains: ['latchkey.dev'] } }],
    ];
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      body: real.map(([name, details]) => event(PUBLIC_TOKEN, name, details)),
    });
    expect(response.status).toBe(200);
    const stored = await storedEvents(testProvider);
    expect(stored.map((row) => [row.event_name, row.details])).toEqual(
      [...real].sort(([a], [b]) => a.localeCompare(b)).map(([name, details]) => [name, JSON.stringify(details)]),
    );
  });

  it('masks email addresses, phone numbers and tokens in stored details as the request log does', async () => {
    const testProvider = await startProvider();
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      body: [
        event(PUBLIC_TOKEN, 'email_sent', { email: 'jane.doe@example.com', type: 'login_or_create_otp' }),
        event(PUBLIC_TOKEN, 'email_try_again_clicked', { email: 'Jane.Doe@Example.COM', type: 'login_or_create_eml' }),
        event(PUBLIC_TOKEN, 'x_nested', {
          phone_number: '+14155550123',
          provider_params: { login_hint: 'jane.doe@example.com' },
          note: 'code 123456 for jane@example.com at +447700900123',
          token: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl',
          passcode: 123456,
          list: ['someone@example.org'],
        }),
      ],
    });
    expect(response.status).toBe(200);
    const stored = await storedEvents(testProvider);
    expect(stored.map((row) => [row.event_name, JSON.parse(row.details)])).toEqual([
      ['email_sent', { email: 'j***@example.com', type: 'login_or_create_otp' }],
      ['email_try_again_clicked', { email: 'J***@Example.COM', type: 'login_or_create_eml' }],
      [
        'x_nested',
        {
          phone_number: '+*********23',
          provider_params: { login_hint: 'j***@example.com' },
          note: 'code [redacted] for j***@example.com at +**********23',
          token: '[redacted]',
          passcode: '[redacted]',
          list: ['s***@example.org'],
        },
      ],
    ]);
    const all = stored.map((row) => row.details).join('\n');
    expect(all).not.toContain('jane.doe@');
    expect(all).not.toContain('5550123');
  });

  it('accepts an empty batch and stores nothing', async () => {
    const testProvider = await startProvider();
    const response = await testProvider.call('POST', '/events', { authorization: null, body: [] });
    expect(response.status).toBe(200);
    expect(await storedEvents(testProvider)).toEqual([]);
  });

  it.each([
    ['an object', { event: { public_token: PUBLIC_TOKEN, event_name: 'x' } }, ''],
    ['a string', 'events', ''],
    ['an event without a name', [{ event: { public_token: PUBLIC_TOKEN } }], '[0].event.event_name'],
    ['an item without an event', [{ telemetry: {} }], '[0].event'],
  ])('refuses %s with a schema error and stores nothing', async (_label, body, dataPath) => {
    const testProvider = await startProvider();
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      body: Array.isArray(body) ? [event(PUBLIC_TOKEN, 'valid'), ...body] : body,
    });
    expect(response.status).toBe(400);
    expect(response.json.status_code).toBe(400);
    expect(response.json.request_id).toMatch(/^request-id-test-/);
    expect(response.json.body.map((issue: { dataPath: string }) => issue.dataPath)).toEqual([
      dataPath.replace('[0]', '[1]'),
    ]);
    expect(await storedEvents(testProvider)).toEqual([]);
  });

  it('refuses a batch of more than 100 events and stores nothing', async () => {
    const testProvider = await startProvider();
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      body: Array.from({ length: 101 }, (_, index) => event(PUBLIC_TOKEN, `event_${index}`)),
    });
    expect(response.status).toBe(400);
    expect(response.json.body).toEqual([{ dataPath: '', message: expect.any(String) }]);
    expect(await storedEvents(testProvider)).toEqual([]);
  });

  it('refuses events from a disallowed origin and stores nothing', async () => {
    const testProvider = await startProvider();
    const response = await testProvider.call('POST', '/events', {
      authorization: null,
      origin: 'https://evil.example',
      body: [event(PUBLIC_TOKEN, 'x')],
    });
    expect(response.status).toBe(403);
    expect(await storedEvents(testProvider)).toEqual([]);
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the same public signing keys on every call, without Basic auth', async () => {
    const { call } = await startProvider();
    const first = await call('GET', '/.well-known/jwks.json', { authorization: null });
    const second = await call('GET', '/.well-known/jwks.json', { authorization: null });
    expect(first.status).toBe(200);
    const publicKey = {
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: expect.stringMatching(/^jwk-/),
      alg: 'ES256',
      use: 'sig',
    };
    // The signing key and the next one, published ahead of the rotation that will activate it.
    expect(first.json).toEqual({ keys: [publicKey, publicKey] });
    expect(second.json).toEqual(first.json);
  });
});
