import type { Product } from '../config';
import type { ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import type { OutgoingMessage } from './outbox';
import { newId, randomPasscode, sha256Hex } from './secrets';
import { findIdentifier, findOrCreateUser, type Identifier, type IdentifierOwner, insertIdentifier } from './users';

export type OtpChannel = 'email' | 'sms' | 'whatsapp';

/** How a send call picks its recipient (contract §4, §11.9): create if new, existing only, or the caller's own. */
export type SendMode = 'login_or_create' | 'primary' | 'secondary';

/** An email address or an E.164 phone number, already checked for format. */
export type SendTarget = Identifier;

/** Default lifetime of a passcode (widget.md §8). */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;

/** The product that switches each passcode channel on. */
export const OTP_PRODUCTS: Record<OtpChannel, Product> = {
  email: 'email_otp',
  sms: 'sms_otp',
  whatsapp: 'whatsapp_otp',
};

/**
 * Refuses, before anything is written, a secondary send to an identifier that belongs to another user.
 * The check is repeated when the identifier is attached, because another call may take it in between.
 */
export async function assertAttachable(deps: ProviderDeps, userId: string, target: SendTarget): Promise<void> {
  const owner = await findIdentifier(deps.db, deps.config.project.projectId, target);
  if (owner && owner.userId !== userId) throw duplicateOf(target);
}

function duplicateOf(target: SendTarget): ProviderError {
  return new ProviderError(target.kind === 'email' ? 'duplicate_email' : 'duplicate_phone_number');
}

/** Attaches an identifier (unverified) to the caller's user; refused when another user holds it. */
async function attachIdentifier(deps: ProviderDeps, userId: string, target: SendTarget): Promise<IdentifierOwner> {
  const inserted = await insertIdentifier(deps.db, deps, userId, target);
  if (inserted !== null) return { userId, methodId: inserted, created: true };
  const owner = await findIdentifier(deps.db, deps.config.project.projectId, target);
  if (!owner || owner.userId !== userId) throw duplicateOf(target);
  return { ...owner, created: false };
}

/**
 * The user and method id a send goes to. `login_or_create` creates the user when nobody has the
 * identifier; `primary` only reaches an existing one; `secondary` attaches it (unverified) to `sessionUserId`.
 */
export async function resolveRecipient(
  deps: ProviderDeps,
  mode: SendMode,
  target: SendTarget,
  options: { sessionUserId?: string; status?: 'active' | 'pending' } = {},
): Promise<IdentifierOwner> {
  if (mode === 'login_or_create') return findOrCreateUser(deps, target, { status: options.status ?? 'active' });
  if (mode === 'primary') {
    const owner = await findIdentifier(deps.db, deps.config.project.projectId, target);
    if (!owner) throw new ProviderError(target.kind === 'email' ? 'email_not_found' : 'phone_number_not_found');
    return { ...owner, created: false };
  }
  if (options.sessionUserId === undefined) throw new ProviderError('user_unauthenticated');
  return attachIdentifier(deps, options.sessionUserId, target);
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
 * Creates a passcode for `owner.methodId` and sends it. Only the hash of `${otp_id}:${code}` is stored,
 * and earlier unused codes of the same method stop working, so only the newest one can sign in.
 */
export async function issuePasscode(
  deps: ProviderDeps,
  options: {
    owner: IdentifierOwner;
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
        code_hash: sha256Hex(`${otpId}:${code}`),
        expires_at: now + expirationMinutes * 60_000,
        consumed_at: null,
        failed_attempts: 0,
        created_at: now,
      })
      .execute();
  });
  await deps.outbox.send(
    passcodeMessage(deps, { channel, to, code, expirationMinutes, autofillHost: options.autofillHost ?? null }),
  );
}
