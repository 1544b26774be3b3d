import type { Selectable, Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database, EmailsTable } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { limitPerIp, recordFailure, releaseGuessSlot, takeGuessSlot } from '../../services/guards';
import { newId } from '../../services/secrets';
import type { NewFactor } from '../../services/sessions';
import { findEmail } from '../../services/users';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwordHash';
import type { PasswordsTable } from './tables';

/** The factor a password proves. */
export const PASSWORD_FACTOR: NewFactor = {
  type: 'password',
  delivery_method: 'knowledge',
};

/**
 * The hash check verifyCredentials runs, and the hash a reset by session makes, behind an object so that a test can
 * replace them: argon2id's own timing never lets a test reliably hold a sign-in or a reset between its hash and its
 * transaction (resetRace.test.ts). Nothing else changes them.
 */
export const passwordChecks = { verifyPassword, hashPassword };

/**
 * Checks an email and password the way `passwords/authenticate` does: the caller's IP pays one password
 * attempt first (429 `too_many_requests` past `rateLimits.passwordAttemptsPerIp`), an unknown email costs a
 * dummy verification (no timing oracle), the guess takes a slot of the user before the hash is checked
 * (`user_lock_limit_reached` when none is left, so parallel guesses never exceed the cap), a wrong password
 * keeps its slot and is recorded, a right one gives the slot back, and a password flagged for reset never signs in.
 */
export async function verifyCredentials(
  deps: ProviderDeps,
  rawEmail: string,
  password: string,
  ip: string,
): Promise<{ email: Selectable<EmailsTable>; stored: Selectable<PasswordsTable> }> {
  await limitPerIp(deps, 'passwordAttemptsPerIp', ip);
  const email = await findEmail(deps.db, deps.config.project.projectId, rawEmail);
  if (!email) {
    await verifyAgainstDummy(password);
    throw new ProviderError('unauthorized_credentials');
  }
  const stored = await deps.db
    .selectFrom('passwords')
    .selectAll()
    .where('user_id', '=', email.user_id)
    .executeTakeFirst();
  if (!stored) throw new ProviderError('no_user_password');
  await takeGuessSlot(deps, email.user_id);
  if (!(await passwordChecks.verifyPassword(stored.hash, password))) {
    await recordFailure(deps, email.user_id);
    throw new ProviderError('unauthorized_credentials');
  }
  await releaseGuessSlot(deps.db, email.user_id);
  if (stored.requires_reset === 1) throw new ProviderError('reset_password');
  return { email, stored };
}

/**
 * In the transaction that starts a session from a password verifyCredentials checked: refuses as a wrong password
 * would (`unauthorized_credentials`, writing nothing) when that password is no longer the user's. The hash is checked
 * outside any transaction, and a reset that commits meanwhile revokes the user's other sessions before this one
 * exists: without this check, a sign-in with the old password that was already in flight would keep its session.
 * On PostgreSQL the row stays locked (`FOR SHARE`, which a reset's write of the row waits for) until the transaction
 * ends, so a concurrent reset either waits for this commit, and its revocation, a later statement of its transaction,
 * then sees the new session; or it commits first, and PostgreSQL checks the condition again on the row it waited for
 * and finds nothing (its manual, "Read Committed Isolation Level"). A read, unlike a no-op update, does not bump the
 * user's `methods_version` (the table's trigger) and lets parallel sign-ins of one user proceed side by side. On
 * SQLite the transaction holds the only writing connection until it ends, so a read is as good as a lock.
 */
export async function assertPasswordUnchanged(
  trx: Transaction<Database>,
  stored: Selectable<PasswordsTable>,
): Promise<void> {
  const current = await trx
    .selectFrom('passwords')
    .select('password_id')
    .where('password_id', '=', stored.password_id)
    .where('hash', '=', stored.hash)
    .$if(dialectOf(trx) === 'postgres', (query) => query.forShare())
    .executeTakeFirst();
  if (!current) throw new ProviderError('unauthorized_credentials');
}

/** Sets a user's password (creating the row if there is none) and clears any reset flag. */
export async function upsertPassword(
  trx: Transaction<Database>,
  deps: ProviderDeps,
  userId: string,
  hash: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('passwords')
    .values({
      password_id: newId('password', deps.environment),
      user_id: userId,
      hash,
      requires_reset: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ hash, requires_reset: 0, updated_at: now }))
    .execute();
}
