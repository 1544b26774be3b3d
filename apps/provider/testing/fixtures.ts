// Shortcuts for tests that need a signed-in user or the services' dependencies without going through
// the sign-in routes, so foundation tests do not depend on the OTP, magic-link or password code.
import { randomUUID } from 'node:crypto';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Hono } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema';
import { createApp } from '../src/http/app';
import type { ProviderDeps, ProviderEnv } from '../src/http/context';
import { SILENT_LOGGER } from '../src/ops/logging';
import { NOOP_METRICS } from '../src/ops/metrics';
import { newId, randomToken, sha256Hex } from '../src/services/secrets';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../src/services/sessions';
import { SessionSigner } from '../src/services/signer';
import { keySealing } from '../src/services/signingKeys';
import { findEmail, findPhoneNumber, newUserRow, normalizeEmail } from '../src/services/users';
import type { CallResult, TestProvider } from './harness';

export interface SignedIn {
  userId: string;
  /** The email row, or null when only a phone number was asked for. */
  emailId: string | null;
  /** The phone row, or null when no phone number was asked for. */
  phoneId: string | null;
  /** The opaque session token (only its SHA-256 is stored). */
  sessionToken: string;
  sessionId: string;
}

/**
 * Creates (or reuses) the user owning `email` / `phoneNumber` and a live session for it, directly in the
 * database. Without either, a fresh random email is used.
 */
export async function signIn(
  testProvider: TestProvider,
  options: { email?: string; phoneNumber?: string; durationMinutes?: number } = {},
): Promise<SignedIn> {
  const { db } = testProvider.provider.database;
  const { projectId } = testProvider.provider.config.project;
  const environment = testProvider.provider.config.project.publicToken.startsWith('public-token-live-')
    ? 'live'
    : 'test';
  const now = testProvider.clock.now();
  const email =
    options.email === undefined && options.phoneNumber === undefined
      ? `user-${randomUUID()}@example.com`
      : options.email;

  const existingEmail = email === undefined ? undefined : await findEmail(db, projectId, email);
  const existingPhone =
    options.phoneNumber === undefined ? undefined : await findPhoneNumber(db, projectId, options.phoneNumber);
  const userId = existingEmail?.user_id ?? existingPhone?.user_id ?? newId('user', environment);
  if (!existingEmail && !existingPhone) {
    await db
      .insertInto('users')
      .values(newUserRow(userId, projectId, now, 'active'))
      .execute();
  }
  // Verified, as a sign-in through the identifier would have left it.
  const attached = { user_id: userId, project_id: projectId, verified: 1, created_at: now };
  let emailId: string | null = existingEmail?.email_id ?? null;
  if (email !== undefined && !existingEmail) {
    emailId = newId('email', environment);
    await db
      .insertInto('emails')
      .values({ ...attached, email_id: emailId, email: normalizeEmail(email) })
      .execute();
  }
  let phoneId: string | null = existingPhone?.phone_id ?? null;
  if (options.phoneNumber !== undefined && !existingPhone) {
    phoneId = newId('phone-number', environment);
    await db
      .insertInto('phone_numbers')
      .values({ ...attached, phone_id: phoneId, phone_number: options.phoneNumber })
      .execute();
  }

  const lastAuthenticatedAt = new Date(now).toISOString();
  const factor =
    emailId !== null && email !== undefined
      ? {
          type: 'otp',
          delivery_method: 'email',
          last_authenticated_at: lastAuthenticatedAt,
          email_factor: { email_id: emailId, email_address: normalizeEmail(email) },
        }
      : {
          type: 'otp',
          delivery_method: 'sms',
          last_authenticated_at: lastAuthenticatedAt,
          phone_number_factor: { phone_id: phoneId, phone_number: options.phoneNumber },
        };
  const sessionToken = randomToken(32);
  const sessionId = newId('session', environment);
  await db
    .insertInto('sessions')
    .values({
      session_id: sessionId,
      user_id: userId,
      project_id: projectId,
      token_hash: sha256Hex(sessionToken),
      started_at: now,
      last_accessed_at: now,
      expires_at: now + (options.durationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES) * 60_000,
      revoked_at: null,
      ip_address: '127.0.0.1',
      user_agent: 'vitest',
      factors: JSON.stringify([factor]),
      custom_claims: null,
    })
    .execute();
  return { userId, emailId, phoneId, sessionToken, sessionId };
}

