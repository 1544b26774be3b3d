// The user lookup's SQL (services/users.ts): one statement whose aggregated subqueries load the whole user, as it is
// compiled for each dialect; and the answer it makes, byte for byte (the contract's field order). Recorded so that a change of how the statement is assembled (the products' parts of the
// user answer) shows in the SQL text it sends.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../testing/harness';
import type { Database } from '../db/schema';
import { JOINED_USER_COLUMNS, loadSessionWithUser, loadUser, newUserRow, userMethodColumns } from './users';

const dialects = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

describe.each(Object.keys(dialects) as (keyof typeof dialects)[])('the user lookup on %s', (dialect) => {
  const db = dialects[dialect];

  it('is one statement, the same SQL text as recorded (loadUser)', () => {
    const query = db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) => userMethodColumns(db, eb))
      .where('users.user_id', '=', 'user-id')
      .compile();
    expect(query.sql).toMatchSnapshot();
  });

  it('is one statement with the session and the version of its methods, the same SQL text as recorded (loadSessionWithUser)', () => {
    const query = db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .selectAll('sessions')
      .select([...JOINED_USER_COLUMNS, 'users.methods_version'])
      .where('sessions.token_hash', '=', 'hash')
      .where('sessions.project_id', '=', 'project')
      .compile();
    expect(query.sql).toMatchSnapshot();
  });
});

/** The user every sign-in method of the provider gives something to, two of each where the answer lists them. */
const USER_ANSWER =
  '{"user_id":"user-test-1","created_at":"2026-11-21T12:00:00.000Z","status":"active",' +
  '"name":{"first_name":"Ada","middle_name":"","last_name":"Lovelace"},' +
  '"emails":[{"email_id":"email-test-1","email":"ada@example.com","verified":true},' +
  '{"email_id":"email-test-2","email":"ada2@example.com","verified":false}],' +
  '"phone_numbers":[{"phone_id":"phone-test-1","phone_number":"+15555550100","verified":true}],' +
  '"crypto_wallets":[{"crypto_wallet_id":"wallet-test-1","crypto_wallet_address":"0x52908400098527886E0F7030069857D2E4169EE7","crypto_wallet_type":"ethereum","verified":true},' +
  '{"crypto_wallet_id":"wallet-test-2","crypto_wallet_address":"So1anaAddress","crypto_wallet_type":"solana","verified":true}],' +
  '"providers":[{"oauth_user_registration_id":"oauth-test-1","provider_subject":"sub-1","provider_type":"google","profile_picture_url":"https://example.com/p.png","locale":"en"}],' +
  '"webauthn_registrations":[{"webauthn_registration_id":"webauthn-test-1","domain":"localhost","user_agent":"UA","authenticator_type":"platform","verified":true,"name":"Laptop","created_at":"2026-11-21T12:00:00.000Z"}],' +
  '"biometric_registrations":[],' +
  '"totps":[{"totp_id":"totp-test-1","verified":true}],' +
  '"password":{"password_id":"password-test-1","requires_reset":false},' +
  '"trusted_metadata":{"plan":"pro"},"untrusted_metadata":{},"roles":["stytch_user","admin"]}';

const BARE_USER_ANSWER =
  '{"user_id":"user-test-2","created_at":"2026-11-21T12:00:00.000Z","status":"pending",' +
  '"name":{"first_name":"","middle_name":"","last_name":""},"emails":[],"phone_numbers":[],"crypto_wallets":[],' +
  '"providers":[],"webauthn_registrations":[],"biometric_registrations":[],"totps":[],"password":null,' +
  '"trusted_metadata":{},"untrusted_metadata":{},"roles":["stytch_user"]}';

