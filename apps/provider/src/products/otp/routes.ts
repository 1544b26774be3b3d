import type { User } from '@latchkey/sdk/contract';
import type { Hono } from 'hono';
import { type ExpressionBuilder, sql } from 'kysely';
import { z } from 'zod';
import { dialectOf } from '../../db/dialect';
import { precompiled, precompiledQuery } from '../../db/precompiled';
import type { Database, Executor } from '../../db/schema';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { passcodeExpirationField, protectionFields, sessionDurationField } from '../../http/fields';
import {
  assertEmail,
  assertGuessSlotFree,
  assertPhoneNumber,
  assertProductEnabled,
  limitSends,
  recordFailure,
  takeGuessSlot,
} from '../../services/guards';
import { canonicalPhoneNumber } from '../../services/phoneNumber';
import {
  assertAttachable,
  attachPendingIdentifier,
  mayRedeemPending,
  provesAsSender,
  resolveRecipient,
  type SendMode,
  type SendTarget,
} from '../../services/recipients';
import { digestsEqual } from '../../services/secrets';
import {
  authenticateResponseFields,
  DEFAULT_SESSION_DURATION_MINUTES,
  emailFactor,
  factorAt,
  type NewFactor,
  newSessionRow,
  optionalSession,
  recordAuthentication,
  requireSession,
  type SessionRow,
} from '../../services/sessions';
import { JOINED_USER_COLUMNS, normalizeEmail, userMethodColumns, userOfJoinedRow } from '../../services/users';
import { IDENTIFIER_TABLES, markIdentifierVerified } from '../../services/verification';
import { DEFAULT_OTP_EXPIRATION_MINUTES, issuePasscode, OTP_PRODUCTS, type OtpChannel, passcodeHash } from './otps';
import { redeemInOneStatement } from './redeemInOneStatement';

const templateFields = {
  expiration_minutes: passcodeExpirationField,
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
  autofill_session_duration_minutes: sessionDurationField,
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
    assertPhoneNumber(deps.config, body.phone_number);
    target = { kind: 'phone', phoneNumber: canonicalPhoneNumber(body.phone_number) };
    expirationMinutes = body.expiration_minutes;
    autofill = channel === 'sms' && body.enable_autofill === true;
  }
  const session = mode === 'secondary' ? await requireSession(c) : null;
  if (session) await assertAttachable(deps, session.row, target, clientIp(c));
  const to = target.kind === 'email' ? target.email : target.phoneNumber;
  await limitSends(deps, to, clientIp(c));
  const owner = await resolveRecipient(deps, mode, target, { session: session?.row });
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
function passcodeFactor(channel: OtpChannel, methodId: string, identifier: string): NewFactor {
  if (channel === 'email') return emailFactor('otp', { email_id: methodId, email: identifier });
  return {
    type: 'otp',
    delivery_method: channel,
    phone_number_factor: { phone_id: methodId, phone_number: identifier },
  };
}

/**
 * The newest live code of a method, with the address it was sent to (the email or phone row `method_id` names; a
 * pending address travels with the code), whether that address is verified, and its whole user (as loadUser loads
 * it): one statement.
 */
const selectLiveCode = precompiled(
  (db, projectId, methodId, now) =>
    db
      // The code first, on its own, then its address and user.
      .selectFrom((eb) =>
        eb
          .selectFrom('otp_codes')
          .selectAll()
          .where('project_id', '=', projectId as string)
          .where('method_id', '=', methodId as string)
          .where('consumed_at', 'is', null)
          .where('expires_at', '>', now as unknown as number)
          .orderBy('created_at', 'desc')
          .orderBy('otp_id', 'desc')
          // A literal: with `LIMIT ?` SQLite plans the whole statement ten times slower (it cannot flatten it).
          .limit(sql.lit(1))
          .as('otp_codes'),
      )
      .leftJoin('emails', (join) =>
        join.onRef('emails.email_id', '=', 'otp_codes.method_id').onRef('emails.user_id', '=', 'otp_codes.user_id'),
      )
      .leftJoin('phone_numbers', (join) =>
        join
          .onRef('phone_numbers.phone_id', '=', 'otp_codes.method_id')
          .onRef('phone_numbers.user_id', '=', 'otp_codes.user_id'),
      )
      .innerJoin('users', 'users.user_id', 'otp_codes.user_id')
      .selectAll('otp_codes')
      .select([
        'emails.email as email_address',
        'emails.verified as email_verified',
        'phone_numbers.phone_number',
        'phone_numbers.verified as phone_verified',
        ...JOINED_USER_COLUMNS,
      ])
      .select((eb) => userMethodColumns(db, eb as unknown as ExpressionBuilder<Database, 'users'>)),
  3,
  { rowAsJson: true },
);

