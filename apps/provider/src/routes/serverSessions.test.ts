import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, expectSchemaError, REQUEST_ID } from '../../test/expectError';
import { rowById, signIn } from '../../testing/fixtures';
import { type CallResult, freshDatabase, PUBLIC_TOKEN, startProvider, type TestProvider } from '../../testing/harness';
import { parseConfig } from '../config';
import { createProvider, type Provider } from '../provider';
import { newSecretKey, resolveSecretKey, SECRET_KEY_ENV } from '../services/secretKey';
import { sha256Hex } from '../services/secrets';

const MINUTE = 60_000;
const PATH = '/v1/sessions/authenticate';
const WRONG_KEY_MESSAGE = "Unauthorized credentials: the project id and secret key do not match this project's.";

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** A server call as a server makes it: no Origin header, Basic auth with `user:password`. */
function serverCall(
  testProvider: TestProvider,
  body: unknown,
  credentials: { user?: string; password?: string; remoteAddress?: string } = {},
): Promise<CallResult> {
  return testProvider.call('POST', PATH, {
    body,
    origin: null,
    authorization: basic(credentials.user ?? testProvider.projectId, credentials.password ?? testProvider.secretKey),
    remoteAddress: credentials.remoteAddress,
  });
}

const wrongKey = (message = WRONG_KEY_MESSAGE) => errorBody(401, 'invalid_secret_authentication', message);

