import type { AccountReset } from '@latchkey/sdk/contract';
import type { Selectable } from 'kysely';
import type { EmailTokenKind, EmailTokensTable, Executor } from '../db/schema';
import type { ProviderDeps } from '../http/context';
import { type ErrorType, ProviderError } from '../http/errors';
import { EMAIL_TOKEN_KINDS } from '../products/productParts';
import { attachPendingIdentifier } from './recipients';
import { newId, pkceMatches, randomToken, sha256Hex } from './secrets';
import { markIdentifierVerified } from './verification';

/** The kind's part (its descriptor's `emailTokens`); a kind no product describes is a programming error. */
function kindPart(kind: EmailTokenKind) {
  const part = EMAIL_TOKEN_KINDS[kind];
  if (!part) throw new Error(`No product describes the e-mail token kind ${kind}.`);
  return part;
}

/** The refusal of a token of `kind` that cannot be redeemed (unknown, used, expired, or lost a race). */
function notRedeemable(kind: EmailTokenKind): ProviderError {
  return new ProviderError(kindPart(kind).notRedeemable as ErrorType);
}

/**
 * Stores a new single-use email token (of a product's kind: a magic link, a password reset) and returns the token itself, which
 * goes only into the email: the database keeps its SHA-256 and the PKCE challenge its redemption must answer.
 */
export async function createEmailToken(
  deps: ProviderDeps,
  options: {
    kind: EmailTokenKind;
    userId: string;
    emailId: string;
    codeChallenge: string | null;
    expirationMinutes: number;
    /** A secondary send's address that no account holds yet: it joins `userId` as `emailId` on redemption. */
    pendingEmail?: string | null;
    /** The session that made a secondary send, which alone may redeem it for a pending address (mayRedeemPending). */
    senderSessionId?: string | null;
  },
): Promise<string> {
  const now = deps.clock.now();
  const token = randomToken(32);
  await deps.db
    .insertInto('email_tokens')
    .values({
      token_id: newId(kindPart(options.kind).idPrefix, deps.environment),
      project_id: deps.config.project.projectId,
      kind: options.kind,
      token_hash: sha256Hex(token),
      user_id: options.userId,
      email_id: options.emailId,
      code_challenge: options.codeChallenge,
      expires_at: now + options.expirationMinutes * 60_000,
      consumed_at: null,
      created_at: now,
      pending_email: options.pendingEmail ?? null,
      sender_session_id: options.senderSessionId ?? null,
    })
    .execute();
  return token;
}

/**
 * The live token of one of `kinds` with this value, and the email it was sent to; else the first kind's
 * `notRedeemable` error.
 * A token of another kind never matches, so a log-in link can never set a password.
 * A missing or wrong PKCE verifier is `pkce_mismatch` and leaves the token usable: the SDK retries with
 * its other stored verifier; in practice it means the link was opened in another browser or device
 * than the one that asked for it (or it is someone else's link: login CSRF). A token of a kind `requirePkce` marks,
 * issued without a challenge, is `missing_pkce`.
 */
export async function findRedeemableEmailToken(
  deps: ProviderDeps,
  options: {
    token: string;
    kinds: [EmailTokenKind, ...EmailTokenKind[]];
    codeVerifier: string | undefined;
    requirePkce?: Partial<Record<EmailTokenKind, boolean>>;
  },
): Promise<{ token: Selectable<EmailTokensTable>; email: RedeemedEmail }> {
  const token = await deps.db
    .selectFrom('email_tokens')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('token_hash', '=', sha256Hex(options.token))
    .where('kind', 'in', options.kinds)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  if (!token) throw notRedeemable(options.kinds[0]);
  if (token.code_challenge !== null) {
    if (options.codeVerifier === undefined || !pkceMatches(token.code_challenge, options.codeVerifier)) {
      throw new ProviderError('pkce_mismatch');
    }
  } else if (options.requirePkce?.[token.kind] === true) {
    // A link issued without a challenge (the reset email's log-in link when only magic links need PKCE, a link sent
    // before PKCE was switched on) can never stand in for one that needs a verifier.
    throw new ProviderError('missing_pkce');
  }
  if (token.pending_email !== null) {
    return { token, email: { email_id: token.email_id, email: token.pending_email, pending: true } };
  }
  const email = await deps.db
    .selectFrom('emails')
    .select(['email_id', 'email'])
    .where('email_id', '=', token.email_id)
    .where('user_id', '=', token.user_id)
    .executeTakeFirst();
  if (!email) throw notRedeemable(options.kinds[0]);
  return { token, email: { ...email, pending: false } };
}