// The statements of a redemption, compiled once (see precompiled.ts).
const reserveCodeSlot = precompiledQuery(
  (db, otpId, maxFailures) =>
    db
      .updateTable('otp_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('otp_id', '=', otpId as string)
      .where('consumed_at', 'is', null)
      .where('failed_attempts', '<', maxFailures as unknown as number),
  2,
);
// A right guess's slot of the code and its consumption, in one statement.
const reserveAndConsumeCode = precompiledQuery(
  (db, now, otpId, maxFailures) =>
    db
      .updateTable('otp_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), consumed_at: now as unknown as number }))
      .where('otp_id', '=', otpId as string)
      .where('consumed_at', 'is', null)
      .where('failed_attempts', '<', maxFailures as unknown as number),
  3,
);
const activateUser = precompiledQuery(
  (db, userId) =>
    db
      .updateTable('users')
      .set({ status: 'active' })
      .where('user_id', '=', userId as string)
      .where('status', '!=', 'active'),
  1,
);

/**
 * `user` once a redemption has verified its address `methodId` and activated it: what a read after the commit would
 * answer when the redemption wrote nothing else of the user (a read saved on every first sign-in).
 */
function verifiedUser(user: User, kind: 'email' | 'phone', methodId: string): User {
  return {
    ...user,
    status: 'active',
    ...(kind === 'email'
      ? { emails: user.emails.map((email) => (email.email_id === methodId ? { ...email, verified: true } : email)) }
      : {
          phone_numbers: user.phone_numbers.map((phone) =>
            phone.phone_id === methodId ? { ...phone, verified: true } : phone,
          ),
        }),
  };
}

type AuthenticateBody = z.infer<typeof authenticateSchema>;
type LiveCodeRow = Awaited<ReturnType<typeof selectLiveCode>>[number];

/**
 * PostgreSQL: a right code's sign-in in one statement (redeemInOneStatement.ts), after one read of the code. Answers
 * the response, or the code's row as read when the transaction of authenticatePasscode must run instead (it then reads
 * nothing again): a wrong guess (it takes guess slots), a code that adds a pending address, a request from a session of
 * the code's user (the factor joins that session), a pending user whose address is verified already, or a first proof
 * whose account the pre-hijacking reset must clear (the statement then changed nothing). A project that requires a
 * second factor runs the transaction alone.
 */
async function authenticateInOneStatement(
  c: ProviderContext,
  body: AuthenticateBody,
  now: number,
  current: { row: SessionRow } | null,
): Promise<Response | { row: LiveCodeRow }> {
  const deps = c.get('deps');
  const [row] = await selectLiveCode(deps.db, deps.config.project.projectId, body.method_id, now);
  if (!row) throw new ProviderError('otp_code_not_found');
  const { user, rest: code } = userOfJoinedRow(row);
  assertProductEnabled(deps, OTP_PRODUCTS[code.channel]);
  if (code.pending_identifier !== null || current?.row.user_id === code.user_id) return { row };
  const identifier = code.channel === 'email' ? code.email_address : code.phone_number;
  if (identifier === null) throw new ProviderError('otp_code_not_found');
  if (!digestsEqual(passcodeHash(deps, code.otp_id, body.token), code.code_hash)) return { row };
  const kind = code.channel === 'email' ? 'email' : 'phone';
  const alreadyVerified = (kind === 'email' ? code.email_verified : code.phone_verified) === 1;
  if (alreadyVerified && user.status !== 'active') return { row };

  const { maxFailuresPerCode, maxFailuresPerUser, windowMinutes } = deps.config.lockout;
  const started = newSessionRow(c, {
    userId: code.user_id,
    factors: [factorAt(passcodeFactor(code.channel, code.method_id, identifier), now)],
    durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    now,
  });
  const outcome = await redeemInOneStatement(deps.db, {
    otpId: code.otp_id,
    maxFailuresPerCode,
    maxFailuresPerUser,
    windowExpiredAt: now - windowMinutes * 60_000,
    now,
    firstProof: alreadyVerified ? null : kind,
    kind,
    methodId: code.method_id,
    session: started.row,
  });
  if (outcome === 'needs_reset') return { row };
  if (outcome === 'not_found') throw new ProviderError('otp_code_not_found');
  if (outcome === 'locked_out') throw new ProviderError('user_lock_limit_reached');
  // As the transaction answers it: nothing else of the user was written (a first proof that would reset changed
  // nothing).
  const answerUser = alreadyVerified ? user : verifiedUser(user, kind, code.method_id);
  return ok(c, {
    ...(await authenticateResponseFields(c, { ...started, started: true }, answerUser)),
    method_id: code.method_id,
  });
}

async function authenticatePasscode(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  if (!PASSCODE_PATTERN.test(body.token)) throw new ProviderError('invalid_code');
  const now = deps.clock.now();
  // Read before the transaction: on SQLite the transaction holds the only connection. Without a session token (a
  // sign-in) this reads nothing.
  const current = await optionalSession(c);
  // PostgreSQL reads the code before the transaction (and a right guess never runs it): the code's row as read then.
  let readBefore: LiveCodeRow | undefined;
  if (dialectOf(deps.db) === 'postgres' && !deps.config.project.mfa.required) {
    const answered = await authenticateInOneStatement(c, body, now, current);
    if (answered instanceof Response) return answered;
    readBefore = answered.row;
  }

  // One transaction, one commit (one fsync, shared with concurrent requests on SQLite). On SQLite the code is read in
  // it, on the writing connection, whose page cache stays warm (the read-only one starts cold after every commit). On
  // PostgreSQL the row read just before serves (unless a second factor is required): at READ COMMITTED a read inside
  // the transaction would be no fresher, since each statement takes its own snapshot and a read locks nothing (its
  // manual, "Read Committed Isolation Level"). The guess is checked in memory, but nothing depends on it until its
  // slots are taken: the guess takes a slot of the code, then one of the user and, for a secondary send's pending
  // address, one of that recipient (shared by every account that sends to it), each by a conditional write, so
  // parallel guesses can never be admitted past any cap (on PostgreSQL the rows stay locked until the commit, always
  // taken in that order). A guess refused by the user's or the recipient's cap rolls back, giving the code's slot back.
  // A wrong guess commits its slots and its failure. A right one consumes the code with its slot (one statement), is
  // admitted only if the user (and a pending code's recipient) has a free slot (which it would give back at once, so
  // it takes none) and signs in, in the same transaction.
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const [row] = readBefore
      ? [readBefore]
      : await selectLiveCode(trx, deps.config.project.projectId, body.method_id, now);
    if (!row) return { refused: 'otp_code_not_found' as const };
    const { user, rest: code } = userOfJoinedRow(row);
    assertProductEnabled(deps, OTP_PRODUCTS[code.channel]);
    // A secondary send's code adds its address to the account that asked for it, so only the session that sent it
    // can redeem it: whoever merely receives it cannot be pulled into someone else's account, and another session of
    // the account (the owner's, after a stranger who held it left) never adds the sender's address. Refused before a
    // guess slot is taken, so such a session cannot use up the code's guesses either.
    if (
      code.pending_identifier !== null &&
      !mayRedeemPending({ userId: code.user_id, senderSessionId: code.sender_session_id }, current)
    ) {
      return { refused: 'otp_code_not_found' as const };
    }
    // The address a code was sent to: the pending one, or the identifier row `method_id` names.
    const identifier = code.pending_identifier ?? (code.channel === 'email' ? code.email_address : code.phone_number);
    if (identifier === null) return { refused: 'otp_code_not_found' as const };

    if (!digestsEqual(passcodeHash(deps, code.otp_id, body.token), code.code_hash)) {
      const reserved = await reserveCodeSlot(trx, code.otp_id, deps.config.lockout.maxFailuresPerCode);
      if (reserved.numAffectedRows !== 1n) return { refused: 'otp_code_not_found' as const };
      await takeGuessSlot(deps, code.user_id, trx);
      // A pending code's guesses also count against its recipient, whichever account sent it: many accounts each
      // sending codes to one address would otherwise each get the user's cap of guesses at attaching it.
      if (code.pending_identifier !== null) await takeGuessSlot(deps, { identifier: code.pending_identifier }, trx);
      await recordFailure(deps, code.user_id, trx);
      return { refused: 'otp_code_not_found' as const };
    }
    const consumed = await reserveAndConsumeCode(trx, now, code.otp_id, deps.config.lockout.maxFailuresPerCode);
    if (consumed.numAffectedRows !== 1n) return { refused: 'otp_code_not_found' as const };
    await assertGuessSlotFree(deps, code.user_id, trx);
    if (code.pending_identifier !== null) await assertGuessSlotFree(deps, { identifier: code.pending_identifier }, trx);
    const kind = code.channel === 'email' ? 'email' : 'phone';
    const alreadyVerified =
      code.pending_identifier === null && (kind === 'email' ? code.email_verified : code.phone_verified) === 1;
    // A secondary send's address joins the account only now that its owner has proved it.
    const methodId =
      code.pending_identifier === null
        ? code.method_id
        : await attachPendingIdentifier(trx, deps, {
            userId: code.user_id,
            methodId: code.method_id,
            kind,
            value: code.pending_identifier,
          });
    // Writes nothing when the address is already verified (and, read so with the code, is not even asked); a first
    // verification may run the pre-hijacking reset.
    const accountReset = await markIdentifierVerified(trx, {
      userId: code.user_id,
      kind,
      methodId,
      sameUserSession: provesAsSender({ userId: code.user_id, senderSessionId: code.sender_session_id }, current),
      now,
      alreadyVerified,
    });
    // Only a pending user changes: an active one is not written again (a user never goes back to pending).
    if (user.status !== 'active') await activateUser(trx, code.user_id);
    // On PostgreSQL, an address verified already (nothing above wrote it): still the user's, and held until the session
    // is committed (redeemInOneStatement.ts, step 3, says why; after the guess counter and the user's row, never
    // before). SQLite read the code with its address in this transaction, which holds the only writing connection.
    if (
      alreadyVerified &&
      dialectOf(trx) === 'postgres' &&
      !(await holdVerifiedIdentifier(trx, kind, code.method_id, code.user_id))
    ) {
      return { refused: 'otp_code_not_found' as const };
    }
    const session = await recordAuthentication(trx, c, {
      userId: code.user_id,
      factor: passcodeFactor(code.channel, methodId, identifier),
      durationMinutes: body.session_duration_minutes,
      // The reset revoked every session of the account, the one carried too: the owner gets a new one.
      current: accountReset === undefined ? current : null,
    });
    // The user read with the code, as this redemption left it: unchanged when its address was verified already and it
    // was active (no reset runs then); else its address is now verified and the user active, which is all it wrote
    // unless the pre-hijacking reset removed something, a pending address joined the account, or the user held a TOTP
    // never confirmed, which the reset deletes unreported (then it is read again, after the commit).
    const answerUser =
      alreadyVerified && user.status === 'active'
        ? user
        : code.pending_identifier === null &&
            accountReset === undefined &&
            // The reset also deletes a TOTP never confirmed, without reporting it: read such a user again.
            user.totps.every((totp) => totp.verified)
          ? verifiedUser(user, kind, code.method_id)
          : undefined;
    return { session, methodId, accountReset, user: answerUser };
  });
  if (outcome.refused !== undefined) throw new ProviderError(outcome.refused);
  return ok(c, {
    ...(await authenticateResponseFields(c, outcome.session, outcome.user)),
    method_id: outcome.methodId,
    ...(outcome.accountReset === undefined ? {} : { account_reset: outcome.accountReset }),
  });
}

