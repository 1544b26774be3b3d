import { describe, expect, it } from 'vitest';
import { expectedUser } from '../../test/authenticateResponse';
import { errorBody, REQUEST_ID } from '../../test/expectError';
import { providerDeps, rowById, signIn } from '../../testing/fixtures';
import { startProvider, type TestProvider } from '../../testing/harness';
import { findOrCreateUserByEmail, findOrCreateUserByPhone } from '../services/users';

// The messages are quoted from the specification, not taken from the catalogue under test.
const USER_UNAUTHENTICATED = errorBody(
  401,
  'user_unauthenticated',
  'Must have an active session to call this method. Have you logged in yet?',
);
const EMAIL_NOT_FOUND = errorBody(404, 'email_not_found', 'Email not found.');
const PHONE_NOT_FOUND = errorBody(404, 'phone_number_not_found', 'Phone number not found.');

/** The users row of `userId`. */
const userRow = (testProvider: TestProvider, userId: string) => rowById(testProvider, 'users', userId);

/** A user with one email and one phone number. */
const ADA = { email: 'ada@example.com', phoneNumber: '+14155550100' };
/** Ada's email as the user object lists it, once verified by signing in. */
const adaEmail = (emailId: string | null) => ({ email_id: emailId, email: ADA.email, verified: true });
/** Ada's phone number as the user object lists it, once verified by signing in. */
const adaPhone = (phoneId: string | null) => ({ phone_id: phoneId, phone_number: ADA.phoneNumber, verified: true });

