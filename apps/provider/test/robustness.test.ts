// No input may produce a 500 or a stack trace: every route gets a battery of malformed bodies, with and
// without a session, and must answer a JSON 4xx (or a 2xx) carrying a request id. The routes and bodies are the
// core's and every product's (test/robustnessCases.ts collects `src/products/*/robustness.cases.ts`); the products'
// navigations and standard endpoints outside `/sdk/v1` have their batteries in their folders (robustness.test.ts).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ProviderEnv } from '../src/http/context';
import { PROVIDER_PRODUCTS } from '../src/products/registry';
import { signIn } from '../testing/fixtures';
import { startProvider } from '../testing/harness';
import { expectSchemaError } from './expectError';
import {
  ALL_ROBUSTNESS,
  deepEventBatch,
  deepMetadata,
  nestedObject,
  PRODUCT_ROBUSTNESS,
  ROBUSTNESS_BODIES,
  robustnessConfig,
} from './robustnessCases';

const routes = ALL_ROBUSTNESS.flatMap((cases) => cases.routes);
const cookieBodies = ALL_ROBUSTNESS.flatMap((cases) => cases.cookieBodies ?? []);
const serverRoutes = ALL_ROBUSTNESS.flatMap((cases) => cases.serverRoutes ?? []);
const unknownPaths = ALL_ROBUSTNESS.flatMap((cases) => cases.unknownPaths ?? []);

