import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Marks an email or phone number verified, in the caller's transaction (the one that consumed the code or
 * link). When this is the first proof of ownership the account has ever had (no other verified identifier)
 * and the request does not come from a live session of the same user, whatever was attached before the
 * proof does not survive it (security.md, account pre-hijacking): the password, the passkeys, the crypto wallets, the social identities and
 * any TOTP are removed and every session (and sign-in waiting for a second factor) is revoked, so a stranger who signed up with
 * someone else's address loses the account to its owner. Returns whether that happened.
 */
export async function markIdentifierVerified(
  trx: Executor,
  options: {
    userId: string;
    kind: 'email' | 'phone';
    methodId: string;
    /** The request carries a live session of this same user, which proves it is the one who set things up. */
    sameUserSession: boolean;
    now: number;
  },
): Promise<{ resetUnverifiedFactors: boolean }> {
  const { userId, methodId, now } = options;
  const updated =
    options.kind === 'email'
      ? await trx
          .updateTable('emails')
          .set({ verified: 1 })
          .where('email_id', '=', methodId)
          .where('verified', '=', 0)
          .executeTakeFirst()
      : await trx
          .updateTable('phone_numbers')
          .set({ verified: 1 })
          .where('phone_id', '=', methodId)
          .where('verified', '=', 0)
          .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1 || options.sameUserSession) return { resetUnverifiedFactors: false };
  const otherEmails = await trx
    .selectFrom('emails')
    .select('email_id')
    .where('user_id', '=', userId)
    .where('verified', '=', 1)
    .where('email_id', '!=', methodId)
    .executeTakeFirst();
  const otherPhones = await trx
    .selectFrom('phone_numbers')
    .select('phone_id')
    .where('user_id', '=', userId)
    .where('verified', '=', 1)
    .where('phone_id', '!=', methodId)
    .executeTakeFirst();
  if (otherEmails || otherPhones) return { resetUnverifiedFactors: false };
  await trx.deleteFrom('passwords').where('user_id', '=', userId).execute();
  await trx.deleteFrom('webauthn_registrations').where('user_id', '=', userId).execute();
  await trx.deleteFrom('crypto_wallets').where('user_id', '=', userId).execute();
  // A social identity whose upstream did not vouch for the address (a new user gets it unverified then).
  await trx.deleteFrom('oauth_registrations').where('user_id', '=', userId).execute();
  // Any other factor attached before the proof goes too (recovery codes with their TOTP).
  await trx.deleteFrom('totps').where('user_id', '=', userId).execute();
  await trx
    .updateTable('intermediate_sessions')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return { resetUnverifiedFactors: true };
}