describe('the user answer', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const at = Date.parse('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    fresh = await freshDatabase();
    const { db } = fresh.database;
    const owner = { user_id: 'user-test-1', project_id: 'project-test' };
    await db
      .insertInto('projects')
      .values({
        project_id: 'project-test',
        public_token: 'public-token-test',
        name: 'Test',
        created_at: at,
        secret_key_hash: null,
      })
      .execute();
    await db
      .insertInto('users')
      .values([
        {
          ...owner,
          created_at: at,
          status: 'active',
          first_name: 'Ada',
          middle_name: '',
          last_name: 'Lovelace',
          trusted_metadata: '{"plan":"pro"}',
          untrusted_metadata: '{}',
          roles: '["admin"]',
        },
        newUserRow('user-test-2', 'project-test', at, 'pending'),
      ])
      .execute();
    await db
      .insertInto('emails')
      .values([
        { ...owner, email_id: 'email-test-2', email: 'ada2@example.com', verified: 0, created_at: at + 1 },
        { ...owner, email_id: 'email-test-1', email: 'ada@example.com', verified: 1, created_at: at },
      ])
      .execute();
    await db
      .insertInto('phone_numbers')
      .values({ ...owner, phone_id: 'phone-test-1', phone_number: '+15555550100', verified: 1, created_at: at })
      .execute();
    await db
      .insertInto('crypto_wallets')
      .values([
        {
          ...owner,
          crypto_wallet_id: 'wallet-test-2',
          wallet_type: 'solana',
          address: 'So1anaAddress',
          created_at: at + 1,
        },
        {
          ...owner,
          crypto_wallet_id: 'wallet-test-1',
          wallet_type: 'ethereum',
          address: '0x52908400098527886e0f7030069857d2e4169ee7',
          created_at: at,
        },
      ])
      .execute();
    await db
      .insertInto('oauth_registrations')
      .values({
        ...owner,
        oauth_user_registration_id: 'oauth-test-1',
        provider: 'google',
        provider_subject: 'sub-1',
        email_id: null,
        profile_picture_url: 'https://example.com/p.png',
        locale: 'en',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('webauthn_registrations')
      .values({
        ...owner,
        webauthn_registration_id: 'webauthn-test-1',
        credential_id: 'credential-1',
        public_key: 'key',
        sign_count: 0,
        transports: '[]',
        user_handle: 'handle',
        rp_id: 'localhost',
        user_agent: 'UA',
        authenticator_type: 'platform',
        is_passkey: 1,
        name: 'Laptop',
        created_at: at,
      })
      .execute();
    await db
      .insertInto('totps')
      .values({
        ...owner,
        totp_id: 'totp-test-1',
        secret_ciphertext: 'v1.x',
        verified: 1,
        last_time_step: null,
        expires_at: at,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('passwords')
      .values({
        user_id: 'user-test-1',
        password_id: 'password-test-1',
        hash: 'hash',
        requires_reset: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('sessions')
      .values({
        ...owner,
        session_id: 'session-test-1',
        token_hash: 'hash-1',
        started_at: at,
        last_accessed_at: at,
        expires_at: at + 60_000,
        revoked_at: null,
        ip_address: '',
        user_agent: '',
        factors: '[]',
        custom_claims: null,
        impersonator_id: null,
        exchanged_token_id: null,
        exchanged_client_id: null,
        max_expires_at: null,
      })
      .execute();
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it("is the same JSON text, field for field in the contract's order (loadUser)", async () => {
    const { db } = fresh.database;
    expect(JSON.stringify(await loadUser(db, 'user-test-1'))).toBe(USER_ANSWER);
    expect(JSON.stringify(await loadUser(db, 'user-test-2'))).toBe(BARE_USER_ANSWER);
    expect(await loadUser(db, 'user-test-3')).toBeUndefined();
  });

  it('is the same with a session, whose own columns are left to the session (loadSessionWithUser)', async () => {
    const loaded = await loadSessionWithUser(fresh.database.db, 'hash-1', 'project-test');
    expect(JSON.stringify(loaded?.user)).toBe(USER_ANSWER);
    // Again, with the methods this handle kept at their version: the same text.
    const again = await loadSessionWithUser(fresh.database.db, 'hash-1', 'project-test');
    expect(JSON.stringify(again?.user)).toBe(USER_ANSWER);
    expect(again?.session).toEqual(loaded?.session);
    expect(Object.keys(loaded?.session ?? {}).sort()).toEqual(
      [
        'session_id',
        'user_id',
        'project_id',
        'token_hash',
        'started_at',
        'last_accessed_at',
        'expires_at',
        'revoked_at',
        'ip_address',
        'user_agent',
        'factors',
        'custom_claims',
        'impersonator_id',
        'exchanged_token_id',
        'exchanged_client_id',
        'max_expires_at',
      ].sort(),
    );
  });
});
