import type { Product } from '../config';
import type { ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import type { OutgoingMessage } from './outbox';
import { newId, randomPasscode, sha256Hex } from './secrets';
import {
  findEmail,
  findOrCreateUserByEmail,
  findOrCreateUserByPhone,
  findPhoneNumber,
  type IdentifierOwner,
  normalizeEmail,
} from './users';

export type OtpChannel = 'email' | 'sms' | 'whatsapp';

/** How a send call picks its recipient (contract §4, §11.9): create if new, existing only, or the caller's own. */
export type SendMode = 'login_or_create' | 'primary' | 'secondary';

/** An email address or an E.164 phone number, already checked for format. */
export type SendTarget = { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string };

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
  const projectId = deps.config.project.projectId;
  if (target.kind === 'email') {
    const row = await findEmail(deps.db, projectId, target.email);
    if (row && row.user_id !== userId) throw new ProviderError('duplicate_email');
  } else {
    const row = await findPhoneNumber(deps.db, projectId, target.phoneNumber);
    if (row && row.user_id !== userId) throw new ProviderError('duplicate_phone_number');
  }
}

async function attachEmail(deps: ProviderDeps, userId: string, email: string): Promise<IdentifierOwner> {
  const projectId = deps.config.project.projectId;
  const emailId = newId('email', deps.environment);
  // The unique (project, email) index decides a race; whoever lost reads the winner's row below.
  const inserted = await deps.db
    .insertInto('emails')
    .values({
      email_id: emailId,
      user_id: userId,
      project_id: projectId,
      email: normalizeEmail(email),
      verified: 0,
      created_at: deps.clock.now(),
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'email']).doNothing())
    .executeTakeFirst();
  const created = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  const row = created ? undefined : await findEmail(deps.db, projectId, email);
  if (!created && (!row || row.user_id !== userId)) throw new ProviderError('duplicate_email');
  return { userId, methodId: row?.email_id ?? emailId, created };
}

async function attachPhoneNumber(deps: ProviderDeps, userId: string, phoneNumber: string): Promise<IdentifierOwner> {
  const projectId = deps.config.project.projectId;
  const phoneId = newId('phone-number', deps.environment);
  const inserted = await deps.db
    .insertInto('phone_numbers')
    .values({
      phone_id: phoneId,
      user_id: userId,
      project_id: projectId,
      phone_number: phoneNumber,
      verified: 0,
      created_at: deps.clock.now(),
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'phone_number']).doNothing())
    .executeTakeFirst();
  const created = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  const row = created ? undefined : await findPhoneNumber(deps.db, projectId, phoneNumber);
  if (!created && (!row || row.user_id !== userId)) throw new ProviderError('duplicate_phone_number');
  return { userId, methodId: row?.phone_id ?? phoneId, created };
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
  const projectId = deps.config.project.projectId;
  if (mode === 'login_or_create') {
    return target.kind === 'email'
      ? findOrCreateUserByEmail(deps, target.email, { status: options.status ?? 'active' })
      : findOrCreateUserByPhone(deps, target.phoneNumber);
  }
  if (mode === 'primary') {
    if (target.kind === 'email') {
      const row = await findEmail(deps.db, projectId, target.email);
      if (!row) throw new ProviderError('email_not_found');
      return { userId: row.user_id, methodId: row.email_id, created: false };
    }
    const row = await findPhoneNumber(deps.db, projectId, target.phoneNumber);
    if (!row) throw new ProviderError('phone_number_not_found');
    return { userId: row.user_id, methodId: row.phone_id, created: false };
  }
  if (options.sessionUserId === undefined) throw new ProviderError('user_unauthenticated');
  return target.kind === 'email'
    ? attachEmail(deps, options.sessionUserId, target.email)
    : attachPhoneNumber(deps, options.sessionUserId, target.phoneNumber);
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