/**
 * Whether the verified address `methodId` of `kind` is still `userId`'s, read `FOR SHARE` (PostgreSQL) until the
 * caller's transaction ends: a pre-hijacking reset of the account (its owner proving another address) deletes it and
 * then revokes the sessions, so it waits for the session this sign-in starts and revokes it too; a reset that committed
 * before (this transaction waited for the user's guess counter, which the owner's passcode locks as well) left nothing,
 * and the code signs nobody in. A plain read let a stranger's passcode to her own phone, redeemed beside the owner's
 * proof, keep a session in the owner's account (resetRaces.test.ts).
 */
async function holdVerifiedIdentifier(
  trx: Executor,
  kind: 'email' | 'phone',
  methodId: string,
  userId: string,
): Promise<boolean> {
  const { table, id } = IDENTIFIER_TABLES[kind];
  const held = await trx
    .selectFrom(table as 'emails')
    .select('user_id')
    .where(id as 'email_id', '=', methodId)
    .where('user_id', '=', userId)
    .forShare()
    .executeTakeFirst();
  return held !== undefined;
}

/** The SDK's passcode calls: login_or_create and send for each channel, and authenticate. */
export function registerOtpRoutes(app: Hono<ProviderEnv>): void {
  for (const channel of ['email', 'sms', 'whatsapp'] as const) {
    app.post(`/sdk/v1/otps/${channel}/login_or_create`, (c) => sendPasscode(c, channel, 'login_or_create'));
    app.post(`/sdk/v1/otps/${channel}/send/primary`, (c) => sendPasscode(c, channel, 'primary'));
    app.post(`/sdk/v1/otps/${channel}/send/secondary`, (c) => sendPasscode(c, channel, 'secondary'));
  }
  app.post('/sdk/v1/otps/authenticate', authenticatePasscode);
}
