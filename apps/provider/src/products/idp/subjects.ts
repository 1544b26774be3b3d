// The subject identifier the identity provider publishes for a user: the `sub` of its ID tokens and userinfo answers,
// and what an `id_token_hint` is compared with. OpenID Connect Core §2: "A locally unique and never reassigned
// identifier within the Issuer for the End-User, which is intended to be consumed by the Client"; OpenID Connect
// Core §5.7: the `sub` (with `iss`) is the only claim a relying party may key its accounts on. So when the pre-hijacking reset hands an
// account to the owner of its address (services/verification.ts), whatever relying-party accounts were set up under
// the old subject belong to whoever held the account before: the owner gets a new subject (`replaceSubject`), and is
// a new End-User for every relying party. The old subject names no one from then on (it is never given again).
//
// Kept in `idp_subjects`; a user without a row is published as their user id: every user a reset never ran for,
// among them every user of a database migrated from before the table (migration 0026), keeps the subject relying
// parties already know.
import type { ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import { newId } from '../../services/secrets';

/**
 * A new subject for `userId`: `sub-<environment>-<UUID v4>` (122 random bits from the CSPRNG), the environment that of
 * the user id (`user-test-…`, `user-live-…`). ASCII, well under the 255 characters of OpenID Connect Core §2, and
 * opaque: it says nothing about the user. Its `sub-` kind keeps it apart from every user id, so a replaced subject can
 * never be the subject (the user id) of a user without a row.
 */
export function newSubject(userId: string): string {
  const environment = /^user-(test|live)-/.exec(userId)?.[1] === 'test' ? 'test' : 'live';
  return newId('sub', environment);
}

/**
 * Gives `userId` a new subject, in the caller's transaction (the pre-hijacking reset's): the row is written, or
 * rewritten when an earlier reset wrote one.
 */
export async function replaceSubject(trx: Executor, userId: string, now: number): Promise<void> {
  await trx
    .insertInto('idp_subjects')
    .values({ user_id: userId, subject: newSubject(userId), created_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        subject: eb.ref('excluded.subject'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
}

/**
 * Records that `userId`'s subject is given to relying parties from now on (a grant, the first consent): a row with
 * the user id as the subject, unless the user has one. The pre-hijacking reset finds it (the descriptor's `holds`):
 * a stranger who consented at a relying party and then revoked the app, removed every factor and signed out leaves
 * nothing else for the reset to find, and the owner would otherwise receive the subject the stranger's relying-party
 * accounts are keyed on.
 */
export async function recordSubject(db: Executor, userId: string, now: number): Promise<void> {
  await db
    .insertInto('idp_subjects')
    .values({ user_id: userId, subject: userId, created_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

/** The subject of `userId`: one read by primary key (for the `id_token_hint` comparisons, which hold no other row). */
export async function subjectOf(db: Executor, userId: string): Promise<string> {
  const row = await db.selectFrom('idp_subjects').select('subject').where('user_id', '=', userId).executeTakeFirst();
  return row?.subject ?? userId;
}

/**
 * The subject of the user of the `idp_grants` row a query reads, as a column of that query (`.select((eb) =>
 * grantSubject(eb).as('subject'))`): the token and userinfo endpoints read the grant anyway, so the subject costs no
 * round trip of its own. A subquery by primary key; the user id when there is no row.
 */
export function grantSubject(eb: ExpressionBuilder<Database, 'idp_grants'>) {
  return eb.fn.coalesce(
    eb
      .selectFrom('idp_subjects')
      .select('idp_subjects.subject')
      .whereRef('idp_subjects.user_id', '=', 'idp_grants.user_id'),
    eb.ref('idp_grants.user_id'),
  );
}
