// A password change, made by every reset path: at once when the reset's sign-in is complete, or, when the project
// requires a second factor the user holds, only once that factor completes the sign-in (the intermediate session keeps
// the change: the descriptor's `afterSecondFactor`, services/mfa.ts).
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { endWhatACredentialChangeEnds } from '../../services/credentialChange';
import { clearGuessSlots } from '../../services/guards';
import type { DeferredChange } from '../../services/intermediateSessions';
import { endIntermediateSessions } from '../../services/intermediateSessions';
import { revokeOtherSessions } from '../../services/sessions';
import { upsertPassword } from './passwordCredentials';

/**
 * The new password's hash, and the hash it replaces when the change was proved by the old password (a reset by
 * existing password: a concurrent change wins, and this one fails); null when it replaces whatever is there (a reset
 * link, a signed-in reset).
 */
export interface PasswordChange {
  hash: string;
  replaces: string | null;
}

/** The change kept with an intermediate session until its second factor (`recordAuthentication`'s `deferred`). */
export function deferredPasswordChange(change: PasswordChange): DeferredChange {
  return { product: 'passwords', change };
}

/**
 * Makes a password change, in the transaction that signed the user in (`keepSessionId`, the session the answer
 * carries): sets the hash (only over `replaces` when given, else `unauthorized_credentials`), ends any lockout (a
 * successful reset clears the guess counter), uses up what the old password's time left open, ends what the products
 * say a password change ends (the identity provider's `full_access` tokens), and revokes every other session of the
 * user.
 *
 * Never before a required second factor: the guess counter is shared with the second factor's codes, so a reset by
 * the old password alone that cleared it could be repeated between TOTP guesses without limit, and would sign the owner
 * out everywhere on the strength of the first factor only.
 */
export async function applyPasswordChange(
  trx: Transaction<Database>,
  deps: ProviderDeps,
  userId: string,
  change: PasswordChange,
  keepSessionId: string,
  now: number,
): Promise<void> {
  if (change.replaces === null) {
    await upsertPassword(trx, deps, userId, change.hash, now);
  } else {
    const updated = await trx
      .updateTable('passwords')
      .set({ hash: change.hash, requires_reset: 0, updated_at: now })
      .where('user_id', '=', userId)
      .where('hash', '=', change.replaces)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ProviderError('unauthorized_credentials');
  }
  await clearGuessSlots(trx, userId);
  await endWhatTheOldPasswordLeftOpen(trx, userId, now);
  // Before the sessions: a session started from such a token meanwhile is revoked with the others.
  await endWhatACredentialChangeEnds(trx, userId, now);
  await revokeOtherSessions(trx, userId, keepSessionId, now);
}

/**
 * Uses up what the old password's time left open, so none of it outlives the change:
 * - Every reset link and every magic link of the user not used yet (a reset email's log-in link among them): a leaked
 *   email must not set a password, or sign in, after the owner changed theirs. A password change is when an owner
 *   suspects someone else; a link they still want is one click to ask for again.
 * - Every intermediate session of the user (a first factor waiting for its second, services/mfa.ts): one proved
 *   with the old password could otherwise still be completed. `revokeOtherSessions` only ends full sessions. The
 *   sign-in that makes the change is a full session by now (one that waited for its second factor was used up).
 */
async function endWhatTheOldPasswordLeftOpen(trx: Executor, userId: string, now: number): Promise<void> {
  await trx
    .updateTable('email_tokens')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('kind', 'in', ['password_reset', 'magic_link'])
    .execute();
  await endIntermediateSessions(trx, userId, now);
}
