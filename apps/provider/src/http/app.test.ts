import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, expectSchemaError, REQUEST_ID, REQUEST_ID_PATTERN } from '../../test/expectError';
import { appWithRoutes, rowById, signIn } from '../../testing/fixtures';
import { type CallResult, ORIGIN, PUBLIC_TOKEN, startProvider } from '../../testing/harness';
import { parseConfig } from '../config';
import { createLogger } from '../ops/logging';
import { serveProvider } from '../server';
import { MAX_BODY_BYTES } from './app';

const SDK_HEADERS = 'authorization,content-type,x-sdk-client,x-sdk-parent-host';
const BOOTSTRAP = `/projects/bootstrap/${PUBLIC_TOKEN}`;

// The messages are quoted from the specification, not taken from the catalogue under test.
const ORIGIN_NOT_ALLOWED = errorBody(403, 'origin_not_allowed', "This origin is not in the project's allowed origins.");
const UNAUTHORIZED = errorBody(401, 'unauthorized_credentials', 'Unauthorized credentials.');

const NOT_FOUND = errorBody(404, 'not_found', 'The requested resource was not found.');
const INTERNAL_ERROR = errorBody(500, 'internal_server_error', 'An internal error occurred. Please try again later.');

/** Asserts a JSON error answer: `status`, exactly `body`, and the body's request id in the x-request-id header. */
function expectJsonError(response: CallResult, status: number, body: unknown): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.json).toEqual(body);
  expect(response.headers.get('x-request-id')).toBe(response.json.request_id);
}

