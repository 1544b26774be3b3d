import type { User } from '@latchkey/sdk/contract';
import type { Hono } from 'hono';
import { z } from 'zod';
import { dialectOf } from '../../db/dialect';
import { ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { protectionFields, sessionDurationField } from '../../http/fields';
import { recordFailure, releaseGuessSlot, takeGuessSlot } from '../../services/guards';
import type { IntermediateSessionRow } from '../../services/intermediateSessions';
import {
  assertSecondFactorChangeAllowed,
  completeIntermediateSession,
  findIntermediateSession,
  intermediateSessionToken,
} from '../../services/mfa';
import { newId } from '../../services/secrets';
import {
  assertRecentAuthentication,
  assertSecondFactorProved,
  authenticateResponseFields,
  type NewFactor,
  provedSecondFactor,
  recordAuthentication,
  requireOpaqueSession,
  requireSession,
  type SessionRow,
  type StartedSession,
  secondFactorRequired,
} from '../../services/sessions';
import { requireUser } from '../../services/users';
import { assertIdentifiersVerified } from '../../services/verification';
import { encryptTotpSecret, recoveryCodeHash } from './totpKey';
import {
  checkTotpCode,
  DEFAULT_TOTP_EXPIRATION_MINUTES,
  findTotp,
  issueRecoveryCodes,
  MAX_TOTP_EXPIRATION_MINUTES,
  MIN_TOTP_EXPIRATION_MINUTES,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUri,
  qrCodeDataUrl,
  recoveryCodeFactor,
  TOTP_CODE_PATTERN,
  totpFactor,
} from './totps';

const createSchema = z.object({
  expiration_minutes: z
    .number()
    .int()
    .min(MIN_TOTP_EXPIRATION_MINUTES, `A new TOTP must wait at least ${MIN_TOTP_EXPIRATION_MINUTES} minutes`)
    .max(MAX_TOTP_EXPIRATION_MINUTES, `A new TOTP may wait at most ${MAX_TOTP_EXPIRATION_MINUTES} minutes`)
    .optional(),
});

/** The token of an intermediate session, when the caller names it in the body (else the SDK's cookie is read). */
const intermediateTokenField = z.string().min(1).max(256).optional();

const authenticateSchema = z.object({
  totp_code: z.string(),
  session_duration_minutes: sessionDurationField,
  intermediate_session_token: intermediateTokenField,
  ...protectionFields,
});

const recoverSchema = z.object({
  recovery_code: z.string(),
  session_duration_minutes: sessionDurationField,
  intermediate_session_token: intermediateTokenField,
  ...protectionFields,
});

/** Who presents a second factor: a signed-in user (adding a factor), or a sign-in waiting for its second factor. */
type SecondFactorCaller =
  | { kind: 'session'; userId: string; current: { row: SessionRow; token: string } }
  | { kind: 'intermediate'; userId: string; intermediate: IntermediateSessionRow };

/**
 * The caller of `totps/authenticate` and `totps/recover`: an intermediate session when its token is in the body
 * (or, without a session in the Authorization header, in the SDK's cookie), else the opaque session of the
 * Authorization header. A code alone names no user, so without either the call is `user_unauthenticated`.
 */
async function secondFactorCaller(c: ProviderContext, bodyToken: string | undefined): Promise<SecondFactorCaller> {
  const token = intermediateSessionToken(c, bodyToken);
  if (token !== undefined) {
    const intermediate = await findIntermediateSession(c.get('deps'), token);
    if (!intermediate) throw new ProviderError('intermediate_session_not_found');
    return { kind: 'intermediate', userId: intermediate.user_id, intermediate };
  }
  const current = await requireOpaqueSession(c);
  return { kind: 'session', userId: current.row.user_id, current };
}

/** Records a proved second factor: completes the intermediate session, or adds the factor to the session. */
function recordSecondFactor(
  trx: Parameters<typeof completeIntermediateSession>[0],
  c: ProviderContext,
  caller: SecondFactorCaller,
  factor: NewFactor,
  durationMinutes: number | undefined,
): Promise<StartedSession> {
  if (caller.kind === 'intermediate') {
    return completeIntermediateSession(trx, c, { intermediate: caller.intermediate, factor, durationMinutes });
  }
  return recordAuthentication(trx, c, { userId: caller.userId, factor, durationMinutes, current: caller.current });
}

/**
 * How a session proves the second factor a change to the TOTP needs (the refusal's words): `totps/authenticate` or
 * `totps/recover` with that session. The TOTP's own factors only: a change to it never counts another product's.
 */
const PROVE_TOTP = 'a code from your authenticator app or a recovery code';

/** The account an authenticator app lists the code under: the first email, else phone number, else the user id. */
function accountName(user: User): string {
  return user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
}

/**
 * `POST /totps`: a new authenticator-app secret for the signed-in user, who must have authenticated recently
 * (a new factor is a sensitive change) and, under `mfa.required`, proved the second factor they hold
 * (services/mfa.ts `assertSecondFactorChangeAllowed`). It stays pending (it cannot complete a sign-in) until its first valid
 * code, and lapses after `expiration_minutes`; a new one replaces a pending one, never a verified one
 * (`active_totp_exists`). The secret is stored encrypted, the recovery codes as keyed hashes.
 */
async function create(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, createSchema);
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  // Checked here so a refused session gets no secret; `authenticate` asks again when the TOTP is confirmed (a passkey
  // registered meanwhile, or a TOTP enrolled before the owner's passkey existed).
  await assertSecondFactorChangeAllowed(deps, row);
  // The owner's later proof of an unverified address would remove the new factor: verify first (finding 7).
  await assertIdentifiersVerified(deps.db, row.user_id);
  const user = await requireUser(deps.db, row.user_id);
  const now = deps.clock.now();
  const totpId = newId('totp', deps.environment);
  const secret = newTotpSecret();
  const expirationMinutes = body.expiration_minutes ?? DEFAULT_TOTP_EXPIRATION_MINUTES;
  const recoveryCodes = await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('totps').where('user_id', '=', row.user_id).where('verified', '=', 0).execute();
    // The unique user_id decides between parallel enrolments, and keeps a verified TOTP in place.
    const inserted = await trx
      .insertInto('totps')
      .values({
        totp_id: totpId,
        project_id: deps.config.project.projectId,
        user_id: row.user_id,
        secret_ciphertext: encryptTotpSecret(deps.encryptionKey, totpId, secret),
        verified: 0,
        last_time_step: null,
        expires_at: now + expirationMinutes * 60_000,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new ProviderError('active_totp_exists');
    return issueRecoveryCodes(trx, deps, { totp_id: totpId, user_id: row.user_id });
  });
  const uri = otpauthUri(deps.config.project.name, accountName(user), secret);
  const updated = await requireUser(deps.db, row.user_id);
  return ok(c, {
    user_id: row.user_id,
    totp_id: totpId,
    secret,
    qr_code: await qrCodeDataUrl(uri),
    otpauth_uri: uri,
    recovery_codes: recoveryCodes,
    __user: updated,
  });
}