async function insertPassword(testProvider: TestProvider, userId: string, passwordId = 'password-test-1') {
  const now = testProvider.clock.now();
  await testProvider.provider.database.db
    .insertInto('passwords')
    .values({
      password_id: passwordId,
      user_id: userId,
      hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
      requires_reset: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('GET /users/me', () => {
  it('answers the user object itself, flat in data', async () => {
    const testProvider = await startProvider();
    const { userId, emailId, phoneId, sessionToken } = await signIn(testProvider, { ...ADA, email: 'Ada@Example.com' });
    await insertPassword(testProvider, userId);
    await testProvider.provider.database.db
      .updateTable('users')
      .set({ first_name: 'Ada', untrusted_metadata: '{"theme":"dark"}' })
      .where('user_id', '=', userId)
      .execute();
    const response = await testProvider.call('GET', '/users/me', { sessionToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        ...expectedUser(userId, {
          name: { first_name: 'Ada', middle_name: '', last_name: '' },
          emails: [adaEmail(emailId)],
          phone_numbers: [adaPhone(phoneId)],
          password: { password_id: 'password-test-1', requires_reset: false },
          untrusted_metadata: { theme: 'dark' },
        }),
      },
    });
  });

  it('answers user_unauthenticated without a session and session_not_found with a dead one', async () => {
    const testProvider = await startProvider();
    expect((await testProvider.call('GET', '/users/me')).json).toEqual(USER_UNAUTHENTICATED);
    const { sessionToken } = await signIn(testProvider, { durationMinutes: 5 });
    testProvider.clock.advance(5 * 60_000);
    const response = await testProvider.call('GET', '/users/me', { sessionToken });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(404, 'session_not_found', 'Session not found.'));
  });
});

describe('PUT /users/me', () => {
  it('changes only the name parts given and answers user_id, emails, phone_numbers, crypto_wallets and __user', async () => {
    const testProvider = await startProvider();
    const { userId, emailId, sessionToken } = await signIn(testProvider, { email: ADA.email });
    await testProvider.provider.database.db
      .updateTable('users')
      .set({ last_name: 'Byron' })
      .where('user_id', '=', userId)
      .execute();
    const response = await testProvider.call('PUT', '/users/me', {
      body: { name: { first_name: 'Ada', middle_name: 'King' } },
      sessionToken,
    });
    expect(response.status).toBe(200);
    const emails = [adaEmail(emailId)];
    expect(response.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        user_id: userId,
        emails,
        phone_numbers: [],
        crypto_wallets: [],
        __user: expectedUser(userId, { emails, name: { first_name: 'Ada', middle_name: 'King', last_name: 'Byron' } }),
      },
    });
    const row = await userRow(testProvider, userId);
    expect([row.first_name, row.middle_name, row.last_name]).toEqual(['Ada', 'King', 'Byron']);
  });

  it('merges untrusted_metadata key by key; a key set to null is removed', async () => {
    const testProvider = await startProvider();
    const { userId, sessionToken } = await signIn(testProvider);
    await testProvider.provider.database.db
      .updateTable('users')
      .set({ untrusted_metadata: JSON.stringify({ keep: 1, replace: { x: 1 }, drop: true }) })
      .where('user_id', '=', userId)
      .execute();
    const response = await testProvider.call('PUT', '/users/me', {
      body: { untrusted_metadata: { replace: { y: 2 }, drop: null, added: 'new', gone: null } },
      sessionToken,
    });
    expect(response.status).toBe(200);
    const expected = { keep: 1, replace: { y: 2 }, added: 'new' };
    expect(response.json.data.__user.untrusted_metadata).toEqual(expected);
    expect(JSON.parse((await userRow(testProvider, userId)).untrusted_metadata)).toEqual(expected);
  });

  it('ignores trusted_metadata, roles and other fields a client must not set', async () => {
    const testProvider = await startProvider();
    const { userId, sessionToken } = await signIn(testProvider);
    const before = await userRow(testProvider, userId);
    const response = await testProvider.call('PUT', '/users/me', {
      body: { trusted_metadata: { admin: true }, roles: ['admin'], status: 'pending', user_id: 'user-test-x' },
      sessionToken,
    });
    expect(response.status).toBe(200);
    expect(response.json.data.__user.trusted_metadata).toEqual({});
    expect(response.json.data.__user.roles).toEqual(['stytch_user']);
    expect(await userRow(testProvider, userId)).toEqual(before);
  });

  it('refuses metadata over 4096 bytes of JSON (counted in bytes, not characters) and writes nothing', async () => {
    const testProvider = await startProvider();
    const { userId, sessionToken } = await signIn(testProvider);
    const before = await userRow(testProvider, userId);
    // 2100 two-byte characters: under 4096 characters, over 4096 bytes.
    const response = await testProvider.call('PUT', '/users/me', {
      body: { name: { first_name: 'Mallory' }, untrusted_metadata: { bio: 'é'.repeat(2100) } },
      sessionToken,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      status_code: 400,
      request_id: REQUEST_ID,
      body: [{ dataPath: '.untrusted_metadata', message: 'must be at most 4096 bytes of JSON' }],
    });
    expect(await userRow(testProvider, userId)).toEqual(before);
  });

  it('counts the merged metadata against the limit, and accepts exactly 4096 bytes', async () => {
    const testProvider = await startProvider();
    const { userId, sessionToken } = await signIn(testProvider);
    // {"a":"…"} is 8 bytes of punctuation and key around the value.
    const exact = { a: 'x'.repeat(4096 - 8) };
    expect(Buffer.byteLength(JSON.stringify(exact))).toBe(4096);
    const accepted = await testProvider.call('PUT', '/users/me', { body: { untrusted_metadata: exact }, sessionToken });
    expect(accepted.status).toBe(200);
    const refused = await testProvider.call('PUT', '/users/me', {
      body: { untrusted_metadata: { b: 1 } },
      sessionToken,
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse((await userRow(testProvider, userId)).untrusted_metadata)).toEqual(exact);
  });

  it.each([
    [{ name: { first_name: 5 } }, '.name.first_name'],
    [{ name: 'Ada' }, '.name'],
    [{ untrusted_metadata: 'x' }, '.untrusted_metadata'],
    [{ untrusted_metadata: null }, '.untrusted_metadata'],
    [{ name: { last_name: 'x'.repeat(257) } }, '.name.last_name'],
  ])('refuses %j with a schema error at %s and writes nothing', async (body, dataPath) => {
    const testProvider = await startProvider();
    const { userId, sessionToken } = await signIn(testProvider);
    const before = await userRow(testProvider, userId);
    const response = await testProvider.call('PUT', '/users/me', { body, sessionToken });
    expect(response.status).toBe(400);
    expect(response.json.status_code).toBe(400);
    expect(response.json.body.map((issue: { dataPath: string }) => issue.dataPath)).toEqual([dataPath]);
    expect(await userRow(testProvider, userId)).toEqual(before);
  });

  it('answers user_unauthenticated without a session and writes nothing', async () => {
    const testProvider = await startProvider();
    const { userId } = await signIn(testProvider);
    const before = await userRow(testProvider, userId);
    const response = await testProvider.call('PUT', '/users/me', { body: { name: { first_name: 'Eve' } } });
    expect(response.status).toBe(401);
    expect(response.json).toEqual(USER_UNAUTHENTICATED);
    expect(await userRow(testProvider, userId)).toEqual(before);
  });
});