function expectNoCors(response: CallResult) {
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with 204, the exact origin, credentials and the SDK headers', async () => {
    const { call } = await startProvider();
    const response = await call('OPTIONS', '/otps/email/login_or_create', {
      authorization: null,
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': SDK_HEADERS },
    });
    expect(response.status).toBe(204);
    expect(response.json).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toBe(SDK_HEADERS);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE, OPTIONS');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID_PATTERN);
  });

  it('echoes whichever allowed origin asked, never another one or a wildcard', async () => {
    const { call } = await startProvider();
    const response = await call('OPTIONS', BOOTSTRAP, { authorization: null, origin: 'http://127.0.0.1:5173' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });

  it('answers the content-type-only preflight of /events', async () => {
    const { call } = await startProvider();
    const response = await call('OPTIONS', '/events', {
      authorization: null,
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')?.split(',')).toContain('content-type');
  });

  it.each([
    'https://evil.example',
    'null',
    'http://localhost:5173/',
    'http://localhost:5173.evil.com',
    'https://localhost:5173',
    'http://localhost:5174',
  ])(
    'refuses a preflight from the disallowed origin %s with 403 origin_not_allowed and no CORS headers',
    async (origin) => {
      const { call } = await startProvider();
      const response = await call('OPTIONS', '/otps/email/login_or_create', { authorization: null, origin });
      expectJsonError(response, 403, ORIGIN_NOT_ALLOWED);
      expectNoCors(response);
    },
  );

  it('refuses a preflight without any Origin header', async () => {
    const { call } = await startProvider();
    expectJsonError(await call('OPTIONS', BOOTSTRAP, { authorization: null, origin: null }), 403, ORIGIN_NOT_ALLOWED);
  });

  it('refuses a request from a disallowed origin before it reaches the route, writing nothing', async () => {
    const testProvider = await startProvider();
    const { call } = testProvider;
    const { sessionToken, sessionId } = await signIn(testProvider);
    const bootstrap = await call('GET', BOOTSTRAP, { origin: 'https://evil.example' });
    expectJsonError(bootstrap, 403, ORIGIN_NOT_ALLOWED);
    expectNoCors(bootstrap);
    const revoke = await call('POST', '/sessions/revoke', { sessionToken, origin: 'https://evil.example' });
    expectJsonError(revoke, 403, ORIGIN_NOT_ALLOWED);
    expect((await rowById(testProvider, 'sessions', sessionId)).revoked_at).toBeNull();
  });

  it('lets requests without an Origin header (servers, tools) through, without CORS headers', async () => {
    const { call } = await startProvider();
    const response = await call('GET', BOOTSTRAP, { origin: null });
    expect(response.status).toBe(200);
    expectNoCors(response);
  });

  it('says Vary: Origin on every answer whose CORS headers depend on it, those without an Origin or refused too', async () => {
    // Fetch standard, "CORS protocol and HTTP caches": else a shared cache may hand the answer to a request without
    // Origin (no Access-Control-Allow-Origin) to the app's browser.
    const { call } = await startProvider();
    for (const response of [
      await call('GET', BOOTSTRAP, { origin: null }),
      await call('GET', BOOTSTRAP, { origin: 'https://evil.example' }),
      await call('GET', BOOTSTRAP),
      await call('POST', '/users/search', { body: { email: 5 }, origin: null }),
    ]) {
      expect(response.headers.get('vary')).toBe('Origin');
    }
  });

  it("lets another site's form reach the OAuth callback (Apple's form_post), with no CORS answer", async () => {
    // A browser names the posting site in Origin (Apple's, or `null`); the callback's own state and binding cookie
    // decide, so an unknown state is the plain expired-sign-in answer, not a CORS refusal.
    const { call } = await startProvider();
    for (const origin of ['https://appleid.apple.com', 'null']) {
      const response = await call('POST', '/v1/public/oauth/callback', {
        authorization: null,
        origin,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'state=unknown-state&code=abc',
      });
      expect(response.status, origin).not.toBe(403);
      expect(response.json?.error_type).not.toBe('origin_not_allowed');
      expectNoCors(response);
    }
  });

  it('puts the CORS headers on answers and errors alike, so the browser can read the error', async () => {
    const { call } = await startProvider();
    for (const response of [
      await call('GET', BOOTSTRAP),
      await call('GET', BOOTSTRAP, { authorization: null }),
      await call('POST', '/users/search', { body: { email: 5 } }),
      await call('GET', '/nowhere'),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('access-control-expose-headers')).toBe('retry-after, x-request-id');
    }
  });
});

describe('Basic auth on /sdk/v1', () => {
  it.each([
    ['no Authorization header', null],
    ['a Bearer header', `Bearer ${PUBLIC_TOKEN}`],
    ['garbage instead of base64', 'Basic !!!%%%***'],
    ['base64 without a colon', `Basic ${Buffer.from(PUBLIC_TOKEN).toString('base64')}`],
    ['an empty user', basic('', PUBLIC_TOKEN)],
    ['a wrong public token', basic('public-token-test-someone-else', 'public-token-test-someone-else')],
    ['the live twin of the public token', basic('public-token-live-latchkey-playground', 'x')],
    ['the public token in the password slot only', basic('x', PUBLIC_TOKEN)],
  ])('answers %s with 401 unauthorized_credentials', async (_label, authorization) => {
    const { call } = await startProvider();
    expectJsonError(await call('GET', BOOTSTRAP, { authorization }), 401, UNAUTHORIZED);
  });

  it('refuses a bootstrap whose path names an unknown public token', async () => {
    const { call } = await startProvider();
    expectJsonError(await call('GET', '/projects/bootstrap/public-token-test-unknown'), 401, UNAUTHORIZED);
  });

  it('reads the scheme case-insensitively (RFC 9110 §11.1)', async () => {
    const { call } = await startProvider();
    const credentials = Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64');
    for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
      expect((await call('GET', BOOTSTRAP, { authorization: `${scheme} ${credentials}` })).status, scheme).toBe(200);
    }
  });

  it('accepts the public token in both slots (signed out) and a session token in the password slot', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider);
    expect((await testProvider.call('GET', BOOTSTRAP)).status).toBe(200);
    expect((await testProvider.call('GET', BOOTSTRAP, { sessionToken })).status).toBe(200);
  });
});

