import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../http/context';
import { ProviderError } from '../http/errors';
import { expirationField, protectionFields, sessionDurationField } from '../http/fields';
import {
  assertEmail,
  assertNotLocked,
  assertPhoneNumber,
  assertProductEnabled,
  limitSends,
  recordFailure,
} from '../services/guards';
import {
  assertAttachable,
  DEFAULT_OTP_EXPIRATION_MINUTES,
  issuePasscode,
  OTP_PRODUCTS,
  type OtpChannel,
  resolveRecipient,
  type SendMode,
  type SendTarget,
} from '../services/otps';
import { digestsEqual, sha256Hex } from '../services/secrets';
import {
  authenticateResponseFields,
  emailFactor,
  type NewFactor,
  optionalSession,
  recordAuthentication,
  requireSession,
} from '../services/sessions';
import { normalizeEmail } from '../services/users';

const templateFields = {
  expiration_minutes: expirationField,
  locale: z.string().optional(),
  ...protectionFields,
};

const emailSendSchema = z.object({
  email: z.string(),
  login_template_id: z.string().optional(),
  signup_template_id: z.string().optional(),
  ...templateFields,
});

const phoneSendSchema = z.object({
  phone_number: z.string(),
  enable_autofill: z.boolean().optional(),
  autofill_session_duration_minutes: z.number().int().positive().optional(),
  ...templateFields,
});

const authenticateSchema = z.object({
  token: z.string(),
  method_id: z.string(),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

const PASSCODE_PATTERN = /^\d{6}$/;

/** The host for the WebOTP line of a text message: the calling page's origin, which the CORS check has allowed. */
function autofillHost(c: ProviderContext): string | null {
  const origin = c.req.header('origin');
  return origin !== undefined && URL.canParse(origin) ? new URL(origin).host : null;
}

async function sendPasscode(c: ProviderContext, channel: OtpChannel, mode: SendMode): Promise<Response> {
  const deps = c.get('deps');
  assertProductEnabled(deps, OTP_PRODUCTS[channel]);
  let target: SendTarget;
  let expirationMinutes: number | undefined;
  let autofill = false;
  if (channel === 'email') {
    const body = await readBody(c, emailSendSchema);
    assertEmail(body.email);
    target = { kind: 'email', email: normalizeEmail(body.email) };
    expirationMinutes = body.expiration_minutes;
  } else {
    const body = await readBody(c, phoneSendSchema);
    assertPhoneNumber(body.phone_number);
    target = { kind: 'phone', phoneNumber: body.phone_number };
    expirationMinutes = body.expiration_minutes;
    autofill = channel === 'sms' && body.enable_autofill === true;
  }
  const session = mode === 'secondary' ? await requireSession(c) : null;
  if (session) await assertAttachable(deps, session.row.user_id, target);
  const to = target.kind === 'email' ? target.email : target.phoneNumber;
  await limitSends(deps, to, clientIp(c));
  const owner = await resolveRecipient(deps, mode, target, { sessionUserId: session?.row.user_id });
  await issuePasscode(deps, {
    owner,
    channel,
    to,
    expirationMinutes: expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES,
    autofillHost: autofill ? autofillHost(c) : null,
  });
  return ok(c, { method_id: owner.methodId });
}

/** The factor a passcode proves: the email or phone number it was sent to. */
async function passcodeFactor(
  c: ProviderContext,
  channel: OtpChannel,
  methodId: string,
): Promise<NewFactor | undefined> {
  const { db } = c.get('deps');
  if (channel === 'email') {
    const row = await db.selectFrom('emails').selectAll().where('email_id', '=', methodId).executeTakeFirst();
    return row && emailFactor('otp', row);
  }
  const row = await db.selectFrom('phone_numbers').selectAll().where('phone_id', '=', methodId).executeTakeFirst();
  return (
    row && {
      type: 'otp',
      delivery_method: channel,
      phone_number_factor: { phone_id: row.phone_id, phone_number: row.phone_number },
    }
  );
}

async function authenticatePasscode(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  if (!PASSCODE_PATTERN.test(body.token)) throw new ProviderError('invalid_code');
  const now = deps.clock.now();
  const code = await deps.db
    .selectFrom('otp_codes')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('method_id', '=', body.method_id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('otp_id', 'desc')
    .executeTakeFirst();
  if (!code) throw new ProviderError('otp_code_not_found');
  assertProductEnabled(deps, OTP_PRODUCTS[code.channel]);
  await assertNotLocked(deps, code.user_id);

  // Every guess takes one attempt before it is checked, so parallel guesses cannot exceed the cap.
  const reserved = await deps.db
    .updateTable('otp_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('otp_id', '=', code.otp_id)
    .where('failed_attempts', '<', deps.config.lockout.maxFailuresPerCode)
    .returning('otp_id')
    .executeTakeFirst();
  if (!reserved) throw new ProviderError('otp_code_not_found');
  if (!digestsEqual(sha256Hex(`${code.otp_id}:${body.token}`), code.code_hash)) {
    await recordFailure(deps, code.user_id);
    throw new ProviderError('otp_code_not_found');
  }

  const factor = await passcodeFactor(c, code.channel, code.method_id);
  if (!factor) throw new ProviderError('otp_code_not_found');
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const current = await optionalSession(c);
  const started = await deps.db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('otp_id', '=', code.otp_id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) !== 1) throw new ProviderError('otp_code_not_found');
    if (code.channel === 'email') {
      await trx.updateTable('emails').set({ verified: 1 }).where('email_id', '=', code.method_id).execute();
    } else {
      await trx.updateTable('phone_numbers').set({ verified: 1 }).where('phone_id', '=', code.method_id).execute();
    }
    await trx.updateTable('users').set({ status: 'active' }).where('user_id', '=', code.user_id).execute();
    return recordAuthentication(trx, c, {
      userId: code.user_id,
      factor,
      durationMinutes: body.session_duration_minutes,
      current,
    });
  });
  return ok(c, { ...(await authenticateResponseFields(c, started)), method_id: code.method_id });
}

/** The passcode calls of contract §4 "OTPs": login_or_create and send for each channel, and authenticate. */
export function registerOtpRoutes(app: Hono<ProviderEnv>): void {
  for (const channel of ['email', 'sms', 'whatsapp'] as const) {
    app.post(`/sdk/v1/otps/${channel}/login_or_create`, (c) => sendPasscode(c, channel, 'login_or_create'));
    app.post(`/sdk/v1/otps/${channel}/send/primary`, (c) => sendPasscode(c, channel, 'primary'));
    app.post(`/sdk/v1/otps/${channel}/send/secondary`, (c) => sendPasscode(c, channel, 'secondary'));
  }
  app.post('/sdk/v1/otps/authenticate', authenticatePasscode);
}
