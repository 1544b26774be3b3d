// Shortcuts for tests that need a signed-in user or the services' dependencies without going through
// the sign-in routes, so foundation tests do not depend on the OTP, magic-link or password code.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { createApp } from '../src/http/app';
import type { ProviderDeps, ProviderEnv } from '../src/http/context';
import { newId, randomToken, sha256Hex } from '../src/services/secrets';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../src/services/sessions';
import { SessionSigner } from '../src/services/signer';
import { newUserRow, normalizeEmail } from '../src/services/users';
import type { TestProvider } from './harness';

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

  const existingEmail =
    email === undefined
      ? undefined
      : await db
          .selectFrom('emails')
          .selectAll()
          .where('project_id', '=', projectId)
          .where('email', '=', normalizeEmail(email))
          .executeTakeFirst();
  const existingPhone =
    options.phoneNumber === undefined
      ? undefined
      : await db
          .selectFrom('phone_numbers')
          .selectAll()
          .where('project_id', '=', projectId)
          .where('phone_number', '=', options.phoneNumber)
          .executeTakeFirst();
  const userId = existingEmail?.user_id ?? existingPhone?.user_id ?? newId('user', environment);
  if (!existingEmail && !existingPhone) {
    await db
      .insertInto('users')
      .values(newUserRow(userId, projectId, now, 'active'))
      .execute();
  }
  let emailId: string | null = existingEmail?.email_id ?? null;
  if (email !== undefined && !existingEmail) {
    emailId = newId('email', environment);
    await db
      .insertInto('emails')
      .values({
        email_id: emailId,
        user_id: userId,
        project_id: projectId,
        email: normalizeEmail(email),
        verified: 1,
        created_at: now,
      })
      .execute();
  }
  let phoneId: string | null = existingPhone?.phone_id ?? null;
  if (options.phoneNumber !== undefined && !existingPhone) {
    phoneId = newId('phone-number', environment);
    await db
      .insertInto('phone_numbers')
      .values({
        phone_id: phoneId,
        user_id: userId,
        project_id: projectId,
        phone_number: options.phoneNumber,
        verified: 1,
        created_at: now,
      })
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
    signer: new SessionSigner(provider.database.db),
    environment: provider.config.project.publicToken.startsWith('public-token-live-') ? 'live' : 'test',
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