describe('envelopes', () => {
  it('wraps a success in data with request_id and status_code, and repeats the id in x-request-id', async () => {
    const { call } = await startProvider();
    const response = await call('POST', '/users/search', { body: { email: 'nobody@example.com' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.json).toEqual({
      data: { request_id: REQUEST_ID, status_code: 200, userType: 'new' },
    });
    expect(response.headers.get('x-request-id')).toBe(response.json.data.request_id);
  });

  it('answers errors at the top level with exactly status_code, request_id, error_type, error_message and error_url', async () => {
    const { call } = await startProvider();
    expectJsonError(
      await call('POST', '/users/search', { body: { email: 'not-an-email' } }),
      400,
      errorBody(400, 'invalid_email', 'Email format is invalid.'),
    );
  });

  it('answers a field of the wrong type with a 400 schema error naming the field', async () => {
    const { call } = await startProvider();
    const response = await call('POST', '/users/search', { body: { email: 5 } });
    expectSchemaError(response, [{ dataPath: '.email', message: 'Invalid input: expected string, received number' }]);
    expect(response.headers.get('x-request-id')).toBe(response.json.request_id);
  });

  it('answers a missing field with a schema error naming it', async () => {
    const { call } = await startProvider();
    const response = await call('POST', '/users/search', { body: {} });
    expectSchemaError(response, [
      { dataPath: '.email', message: 'Invalid input: expected string, received undefined' },
    ]);
  });

  it('names nested and array fields with dotted and indexed paths', async () => {
    const { call } = await startProvider();
    const response = await call('POST', '/events', {
      authorization: null,
      body: [{ event: { public_token: PUBLIC_TOKEN, event_name: 5 } }],
    });
    expect(response.status).toBe(400);
    expect(response.json.body).toEqual([
      { dataPath: '[0].event.event_name', message: 'Invalid input: expected string, received number' },
    ]);
  });

  it.each([
    ['truncated JSON', '{"email":'],
    ['plain text', 'email=a@b.co'],
  ])('answers %s with a schema error on the body', async (_label, rawBody) => {
    const { call } = await startProvider();
    const response = await call('POST', '/users/search', { rawBody });
    expectSchemaError(response, [{ dataPath: '', message: 'must be valid JSON' }]);
  });

  it('refuses a NUL character in any key or string of a body, which PostgreSQL cannot store, changing nothing', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider);
    const events = await testProvider.call('POST', '/events', {
      authorization: null,
      body: [{ telemetry: {}, event: { public_token: PUBLIC_TOKEN, event_name: 'a\u0000b' } }],
    });
    expectSchemaError(events, [{ dataPath: '[0].event.event_name', message: 'must not contain the NUL character' }]);
    const name = await testProvider.call('PUT', '/users/me', {
      sessionToken,
      body: { name: { first_name: 'Ada\u0000' } },
    });
    expectSchemaError(name, ['.name.first_name']);
    const key = await testProvider.call('PUT', '/users/me', {
      sessionToken,
      body: { untrusted_metadata: { 'k\u0000': 1 } },
    });
    expect(key.status).toBe(400);
    expect(await testProvider.provider.database.db.selectFrom('events').selectAll().execute()).toEqual([]);
    // A backslash and u0000 spelled out in a string is not a NUL: it is stored like any text.
    const spelled = await testProvider.call('PUT', '/users/me', {
      sessionToken,
      body: { name: { first_name: 'Ada\\u0000' } },
    });
    expect(spelled.status).toBe(200);
  });

  it('answers a JSON body of the wrong kind (null, an array) with a schema error on the whole body', async () => {
    const { call } = await startProvider();
    for (const rawBody of ['null', '[]']) {
      const response = await call('POST', '/users/search', { rawBody });
      expect(response.status).toBe(400);
      expect(response.json.body).toHaveLength(1);
      expect(response.json.body[0].dataPath).toBe('');
    }
  });

  it('answers an unknown path, inside or outside /sdk/v1, with a JSON 404', async () => {
    const { call } = await startProvider();
    for (const path of ['/no/such/call', '/.well-known/nothing-here']) {
      expectJsonError(await call('GET', path), 404, NOT_FOUND);
    }
  });

  it('answers a known path with the wrong method as a JSON 404', async () => {
    const { call } = await startProvider();
    expectJsonError(await call('GET', '/sessions/authenticate'), 404, NOT_FOUND);
  });

  it('turns a database failure into a 500 internal_server_error without internals in the body', async () => {
    const lines: string[] = [];
    const logger = createLogger(parseConfig({ logging: { format: 'json' } }), {
      destination: { write: (line: string) => lines.push(line) },
    });
    const testProvider = await startProvider({}, { logger });
    const { sessionToken } = await signIn(testProvider);
    await testProvider.provider.database.close();
    lines.length = 0;
    const response = await testProvider.call('GET', '/users/me', { sessionToken });
    expectJsonError(response, 500, INTERNAL_ERROR);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    // The cause is logged for the operator in the request's one line, tagged with the request id the caller saw.
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({
      level: 'error',
      reqId: response.json.request_id,
      route: '/sdk/v1/users/me',
      status: 500,
    });
    expect(entry.err.message).toMatch(/destroyed/);
  });

  it('never puts the message or stack of an unexpected error in the body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const testProvider = await startProvider();
    const app = appWithRoutes(testProvider, (routes) => {
      routes.get('/sdk/v1/boom', () => {
        throw new Error('connection to db.internal:5432 failed for user admin');
      });
    });
    const response = await app.fetch(
      new Request('http://provider.test/sdk/v1/boom', {
        headers: { authorization: basic(PUBLIC_TOKEN, PUBLIC_TOKEN), origin: ORIGIN },
      }),
      { remoteAddress: '127.0.0.1' },
    );
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual(INTERNAL_ERROR);
    expect(text).not.toMatch(/db\.internal|admin|Error:|\bat\s/);
  });

  it('gives every response its own request id, in the x-request-id header and the body', async () => {
    const { call } = await startProvider();
    const responses = [
      await call('GET', BOOTSTRAP),
      await call('GET', BOOTSTRAP, { authorization: null }),
      await call('GET', BOOTSTRAP, { origin: 'https://evil.example' }),
      await call('POST', '/users/search', { rawBody: '{' }),
      await call('GET', '/nowhere'),
      await call('OPTIONS', BOOTSTRAP, { authorization: null }),
    ];
    const ids = responses.map((response) => response.headers.get('x-request-id'));
    for (const [index, response] of responses.entries()) {
      expect(ids[index]).toMatch(REQUEST_ID_PATTERN);
      if (response.json !== null) expect(response.json.data?.request_id ?? response.json.request_id).toBe(ids[index]);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('request size', () => {
  it('refuses a body over the limit with 413 request_too_large before reading it', async () => {
    const { call, provider } = await startProvider();
    const response = await call('POST', '/otps/email/login_or_create', {
      rawBody: JSON.stringify({ email: 'ada@example.com', padding: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(response.status).toBe(413);
    expect(response.json).toMatchObject({
      status_code: 413,
      error_type: 'request_too_large',
      error_message: 'The request body is too large.',
    });
    expect(await provider.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('over HTTP, refuses by the Content-Length header and counts a chunked body as it streams', async () => {
    const { provider } = await startProvider();
    const server = await serveProvider(provider, { port: 0 });
    try {
      const send = (body: string | ReadableStream<Uint8Array>) =>
        fetch(`${server.url}/sdk/v1/otps/email/login_or_create`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`,
          },
          body,
          duplex: 'half',
        } as RequestInit);
      const chunked = (text: string) =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            const bytes = new TextEncoder().encode(text);
            for (let offset = 0; offset < bytes.length; offset += 16_384)
              controller.enqueue(bytes.subarray(offset, offset + 16_384));
            controller.close();
          },
        });
      const tooLarge = JSON.stringify({ email: 'ada@example.com', padding: 'x'.repeat(MAX_BODY_BYTES) });
      for (const body of [tooLarge, chunked(tooLarge)]) {
        const response = await send(body);
        expect(response.status).toBe(413);
        expect(await response.json()).toMatchObject({ error_type: 'request_too_large' });
      }
      for (const body of [
        JSON.stringify({ email: 'ada@example.com' }),
        chunked(JSON.stringify({ email: 'lin@example.com' })),
      ]) {
        const response = await send(body);
        expect(response.status).toBe(200);
      }
      const emails = await provider.database.db.selectFrom('emails').select('email').orderBy('email').execute();
      expect(emails).toEqual([{ email: 'ada@example.com' }, { email: 'lin@example.com' }]);
    } finally {
      await server.close();
    }
  });
});

describe('keep-alive', () => {
  /** Opens a raw connection, sends one keep-alive request, and resolves with its answer's head and the socket. */
  async function keepAliveRequest(url: string) {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    let head = '';
    let closed = false;
    socket.on('close', () => {
      closed = true;
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('data', (chunk) => {
        head += chunk.toString('latin1');
        if (head.includes('\r\n\r\n')) resolve();
      });
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
    });
    return { head, socket, isClosed: () => closed };
  }

  it('keeps an idle connection open 65 s by default, longer than a load balancer (AWS ALB: 60 s) keeps its own', async () => {
    const { provider } = await startProvider();
    const server = await serveProvider(provider, { port: 0 });
    try {
      const { head, socket, isClosed } = await keepAliveRequest(server.url);
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head.toLowerCase()).toContain('keep-alive: timeout=65\r\n');
      // Past Node's own default (5 s), the connection is still open.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(isClosed()).toBe(false);
      socket.destroy();
    } finally {
      await server.close(1_000);
    }
  }, 30_000);

  it('closes an idle connection after http.keepAliveSeconds', async () => {
    const { provider } = await startProvider();
    const server = await serveProvider(provider, { port: 0, keepAliveSeconds: 1 });
    try {
      const { head, isClosed } = await keepAliveRequest(server.url);
      expect(head.toLowerCase()).toContain('keep-alive: timeout=1\r\n');
      await vi.waitFor(() => expect(isClosed()).toBe(true), { timeout: 15_000, interval: 100 });
    } finally {
      await server.close(1_000);
    }
  }, 30_000);
});
