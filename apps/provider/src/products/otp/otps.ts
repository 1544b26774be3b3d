import type { Product } from '../../config';
import type { ProviderDeps } from '../../http/context';
import type { OutgoingMessage } from '../../services/outbox';
import type { Recipient } from '../../services/recipients';
import { hmacSha256Hex, newId, randomPasscode } from '../../services/secrets';
import type { IdentifierOwner } from '../../services/users';

export type OtpChannel = 'email' | 'sms' | 'whatsapp';

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
 * earlier unused codes of the same method stop working, so only the newest one can sign in (and their messages still
 * waiting for a retry are not delivered: `liveWhile`). A pending identifier travels with the code and joins the
 * account only when the code is authenticated, by the session that made the secondary send (`senderSessionId`).
 */
export async function issuePasscode(
  deps: ProviderDeps,
  options: {
    owner: IdentifierOwner & Partial<Pick<Recipient, 'pending' | 'senderSessionId'>>;
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
        sender_session_id: owner.senderSessionId ?? null,
      })
      .execute();
  });
  // Delivered only while this code is live: a retry of a message whose code a newer send replaced (or that was used,
  // or expired) is given up, so the user never gets a dead code last and spends a guess of the live one on it.
  await deps.outbox.send({
    ...passcodeMessage(deps, { channel, to, code, expirationMinutes, autofillHost: options.autofillHost ?? null }),
    liveWhile: { table: 'otp_codes', idColumn: 'otp_id', id: otpId },
  });
}