/** The dependencies the routes get through `c.get('deps')`, for calling services directly. */
export function providerDeps(testProvider: TestProvider, overrides: Partial<ProviderDeps> = {}): ProviderDeps {
  const { provider, clock } = testProvider;
  return {
    db: provider.database.db,
    config: provider.config,
    clock,
    outbox: {
      async send() {
        throw new Error('This test sends no messages');
      },
    },
    signer: new SessionSigner(provider.database.db, { sealing: keySealing(testProvider.encryptionKey) }),
    environment: provider.config.project.publicToken.startsWith('public-token-live-') ? 'live' : 'test',
    hmacKey: testProvider.hmacKey,
    encryptionKey: testProvider.encryptionKey,
    keySealing: keySealing(testProvider.encryptionKey),
    // Services called directly here never reach a social upstream.
    metrics: NOOP_METRICS,
    log: SILENT_LOGGER,
    ...overrides,
  };
}

/**
 * The real application shell (request ids, CORS, Basic auth, envelopes) around routes a test registers,
 * on the test provider's database: for exercising services the foundation routes do not reach yet.
 */
export function appWithRoutes(
  testProvider: TestProvider,
  register: (app: Hono<ProviderEnv>) => void,
  deps: ProviderDeps = providerDeps(testProvider),
): Hono<ProviderEnv> {
  return createApp(deps, register);
}

/** The tables a test snapshots, by the short names tests use, with the primary key that orders their rows. */
const SNAPSHOT_TABLES = {
  users: ['users', 'user_id'],
  emails: ['emails', 'email_id'],
  phones: ['phone_numbers', 'phone_id'],
  passwords: ['passwords', 'password_id'],
  sessions: ['sessions', 'session_id'],
  codes: ['otp_codes', 'otp_id'],
  tokens: ['email_tokens', 'token_id'],
  failures: ['auth_failures', 'failure_id'],
  inbox: ['dev_inbox', 'message_id'],
  passkeys: ['webauthn_registrations', 'webauthn_registration_id'],
  challenges: ['webauthn_challenges', 'challenge_id'],
  totps: ['totps', 'totp_id'],
  recoveryCodes: ['totp_recovery_codes', 'recovery_code_id'],
  intermediateSessions: ['intermediate_sessions', 'intermediate_session_id'],
} as const;

/** A short table name of `snapshotRows` and `rowById`. */
export type SnapshotName = keyof typeof SNAPSHOT_TABLES;
type RowOf<N extends SnapshotName> = Selectable<Database[(typeof SNAPSHOT_TABLES)[N][0]]>;

// The table is chosen at run time, which Kysely's per-table types cannot follow; the results are typed below.
const untypedDb = (testProvider: TestProvider) =>
  testProvider.provider.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/** Every row of the named tables, each in primary-key order: compare two snapshots to prove nothing changed. */
export async function snapshotRows<N extends SnapshotName>(
  testProvider: TestProvider,
  names: readonly N[],
): Promise<{ [K in N]: RowOf<K>[] }> {
  const rows: Partial<Record<SnapshotName, unknown[]>> = {};
  for (const name of names) {
    const [table, key] = SNAPSHOT_TABLES[name];
    rows[name] = await untypedDb(testProvider).selectFrom(table).selectAll().orderBy(key).execute();
  }
  return rows as { [K in N]: RowOf<K>[] };
}

