import type { Kysely, Transaction } from 'kysely';
import type { Product } from '../../config';
import type { Database } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import type { OutgoingMessage } from '../../services/outbox';
import { hmacSha256Hex, newId, randomPasscode } from '../../services/secrets';
import { assertRecentAuthentication, type SessionRow } from '../../services/sessions';
import {
  findIdentifier,
  findOrCreateUser,
  type Identifier,
  type IdentifierOwner,
  insertIdentifier,
} from '../../services/users';

type Executor = Kysely<Database> | Transaction<Database>;

export type OtpChannel = 'email' | 'sms' | 'whatsapp';

/**
 * How a send call picks its recipient: create if new, existing only, or the caller's own. The SDK picks primary or
 * secondary by whether it holds a session itself, not by what the server knows.
 */
export type SendMode = 'login_or_create' | 'primary' | 'secondary';

/** An email address or an E.164 phone number, already checked for format. */
export type SendTarget = Identifier;

/** Default lifetime of a passcode. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
/** The longest lifetime a caller may ask for a six-digit passcode (README, "Security": at most 10 minutes). */
export const MAX_OTP_EXPIRATION_MINUTES = 10;

/** How a passcode is kept at rest: HMAC-SHA256 of `${otp_id}:${code}` under the HMAC key. */
export function passcodeHash(deps: Pick<ProviderDeps, 'hmacKey'>, otpId: string, code: string): string {
  return hmacSha256Hex(deps.hmacKey, `${otpId}:${code}`);
}

/** The product that switches each passcode channel on. */
export const OTP_PRODUCTS: Record<OtpChannel, Product> = {
  email: 'email_otp',
  sms: 'sms_otp',
  whatsapp: 'whatsapp_otp',
};

/**
 * Refuses, before anything is written, a secondary send to an identifier that belongs to another user, and
 * one to an identifier the account does not have yet unless the session authenticated recently.
 * The check is repeated when the identifier is attached, because another call may take it in between.
 */
export async function assertAttachable(deps: ProviderDeps, session: SessionRow, target: SendTarget): Promise<void> {
  const owner = await findIdentifier(deps.db, deps.config.project.projectId, target);
  if (owner && owner.userId !== session.user_id) throw duplicateOf(target);
  // Adding an identifier to the account is a sensitive change: it needs a recent sign-in.
  if (!owner) await assertRecentAuthentication(deps, session);
}

function duplicateOf(target: SendTarget): ProviderError {
  return new ProviderError(target.kind === 'email' ? 'duplicate_email' : 'duplicate_phone_number');
}

/**
 * The user and method id a send goes to. `login_or_create` creates the user when nobody has the
 * identifier; `primary` only reaches an existing one. `secondary` reaches the caller's own identifier, or,
 * when nobody holds it, reserves a method id for it and attaches nothing: the identifier joins
 * `sessionUserId`'s account only when its owner authenticates the code or link (`pending`).
 */
export async function resolveRecipient(
  deps: ProviderDeps,
  mode: SendMode,
  target: SendTarget,
  options: { sessionUserId?: string; status?: 'active' | 'pending' } = {},
): Promise<IdentifierOwner & { pending: string | null }> {
  if (mode === 'login_or_create') {
    return { ...(await findOrCreateUser(deps, target, { status: options.status ?? 'active' })), pending: null };
  }
  const owner = await findIdentifier(deps.db, deps.config.project.projectId, target);
  if (mode === 'primary') {
    if (!owner) throw new ProviderError(target.kind === 'email' ? 'email_not_found' : 'phone_number_not_found');
    return { ...owner, created: false, pending: null };
  }
  if (options.sessionUserId === undefined) throw new ProviderError('user_unauthenticated');
  if (owner) {
    if (owner.userId !== options.sessionUserId) throw duplicateOf(target);
    return { ...owner, created: false, pending: null };
  }
  const methodId = newId(target.kind === 'email' ? 'email' : 'phone-number', deps.environment);
  const pending = target.kind === 'email' ? target.email : target.phoneNumber;
  return { userId: options.sessionUserId, methodId, created: false, pending };
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

function passcodeMessage(
  deps: ProviderDeps,
  options: { channel: OtpChannel; to: string; code: string; expirationMinutes: number; autofillHost: string | null },
): OutgoingMessage {
  const { name } = deps.config.project;
  const { channel, to, code, expirationMinutes } = options;
  const minutes = `${expirationMinutes} minute${expirationMinutes === 1 ? '' : 's'}`;
  if (channel === 'email') {
    return {
      channel,
      to,
      subject: `Your ${name} sign-in code`,
      text: `Your ${name} sign-in code is ${code}.\n\nIt expires in ${minutes} and works once. If you did not ask for it, you can ignore this email.`,
      links: [],
      codes: [code],
    };
  }
  // The WebOTP line (`@host #code`) lets a phone offer the code to the page that asked for it.
  const autofill = options.autofillHost === null ? '' : `\n\n@${options.autofillHost} #${code}`;
  return {
    channel,
    to,
    subject: '',
    text: `${code} is your ${name} sign-in code. It expires in ${minutes}.${autofill}`,
    links: [],
    codes: [code],
  };
}

/**
 * Creates a passcode for `owner.methodId` and sends it. Only the keyed hash (passcodeHash) is stored, and
 * earlier unused codes of the same method stop working, so only the newest one can sign in. A pending
 * identifier travels with the code and joins the account only when the code is authenticated.
 */
export async function issuePasscode(
  deps: ProviderDeps,
  options: {
    owner: IdentifierOwner & { pending?: string | null };
    channel: OtpChannel;
    to: string;
    expirationMinutes: number;
    autofillHost?: string | null;
  },
): Promise<void> {
  const { owner, channel, to, expirationMinutes } = options;
  const now = deps.clock.now();
  const projectId = deps.config.project.projectId;
  const code = randomPasscode();
  const otpId = newId('otp', deps.environment);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('project_id', '=', projectId)
      .where('method_id', '=', owner.methodId)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({
        otp_id: otpId,
        project_id: projectId,
        method_id: owner.methodId,
        channel,
        user_id: owner.userId,
        code_hash: passcodeHash(deps, otpId, code),
        expires_at: now + expirationMinutes * 60_000,
        consumed_at: null,
        failed_attempts: 0,
        created_at: now,
        pending_identifier: owner.pending ?? null,
      })
      .execute();
  });
  await deps.outbox.send(
    passcodeMessage(deps, { channel, to, code, expirationMinutes, autofillHost: options.autofillHost ?? null }),
  );
}
