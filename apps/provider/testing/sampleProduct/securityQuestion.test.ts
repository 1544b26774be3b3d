// Issue 27's proof, the provider's part: the sample product "security question" (this folder) plugs into the provider
// through its two registries alone (vitePlugin.ts swaps them in the `provider-sample` project), with no edit to a
// core file: its table is migrated, its configuration validated, its routes served, its errors catalogued, its part
// of the user answer filled, and its factor mints a session the core authenticates.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ProviderConfigInput, parseConfig } from '../../src/config';
import { MIGRATION_NAMES } from '../../src/db/migrations';
import { ERROR_CATALOGUE, type ErrorType } from '../../src/http/errors';
import { createLogger } from '../../src/ops/logging';
import { SIGN_IN_ROUTES, signInMethod } from '../../src/ops/metrics';
import { PRODUCT_DESCRIPTORS } from '../../src/products/descriptors';
import { PROVIDER_PRODUCTS } from '../../src/products/registry';
import { expectError, REQUEST_ID_PATTERN } from '../../test/expectError';
import { ROBUSTNESS_BODIES } from '../../test/robustnessCases';
import { listeningUrl, spawnProvider } from '../../test/spawnProvider';
import { signIn } from '../fixtures';
import { freshDatabase, startProvider, type TestProvider } from '../harness';
import { SECURITY_ANSWERS_MIGRATION } from './migrations';
import { robustness } from './robustness.cases';

const EMAIL = 'ada@example.com';
const QUESTION = 'Name of your first dog?';

/** A configuration with the sample's sections, which `ProviderConfigInput` (typed from the real registry) lacks. */
const withSample = (config: Record<string, unknown>) => config as ProviderConfigInput;

const invalidAnswer = 'invalid_security_answer' as string as ErrorType;

/** A provider whose user EMAIL is signed in (by email: a recent authentication) and has set `answer`. */
async function userWithAnswer(config: Record<string, unknown> = {}, answer = '  Rex   the DOG ') {
  const testProvider = await startProvider(withSample(config));
  const { sessionToken, userId } = await signIn(testProvider, { email: EMAIL });
  const set = await testProvider.post('/security_questions/set', { question: QUESTION, answer }, sessionToken);
  expect(set.status).toBe(200);
  return { testProvider, sessionToken, userId };
}

async function countRows(testProvider: TestProvider, table: 'sessions' | 'auth_failures'): Promise<number> {
  const { db } = testProvider.provider.database;
  const rows = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .execute();
  return Number(rows[0]?.count ?? 0);
}

