// The recipient of a sent passcode or emailed link: who a send reaches (a new user, an existing one, or the caller's
// own identifier), and attaching a pending identifier once its owner proved it. Shared by the products that send to
// an email address or a phone number (passcodes, magic links); core, so no product imports another.
import type { Executor } from '../db/schema';
import type { ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import { limitPerIp } from './guards';
import { newId } from './secrets';
import { assertRecentAuthentication, type SessionRow } from './sessions';
import { findIdentifier, findOrCreateUser, type Identifier, type IdentifierOwner, insertIdentifier } from './users';

/**
 * How a send call picks its recipient: create if new, existing only, or the caller's own. The SDK picks primary or
 * secondary by whether it holds a session itself, not by what the server knows.
 */
export type SendMode = 'login_or_create' | 'primary' | 'secondary';

/** An email address or an E.164 phone number, already checked for format. */
export type SendTarget = Identifier;

/**
 * Refuses, before anything is written, a secondary send to an identifier that belongs to another user, and
 * one to an identifier the account does not have yet unless the session authenticated recently.
 * The check is repeated when the identifier is attached, because another call may take it in between.
 * Each call counts against the client IP's `userSearchesPerIp` first, the budget `users/search` uses.
 */
export async function assertAttachable(
  deps: ProviderDeps,
  session: SessionRow,
  target: SendTarget,
  ip: string,
): Promise<void> {
  // The answer tells whether someone holds the identifier (`duplicate_email` or `duplicate_phone_number`), so any
  // session could probe addresses with it as with `users/search`: it shares that search's per-IP budget, counted before
  // the look-up. The per-identifier send limit is counted only after this check, so a prober cannot use up the send
  // quota of the addresses it tries.
  await limitPerIp(deps, 'userSearchesPerIp', ip);
  const owner = await findIdentifier(deps.db, deps.config.project.projectId, target);
  if (owner && owner.userId !== session.user_id) throw duplicateOf(target);
  // Adding an identifier to the account is a sensitive change: it needs a recent sign-in.
  if (!owner) await assertRecentAuthentication(deps, session);
}

function duplicateOf(target: SendTarget): ProviderError {
  return new ProviderError(target.kind === 'email' ? 'duplicate_email' : 'duplicate_phone_number');
}

/** Who a send reaches (see resolveRecipient), with what its link or code carries besides. */
export interface Recipient extends IdentifierOwner {
  /** The address that joins the account when the link or code is redeemed (a secondary send's new address). */
  pending: string | null;
  /** The session that made a secondary send: the only one that may redeem it for a pending address. */
  senderSessionId: string | null;
}

/**
 * The user and method id a send goes to. `login_or_create` creates the user when nobody has the
 * identifier; `primary` only reaches an existing one. `secondary` reaches the caller's own identifier, or,
 * when nobody holds it, reserves a method id for it and attaches nothing: the identifier joins
 * `session`'s account only when its owner authenticates the code or link (`pending`) from that same session.
 */
export async function resolveRecipient(
  deps: ProviderDeps,
  mode: SendMode,
  target: SendTarget,
  options: { session?: SessionRow; status?: 'active' | 'pending' } = {},
): Promise<Recipient> {
  if (mode === 'login_or_create') {
    const owner = await findOrCreateUser(deps, target, { status: options.status ?? 'active' });
    return { ...owner, pending: null, senderSessionId: null };
  }
  const owner = await findIdentifier(deps.db, deps.config.project.projectId, target);
  if (mode === 'primary') {
    if (!owner) throw new ProviderError(target.kind === 'email' ? 'email_not_found' : 'phone_number_not_found');
    return { ...owner, created: false, pending: null, senderSessionId: null };
  }
  const { session } = options;
  if (session === undefined) throw new ProviderError('user_unauthenticated');
  if (owner) {
    if (owner.userId !== session.user_id) throw duplicateOf(target);
    return { ...owner, created: false, pending: null, senderSessionId: session.session_id };
  }
  const methodId = newId(target.kind === 'email' ? 'email' : 'phone-number', deps.environment);
  const pending = target.kind === 'email' ? target.email : target.phoneNumber;
  return { userId: session.user_id, methodId, created: false, pending, senderSessionId: session.session_id };
}

/**
 * Whether the request's session (`current`, null without one) may redeem a secondary send's link or code to a pending
 * address, which that redemption adds to the account: only the session that made the send may. Any session of the
 * account would not do: a stranger who once held the account (signed up with the owner's unverified address) could
 * send one to their own address, leave nothing for the pre-hijacking reset to find and sign out, and the owner's
 * session, opening the link or typing the code later, would add the stranger's address to the owner's account. A link
 * or code sent before sends recorded their session (`senderSessionId` null) keeps the rule it was sent under: a
 * session of the same user.
 */
export function mayRedeemPending(
  sent: { userId: string; senderSessionId: string | null },
  current: { row: SessionRow } | null,
): boolean {
  if (!current || current.row.user_id !== sent.userId) return false;
  return sent.senderSessionId === null || current.row.session_id === sent.senderSessionId;
}

/**
 * Whether the request's session proves an identifier as the one who set the account up (markIdentifierVerified's
 * `sameUserSession`: no pre-hijacking reset, and the sign-in joins that session): only the session that asked for
 * the code or link (a secondary send records it), never a session merely carried while redeeming one anyone could ask
 * for (login_or_create, a primary send, a reset email). A stranger who signed up with the owner's address could
 * otherwise plant their session in the owner's browser (a cookie tossed from a sibling subdomain): the owner's
 * sign-in would skip the reset, leave the stranger's password and session standing, and hand the owner the
 * stranger's session token. The session that set the account up verifies its address with a secondary send, as the
 * widget does right after a password sign-up.
 */
export function provesAsSender(
  sent: { userId: string; senderSessionId: string | null },
  current: { row: SessionRow } | null,
): boolean {
  return current !== null && current.row.user_id === sent.userId && current.row.session_id === sent.senderSessionId;
}

/**
 * Attaches a pending identifier (see resolveRecipient) to `userId`, verified, under `methodId`, in the caller's
 * transaction: its owner has just authenticated it. Returns the method id it has in the account. Someone who
 * took it in the meantime keeps it (`duplicate_email` / `duplicate_phone_number`); if the same user already
 * has it (another code was redeemed first), nothing changes.
 */
export async function attachPendingIdentifier(
  trx: Executor,
  deps: ProviderDeps,
  options: { userId: string; methodId: string; kind: 'email' | 'phone'; value: string },
): Promise<string> {
  const target: SendTarget =
    options.kind === 'email' ? { kind: 'email', email: options.value } : { kind: 'phone', phoneNumber: options.value };
  const inserted = await insertIdentifier(trx, deps, options.userId, target, { id: options.methodId, verified: true });
  if (inserted !== null) return inserted;
  const owner = await findIdentifier(trx, deps.config.project.projectId, target);
  if (!owner || owner.userId !== options.userId) throw duplicateOf(target);
  return owner.methodId;
}