describe('no input produces a 500 or a stack trace', () => {
  it('collects a battery from every product folder', () => {
    const files = Object.keys(PRODUCT_ROBUSTNESS);
    expect(files).toHaveLength(PROVIDER_PRODUCTS.length);
    for (const file of files) expect(PRODUCT_ROBUSTNESS[file]?.routes.length, file).toBeGreaterThan(0);
    expect(ROBUSTNESS_BODIES.length).toBeGreaterThan(0);
    expect(cookieBodies.length).toBeGreaterThan(0);
  });

  it('has cases for every /sdk/v1 route a product registers', () => {
    const app = new Hono<ProviderEnv>();
    for (const product of PROVIDER_PRODUCTS) product.register(app);
    const uncovered = app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/sdk/v1/'))
      .filter((route) => {
        const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`);
        return !routes.some(([method, path]) => method === route.method && pattern.test(`/sdk/v1${path}`));
      })
      .map((route) => `${route.method} ${route.path}`);
    expect(uncovered, "add them to their product folder's robustness.cases.ts").toEqual([]);
  });

  it('answers every malformed body on every route with a JSON client error, signed in or not', async () => {
    const testProvider = await startProvider(await robustnessConfig());
    const { sessionToken } = await signIn(testProvider, { email: 'grace@example.com' });
    const failures: string[] = [];
    for (const [method, path] of routes) {
      for (const rawBody of ROBUSTNESS_BODIES) {
        for (const token of [undefined, sessionToken, 'not-a-session', 'a.b.c']) {
          // A GET (connected apps) carries no body.
          const body = method === 'GET' ? undefined : rawBody;
          const response = await testProvider.call(method, path, { rawBody: body, sessionToken: token });
          const text = JSON.stringify(response.json);
          const answeredJson = typeof response.json === 'object' && response.json !== null;
          const requestId = answeredJson ? (response.json.request_id ?? response.json.data?.request_id) : undefined;
          if (
            response.status >= 500 ||
            !answeredJson ||
            typeof requestId !== 'string' ||
            /\bat .+:\d+:\d+/.test(text)
          ) {
            failures.push(`${method} ${path} ${rawBody.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    // The intermediate session token in the SDK's cookie (second factors read it when no session is named).
    const cookies = [
      'stytch_intermediate_session_token=%E0%A4%A',
      'stytch_intermediate_session_token=',
      `stytch_intermediate_session_token=${'x'.repeat(4_000)}`,
      'stytch_intermediate_session_token=a; stytch_intermediate_session_token=b',
    ];
    for (const [method, path] of routes) {
      for (const cookie of cookies) {
        for (const rawBody of cookieBodies) {
          const body = method === 'GET' ? undefined : rawBody;
          const response = await testProvider.call(method, path, { rawBody: body, headers: { cookie } });
          const text = JSON.stringify(response.json);
          const requestId = response.json?.request_id ?? response.json?.data?.request_id;
          if (response.status >= 500 || typeof requestId !== 'string' || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`${method} ${path} cookie ${cookie.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    // The server calls (`/v1/…`), with the secret key, without one, and with the SDK's credentials.
    const secretAuth = `Basic ${Buffer.from(`${testProvider.projectId}:${testProvider.secretKey}`).toString('base64')}`;
    for (const [method, path] of serverRoutes) {
      for (const rawBody of [
        ...ROBUSTNESS_BODIES,
        `{"session_token":"${sessionToken}"}`,
        '{"session_token":"a.b.c"}',
      ]) {
        for (const authorization of [secretAuth, undefined, null, 'Basic %%%', `Bearer ${testProvider.secretKey}`]) {
          const response = await testProvider.call(method, path, { rawBody, authorization, origin: null });
          const text = JSON.stringify(response.json);
          const answeredJson = typeof response.json === 'object' && response.json !== null;
          const requestId = answeredJson ? (response.json.request_id ?? response.json.data?.request_id) : undefined;
          if (response.status >= 500 || typeof requestId !== 'string' || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`${method} ${path} ${rawBody.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Thousands of calls: on a busy machine this takes most of a minute, more than the default time-out allows.
  }, 180_000);

  it('answers unknown paths, methods and path parameters with JSON 404s', async () => {
    const { call } = await startProvider();
    for (const [method, path] of unknownPaths) {
      const response = await call(method, path);
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof response.json.request_id, `${method} ${path}`).toBe('string');
    }
  });

  it('answers a NUL in a path parameter with a JSON 404 on both databases (PostgreSQL refused it with a 500)', async () => {
    const t = await startProvider();
    const { sessionToken } = await signIn(t, { email: 'ada@example.com' });
    const paths: [string, string][] = [
      ['DELETE', '/users/emails/%00'],
      ['DELETE', '/users/phone_numbers/email-%00'],
      ['DELETE', '/users/totps/%00'],
      ['DELETE', '/users/webauthn_registrations/%00'],
      ['DELETE', '/users/crypto_wallets/%00'],
      ['POST', '/users/connected_apps/%00/revoke'],
      ['PUT', '/webauthn/update/%00'],
    ];
    for (const [method, path] of paths) {
      const response = await t.call(method, path, { sessionToken, body: method === 'DELETE' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json.error_type, `${method} ${path}`).toBe('not_found');
    }
    // The user is untouched.
    expect((await t.call('GET', '/users/me', { sessionToken })).json.data.emails).toHaveLength(1);
  });

  it('refuses a body nested thousands deep with a 400 naming the limit, and writes nothing', async () => {
    const testProvider = await startProvider();
    const { db } = testProvider.provider.database;
    const { sessionToken, userId } = await signIn(testProvider, { email: 'ada@example.com' });
    const depthIssue = [{ dataPath: '', message: 'must not nest arrays and objects more than 32 levels deep' }];

    // `/events` needs no Authorization header: anyone on the internet can send this one.
    const events = await testProvider.call('POST', '/events', { rawBody: deepEventBatch(5_000), authorization: null });
    expectSchemaError(events, depthIssue);
    expect(await db.selectFrom('events').selectAll().execute()).toEqual([]);

    const metadata = await testProvider.call('PUT', '/users/me', { rawBody: deepMetadata(5_000), sessionToken });
    expectSchemaError(metadata, depthIssue);
    const user = await db
      .selectFrom('users')
      .select('untrusted_metadata')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    expect(user?.untrusted_metadata).toBe('{}');

    // Brackets inside strings are text, not nesting; a shallow value is stored as before.
    const shallow = await testProvider.call('PUT', '/users/me', {
      rawBody: `{"untrusted_metadata":{"note":"${'['.repeat(100)}","profile":${nestedObject(20)}}}`,
      sessionToken,
    });
    expect(shallow.status).toBe(200);
    expect(shallow.json.data.__user.untrusted_metadata.note).toBe('['.repeat(100));
    const stored = await testProvider.call('POST', '/events', { rawBody: deepEventBatch(20), authorization: null });
    expect(stored.status).toBe(200);
    expect(await db.selectFrom('events').select('event_name').execute()).toEqual([{ event_name: 'deep' }]);
  });
});
