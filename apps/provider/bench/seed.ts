// Fixtures written straight into the bench database, so the measured runs spend no time creating them.
// The rows have the shapes the routes write (see src/services/users.ts, sessions.ts and products/otp/routes.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { passcodeHash } from '../src/products/otp/otps';
import { newId, randomPasscode, randomToken, sha256Hex } from '../src/services/secrets';
import { newUserRow } from '../src/services/users';
import { BENCH_HMAC_KEY } from './config';

/** A user with one email address. */
export interface SeededUser {
  userId: string;
  emailId: string;
  email: string;
}

/** An unredeemed email passcode and the `method_id` that names it. */
export interface SeededCode {
  methodId: string;
  code: string;
}

// Well under SQLite's 32,766 bound variables per statement for every table here.
const BATCH = 500;
const HOUR_MS = 3_600_000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let index = 0; index < rows.length; index += BATCH) await insert(rows.slice(index, index + BATCH));
}

/**
 * Creates `count` active users with one email each (`{prefix}-{n}@bench.latchkey.dev`): verified (a returning user,
 * who proved it before) or not (a first sign-in, whose redemption verifies it).
 */
export async function seedUsers(
  db: Kysely<Database>,
  projectId: string,
  prefix: string,
  count: number,
  options: { verified: boolean },
): Promise<SeededUser[]> {
  const now = Date.now();
  const users = Array.from({ length: count }, (_, index) => ({
    userId: newId('user', 'test'),
    emailId: newId('email', 'test'),
    email: `${prefix}-${index}@bench.latchkey.dev`,
  }));
  await db.transaction().execute(async (trx) => {
    await insertInBatches(users, (batch) =>
      trx
        .insertInto('users')
        .values(batch.map((user) => newUserRow(user.userId, projectId, now, 'active')))
        .execute(),
    );
    await insertInBatches(users, (batch) =>
      trx
        .insertInto('emails')
        .values(
          batch.map((user) => ({
            email_id: user.emailId,
            user_id: user.userId,
            project_id: projectId,
            email: user.email,
            verified: options.verified ? 1 : 0,
            created_at: now,
          })),
        )
        .execute(),
    );
  });
  return users;
}

/** Starts one live session (one hour) per user, as an email passcode login would; returns the opaque tokens. */
export async function seedSessions(db: Kysely<Database>, projectId: string, users: SeededUser[]): Promise<string[]> {
  const now = Date.now();
  const tokens = users.map(() => randomToken(32));
  await db.transaction().execute(async (trx) => {
    await insertInBatches(
      users.map((user, index) => ({ user, token: tokens[index] as string })),
      (batch) =>
        trx
          .insertInto('sessions')
          .values(
            batch.map(({ user, token }) => ({
              session_id: newId('session', 'test'),
              user_id: user.userId,
              project_id: projectId,
              token_hash: sha256Hex(token),
              started_at: now,
              last_accessed_at: now,
              expires_at: now + HOUR_MS,
              revoked_at: null,
              ip_address: '127.0.0.1',
              user_agent: 'latchkey-bench',
              factors: JSON.stringify([
                {
                  type: 'otp',
                  delivery_method: 'email',
                  last_authenticated_at: new Date(now).toISOString(),
                  email_factor: { email_id: user.emailId, email_address: user.email },
                },
              ]),
              custom_claims: null,
            })),
          )
          .execute(),
    );
  });
  return tokens;
}

/** Stores one live ten-minute email passcode per user, keyed as `otps/email/login_or_create` stores it. */
export async function seedEmailCodes(
  db: Kysely<Database>,
  projectId: string,
  users: SeededUser[],
): Promise<SeededCode[]> {
  const now = Date.now();
  const hmacKey = Buffer.from(BENCH_HMAC_KEY, 'hex');
  const rows = users.map((user) => {
    const otpId = newId('otp', 'test');
    const code = randomPasscode();
    return {
      code: { methodId: user.emailId, code },
      row: {
        otp_id: otpId,
        project_id: projectId,
        method_id: user.emailId,
        channel: 'email' as const,
        user_id: user.userId,
        code_hash: passcodeHash({ hmacKey }, otpId, code),
        expires_at: now + HOUR_MS / 6,
        consumed_at: null,
        failed_attempts: 0,
        created_at: now,
        pending_identifier: null,
      },
    };
  });
  await db.transaction().execute(async (trx) => {
    await insertInBatches(rows, (batch) =>
      trx
        .insertInto('otp_codes')
        .values(batch.map((item) => item.row))
        .execute(),
    );
  });
  return rows.map((item) => item.code);
}