/**
 * `POST /totps/authenticate`: a code from the app. The guess takes a slot of the user's lockout before it is
 * checked (the counter passwords and passcodes share); a right code claims its time step with one conditional
 * UPDATE (`last_time_step < step`), so a code is accepted once, and fifty parallel uses give one success. The
 * first right code verifies a pending TOTP, from a session that may enrol one (`assertSecondFactorChangeAllowed`, as of
 * now). With a session the factor joins it; with an intermediate session the sign-in completes with both factors.
 */
async function authenticate(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  if (!TOTP_CODE_PATTERN.test(body.totp_code)) throw new ProviderError('invalid_code');
  const caller = await secondFactorCaller(c, body.intermediate_session_token);
  const now = deps.clock.now();
  const totp = await findTotp(deps.db, caller.userId);
  // A pending TOTP is confirmed from a session before it lapses; it never completes a sign-in.
  if (!totp || (totp.verified !== 1 && (caller.kind === 'intermediate' || totp.expires_at <= now))) {
    throw new ProviderError('totp_not_found');
  }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    // Confirming a pending TOTP adds a second factor: a session that may not enrol one now (the owner's passkey came
    // after the enrolment) is refused before the code is looked at, taking no guess slot.
    if (totp.verified !== 1 && caller.kind === 'session') {
      await assertSecondFactorChangeAllowed(deps, caller.current.row, trx);
    }
    await takeGuessSlot(deps, caller.userId, trx);
    const step = await checkTotpCode(deps, totp, body.totp_code, now);
    // A right code writes the TOTP's row, whose trigger then bumps the user's `methods_version`: on PostgreSQL the
    // user's row is taken first, the order a pre-hijacking reset of the account (its owner proving an address:
    // services/verification.ts) takes them in, holding the user's row while it deletes the TOTP. Taken by the trigger,
    // after the TOTP's row, the two deadlocked (a 500). Held until the commit, the reset waits for this sign-in and then
    // revokes its session; a reset that committed first left no TOTP to claim the step of (resetRaces.test.ts).
    if (step !== null && dialectOf(trx) === 'postgres') {
      await trx.selectFrom('users').select('user_id').where('user_id', '=', caller.userId).forNoKeyUpdate().execute();
    }
    const claimed =
      step === null
        ? undefined
        : await trx
            .updateTable('totps')
            .set({ last_time_step: step, verified: 1 })
            .where('totp_id', '=', totp.totp_id)
            .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
            .where((eb) => eb.or([eb('verified', '=', 1), eb('expires_at', '>', now)]))
            .executeTakeFirst();
    if (claimed === undefined || Number(claimed.numUpdatedRows) !== 1) {
      // A wrong code, or a right one already used: a failed guess either way, and it keeps its slot.
      await recordFailure(deps, caller.userId, trx);
      return { refused: 'otp_code_not_found' as const };
    }
    await releaseGuessSlot(trx, caller.userId);
    const session = await recordSecondFactor(trx, c, caller, totpFactor(totp.totp_id), body.session_duration_minutes);
    return { session };
  });
  if (outcome.refused !== undefined) throw new ProviderError(outcome.refused);
  return ok(c, { ...(await authenticateResponseFields(c, outcome.session)), totp_id: totp.totp_id });
}