describe('POST /v1/sessions/authenticate', () => {
  it('answers the live session, its user and a fresh JWT for the secret key, and writes nothing', async () => {
    const testProvider = await startProvider();
    const { sessionToken, sessionId, userId } = await signIn(testProvider, { email: 'ada@example.com' });
    const before = await rowById(testProvider, 'sessions', sessionId);
    testProvider.clock.advance(10 * MINUTE);

    const response = await serverCall(testProvider, { session_token: sessionToken });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({
      request_id: REQUEST_ID,
      status_code: 200,
      user_id: userId,
      session: { session_id: sessionId, user_id: userId, expires_at: new Date(before.expires_at).toISOString() },
      user: { user_id: userId, emails: [expect.objectContaining({ email: 'ada@example.com' })] },
    });
    expect(response.json.data).not.toHaveProperty('session_token');
    // Neither the expiry nor last_accessed_at moves: the server's check is not the user's activity.
    expect(await rowById(testProvider, 'sessions', sessionId)).toEqual(before);

    const jwks = (await testProvider.call('GET', '/.well-known/jwks.json')).json;
    const { payload } = await jwtVerify(response.json.data.session_jwt, createLocalJWKSet(jwks), {
      audience: testProvider.projectId,
      issuer: `latchkey/${testProvider.projectId}`,
      currentDate: new Date(testProvider.clock.now()),
    });
    expect(payload.sub).toBe(userId);
    expect((payload['https://stytch.com/session'] as { id: string }).id).toBe(sessionId);
  });

  it('refuses a missing, wrong or public-token credential with invalid_secret_authentication', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider);
    const body = { session_token: sessionToken };

    const none = await testProvider.call('POST', PATH, { body, origin: null, authorization: null });
    expect(none.status).toBe(401);
    expect(none.json).toEqual(
      wrongKey("This call needs HTTP Basic credentials: the project id and the project's secret key."),
    );

    const wrong = await serverCall(testProvider, body, { password: newSecretKey('test') });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(wrongKey());

    // One character off, same length: the digest comparison still refuses it.
    const last = testProvider.secretKey.at(-1) === 'A' ? 'B' : 'A';
    const almost = await serverCall(testProvider, body, { password: `${testProvider.secretKey.slice(0, -1)}${last}` });
    expect(almost.json).toEqual(wrongKey());

    const otherProject = await serverCall(testProvider, body, { user: 'project-test-someone-else' });
    expect(otherProject.json).toEqual(wrongKey());

    const publicMessage = "The public token cannot make server calls: use the project id and the project's secret key.";
    // The SDK's own credentials (public token twice, or with the session token) never pass.
    for (const [user, password] of [
      [PUBLIC_TOKEN, PUBLIC_TOKEN],
      [PUBLIC_TOKEN, sessionToken],
      [testProvider.projectId, PUBLIC_TOKEN],
    ] as const) {
      const response = await serverCall(testProvider, body, { user, password });
      expect(response.status).toBe(401);
      expect(response.json).toEqual(wrongKey(publicMessage));
    }
  });

  it('challenges refused credentials with WWW-Authenticate: Basic (RFC 9110 §15.5.2, RFC 7617 §2), on /v1 only', async () => {
    const testProvider = await startProvider();
    const { sessionToken, userId } = await signIn(testProvider);
    const challenge = 'Basic realm="latchkey", charset="UTF-8"';
    const calls = [
      { path: PATH, body: { session_token: sessionToken } },
      { path: '/v1/impersonation_tokens', body: { user_id: userId, impersonator_id: 'support-agent-7' } },
    ];
    for (const { path, body } of calls) {
      const none = await testProvider.call('POST', path, { body, origin: null, authorization: null });
      // The first wrong key of an address is compared at once, a later one in the counted transaction: both say it.
      const wrong = await testProvider.call('POST', path, {
        body,
        origin: null,
        authorization: basic(testProvider.projectId, newSecretKey('test')),
      });
      for (const refused of [none, wrong]) {
        expect(refused.status, path).toBe(401);
        expect(refused.json.error_type, path).toBe('invalid_secret_authentication');
        expect(refused.headers.get('www-authenticate'), path).toBe(challenge);
      }
    }
    // The right key is answered without one, and the SDK's own 401s (/sdk/v1, the contract's) carry none.
    const right = await serverCall(testProvider, { session_token: sessionToken });
    expect(right.status).toBe(200);
    expect(right.headers.get('www-authenticate')).toBeNull();
    const sdk = await testProvider.call('POST', '/sessions/authenticate', {
      body: {},
      authorization: basic('public-token-test-unknown', 'x'),
    });
    expect(sdk.status).toBe(401);
    expect(sdk.json.error_type).toBe('unauthorized_credentials');
    expect(sdk.headers.get('www-authenticate')).toBeNull();
  });

  it('is not answered to a browser, whatever its origin', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider);
    const response = await testProvider.call('POST', PATH, {
      body: { session_token: sessionToken },
      authorization: basic(testProvider.projectId, testProvider.secretKey),
      // The playground's origin, which the /sdk/v1 routes do answer.
      origin: 'http://localhost:5173',
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(
      errorBody(
        403,
        'origin_not_allowed',
        'Server calls are not answered to browsers: the secret key must never be sent from one.',
      ),
    );
  });

  it('says whether a dead session was revoked, has expired or never existed', async () => {
    const testProvider = await startProvider();
    const { db } = testProvider.provider.database;
    const revoked = await signIn(testProvider);
    await db
      .updateTable('sessions')
      .set({ revoked_at: testProvider.clock.now() })
      .where('session_id', '=', revoked.sessionId)
      .execute();
    const expiring = await signIn(testProvider, { durationMinutes: 5 });

    const revokedAnswer = await serverCall(testProvider, { session_token: revoked.sessionToken });
    expect(revokedAnswer.status).toBe(404);
    expect(revokedAnswer.json).toEqual(
      errorBody(404, 'session_not_found', 'Session not found: it was revoked.', {
        error_details: { reason: 'revoked' },
      }),
    );

    testProvider.clock.advance(5 * MINUTE);
    const expiredAnswer = await serverCall(testProvider, { session_token: expiring.sessionToken });
    expect(expiredAnswer.json).toEqual(
      errorBody(404, 'session_not_found', 'Session not found: it has expired.', {
        error_details: { reason: 'expired' },
      }),
    );

    const unknown = await serverCall(testProvider, { session_token: 'never-issued' });
    expect(unknown.json).toEqual(
      errorBody(404, 'session_not_found', 'Session not found.', { error_details: { reason: 'unknown' } }),
    );
  });

  it('takes only the opaque token: a session JWT is invalid_session_token, a bad body a schema error', async () => {
    const testProvider = await startProvider();
    const signedIn = await signIn(testProvider);
    const refreshed = await testProvider.post('/sessions/authenticate', {}, signedIn.sessionToken);
    const jwt = refreshed.json.data.session_jwt as string;
    const response = await serverCall(testProvider, { session_token: jwt });
    expect(response.status).toBe(401);
    expect(response.json.error_type).toBe('invalid_session_token');
    expect(response.json.error_message).toMatch(/opaque session token/);

    expectSchemaError(await serverCall(testProvider, {}), ['.session_token']);
    expectSchemaError(await serverCall(testProvider, { session_token: '' }), ['.session_token']);
    expectSchemaError(await serverCall(testProvider, { session_token: signedIn.sessionToken, extra: 1 }), ['']);
    expectSchemaError(await serverCall(testProvider, { session_token: 'x'.repeat(8193) }), ['.session_token']);
  });

  it('rate-limits refused credentials per IP, then refuses even the right key until the window ends', async () => {
    const testProvider = await startProvider({
      rateLimits: { secretKeyFailuresPerIp: { limit: 3, windowSeconds: 60 } },
    });
    const { sessionToken } = await signIn(testProvider);
    const body = { session_token: sessionToken };
    const attacker = { remoteAddress: '203.0.113.9', password: newSecretKey('test') };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await serverCall(testProvider, body, attacker)).status).toBe(401);
    }
    const limited = await serverCall(testProvider, body, attacker);
    expect(limited.status).toBe(429);
    expect(limited.json.error_type).toBe('too_many_requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const rightKeySameIp = await serverCall(testProvider, body, { remoteAddress: '203.0.113.9' });
    expect(rightKeySameIp.status).toBe(429);
    // Another address, and the same one once the window has passed, are answered.
    expect((await serverCall(testProvider, body, { remoteAddress: '198.51.100.7' })).status).toBe(200);
    testProvider.clock.advance(MINUTE);
    expect((await serverCall(testProvider, body, { remoteAddress: '203.0.113.9' })).status).toBe(200);
    // Right keys are never counted.
    for (let call = 0; call < 5; call += 1) {
      expect((await serverCall(testProvider, body, { remoteAddress: '198.51.100.7' })).status).toBe(200);
    }
  });

  it('holds the cap under concurrency once an IP has failed: parallel wrong keys are compared at most `limit` times', async () => {
    const testProvider = await startProvider({
      rateLimits: { secretKeyFailuresPerIp: { limit: 3, windowSeconds: 60 } },
    });
    const { sessionToken } = await signIn(testProvider);
    const body = { session_token: sessionToken };
    const remoteAddress = '203.0.113.9';
    // One failure first: from then on every key from this IP takes its slot before it is compared.
    expect((await serverCall(testProvider, body, { remoteAddress, password: newSecretKey('test') })).status).toBe(401);
    const burst = await Promise.all([
      ...Array.from({ length: 30 }, () =>
        serverCall(testProvider, body, { remoteAddress, password: newSecretKey('test') }),
      ),
      serverCall(testProvider, body, { remoteAddress }),
    ]);
    const wrong = burst.slice(0, 30).map((response) => response.status);
    // Each 401 is one compared key: a guess takes its slot before the comparison, and no slot means 429 uncompared.
    // Two slots were left, and the right key may have taken one and given it back.
    expect(wrong.filter((status) => status === 401)).toHaveLength(2);
    expect(wrong.filter((status) => status === 429)).toHaveLength(28);
    // The right key of the burst is answered only if it took a slot among the first ones (and gave it back).
    expect([200, 429]).toContain(burst[30]?.status);
    for (const response of burst.filter((each) => each.status === 429)) {
      expect(response.json.error_type).toBe('too_many_requests');
    }
    const { db } = testProvider.provider.database;
    const counter = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('bucket', '=', `secretKeyFailuresPerIp:${remoteAddress}`)
      .executeTakeFirstOrThrow();
    // The compared wrong keys hold the three slots; the refused ones took none.
    expect(Number(counter.count)).toBe(3);
    // Once the cap is reached, the right key is refused before it is compared, until the window ends.
    expect((await serverCall(testProvider, body, { remoteAddress })).status).toBe(429);
    testProvider.clock.advance(MINUTE);
    expect((await serverCall(testProvider, body, { remoteAddress })).status).toBe(200);
  });

  it('never refuses the right key sent many times at once: each gives its slot back', async () => {
    const testProvider = await startProvider({
      rateLimits: { secretKeyFailuresPerIp: { limit: 3, windowSeconds: 60 } },
    });
    const { sessionToken } = await signIn(testProvider);
    const body = { session_token: sessionToken };
    const remoteAddress = '198.51.100.7';
    // Two failures already: one slot left, which every right key takes and gives back.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await serverCall(testProvider, body, { remoteAddress, password: newSecretKey('test') })).status).toBe(
        401,
      );
    }
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => serverCall(testProvider, body, { remoteAddress })),
    );
    expect(calls.map((response) => response.status)).toEqual(Array<number>(20).fill(200));
    // An IP that never failed (an operator's server) has its right keys compared without writing anything.
    const fresh = await Promise.all(
      Array.from({ length: 20 }, () => serverCall(testProvider, body, { remoteAddress: '198.51.100.8' })),
    );
    expect(fresh.map((response) => response.status)).toEqual(Array<number>(20).fill(200));
    const untouched = await testProvider.provider.database.db
      .selectFrom('rate_limits')
      .select('count')
      .where('bucket', '=', 'secretKeyFailuresPerIp:198.51.100.8')
      .executeTakeFirst();
    expect(untouched).toBeUndefined();
    const counter = await testProvider.provider.database.db
      .selectFrom('rate_limits')
      .select('count')
      .where('bucket', '=', `secretKeyFailuresPerIp:${remoteAddress}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.count)).toBe(2);
    // The last slot is still there for a wrong key, and then the cap holds.
    expect((await serverCall(testProvider, body, { remoteAddress, password: newSecretKey('test') })).status).toBe(401);
    expect((await serverCall(testProvider, body, { remoteAddress })).status).toBe(429);
  });

  it("counts failures by the exact address: a neighbour in the operator's /64 cannot lock it out", async () => {
    const testProvider = await startProvider({
      rateLimits: { secretKeyFailuresPerIp: { limit: 3, windowSeconds: 60 } },
    });
    const { sessionToken } = await signIn(testProvider);
    const body = { session_token: sessionToken };
    const operator = { remoteAddress: '2001:db8:1:2::1' };
    // Wrong keys from another address of the operator's /64: refused, up to the limit and past it.
    const neighbour = { remoteAddress: '2001:db8:1:2:aaaa:bbbb:cccc:dddd', password: newSecretKey('test') };
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await serverCall(testProvider, body, neighbour)).status).toBe(attempt < 3 ? 401 : 429);
    }
    expect((await serverCall(testProvider, body, operator)).status).toBe(200);
    // The same address in another spelling is the same address.
    expect(
      (
        await serverCall(testProvider, body, {
          remoteAddress: '2001:0db8:1:2:AAAA:BBBB:CCCC:DDDD',
          password: newSecretKey('test'),
        })
      ).status,
    ).toBe(429);
  });

  it('answers the right key of a backendAddresses entry past the limit, and still refuses its wrong keys', async () => {
    const testProvider = await startProvider({
      rateLimits: { secretKeyFailuresPerIp: { limit: 3, windowSeconds: 60 } },
      backendAddresses: ['198.51.100.0/24'],
    });
    const { sessionToken } = await signIn(testProvider);
    const body = { session_token: sessionToken };
    const backend = { remoteAddress: '198.51.100.20' };
    // A neighbour behind the same NAT address sends wrong keys past the limit.
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await serverCall(testProvider, body, { ...backend, password: newSecretKey('test') })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await serverCall(testProvider, body, backend)).status).toBe(200);
    // An address outside the list keeps the cap, right key included.
    const outside = { remoteAddress: '203.0.113.9' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await serverCall(testProvider, body, { ...outside, password: newSecretKey('test') });
    }
    expect((await serverCall(testProvider, body, outside)).status).toBe(429);
  });
});

describe('the secret key for server calls', () => {
  it('is stored only as its SHA-256: no row of the database holds the key', async () => {
    const testProvider = await startProvider();
    const { db } = testProvider.provider.database;
    const project = await db.selectFrom('projects').selectAll().executeTakeFirstOrThrow();
    expect(project.secret_key_hash).toBe(sha256Hex(testProvider.secretKey));
    const tables = ['projects', 'sessions', 'users', 'rate_limits', 'signing_keys', 'dev_inbox', 'events'] as const;
    for (const table of tables) {
      const rows = await db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(testProvider.secretKey);
    }
  });

  it('keeps the stored hash when a later start names no key, and a new key replaces the old one', async () => {
    const fresh = await freshDatabase();
    const started: Provider[] = [];
    try {
      const firstKey = newSecretKey('test');
      const first = await createProvider({ db: fresh.database, secretKey: firstKey });
      started.push(first);
      expect(first.secretKey).toEqual({ source: 'option', file: null });
      const { sessionToken } = await signIn({ provider: first, clock: { now: () => Date.now() } } as TestProvider);
      const ask = (provider: typeof first, key: string) =>
        provider.fetch(
          new Request(`http://provider.test${PATH}`, {
            method: 'POST',
            headers: { authorization: basic(first.config.project.projectId, key), 'content-type': 'application/json' },
            body: JSON.stringify({ session_token: sessionToken }),
          }),
          { remoteAddress: '127.0.0.1' },
        );
      expect((await ask(first, firstKey)).status).toBe(200);

      // An in-memory or PostgreSQL start without a key: the hash of the earlier start still answers.
      const second = await createProvider({ db: fresh.database });
      started.push(second);
      expect(second.secretKey).toEqual({ source: 'database', file: null });
      expect((await ask(second, firstKey)).status).toBe(200);

      const rotated = newSecretKey('test');
      const third = await createProvider({ db: fresh.database, secretKey: rotated });
      started.push(third);
      expect((await ask(third, rotated)).status).toBe(200);
      expect((await ask(third, firstKey)).status).toBe(401);

      // An instance of the older deployment restarts with the replaced key: refused, and the rotation holds.
      await expect(createProvider({ db: fresh.database, secretKey: firstKey })).rejects.toThrow(
        /was replaced by a newer one: start every instance with the current key/,
      );
      expect((await ask(third, rotated)).status).toBe(200);
      expect((await ask(third, firstKey)).status).toBe(401);
      // A new key replaces the current one as before, and both earlier keys stay refused.
      const again = newSecretKey('test');
      const fourth = await createProvider({ db: fresh.database, secretKey: again });
      started.push(fourth);
      expect((await ask(fourth, again)).status).toBe(200);
      await expect(createProvider({ db: fresh.database, secretKey: rotated })).rejects.toThrow(/was replaced/);
    } finally {
      for (const provider of started) await provider.close();
      await fresh.drop();
    }
  });

  it('refuses every server call when no key was ever set, naming the variable', async () => {
    const fresh = await freshDatabase();
    try {
      const provider = await createProvider({ db: fresh.database });
      expect(provider.secretKey.source).toBe('none');
      const response = await provider.fetch(
        new Request(`http://provider.test${PATH}`, {
          method: 'POST',
          headers: { authorization: basic(provider.config.project.projectId, newSecretKey('test')) },
          body: JSON.stringify({ session_token: 'anything' }),
        }),
        { remoteAddress: '127.0.0.1' },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(
        wrongKey(`This provider has no secret key yet: set ${SECRET_KEY_ENV} and restart it.`),
      );
      await provider.close();
    } finally {
      await fresh.drop();
    }
  });
});