/** The row of the named table whose primary key is `id`; fails when there is none. */
export async function rowById<N extends SnapshotName>(
  testProvider: TestProvider,
  name: N,
  id: string,
): Promise<RowOf<N>> {
  const [table, key] = SNAPSHOT_TABLES[name];
  const row = await untypedDb(testProvider).selectFrom(table).selectAll().where(key, '=', id).executeTakeFirstOrThrow();
  return row as RowOf<N>;
}

/**
 * The one message `send` delivers to `to`, with `send`'s answer. Found by message id, not by position:
 * messages sent at the same TestClock instant have no reliable order in the inbox.
 */
export async function deliveredMessage(testProvider: TestProvider, to: string, send: () => Promise<CallResult>) {
  const { inbox } = testProvider.provider;
  if (!inbox) throw new Error('The development inbox is off');
  const seen = new Set((await inbox.list(to)).map((message) => message.message_id));
  const response = await send();
  const fresh = (await inbox.list(to)).filter((message) => !seen.has(message.message_id));
  expect(fresh).toHaveLength(1);
  const [message] = fresh;
  if (!message) throw new Error(`Nothing was sent to ${to}`);
  return { response, message };
}

/**
 * Proves `email` from the session that holds it (`otps/email/send/secondary`, then `otps/authenticate` with that
 * session), as the widget does right after a password sign-up: the address becomes verified and nothing is reset.
 * Answers the authenticate call.
 */
export async function verifyEmailInSession(
  testProvider: TestProvider,
  email: string,
  sessionToken: string,
): Promise<CallResult> {
  const sent = await testProvider.post('/otps/email/send/secondary', { email }, sessionToken);
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const code = await testProvider.lastCode(email);
  const verified = await testProvider.post(
    '/otps/authenticate',
    { token: code, method_id: sent.json.data.method_id, session_duration_minutes: 60 },
    sessionToken,
  );
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return verified;
}

/**
 * Runs `attach` as if the user's emails and phone numbers were verified, then marks the ones that were not
 * unverified again: an account that got a factor before its address was proved (set up before enrolment needed a
 * verified address), whose later proof must still remove it.
 */
export async function asIfVerified<T>(
  testProvider: TestProvider,
  userId: string,
  attach: () => Promise<T>,
): Promise<T> {
  const { db } = testProvider.provider.database;
  const emails = await db
    .selectFrom('emails')
    .select('email_id')
    .where('user_id', '=', userId)
    .where('verified', '=', 0)
    .execute();
  const phones = await db
    .selectFrom('phone_numbers')
    .select('phone_id')
    .where('user_id', '=', userId)
    .where('verified', '=', 0)
    .execute();
  const set = async (verified: number) => {
    for (const { email_id } of emails) {
      await db.updateTable('emails').set({ verified }).where('email_id', '=', email_id).execute();
    }
    for (const { phone_id } of phones) {
      await db.updateTable('phone_numbers').set({ verified }).where('phone_id', '=', phone_id).execute();
    }
  };
  await set(1);
  try {
    return await attach();
  } finally {
    await set(0);
  }
}

/** A form POST to one of the provider's OAuth endpoints: the answer's status and its JSON body (null when empty). */
export async function formPost(t: TestProvider, path: string, params: Record<string, string>) {
  const response = await t.provider.fetch(
    new Request(`http://provider.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    }),
  );
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : JSON.parse(text) };
}

/** The creation options a successful `webauthn/register/start` answers, parsed (what the browser is given). */
export function creationOptions(response: CallResult): PublicKeyCredentialCreationOptionsJSON {
  expect(response.status).toBe(200);
  return JSON.parse(response.json.data.public_key_credential_creation_options);
}

/** The request options a successful `webauthn/authenticate/start/*` answers, parsed (what the browser is given). */
export function requestOptions(response: CallResult): PublicKeyCredentialRequestOptionsJSON {
  expect(response.status).toBe(200);
  return JSON.parse(response.json.data.public_key_credential_request_options);
}