/**
 * `POST /totps/recover`: a recovery code instead of the app, for a verified TOTP. Like a code, the guess takes a
 * lockout slot first; the code is consumed by one `UPDATE … WHERE used_at IS NULL`, so it works once.
 */
async function recover(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, recoverSchema);
  const code = normalizeRecoveryCode(body.recovery_code);
  if (code === undefined) throw new ProviderError('invalid_code');
  const caller = await secondFactorCaller(c, body.intermediate_session_token);
  const now = deps.clock.now();
  const totp = await findTotp(deps.db, caller.userId);
  if (totp?.verified !== 1) throw new ProviderError('totp_not_found');
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await takeGuessSlot(deps, caller.userId, trx);
    const used = await trx
      .updateTable('totp_recovery_codes')
      .set({ used_at: now })
      .where('totp_id', '=', totp.totp_id)
      .where('code_hash', '=', recoveryCodeHash(deps.encryptionKey, totp.totp_id, code))
      .where('used_at', 'is', null)
      .returning('recovery_code_id')
      .executeTakeFirst();
    if (!used) {
      await recordFailure(deps, caller.userId, trx);
      return { refused: 'recovery_code_not_found' as const };
    }
    await releaseGuessSlot(trx, caller.userId);
    const session = await recordSecondFactor(
      trx,
      c,
      caller,
      recoveryCodeFactor(used.recovery_code_id),
      body.session_duration_minutes,
    );
    return { session };
  });
  if (outcome.refused !== undefined) throw new ProviderError(outcome.refused);
  return ok(c, { ...(await authenticateResponseFields(c, outcome.session)), totp_id: totp.totp_id });
}

/**
 * `POST /totps/recovery_codes`: recovery codes are kept only as keyed hashes, so they cannot be shown again;
 * this call issues a fresh set for the user's TOTP (the earlier codes stop working) and shows it once. It needs a
 * recent authentication, like any change to a factor, and a session that proved the second factor (a TOTP code or a
 * recovery code, `assertSecondFactorProved`), whether multi-factor sign-in is required or not: a recovery code is the
 * second factor, so a session holding the first factor alone would mint its own. A pending TOTP's codes too: they
 * work once it is confirmed.
 */
async function rotateRecoveryCodes(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  await readBody(c, z.object({}));
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  const result = await deps.db.transaction().execute(async (trx) => {
    // Locks the TOTP row (PostgreSQL) so a concurrent delete cannot slip between the check and the insert.
    const totp = await trx
      .updateTable('totps')
      .set((eb) => ({ verified: eb.ref('verified') }))
      .where('user_id', '=', row.user_id)
      .returning(['totp_id', 'user_id', 'verified'])
      .executeTakeFirst();
    if (!totp) return undefined;
    await assertSecondFactorProved(deps, row, trx, { holds: true, how: PROVE_TOTP });
    return { totp, codes: await issueRecoveryCodes(trx, deps, totp) };
  });
  if (!result) throw new ProviderError('totp_not_found');
  return ok(c, {
    user_id: row.user_id,
    totps: { totp_id: result.totp.totp_id, verified: result.totp.verified === 1, recovery_codes: result.codes },
  });
}

/**
 * `DELETE /users/totps/{id}`: removes the caller's own TOTP and its recovery codes. A recent sign-in is needed, and
 * for a verified TOTP a session that proved the second factor (a TOTP code or a recovery code), whether multi-factor
 * sign-in is required or not: else a session holding the first factor alone could remove the owner's app and enrol
 * its own. A pending TOTP (never confirmed: no second factor yet) goes with the recent sign-in alone.
 */
async function deleteTotp(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  const proved = await provedSecondFactor(row);
  const id = c.req.param('id') ?? '';
  // Only the caller's own: another user's id is "not found", never deleted. Recovery codes go with it (cascade).
  let query = deps.db.deleteFrom('totps').where('totp_id', '=', id).where('user_id', '=', row.user_id);
  // Without the proof only a pending TOTP goes, in the same statement: one confirmed meanwhile stays.
  if (!proved) query = query.where('verified', '=', 0);
  const deleted = await query.executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) {
    const verified = proved
      ? undefined
      : await deps.db
          .selectFrom('totps')
          .select('totp_id')
          .where('totp_id', '=', id)
          .where('user_id', '=', row.user_id)
          .where('verified', '=', 1)
          .executeTakeFirst();
    throw verified ? secondFactorRequired(PROVE_TOTP) : new ProviderError('totp_not_found');
  }
  const user = await requireUser(deps.db, row.user_id);
  return ok(c, { user_id: user.user_id, __user: user });
}

/** The SDK's TOTP calls and `DELETE /users/totps/{id}`. */
export function registerTotpRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/totps', create);
  app.post('/sdk/v1/totps/authenticate', authenticate);
  app.post('/sdk/v1/totps/recovery_codes', rotateRecoveryCodes);
  app.post('/sdk/v1/totps/recover', recover);
  app.delete('/sdk/v1/users/totps/:id', deleteTotp);
}