describe('resolveSecretKey', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempSqlite = () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-secret-'));
    dirs.push(dir);
    return join(dir, 'db.sqlite');
  };
  const development = parseConfig({});
  const production = parseConfig({ mode: 'production' });

  it('keeps a development key beside the SQLite file (mode 0600) and reads it back on the next start', () => {
    const sqlitePath = tempSqlite();
    const first = resolveSecretKey({ config: development, environment: 'test', env: {}, sqlitePath });
    expect(first.source).toBe('file');
    expect(first.file).toBe(`${sqlitePath}.secret-key`);
    expect(first.key).toMatch(/^secret-test-[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(`${sqlitePath}.secret-key`, 'utf8')).toBe(`${first.key}\n`);
    expect(statSync(`${sqlitePath}.secret-key`).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey({ config: development, environment: 'test', env: {}, sqlitePath })).toEqual(first);
  });

  it('takes the option, then LATCHKEY_SECRET_KEY, over the file; refuses short keys', () => {
    const sqlitePath = tempSqlite();
    const fromEnv = 'e'.repeat(40);
    const env = { [SECRET_KEY_ENV]: fromEnv };
    expect(resolveSecretKey({ config: development, environment: 'test', env, sqlitePath })).toEqual({
      key: fromEnv,
      source: 'environment',
      file: null,
    });
    expect(resolveSecretKey({ config: development, environment: 'test', env, explicit: 'o'.repeat(32) }).key).toBe(
      'o'.repeat(32),
    );
    expect(() =>
      resolveSecretKey({ config: production, environment: 'live', env: { [SECRET_KEY_ENV]: 'short' } }),
    ).toThrow(/at least 32 printable characters/);
  });

  it('a development key file is not locked out by a start with another key in between', async () => {
    const sqlitePath = tempSqlite();
    const started: Awaited<ReturnType<typeof createProvider>>[] = [];
    try {
      started.push(await createProvider({ db: sqlitePath }));
      expect(started[0]?.secretKey.source).toBe('file');
      await started[0]?.close();
      started.push(await createProvider({ db: sqlitePath, secretKey: newSecretKey('test') }));
      await started[1]?.close();
      // The developer's own file again: it starts, and its key is the project's once more.
      started.push(await createProvider({ db: sqlitePath }));
      expect(started[2]?.secretKey.source).toBe('file');
    } finally {
      for (const provider of started) await provider.close().catch(() => {});
    }
  });

  it('never writes a key file in production or for an in-memory database', () => {
    const sqlitePath = tempSqlite();
    expect(resolveSecretKey({ config: production, environment: 'live', env: {}, sqlitePath })).toEqual({
      key: null,
      source: 'none',
      file: null,
    });
    expect(() => statSync(`${sqlitePath}.secret-key`)).toThrow();
    expect(resolveSecretKey({ config: development, environment: 'test', env: {}, sqlitePath: ':memory:' }).key).toBe(
      null,
    );
  });
});
