import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { newId } from '../../services/secrets';
import type { NewFactor } from '../../services/sessions';
import type { TotpsTable } from './tables';
import { decryptTotpSecret, recoveryCodeHash } from './totpKey';

export type TotpRow = Selectable<TotpsTable>;

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
export const TOTP_TOLERANCE_SECONDS = 30;
/** `expiration_minutes` of `POST /totps`: how long a new TOTP waits for its first code (default one day). */
export const DEFAULT_TOTP_EXPIRATION_MINUTES = 1440;
export const MIN_TOTP_EXPIRATION_MINUTES = 5;
export const MAX_TOTP_EXPIRATION_MINUTES = 1440;
/** Recovery codes issued with a TOTP (and by each `POST /totps/recovery_codes`). */
export const RECOVERY_CODE_COUNT = 10;

/** A TOTP code as typed: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_CODE_LENGTH = 16;

/**
 * A recovery code: 16 characters of the base32 alphabet from the CSPRNG (80 bits), shown in groups of four
 * (`abcd-efgh-ijkl-mn23`).
 */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index += 1) code += RECOVERY_ALPHABET[randomInt(0, 32)];
  return code.replace(/(.{4})(?!$)/g, '$1-');
}

/**
 * A recovery code as typed, in the form it is hashed in: case, spaces and dashes do not matter. Undefined when it
 * cannot be one (wrong length or characters).
 */
export function normalizeRecoveryCode(input: string): string | undefined {
  if (input.length > 64) return undefined;
  const compact = input.toLowerCase().replace(/[\s-]/g, '');
  if (compact.length !== RECOVERY_CODE_LENGTH || ![...compact].every((char) => RECOVERY_ALPHABET.includes(char))) {
    return undefined;
  }
  return compact.replace(/(.{4})(?!$)/g, '$1-');
}

/** A fresh base32 secret of 160 bits (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/**
 * The `otpauth://totp/…` URI an authenticator app scans: the project's name as issuer, the user's first email
 * (else phone number, else user id) as the account.
 */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  return generateURI({ issuer, label: account, secret, period: TOTP_PERIOD_SECONDS, digits: 6 });
}

/** The URI as a PNG QR code in a `data:image/png;base64,…` URL (the contract's `qr_code`). */
export function qrCodeDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 256 });
}

/**
 * Checks a six-digit code against the TOTP's secret at `nowMs`, accepting the steps within the tolerance. Codes
 * of steps at or before `last_time_step` never match (a used code cannot be replayed); the caller still claims
 * the step with a conditional UPDATE, which decides between parallel uses. Returns the matched step, or null.
 */
export async function checkTotpCode(
  deps: Pick<ProviderDeps, 'encryptionKey'>,
  totp: Pick<TotpRow, 'totp_id' | 'secret_ciphertext' | 'last_time_step'>,
  code: string,
  nowMs: number,
): Promise<number | null> {
  const secret = decryptTotpSecret(deps.encryptionKey, totp.totp_id, totp.secret_ciphertext);
  const epoch = Math.floor(nowMs / 1000);
  const latestStep = Math.floor((epoch + TOTP_TOLERANCE_SECONDS) / TOTP_PERIOD_SECONDS);
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    // otplib refuses a bound past the window (a clock that went back): every step of the window is used then.
    ...(totp.last_time_step === null ? {} : { afterTimeStep: Math.min(Number(totp.last_time_step), latestStep) }),
  });
  // The functional API's result also covers HOTP, whose matches carry no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The factor a TOTP code proves. */
export function totpFactor(totpId: string): NewFactor {
  return { type: 'totp', delivery_method: 'authenticator_app', authenticator_app_factor: { totp_id: totpId } };
}

/** The factor a recovery code proves. */
export function recoveryCodeFactor(recoveryCodeId: string): NewFactor {
  return {
    type: 'recovery_codes',
    delivery_method: 'recovery_code',
    recovery_code_factor: { totp_recovery_code_id: recoveryCodeId },
  };
}

/** The user's TOTP (there is at most one), if any. */
export async function findTotp(db: Executor, userId: string): Promise<TotpRow | undefined> {
  return db.selectFrom('totps').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Issues a fresh set of recovery codes for a TOTP, in the caller's transaction: earlier codes of the TOTP stop
 * working, and only the keyed hashes are stored. Returns the codes, shown once.
 */
export async function issueRecoveryCodes(
  trx: Executor,
  deps: ProviderDeps,
  totp: { totp_id: string; user_id: string },
): Promise<string[]> {
  const now = deps.clock.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('totp_recovery_codes').where('totp_id', '=', totp.totp_id).execute();
  await trx
    .insertInto('totp_recovery_codes')
    .values(
      codes.map((code) => ({
        recovery_code_id: newId('totp-recovery-code', deps.environment),
        totp_id: totp.totp_id,
        user_id: totp.user_id,
        code_hash: recoveryCodeHash(deps.encryptionKey, totp.totp_id, code),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}