/** The address a redeemed token was sent to; `pending` when it joins the account only on redemption. */
export interface RedeemedEmail {
  email_id: string;
  email: string;
  pending: boolean;
}

/**
 * Consumes the token in the caller's transaction (exactly one row must change, else another request won
 * the race: its kind's `notRedeemable` error), and records what opening the email proved: the address joins the
 * account if it was pending, it is verified (see markIdentifierVerified, which may run the pre-hijacking reset) and
 * the user is active. Returns the email's id in the account, and what the reset removed, if it ran.
 *
 * Locks in the order every writer of the account takes: the user's row, then the token's. A password change holds the
 * user's row (a reset link's redemption through this function, or its `passwords` write, whose trigger bumps
 * `users.methods_version`) while it uses up every unused link of the user (passwordChange.ts), and the pre-hijacking
 * reset does the same; taking the token's row first here deadlocked with them on PostgreSQL (a 500).
 */
export async function consumeEmailToken(
  trx: Executor,
  deps: ProviderDeps,
  redeemed: { token: Selectable<EmailTokensTable>; email: RedeemedEmail },
  options: { now: number; sameUserSession: boolean },
): Promise<{ emailId: string; accountReset: AccountReset | undefined }> {
  const { now } = options;
  // The user the token was read with (findRedeemableEmailToken, no lock); checked again when it is consumed below.
  const userId = redeemed.token.user_id;
  // The account's row first, as the pre-hijacking reset takes it (its first write, the proved identifier, bumps it)
  // and as a password change does: a reset or change of this account under way has committed once this statement
  // returns. A refusal below rolls the caller's transaction back, this write with it.
  await trx.updateTable('users').set({ status: 'active' }).where('user_id', '=', userId).execute();
  // Then the token, only if it is still unused, still this user's and still live: a password change that committed
  // meanwhile used it up (a link of the old password's time never signs in after the change), a concurrent redemption
  // won, or it expired while the request hashed a new password or waited for a lock (its expiry is judged when it is
  // used, on a fresh reading of the clock, not when the request began).
  const usedAt = deps.clock.now();
  const consumed = await trx
    .updateTable('email_tokens')
    .set({ consumed_at: usedAt })
    .where('token_id', '=', redeemed.token.token_id)
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', usedAt)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw notRedeemable(redeemed.token.kind);
  // The address was read before this transaction; that reset (its real owner proving another address of the account)
  // may have removed it since. Read again, now that no reset can be half done (READ COMMITTED on PostgreSQL; SQLite's
  // writing transaction reads the latest state): a link to a removed address signs nobody in to the account it no
  // longer belongs to (README, "Security": account pre-hijacking).
  if (!redeemed.email.pending) {
    const stillThere = await trx
      .selectFrom('emails')
      .select('email_id')
      .where('email_id', '=', redeemed.email.email_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!stillThere) throw notRedeemable(redeemed.token.kind);
  }
  const emailId = redeemed.email.pending
    ? await attachPendingIdentifier(trx, deps, {
        userId,
        methodId: redeemed.email.email_id,
        kind: 'email',
        value: redeemed.email.email,
      })
    : redeemed.email.email_id;
  const accountReset = await markIdentifierVerified(trx, {
    userId,
    kind: 'email',
    methodId: emailId,
    sameUserSession: options.sameUserSession,
    now,
  });
  return { emailId, accountReset };
}