describe('DELETE /users/emails/{id} and /users/phone_numbers/{id}', () => {
  async function insertPendingSecrets(testProvider: TestProvider, userId: string, methodId: string) {
    const now = testProvider.clock.now();
    const { db } = testProvider.provider.database;
    await db
      .insertInto('otp_codes')
      .values({
        otp_id: `otp-${methodId}`,
        project_id: testProvider.provider.config.project.projectId,
        method_id: methodId,
        channel: methodId.startsWith('email') ? 'email' : 'sms',
        user_id: userId,
        code_hash: 'hash',
        expires_at: now + 600_000,
        consumed_at: null,
        failed_attempts: 0,
        created_at: now,
      })
      .execute();
    if (methodId.startsWith('email')) {
      await db
        .insertInto('email_tokens')
        .values({
          token_id: `token-${methodId}`,
          project_id: testProvider.provider.config.project.projectId,
          kind: 'magic_link',
          token_hash: `hash-${methodId}`,
          user_id: userId,
          email_id: methodId,
          code_challenge: null,
          expires_at: now + 600_000,
          consumed_at: null,
          created_at: now,
        })
        .execute();
    }
  }

  async function consumedAt(testProvider: TestProvider, methodId: string) {
    const { db } = testProvider.provider.database;
    const otp = await db
      .selectFrom('otp_codes')
      .select('consumed_at')
      .where('method_id', '=', methodId)
      .executeTakeFirst();
    const token = await db
      .selectFrom('email_tokens')
      .select('consumed_at')
      .where('email_id', '=', methodId)
      .executeTakeFirst();
    return { otp: otp?.consumed_at, token: token?.consumed_at };
  }

  /** The answer of a DELETE that left `userId` with only `remaining` (phone_numbers or emails). */
  const deletedAnswer = (userId: string, remaining: Record<string, unknown>) => ({
    data: { request_id: REQUEST_ID, status_code: 200, user_id: userId, __user: expectedUser(userId, remaining) },
  });

  it('removes the caller’s email, burns the codes and links sent to it, and answers user_id and __user', async () => {
    const testProvider = await startProvider();
    const { userId, emailId, phoneId, sessionToken } = await signIn(testProvider, ADA);
    await insertPendingSecrets(testProvider, userId, emailId as string);
    testProvider.clock.advance(1000);
    const response = await testProvider.call('DELETE', `/users/emails/${emailId}`, { sessionToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(deletedAnswer(userId, { phone_numbers: [adaPhone(phoneId)] }));
    expect(await testProvider.provider.database.db.selectFrom('emails').selectAll().execute()).toEqual([]);
    const now = testProvider.clock.now();
    expect(await consumedAt(testProvider, emailId as string)).toEqual({ otp: now, token: now });
  });

  it('removes the caller’s phone number and burns the codes sent to it', async () => {
    const testProvider = await startProvider();
    const { userId, emailId, phoneId, sessionToken } = await signIn(testProvider, ADA);
    await insertPendingSecrets(testProvider, userId, phoneId as string);
    const response = await testProvider.call('DELETE', `/users/phone_numbers/${phoneId}`, { sessionToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(deletedAnswer(userId, { emails: [adaEmail(emailId)] }));
    expect(await testProvider.provider.database.db.selectFrom('phone_numbers').selectAll().execute()).toEqual([]);
    expect((await consumedAt(testProvider, phoneId as string)).otp).toBe(testProvider.clock.now());
  });

  it('refuses to delete another user’s email or phone number: not found, and their rows and codes stay', async () => {
    const testProvider = await startProvider();
    const victim = await signIn(testProvider, { email: 'victim@example.com', phoneNumber: '+14155550111' });
    await insertPendingSecrets(testProvider, victim.userId, victim.emailId as string);
    await insertPendingSecrets(testProvider, victim.userId, victim.phoneId as string);
    const attacker = await signIn(testProvider, { email: 'attacker@example.com' });
    const email = await testProvider.call('DELETE', `/users/emails/${victim.emailId}`, {
      sessionToken: attacker.sessionToken,
    });
    expect(email.status).toBe(404);
    expect(email.json).toEqual(EMAIL_NOT_FOUND);
    const phone = await testProvider.call('DELETE', `/users/phone_numbers/${victim.phoneId}`, {
      sessionToken: attacker.sessionToken,
    });
    expect(phone.status).toBe(404);
    expect(phone.json).toEqual(PHONE_NOT_FOUND);
    expect((await rowById(testProvider, 'emails', victim.emailId as string)).user_id).toBe(victim.userId);
    expect((await rowById(testProvider, 'phones', victim.phoneId as string)).user_id).toBe(victim.userId);
    expect(await consumedAt(testProvider, victim.emailId as string)).toEqual({ otp: null, token: null });
    expect((await consumedAt(testProvider, victim.phoneId as string)).otp).toBeNull();
  });

  it('answers email_not_found and phone_number_not_found for ids that do not exist', async () => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider);
    expect((await testProvider.call('DELETE', '/users/emails/email-test-nope', { sessionToken })).json).toEqual(
      EMAIL_NOT_FOUND,
    );
    expect(
      (await testProvider.call('DELETE', '/users/phone_numbers/phone-number-test-nope', { sessionToken })).json,
    ).toEqual(PHONE_NOT_FOUND);
  });

  it.each([
    ['crypto_wallets', 'crypto_wallet_not_found', 'Crypto wallet not found.'],
    ['oauth', 'oauth_registration_not_found', 'OAuth registration not found.'],
    ['biometric_registrations', 'not_found', 'Biometric registration not found.'],
  ] as const)('answers DELETE /users/%s/{id} of an unknown id with 404 %s', async (segment, type, message) => {
    const testProvider = await startProvider();
    const { sessionToken } = await signIn(testProvider);
    const response = await testProvider.call('DELETE', `/users/${segment}/some-id`, { sessionToken });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(404, type, message));
  });

  it.each([
    'emails/{email}',
    'phone_numbers/{phone}',
    'totps/x',
    'crypto_wallets/x',
    'oauth/x',
    'webauthn_registrations/x',
    'biometric_registrations/x',
  ])('answers DELETE /users/%s without a session with user_unauthenticated, deleting nothing', async (path) => {
    const testProvider = await startProvider();
    const { emailId, phoneId } = await signIn(testProvider, ADA);
    const response = await testProvider.call(
      'DELETE',
      `/users/${path.replace('{email}', emailId as string).replace('{phone}', phoneId as string)}`,
    );
    expect(response.status).toBe(401);
    expect(response.json).toEqual(USER_UNAUTHENTICATED);
    const { db } = testProvider.provider.database;
    expect(await db.selectFrom('emails').select('email_id').execute()).toEqual([{ email_id: emailId }]);
    expect(await db.selectFrom('phone_numbers').select('phone_id').execute()).toEqual([{ phone_id: phoneId }]);
  });
});

describe('POST /users/search', () => {
  it('answers userType new, passwordless or password, without a session and without writing', async () => {
    const testProvider = await startProvider();
    const { userId } = await signIn(testProvider, { email: 'ada@example.com' });
    await signIn(testProvider, { email: 'grace@example.com' });
    await insertPassword(testProvider, userId);
    const { db } = testProvider.provider.database;
    const usersBefore = await db.selectFrom('users').selectAll().execute();
    const search = async (email: string) => {
      const response = await testProvider.call('POST', '/users/search', { body: { email } });
      expect(response.status).toBe(200);
      return response.json;
    };
    expect(await search('nobody@example.com')).toEqual({
      data: { request_id: REQUEST_ID, status_code: 200, userType: 'new' },
    });
    expect((await search('grace@example.com')).data.userType).toBe('passwordless');
    expect((await search('ada@example.com')).data.userType).toBe('password');
    // Emails are matched case-insensitively and trimmed, as they are stored.
    expect((await search(' ADA@Example.COM ')).data.userType).toBe('password');
    expect(await db.selectFrom('users').selectAll().execute()).toEqual(usersBefore);
  });

  it.each(['not-an-email', 'a@b', 'a b@example.com', `${'x'.repeat(250)}@example.com`, ''])(
    'answers invalid_email for %j',
    async (email) => {
      const { call } = await startProvider();
      const response = await call('POST', '/users/search', { body: { email } });
      expect(response.status).toBe(400);
      expect(response.json).toEqual(errorBody(400, 'invalid_email', 'Email format is invalid.'));
    },
  );
});

describe('findOrCreateUserByEmail / findOrCreateUserByPhone under concurrency', () => {
  it('creates exactly one user when fifty requests race for one new email', async () => {
    const testProvider = await startProvider();
    const deps = providerDeps(testProvider);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        findOrCreateUserByEmail(deps, index % 2 === 0 ? 'race@example.com' : 'RACE@example.com'),
      ),
    );
    const { db } = testProvider.provider.database;
    const users = await db.selectFrom('users').select('user_id').execute();
    const emails = await db.selectFrom('emails').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.email).toBe('race@example.com');
    expect(new Set(results.map((result) => result.userId))).toEqual(new Set([users[0]?.user_id]));
    expect(new Set(results.map((result) => result.methodId))).toEqual(new Set([emails[0]?.email_id]));
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it('creates exactly one user when fifty requests race for one new phone number', async () => {
    const testProvider = await startProvider();
    const deps = providerDeps(testProvider);
    const results = await Promise.all(Array.from({ length: 50 }, () => findOrCreateUserByPhone(deps, '+14155550199')));
    const { db } = testProvider.provider.database;
    const users = await db.selectFrom('users').select('user_id').execute();
    expect(users).toHaveLength(1);
    expect(await db.selectFrom('phone_numbers').select('phone_id').execute()).toHaveLength(1);
    expect(new Set(results.map((result) => result.userId))).toEqual(new Set([users[0]?.user_id]));
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it('returns the existing owner without creating anything', async () => {
    const testProvider = await startProvider();
    const { userId, emailId } = await signIn(testProvider, { email: 'ada@example.com' });
    const result = await findOrCreateUserByEmail(providerDeps(testProvider), 'Ada@Example.com');
    expect(result).toEqual({ userId, methodId: emailId, created: false });
    expect(await testProvider.provider.database.db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
  });
});
