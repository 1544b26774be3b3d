// The two ways a code proves the second factor on the current session or intermediate session, shared by the
// sign-in step (useTotpFlow) and the `verify` steps of the changes to a second factor (useTotpEnrollment, and the
// passkey hooks' usePasskeyRegistration and usePasskeys), with the refusal that leads to those steps and the third way
// those steps have: a passkey on the current session.
import { APIError, type TotpsAuthenticateResponse, type WebAuthnAuthenticateResponse } from '@latchkey/sdk';
import type { LatchkeyFlowError } from '../../errors';
import { type FlowContext, resolveSessionDuration } from '../../flowContext';
import { TOTP_INVALID_CODE_MESSAGE, TOTP_INVALID_RECOVERY_CODE_MESSAGE } from './totpErrors';

/** A code from the app: six digits. */
const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Letters, digits and dashes only, as the provider issues them (`abcd-efgh-ijkl-mnop`); spaces are dropped. */
const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

/** The request that proves the code, or the error of a malformed one. */
export type TotpProof = (() => Promise<TotpsAuthenticateResponse>) | LatchkeyFlowError;

/**
 * `totps.authenticate` with a code from the app (spaces dropped), or 'Invalid passcode…' for one that is not six
 * digits: checked here so a malformed code costs no request (and no guess against the lockout).
 */
export function totpCodeProof(ctx: FlowContext, code: string, sessionDurationMinutes: number | undefined): TotpProof {
  const trimmed = code.replace(/\s/g, '');
  if (!TOTP_CODE_PATTERN.test(trimmed)) return { type: 'invalid_totp_code', message: TOTP_INVALID_CODE_MESSAGE };
  return () =>
    ctx.client.totps.authenticate({
      totp_code: trimmed,
      session_duration_minutes: resolveSessionDuration(ctx, sessionDurationMinutes),
    });
}

/** `totps.recover` with a recovery code (spaces dropped; each works once), or the error of a malformed one. */
export function recoveryCodeProof(
  ctx: FlowContext,
  recoveryCode: string,
  sessionDurationMinutes: number | undefined,
): TotpProof {
  const trimmed = recoveryCode.replace(/\s/g, '');
  if (!RECOVERY_CODE_PATTERN.test(trimmed)) {
    return { type: 'invalid_recovery_code', message: TOTP_INVALID_RECOVERY_CODE_MESSAGE };
  }
  return () =>
    ctx.client.totps.recover({
      recovery_code: trimmed,
      session_duration_minutes: resolveSessionDuration(ctx, sessionDurationMinutes),
    });
}

/**
 * The provider's refusal of a change to a second factor from a session that never proved one: the recent sign-in's
 * `reauthentication_required`, told apart by `error_details.reason` (a sign-in that is not recent needs a new
 * sign-in, which no code on this session gives; the message is not read: it is the provider's prose).
 */
export function needsSecondFactorProof(caught: unknown): boolean {
  return (
    caught instanceof APIError &&
    caught.error_type === 'reauthentication_required' &&
    caught.error_details?.reason === 'second_factor'
  );
}

/**
 * Whether the signed-in user (as last fetched) holds a confirmed authenticator app, so that the `verify` step of a
 * change to a second factor can ask for its code or a recovery code.
 */
export function canProveWithTotp(ctx: FlowContext): boolean {
  return ctx.client.user.getSync()?.totps?.some((totp) => totp.verified) ?? false;
}

/**
 * Whether the signed-in user (as last fetched) holds a passkey or security key, so that the `verify` step of a change
 * to a passkey, or of a new authenticator app, can prove this session with it (`passkeyProof`). A change to the app
 * itself (remove it, new recovery codes) counts only its own codes: the provider says so, and those steps never ask.
 */
export function canProveWithPasskey(ctx: FlowContext): boolean {
  return (ctx.client.user.getSync()?.webauthn_registrations?.length ?? 0) > 0;
}

/**
 * `webauthn.authenticate` on the current session: the SDK starts it with `/webauthn/authenticate/start/secondary`
 * (the challenge bound to this session) and sends the assertion with the session, so the `webauthn` factor joins it,
 * and beside the first factor it proves the second. No `is_passkey`: a security key without a PIN proves it too there
 * (a passkey verifies the user whatever the start asked).
 */
export function passkeyProof(
  ctx: FlowContext,
  sessionDurationMinutes: number | undefined,
): () => Promise<WebAuthnAuthenticateResponse> {
  return () =>
    ctx.client.webauthn.authenticate({
      session_duration_minutes: resolveSessionDuration(ctx, sessionDurationMinutes),
    });
}

/**
 * The verbs of a `verify` step, one flight (useSingleFlightVerbs' `shared`): while one proof runs, another way's call
 * gets its outcome and sends nothing (a recovery code typed while the passkey prompt is open is not spent).
 */
export const PROOF_FLIGHT = [['verifyAndRetry', 'recoverAndRetry', 'verifyWithPasskeyAndRetry']] as const;
