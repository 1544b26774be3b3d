// `GET /metrics` (ops/metrics.ts): off by default; on, the Prometheus text exposition of the requests by route
// template and status, sign-ins by method and outcome, lockouts, rate-limit refusals, messages by channel and
// outcome, the PostgreSQL pool and the process; optionally behind a bearer token. Runs on SQLite, and on PostgreSQL
// with LATCHKEY_TEST_POSTGRES_URL.
import { describe, expect, it } from 'vitest';
import { SIGN_IN_ROUTES } from '../src/ops/metrics';
import { createProvider } from '../src/provider';
import type { OutgoingMessage } from '../src/services/outbox';
import { randomToken } from '../src/services/secrets';
import { databaseKind, startProvider, type TestProvider } from '../testing/harness';

const TOKEN_ENV = 'LATCHKEY_TEST_METRICS_TOKEN';

async function scrape(
  t: TestProvider,
  authorization?: string,
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await t.provider.fetch(
    new Request('http://provider.test/metrics', { headers: authorization ? { authorization } : {} }),
    { remoteAddress: '10.0.0.3' },
  );
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The value of the sample `name{labels}` (labels in the order prom-client prints them), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const rendered = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const prefix = rendered === '' ? `${name} ` : `${name}{${rendered}} `;
  const line = text.split('\n').find((item) => item.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe('GET /metrics', () => {
  it('does not exist unless metrics.enabled', async () => {
    const t = await startProvider();
    expect((await scrape(t)).status).toBe(404);
  });

  it('counts requests by route template, sign-ins, lockouts, rate limits, messages, the pool and the process', async () => {
    const texts: OutgoingMessage[] = [];
    const t = await startProvider(
      {
        metrics: { enabled: true },
        lockout: { maxFailuresPerUser: 2, maxFailuresPerCode: 5, windowMinutes: 60 },
        rateLimits: { sendsPerIdentifier: { limit: 2, windowSeconds: 60 } },
        // A message fails for good at its first failed attempt (retries are the outbox's own tests).
        outbox: { maxAttempts: 1 },
      },
      {
        phoneSender: {
          async send(message) {
            if (message.to === '+15555550199') throw new Error('The gateway is down');
            texts.push(message);
          },
        },
      },
    );
    const email = 'ada@example.com';
    // A passcode: wrong once, then right.
    const sent = (await t.post('/otps/email/login_or_create', { email })).json.data;
    const code = await t.lastCode(email);
    const wrong = code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
    expect((await t.post('/otps/authenticate', { method_id: sent.method_id, token: wrong })).status).toBe(404);
    const session = await t.post('/otps/authenticate', { method_id: sent.method_id, token: code });
    expect(session.status).toBe(200);
    // A second send to the same address, then a third over the limit of two.
    expect((await t.post('/otps/email/login_or_create', { email })).status).toBe(200);
    expect((await t.post('/otps/email/login_or_create', { email })).status).toBe(429);
    // A text message handed over, and one the gateway refuses (the send is answered: the outbox keeps the message).
    expect((await t.post('/otps/sms/login_or_create', { phone_number: '+15555550123' })).status).toBe(200);
    expect((await t.post('/otps/sms/login_or_create', { phone_number: '+15555550199' })).status).toBe(200);
    // A password user: two wrong passwords take the user's two slots, the third guess is locked out.
    const password = 'correct horse battery staple';
    expect((await t.post('/passwords', { email: 'grace@example.com', password })).status).toBe(200);
    for (const expected of ['unauthorized_credentials', 'unauthorized_credentials', 'user_lock_limit_reached']) {
      const answer = await t.post('/passwords/authenticate', { email: 'grace@example.com', password: 'wrong horse' });
      expect(answer.json.error_type).toBe(expected);
    }
    // A route with a parameter, whose value must not become a label, and an unknown path.
    const emailId = (await t.call('GET', '/users/me', { sessionToken: session.json.data.session_token })).json.data
      .emails[0].email_id;
    expect(
      (await t.call('DELETE', `/users/emails/${emailId}`, { sessionToken: session.json.data.session_token })).status,
    ).toBeGreaterThanOrEqual(200);
    expect((await t.call('GET', '/no-such-route-7f3a')).status).toBe(404);

    const { status, headers, text } = await scrape(t);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const route = (path: string, method: string, code: number) => ({ method, route: path, status: String(code) });
    expect(sample(text, 'latchkey_http_requests_total', route('/sdk/v1/otps/authenticate', 'POST', 200))).toBe(1);
    expect(sample(text, 'latchkey_http_requests_total', route('/sdk/v1/otps/authenticate', 'POST', 404))).toBe(1);
    expect(sample(text, 'latchkey_http_requests_total', route('/sdk/v1/otps/email/login_or_create', 'POST', 200))).toBe(
      2,
    );
    expect(sample(text, 'latchkey_http_requests_total', route('/sdk/v1/otps/email/login_or_create', 'POST', 429))).toBe(
      1,
    );
    expect(
      sample(text, 'latchkey_http_request_duration_seconds_count', route('/sdk/v1/otps/authenticate', 'POST', 200)),
    ).toBe(1);
    expect(
      sample(text, 'latchkey_http_request_duration_seconds_bucket', {
        le: '+Inf',
        ...route('/sdk/v1/otps/authenticate', 'POST', 200),
      }),
    ).toBe(1);
    expect(text).toContain('route="/sdk/v1/users/emails/:id"');
    expect(text).toContain('route="/sdk/v1/*",status="404"');
    expect(text).not.toContain(emailId);
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('ada@example.com');

    expect(sample(text, 'latchkey_sign_ins_total', { method: 'otp', outcome: 'success' })).toBe(1);
    expect(sample(text, 'latchkey_sign_ins_total', { method: 'otp', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'latchkey_sign_ins_total', { method: 'password', outcome: 'failure' })).toBe(3);
    expect(sample(text, 'latchkey_sign_ins_total', { method: 'password_signup', outcome: 'success' })).toBe(1);
    expect(sample(text, 'latchkey_lockouts_total')).toBe(1);
    expect(sample(text, 'latchkey_rate_limited_total', { limit: 'sendsPerIdentifier' })).toBe(1);
    expect(sample(text, 'latchkey_messages_total', { channel: 'email', outcome: 'sent' })).toBe(2);
    expect(sample(text, 'latchkey_messages_total', { channel: 'sms', outcome: 'sent' })).toBe(1);
    expect(sample(text, 'latchkey_messages_total', { channel: 'sms', outcome: 'failed' })).toBe(1);
    expect(texts).toHaveLength(1);

    // The process defaults.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');

    // The pool: PostgreSQL's numbers; SQLite has no pool (one writer connection) and reports none.
    if (databaseKind === 'postgres') {
      expect(sample(text, 'latchkey_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'latchkey_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'latchkey_db_pool_connections', { state: 'waiting' })).toBe(0);
      expect(sample(text, 'latchkey_db_pool_max')).toBe(10);
    } else {
      expect(text).not.toContain('latchkey_db_pool');
    }
  });

  it('with metrics.tokenEnv, answers only the bearer of that token (401 with a Bearer challenge otherwise)', async () => {
    const token = randomToken(24);
    process.env[TOKEN_ENV] = token;
    try {
      const t = await startProvider({ metrics: { enabled: true, tokenEnv: TOKEN_ENV } });
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, `Bearer ${token}x`, 'Bearer ']) {
        const refused = await scrape(t, authorization);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(refused.text).not.toContain('latchkey_');
      }
      const answered = await scrape(t, `Bearer ${token}`);
      expect(answered.status).toBe(200);
      expect(answered.text).toContain('latchkey_http_requests_total');
      // The scheme in any case (RFC 6750 §2.1, RFC 9110 §11.1), as a Prometheus job may write it.
      for (const scheme of ['bearer', 'BEARER']) expect((await scrape(t, `${scheme} ${token}`)).status).toBe(200);
    } finally {
      delete process.env[TOKEN_ENV];
    }
  });

  it('refuses to start when metrics.tokenEnv names a variable that is not set', async () => {
    await expect(
      createProvider({ db: ':memory:', config: { metrics: { enabled: true, tokenEnv: 'LATCHKEY_TEST_UNSET_TOKEN' } } }),
    ).rejects.toThrow(/metrics\.tokenEnv names the environment variable LATCHKEY_TEST_UNSET_TOKEN, which is not set/);
  });

  it("labels every sign-in call as released (the products' signInRoutes: the label values are the metrics' API)", () => {
    expect(SIGN_IN_ROUTES).toEqual({
      'POST /sdk/v1/otps/authenticate': 'otp',
      'POST /sdk/v1/magic_links/authenticate': 'magic_link',
      'POST /sdk/v1/passwords/authenticate': 'password',
      'POST /sdk/v1/passwords': 'password_signup',
      'POST /sdk/v1/passwords/email/reset': 'password_reset',
      'POST /sdk/v1/passwords/existing_password/reset': 'password_reset',
      'POST /sdk/v1/passwords/session/reset': 'password_reset',
      'POST /sdk/v1/webauthn/authenticate': 'webauthn',
      'POST /sdk/v1/totps/authenticate': 'totp',
      'POST /sdk/v1/totps/recover': 'recovery_code',
      'POST /sdk/v1/crypto_wallets/authenticate': 'crypto_wallet',
      'POST /sdk/v1/oauth/authenticate': 'oauth',
      'POST /sdk/v1/sessions/exchange_access_token': 'access_token_exchange',
      'POST /sdk/v1/sessions/attest': 'trusted_token',
      'POST /sdk/v1/impersonation/authenticate': 'impersonation',
    });
  });

  it('names a sign-in method for routes that exist', async () => {
    const t = await startProvider();
    const registered = new Set(t.provider.app.routes.map((item) => `${item.method} ${item.path}`));
    for (const key of Object.keys(SIGN_IN_ROUTES)) expect(registered, key).toContain(key);
  });
});