describe('the sample product, added through the registries alone', () => {
  it('is listed by both registries as the running provider loads them', () => {
    expect(PROVIDER_PRODUCTS.map((product) => product.key)).toContain('securityQuestion');
    expect(PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.key)).toContain('securityQuestion');
    // Its error type joins the catalogue the core builds from the descriptors.
    expect(ERROR_CATALOGUE[invalidAnswer]?.status).toBe(400);
  });

  it('is named by no file of the provider itself (src/): the registries this project swaps in are all it takes', () => {
    const root = new URL('../../src/', import.meta.url);
    const naming = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /security_?(question|answer)|sampleProduct/i.test(readFileSync(new URL(file, root), 'utf8')));
    expect(naming).toEqual([]);
  });

  it('migrates its table on a fresh database, in a migration named after every released one', async () => {
    expect(MIGRATION_NAMES.at(-1)).toBe(SECURITY_ANSWERS_MIGRATION);
    const fresh = await freshDatabase();
    try {
      const tables = await fresh.database.db.introspection.getTables();
      const table = tables.find((candidate) => candidate.name === 'security_answers');
      expect(table?.columns.map((column) => column.name).sort()).toEqual(
        ['answer_hash', 'created_at', 'project_id', 'question', 'security_answer_id', 'updated_at', 'user_id'].sort(),
      );
    } finally {
      await fresh.drop();
    }
  });

  it('validates its configuration section and rate limit with the configuration error', () => {
    const parsed = parseConfig({}) as unknown as {
      project: { securityQuestion: unknown };
      rateLimits: { securityAnswerAttemptsPerIp: unknown };
    };
    expect(parsed.project.securityQuestion).toEqual({ enabled: true, minAnswerLength: 3 });
    expect(parsed.rateLimits.securityAnswerAttemptsPerIp).toEqual({ limit: 30, windowSeconds: 60 });
    expect(() => parseConfig({ project: { securityQuestion: { minAnswerLength: 0 } } })).toThrow(
      /^Invalid Latchkey provider configuration:\n {2}project\.securityQuestion\.minAnswerLength: /,
    );
    expect(() => parseConfig({ project: { securityQuestion: { enabled: 'yes' } } })).toThrow(
      /project\.securityQuestion\.enabled: /,
    );
    expect(() => parseConfig({ project: { securityQuestion: { hint: 'x' } } })).toThrow(/project\.securityQuestion/);
    expect(() => parseConfig({ rateLimits: { securityAnswerAttemptsPerIp: { limit: 0, windowSeconds: 60 } } })).toThrow(
      /rateLimits\.securityAnswerAttemptsPerIp\.limit: /,
    );
  });

  it("shows a question set after a refresh at once on the next refresh (its table bumps the user's methods_version)", async () => {
    const testProvider = await startProvider(withSample({}));
    const { sessionToken } = await signIn(testProvider, { email: EMAIL });
    // The refresh keeps this instance's copy of the user's methods (services/users.ts); setting the question must
    // make that copy stale.
    const before = await testProvider.post('/sessions/authenticate', {}, sessionToken);
    expect(before.json.data.user.security_question).toBeNull();
    const set = await testProvider.post('/security_questions/set', { question: QUESTION, answer: 'rex' }, sessionToken);
    expect(set.status).toBe(200);
    const after = await testProvider.post('/sessions/authenticate', {}, sessionToken);
    expect(after.json.data.user.security_question).toEqual({ question: QUESTION, created_at: expect.any(String) });
  });

  it('sets a question, signs in with its answer over HTTP, and the session authenticates', async () => {
    const { testProvider, sessionToken, userId } = await userWithAnswer();
    // The user answer carries the sample's part (the question, never the answer).
    const me = await testProvider.call('GET', '/users/me', { sessionToken });
    expect(me.status).toBe(200);
    expect(me.json.data.security_question).toEqual({ question: QUESTION, created_at: expect.any(String) });
    expect(JSON.stringify(me.json)).not.toMatch(/rex/i);

    // Another browser: no session, the answer typed differently (case and spaces do not count).
    const signedIn = await testProvider.post('/security_questions/authenticate', {
      email: EMAIL,
      answer: 'rex the dog',
    });
    expect(signedIn.status).toBe(200);
    const { data } = signedIn.json;
    expect(data.user_id).toBe(userId);
    expect(data.session_token).toEqual(expect.any(String));
    expect(data.session_token).not.toBe(sessionToken);
    expect(data.session_jwt.split('.')).toHaveLength(3);
    expect(data.session.authentication_factors).toEqual([
      { type: 'security_question', delivery_method: 'knowledge', last_authenticated_at: expect.any(String) },
    ]);
    expect(data.user.security_question.question).toBe(QUESTION);

    const session = await testProvider.post('/sessions/authenticate', {}, data.session_token);
    expect(session.status).toBe(200);
    expect(session.json.data.session.session_id).toBe(data.session.session_id);
    expect(session.json.data.user.user_id).toBe(userId);
  });

  it('stores only an argon2id hash of the answer', async () => {
    const { testProvider, userId } = await userWithAnswer();
    const rows = await testProvider.provider.database.db.selectFrom('security_answers').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: userId, question: QUESTION });
    expect(rows[0]?.answer_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]?.answer_hash).not.toMatch(/rex|dog/i);
  });

  it('refuses a wrong answer, an unknown email and a user without a question alike, and nothing changes', async () => {
    const { testProvider } = await userWithAnswer();
    await signIn(testProvider, { email: 'nobody-set-one@example.com' });
    const sessionsBefore = await countRows(testProvider, 'sessions');
    const failuresBefore = await countRows(testProvider, 'auth_failures');

    const wrong = await testProvider.post('/security_questions/authenticate', { email: EMAIL, answer: 'felix' });
    expectError(wrong, 401, 'unauthorized_credentials');
    // The wrong guess is recorded against the user (the lockout's audit trail); no session starts.
    expect(await countRows(testProvider, 'auth_failures')).toBe(failuresBefore + 1);
    for (const email of ['stranger@example.com', 'nobody-set-one@example.com']) {
      expectError(
        await testProvider.post('/security_questions/authenticate', { email, answer: 'rex the dog' }),
        401,
        'unauthorized_credentials',
      );
    }
    expect(await countRows(testProvider, 'sessions')).toBe(sessionsBefore);
    expect(await countRows(testProvider, 'auth_failures')).toBe(failuresBefore + 1);
    // The stored answer is unchanged: the right one still signs in.
    const right = await testProvider.post('/security_questions/authenticate', { email: EMAIL, answer: 'Rex the dog' });
    expect(right.status).toBe(200);
  });

  it("takes a guess slot of the user's lockout before each check: past the cap even the right answer waits", async () => {
    const { testProvider } = await userWithAnswer({ lockout: { maxFailuresPerUser: 2 } });
    for (let guess = 0; guess < 2; guess += 1) {
      expectError(
        await testProvider.post('/security_questions/authenticate', { email: EMAIL, answer: `wrong ${guess}` }),
        401,
        'unauthorized_credentials',
      );
    }
    expectError(
      await testProvider.post('/security_questions/authenticate', { email: EMAIL, answer: 'rex the dog' }),
      429,
      'user_lock_limit_reached',
    );
  });

  it('checks at most maxFailuresPerUser of 20 parallel guesses (each takes its slot before the hash)', async () => {
    const { testProvider } = await userWithAnswer({ lockout: { maxFailuresPerUser: 5 } });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        testProvider.post('/security_questions/authenticate', { email: EMAIL, answer: `wrong ${index}` }),
      ),
    );
    const types = responses.map((response) => response.json.error_type as string);
    expect(types.filter((type) => type === 'unauthorized_credentials')).toHaveLength(5);
    expect(types.filter((type) => type === 'user_lock_limit_reached')).toHaveLength(15);
  });

  it('is refused on an account whose email is unverified, and removed by the pre-hijacking reset', async () => {
    const testProvider = await startProvider();
    // A stranger signs up with the victim's address (a password: the address stays unverified).
    const stranger = await testProvider.post('/passwords', { email: EMAIL, password: 'correct horse battery staple' });
    expect(stranger.status).toBe(200);
    const { user_id: userId, session_token: strangerToken } = stranger.json.data;
    const refused = await testProvider.post(
      '/security_questions/set',
      { question: QUESTION, answer: 'rex the dog' },
      strangerToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.json.error_type).toBe('identifier_not_verified');
    // Were one there anyway, the owner's first proof of the address removes it with the stranger's password.
    const { db } = testProvider.provider.database;
    await db
      .insertInto('security_answers')
      .values({
        security_answer_id: 'security-answer-test-planted',
        project_id: testProvider.projectId,
        user_id: userId,
        question: QUESTION,
        answer_hash: 'planted',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const sent = await testProvider.post('/otps/email/login_or_create', { email: EMAIL });
    const code = await testProvider.lastCode(EMAIL);
    const owner = await testProvider.post('/otps/authenticate', { token: code, method_id: sent.json.data.method_id });
    expect(owner.status).toBe(200);
    expect(owner.json.data.account_reset.removed).toContain('password');
    expect(await db.selectFrom('security_answers').selectAll().execute()).toEqual([]);
    expect(owner.json.data.user.security_question).toBeNull();
  });

  it("has the log blank its answer field (its descriptor's logRedaction), like a password", () => {
    const lines: string[] = [];
    const logger = createLogger(parseConfig({ mode: 'production' }), {
      destination: { write: (line: string) => lines.push(line) },
    });
    logger.warn({ answer: 'rex the dog', body: { answer: 'rex the dog', password: 'hunter2' } }, 'oops');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      answer: '[redacted]',
      body: { answer: '[redacted]', password: '[redacted]' },
    });
  });

  it("has its sign-in call counted by the metrics under its label (its descriptor's signInRoutes)", () => {
    expect(signInMethod('POST', '/sdk/v1/security_questions/authenticate')).toBe('security_question');
    expect(SIGN_IN_ROUTES['POST /sdk/v1/passwords/authenticate']).toBe('password');
  });

  it('counts answers per client IP against its own rate limit', async () => {
    const { testProvider } = await userWithAnswer({
      rateLimits: { securityAnswerAttemptsPerIp: { limit: 1, windowSeconds: 60 } },
    });
    expect(
      (await testProvider.post('/security_questions/authenticate', { email: EMAIL, answer: 'rex the dog' })).status,
    ).toBe(200);
    const limited = await testProvider.post('/security_questions/authenticate', {
      email: EMAIL,
      answer: 'rex the dog',
    });
    expectError(limited, 429, 'too_many_requests');
  });

  it('answers its own error type from the catalogue, and the core errors for sessions and switches', async () => {
    const { testProvider, sessionToken } = await userWithAnswer({
      project: { securityQuestion: { minAnswerLength: 4 } },
    });
    const short = await testProvider.post(
      '/security_questions/set',
      { question: QUESTION, answer: ' r e ' },
      sessionToken,
    );
    expectError(short, 400, invalidAnswer);
    expect(short.json.error_message).toBe(ERROR_CATALOGUE[invalidAnswer].message);
    expectError(
      await testProvider.post('/security_questions/set', { question: ' ', answer: 'rex the dog' }, sessionToken),
      400,
      invalidAnswer,
    );
    expectError(
      await testProvider.post('/security_questions/set', { question: QUESTION, answer: 'rex the dog' }),
      401,
      'user_unauthenticated',
    );

    const off = await startProvider(withSample({ project: { securityQuestion: { enabled: false } } }));
    const { sessionToken: offToken } = await signIn(off, { email: EMAIL });
    expectError(
      await off.post('/security_questions/set', { question: QUESTION, answer: 'rex the dog' }, offToken),
      403,
      'method_not_enabled',
    );
    expectError(
      await off.post('/security_questions/authenticate', { email: EMAIL, answer: 'rex the dog' }),
      403,
      'method_not_enabled',
    );
  });

  it('needs a recent authentication to set a question (a new factor is a sensitive change)', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider, { email: EMAIL });
    testProvider.clock.advance(10 * 60_000);
    const stale = await testProvider.post(
      '/security_questions/set',
      { question: QUESTION, answer: 'rex' },
      sessionToken,
    );
    expect(stale.status).toBe(403);
    expect(stale.json.error_type).toBe('reauthentication_required');
    expect(await testProvider.provider.database.db.selectFrom('security_answers').selectAll().execute()).toEqual([]);
  });

  it('answers every malformed body of the battery on its routes with a JSON client error, signed in or not', async () => {
    const testProvider = await startProvider(withSample((await robustness.config?.()) ?? {}));
    const { sessionToken } = await signIn(testProvider, { email: EMAIL });
    const bodies = [...ROBUSTNESS_BODIES, ...(robustness.bodies ?? [])];
    const failures: string[] = [];
    for (const [method, path] of robustness.routes) {
      for (const rawBody of bodies) {
        for (const token of [undefined, sessionToken, 'not-a-session']) {
          const response = await testProvider.call(method, path, { rawBody, sessionToken: token });
          const text = JSON.stringify(response.json);
          const requestId = response.json?.request_id ?? response.json?.data?.request_id;
          if (response.status >= 500 || !REQUEST_ID_PATTERN.test(String(requestId)) || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`${method} ${path} ${rawBody.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every /sdk/v1 route the sample registers has its case.
    const registered = PROVIDER_PRODUCTS.find((product) => product.key === 'securityQuestion');
    const paths: string[] = [];
    registered?.register({ post: (path: string) => paths.push(`POST ${path}`) } as never);
    expect(paths.sort()).toEqual(robustness.routes.map(([method, path]) => `${method} /sdk/v1${path}`).sort());
  });

  it('runs in a provider process too: bin.mjs swaps the same registries through Node module hooks', async () => {
    const cli = spawnProvider(['start', '--port', '0'], { bin: fileURLToPath(new URL('./bin.mjs', import.meta.url)) });
    const url = await listeningUrl(cli);
    const publicToken = 'public-token-test-latchkey-playground';
    const response = await fetch(`${url}/sdk/v1/security_questions/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:5173',
        authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
      },
      body: JSON.stringify({ email: EMAIL, answer: 'rex the dog' }),
    });
    // Served (an unknown email), not the 404 of a route the provider does not have.
    expect(response.status).toBe(401);
    expect((await response.json()).error_type).toBe('unauthorized_credentials');
  });
});
