// No input may produce a 500 or a stack trace: every route gets a battery of malformed bodies, with and
// without a session, and must answer a JSON 4xx (or a 2xx) carrying a request id.
import { describe, expect, it } from 'vitest';
import { signIn } from './fixtures';
import { startProvider } from './harness';

const ROUTES: [method: string, path: string][] = [
  ['POST', '/events'],
  ['POST', '/otps/email/login_or_create'],
  ['POST', '/otps/sms/login_or_create'],
  ['POST', '/otps/whatsapp/login_or_create'],
  ['POST', '/otps/email/send/primary'],
  ['POST', '/otps/sms/send/secondary'],
  ['POST', '/otps/authenticate'],
  ['POST', '/magic_links/email/login_or_create'],
  ['POST', '/magic_links/email/send/secondary'],
  ['POST', '/magic_links/authenticate'],
  ['POST', '/passwords'],
  ['POST', '/passwords/authenticate'],
  ['POST', '/passwords/strength_check'],
  ['POST', '/passwords/email/reset/start'],
  ['POST', '/passwords/email/reset'],
  ['POST', '/passwords/existing_password/reset'],
  ['POST', '/passwords/session/reset'],
  ['POST', '/users/search'],
  ['PUT', '/users/me'],
  ['POST', '/sessions/authenticate'],
  ['POST', '/sessions/revoke'],
];

const NASTY_BODIES: string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"email":{}}',
  '{"email":["a@b.co"],"password":{"$ne":null}}',
  '{"email":"a@b.co","password":"x","session_duration_minutes":1e308}',
  '{"email":"a@b.co","password":"correct horse battery staple","session_duration_minutes":-5}',
  '{"token":"000000","method_id":"\' OR 1=1 --"}',
  '{"token":"\\u0000\\u0000","code_verifier":"\\ud800"}',
  '{"phone_number":"+1\\u202e5550100"}',
  `{"email":"${'a'.repeat(300)}@example.com"}`,
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(2000)}${']'.repeat(2000)}`,
  '{"name":{"first_name":1},"untrusted_metadata":[]}',
  '{"login_magic_link_url":"javascript:alert(1)","email":"a@b.co"}',
];

describe('no input produces a 500 or a stack trace', () => {
  it('answers every malformed body on every route with a JSON client error, signed in or not', async () => {
    const testProvider = await startProvider({
      rateLimits: {
        sendsPerIdentifier: { limit: 10_000, windowSeconds: 60 },
        sendsPerIp: { limit: 10_000, windowSeconds: 60 },
      },
    });
    const { sessionToken } = await signIn(testProvider, { email: 'grace@example.com' });
    const failures: string[] = [];
    for (const [method, path] of ROUTES) {
      for (const rawBody of NASTY_BODIES) {
        for (const token of [undefined, sessionToken, 'not-a-session', 'a.b.c']) {
          const response = await testProvider.call(method, path, { rawBody, sessionToken: token });
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
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers unknown paths, methods and path parameters with JSON 404s', async () => {
    const { call } = await startProvider();
    for (const [method, path] of [
      ['GET', '/nope'],
      ['DELETE', '/sessions/authenticate'],
      ['GET', '/projects/bootstrap/%00%ff'],
      ['DELETE', '/users/emails/%E0%A4%A'],
    ] as const) {
      const response = await call(method, path);
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof response.json.request_id, `${method} ${path}`).toBe('string');
    }
  });
});
