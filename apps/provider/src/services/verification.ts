import { type Kysely, SqliteAdapter, type Transaction } from 'kysely';
import { precompiled } from '../db/precompiled';
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
    /**
     * The caller read the identifier verified already (a redemption reads it with its code): nothing to write, one
     * statement saved. An identifier is never unverified again, so the read cannot be stale.
     */
    alreadyVerified?: boolean;
  },
): Promise<{ resetUnverifiedFactors: boolean }> {
  const { userId, methodId, now } = options;
  if (options.alreadyVerified === true) return { resetUnverifiedFactors: false };
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
  const [other] = await selectOtherVerifiedIdentifier(trx, userId, methodId);
  if (isTrue(other?.found)) return { resetUnverifiedFactors: false };
  await resetUnprovedFactors(trx, userId, now);
  return { resetUnverifiedFactors: true };
}

/** SQLite answers a boolean expression as 0 or 1, PostgreSQL as a boolean. */
const isTrue = (value: unknown): boolean => value === true || value === 1;

// Whether the user has another verified email or phone number: one statement (the email's and the phone's
// ids never collide, so one `methodId` serves both).
const selectOtherVerifiedIdentifier = precompiled(
  (db, userId, methodId) =>
    db.selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('emails')
              .select('email_id')
              .where('user_id', '=', userId as string)
              .where('verified', '=', 1)
              .where('email_id', '!=', methodId as string),
          ),
          eb.exists(
            eb
              .selectFrom('phone_numbers')
              .select('phone_id')
              .where('user_id', '=', userId as string)
              .where('verified', '=', 1)
              .where('phone_id', '!=', methodId as string),
          ),
        ])
        .as('found'),
    ),
  2,
);

/**
 * What does not survive a first proof of ownership: the password, the passkeys, the crypto wallets, the social
 * identities (an upstream that did not vouch for the address: a new user gets it unverified then) and any other
 * factor attached before the proof (recovery codes go with their TOTP); every sign-in waiting for a second factor
 * and every session is ended.
 */
const unprovedFactorWrites = (db: Executor, userId: string, now: number) =>
  [
    db.deleteFrom('passwords').where('user_id', '=', userId),
    db.deleteFrom('webauthn_registrations').where('user_id', '=', userId),
    db.deleteFrom('crypto_wallets').where('user_id', '=', userId),
    db.deleteFrom('oauth_registrations').where('user_id', '=', userId),
    db.deleteFrom('totps').where('user_id', '=', userId),
    db
      .updateTable('intermediate_sessions')
      .set({ consumed_at: now })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null),
    db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null),
  ] as const;

// On PostgreSQL the writes go in one statement, each a data-modifying WITH query (they touch different tables and
// all see the same snapshot): one round trip instead of seven. SQLite has no such WITH; it runs them one by one.
const resetInOneStatement = precompiled((db, userId, now) => {
  const writes = unprovedFactorWrites(db, userId as string, now as unknown as number);
  // Kysely types each WITH by the ones before it; built in a loop from the one list, the chain is untyped.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  let query: any = db;
  writes.forEach((write, index) => {
    query = query.with(`write_${index}`, () => write);
  });
  return (query as Executor).selectNoFrom((eb) => eb.lit(1).as('done'));
}, 2);

async function resetUnprovedFactors(trx: Executor, userId: string, now: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) {
    for (const write of unprovedFactorWrites(trx, userId, now)) await write.execute();
    return;
  }
  await resetInOneStatement(trx, userId, now);
}
