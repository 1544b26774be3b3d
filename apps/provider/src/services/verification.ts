import type { AccountReset, AccountResetItem } from '@latchkey/sdk/contract';
import type { ExpressionBuilder, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { precompiled } from '../db/precompiled';
import type { Database, Executor } from '../db/schema';
import { ProviderError } from '../http/errors';
import type { AccountResetPart } from '../products/descriptor';
import { changed } from '../products/descriptorHelpers';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { unverifiedIdentifierMessage } from '../products/productParts';
import { endIntermediateSessions } from './intermediateSessions';
import { revokeOtherSessions } from './sessions';

/** The products' parts of the pre-hijacking reset, by stage (products/descriptor.ts), in the descriptors' order. */
const resetParts = (stage: AccountResetPart['stage']): AccountResetPart[] =>
  PRODUCT_DESCRIPTORS.flatMap((product) => product.accountReset ?? []).filter((part) => part.stage === stage);

/**
 * Whether the user holds anything the pre-hijacking reset would remove, revoke or use up, besides the identifier
 * `methodId` of `kind` just proved: EXISTS checks over the same rows resetAccount writes (the products' checks first,
 * then the identifiers and sessions, then the products' grants and outstanding rows).
 */
export function holdsAnythingBut(
  eb: ExpressionBuilder<Database, never>,
  kind: 'email' | 'phone',
  user: string,
  methodId: string,
) {
  const products = (stage: AccountResetPart['stage']) => resetParts(stage).flatMap((part) => part.holds(eb, user));
  let emails = eb.selectFrom('emails').select('email_id').where('user_id', '=', user);
  if (kind === 'email') emails = emails.where('email_id', '!=', methodId);
  let phones = eb.selectFrom('phone_numbers').select('phone_id').where('user_id', '=', user);
  if (kind === 'phone') phones = phones.where('phone_id', '!=', methodId);
  return eb.or([
    ...products('factor'),
    eb.exists(emails),
    eb.exists(phones),
    eb.exists(eb.selectFrom('sessions').select('user_id').where('user_id', '=', user).where('revoked_at', 'is', null)),
    eb.exists(
      eb
        .selectFrom('intermediate_sessions')
        .select('user_id')
        .where('user_id', '=', user)
        .where('consumed_at', 'is', null),
    ),
    ...products('grant'),
    ...products('outstanding'),
  ]);
}

/** Where each kind of identifier is kept: its table, its id column and its value column. */
export const IDENTIFIER_TABLES = {
  email: { table: 'emails', id: 'email_id', value: 'email' },
  phone: { table: 'phone_numbers', id: 'phone_id', value: 'phone_number' },
} as const;

/**
 * A first proof without a session of the account: the identifier marked verified and, in the same statement (its
 * RETURNING clause), whether the user holds anything the pre-hijacking reset would find, one round trip instead of
 * two. The subqueries read other rows than the one updated (the proved identifier is excluded), so the update does
 * not change what they see. One statement per kind of identifier (its table), compiled once.
 */
function verifyAndCheck(kind: 'email' | 'phone') {
  const { table, id, value } = IDENTIFIER_TABLES[kind];
  return precompiled(
    (db, userId, methodId) =>
      // Typed as the emails table: both tables have the columns used here (an id, `verified`, a value).
      (db.updateTable(table as 'emails') as UpdateQueryBuilder<Database, 'emails', 'emails', UpdateResult>)
        .set({ verified: 1 })
        .where(id as 'email_id', '=', methodId as string)
        .where('verified', '=', 0)
        .returning((eb) => [
          eb.ref(value as 'email').as('identifier'),
          holdsAnythingBut(
            eb as unknown as ExpressionBuilder<Database, never>,
            kind,
            userId as string,
            methodId as string,
          ).as('found'),
        ]),
    2,
  );
}
const VERIFY_AND_CHECK = { email: verifyAndCheck('email'), phone: verifyAndCheck('phone') };

/** A first proof from a session of the same user: the identifier marked verified, nothing checked. */
function verifyOnly(kind: 'email' | 'phone') {
  const { table, id, value } = IDENTIFIER_TABLES[kind];
  return precompiled(
    (db, methodId) =>
      (db.updateTable(table as 'emails') as UpdateQueryBuilder<Database, 'emails', 'emails', UpdateResult>)
        .set({ verified: 1 })
        .where(id as 'email_id', '=', methodId as string)
        .where('verified', '=', 0)
        .returning((eb) => eb.ref(value as 'email').as('identifier')),
    1,
  );
}
const VERIFY = { email: verifyOnly('email'), phone: verifyOnly('phone') };

/**
 * Marks an email or phone number verified, in the caller's transaction (the one that consumed the code or link).
 * When the address was unverified and the request does not come from a live session of the same user, the proof
 * runs the pre-hijacking reset (README, "Security": account pre-hijacking; see resetAccount) — whether or not the account
 * has another verified identifier, since a phone verified first by whoever set the account up is a "trojan"
 * identifier, not a reason to skip the reset. Returns what the reset removed (`account_reset` of the answer), or
 * undefined when it removed nothing or did not run.
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
): Promise<AccountReset | undefined> {
  const { methodId } = options;
  if (options.alreadyVerified === true) return undefined;
  if (options.sameUserSession) {
    await VERIFY[options.kind](trx, methodId);
    return undefined;
  }
  // Most first proofs are sign-ups, with nothing attached yet: the check in the same statement spares them the
  // reset's twenty-odd writes.
  const [updated] = await VERIFY_AND_CHECK[options.kind](trx, options.userId, methodId);
  if (updated === undefined || !isTrue(updated.found)) return undefined;
  const removed = await resetAccount(trx, options);
  return removed.length === 0 ? undefined : { identifier: updated.identifier, removed };
}

/** SQLite answers a boolean expression as 0 or 1, PostgreSQL as a boolean. */
const isTrue = (value: unknown): boolean => value === true || value === 1;

/**
 * The pre-hijacking reset: the owner of an unverified address of `userId` has just proved it without a session of
 * that account, so nothing attached before the proof survives it. Removed: every product's factors (each product's
 * `factor` parts, products/descriptor.ts: the password, the passkeys, the wallets, the social identities, the TOTP),
 * every other email and phone number (verified or not); revoked: every session and intermediate session (the sessions
 * exchanged from access tokens among them); then the products' `grant` parts (what the account granted others: the
 * identity provider's consents, tokens and codes not yet redeemed) and `outstanding` parts (whatever could attach
 * something later: social attach tokens and the flows they started, passkey and wallet challenges, secondary sends'
 * passcodes), then the secondary sends' links to addresses not attached yet. Returns the kinds of things that were
 * there, in the stages' order (the contract's order).
 */
async function resetAccount(
  trx: Executor,
  options: { userId: string; kind: 'email' | 'phone'; methodId: string; now: number },
): Promise<AccountResetItem[]> {
  const { userId, methodId, now } = options;
  const removed = new Set<AccountResetItem>();
  const note = (item: AccountResetItem, count: number) => {
    if (count > 0) removed.add(item);
  };
  const order: AccountResetItem[] = [];
  const runParts = async (stage: AccountResetPart['stage']) => {
    for (const part of resetParts(stage)) {
      const count = await part.run(trx, userId, now);
      if (part.item !== undefined) {
        if (!order.includes(part.item)) order.push(part.item);
        note(part.item, count);
      }
    }
  };

  await runParts('factor');

  // Every other identifier: a phone number verified by whoever set the account up is theirs, not the owner's.
  order.push('emails', 'phone_numbers', 'sessions');
  let otherEmails = trx.deleteFrom('emails').where('user_id', '=', userId);
  if (options.kind === 'email') otherEmails = otherEmails.where('email_id', '!=', methodId);
  note('emails', changed(await otherEmails.executeTakeFirst()));
  let otherPhones = trx.deleteFrom('phone_numbers').where('user_id', '=', userId);
  if (options.kind === 'phone') otherPhones = otherPhones.where('phone_id', '!=', methodId);
  note('phone_numbers', changed(await otherPhones.executeTakeFirst()));

  const sessions = await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  const intermediate = await trx
    .updateTable('intermediate_sessions')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  note('sessions', changed(sessions) + changed(intermediate));
  // Expired ones are ended too (a refresh could not revive them anyway), without being worth a mention.
  await revokeOtherSessions(trx, userId, null, now);
  await endIntermediateSessions(trx, userId, now);

  // What the account granted others, then whatever is still outstanding and could attach something to the account
  // later. Codes and links sent to other identifiers of the account need those identifiers, removed above.
  await runParts('grant');
  // Sessions again, after the grants and tokens: an exchange (sessions/exchange_access_token) that read its token
  // before the grant step revoked it, and started its session after the revocation above, committed a session the
  // first pass never saw. The grant step waited for that exchange (it holds the token `FOR SHARE`), so this statement
  // (a new snapshot) sees its session; a later exchange finds the token revoked. The order connected-app revocations
  // keep (tokens, then sessions), for the same reason.
  await revokeOtherSessions(trx, userId, null, now);
  await runParts('outstanding');
  // A secondary send's link to an address not attached yet (`pending_email`) adds that address to the account when the
  // session that sent it redeems it (any session of the account, for a link sent before sends recorded their session:
  // the owner's own session after this proof is one), so whoever sent it before the proof could trick the owner into
  // opening it and get back in through that address. Used up here; the passcodes' own secondary sends are used up by
  // their product's `outstanding` part. Not part of the check (holdsAnythingBut), which every first sign-in runs: a
  // send needs a session of the account, which the check finds as long as it is not revoked (a send bound to a session
  // that is revoked can never be redeemed).
  await trx
    .updateTable('email_tokens')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('pending_email', 'is not', null)
    .where('consumed_at', 'is', null)
    .execute();

  return order.filter((item) => removed.has(item));
}

/**
 * Refuses (`identifier_not_verified`) to enrol a TOTP, a passkey or a crypto wallet on an account that has an email
 * or phone number nobody has proved yet: proving it later without a session of the account (a sign-in by code or
 * link) runs the pre-hijacking reset, which would remove the new factor. An account without any email or phone (a
 * wallet-only or passkey-only user) is not refused: no proof can ever reset it.
 */
export async function assertIdentifiersVerified(db: Executor, userId: string): Promise<void> {
  const email = await db
    .selectFrom('emails')
    .select('email')
    .where('user_id', '=', userId)
    .where('verified', '=', 0)
    .orderBy('created_at')
    .executeTakeFirst();
  if (email) {
    throw new ProviderError('identifier_not_verified', { details: { unverified_identifier: email.email } });
  }
  const phone = await db
    .selectFrom('phone_numbers')
    .select('phone_number')
    .where('user_id', '=', userId)
    .where('verified', '=', 0)
    .orderBy('created_at')
    .executeTakeFirst();
  if (phone) {
    throw new ProviderError('identifier_not_verified', {
      message: unverifiedIdentifierMessage('phone number'),
      details: { unverified_identifier: phone.phone_number },
    });
  }
}
