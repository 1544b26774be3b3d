// Multi-factor sign-in (project `mfa.required`). A first factor of a user who has a second factor starts an
// intermediate session instead of a session: the answer carries `intermediate_session_token` (10 minutes, like the
// SDK's cookie) and empty session tokens. A second factor presented with that token (totps/authenticate,
// totps/recover, a passkey through webauthn/authenticate/start/secondary + webauthn/authenticate) consumes it, once,
// and starts the session with both factors. A passkey whose authenticator verified the user (PIN, biometrics) is
// multi-factor on its own (something you have plus something you know or are), so it signs in without a second step.
import type { AuthenticationFactor } from '@latchkey/sdk/contract';
import { getCookie } from 'hono/cookie';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, IntermediateSessionsTable } from '../db/schema';
import { clientIp, type ProviderContext, type ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import { newId, randomToken, sha256Hex } from './secrets';
// A cycle (sessions.ts asks needsSecondFactor, this file records the completed session); neither runs the other at load.
import { type NewFactor, recordAuthentication, type SessionRow, type StartedSession } from './sessions';

type Executor = Kysely<Database> | Transaction<Database>;
export type IntermediateSessionRow = Selectable<IntermediateSessionsTable>;

/** How long an intermediate session waits for its second factor (the SDK keeps its cookie as long). */
export const INTERMEDIATE_SESSION_LIFETIME_MS = 10 * 60_000;

/**
 * The cookie the SDK keeps the token in. A browser sends it along when the provider is on the page's own site
 * (the SDK calls with `credentials: 'include'`), so a second factor finds it without the SDK naming it.
 */
export const INTERMEDIATE_SESSION_COOKIE = 'stytch_intermediate_session_token';

/**
 * Factor types that are second factors: recording one never waits for another. A passkey is not among them: it can
 * start a sign-in (and then counts as both factors when the user was verified) or complete one.
 */
const SECOND_FACTOR_TYPES: ReadonlySet<string> = new Set(['totp', 'recovery_codes']);

/** Is this factor a second factor (it completes a sign-in rather than starting one)? */
export function isSecondFactor(factor: Pick<AuthenticationFactor, 'type'>): boolean {
  return SECOND_FACTOR_TYPES.has(factor.type);
}

/** The passkey registrations a list of factors already used (a passkey cannot be both factors of one sign-in). */
export function webauthnRegistrationsUsed(factors: Pick<AuthenticationFactor, 'webauthn_factor'>[]): string[] {
  return factors.flatMap((factor) => (factor.webauthn_factor ? [factor.webauthn_factor.webauthn_registration_id] : []));
}

/**
 * Does the user hold a second factor that can complete a sign-in? A verified TOTP, or a passkey / security key
 * (a registration is stored only once its attestation verified) other than those in `exceptRegistrations` (the one
 * that gave the first factor). Runs in the caller's transaction (on SQLite it holds the only connection).
 */
export async function hasSecondFactor(
  db: Executor,
  userId: string,
  exceptRegistrations: readonly string[] = [],
): Promise<boolean> {
  const totp = await db
    .selectFrom('totps')
    .select('totp_id')
    .where('user_id', '=', userId)
    .where('verified', '=', 1)
    .executeTakeFirst();
  if (totp !== undefined) return true;
  let passkeys = db
    .selectFrom('webauthn_registrations')
    .select('webauthn_registration_id')
    .where('user_id', '=', userId);
  if (exceptRegistrations.length > 0) {
    passkeys = passkeys.where('webauthn_registration_id', 'not in', [...exceptRegistrations]);
  }
  return (await passkeys.executeTakeFirst()) !== undefined;
}

/**
 * Must a new session of `userId`, proved by `factor`, wait for a second factor? Only when the project requires
 * one, the factor is a first factor that is not multi-factor on its own (`multiFactor`: a passkey that verified
 * the user), and the user has a second factor to give (one without any gets a session, so they can enrol one).
 */
export async function needsSecondFactor(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  factor: Pick<AuthenticationFactor, 'type' | 'webauthn_factor'>,
  multiFactor = false,
): Promise<boolean> {
  if (!deps.config.project.mfa.required || isSecondFactor(factor) || multiFactor) return false;
  return hasSecondFactor(db, userId, webauthnRegistrationsUsed([factor]));
}

/** The intermediate session as a session row, for the answer's `session` (the SDK stores one). */
function asSessionRow(row: IntermediateSessionRow): SessionRow {
  return {
    session_id: row.intermediate_session_id,
    user_id: row.user_id,
    project_id: row.project_id,
    token_hash: row.token_hash,
    started_at: row.created_at,
    last_accessed_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: null,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    factors: row.factors,
    custom_claims: null,
    impersonator_id: null,
    exchanged_token_id: null,
    exchanged_client_id: null,
    max_expires_at: null,
  };
}

/**
 * Starts an intermediate session for a first factor, in the caller's transaction (the one that consumed the
 * code, link or password check): a fresh 256-bit token, stored as its SHA-256, live for ten minutes.
 */
export async function startIntermediateSession(
  trx: Executor,
  c: ProviderContext,
  options: { userId: string; factor: AuthenticationFactor },
): Promise<StartedSession> {
  const deps = c.get('deps');
  const now = deps.clock.now();
  const token = randomToken(32);
  const row: IntermediateSessionRow = {
    intermediate_session_id: newId('intermediate-session', deps.environment),
    project_id: deps.config.project.projectId,
    user_id: options.userId,
    token_hash: sha256Hex(token),
    factors: JSON.stringify([options.factor]),
    ip_address: clientIp(c),
    user_agent: (c.req.header('user-agent') ?? '').slice(0, 512),
    created_at: now,
    expires_at: now + INTERMEDIATE_SESSION_LIFETIME_MS,
    consumed_at: null,
  };
  await trx.insertInto('intermediate_sessions').values(row).execute();
  return { row: asSessionRow(row), token, intermediate: true };
}

/** The live (unused, unexpired) intermediate session a token names, or undefined. */
export async function findIntermediateSession(
  deps: ProviderDeps,
  token: string,
): Promise<IntermediateSessionRow | undefined> {
  const row = await deps.db
    .selectFrom('intermediate_sessions')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', deps.config.project.projectId)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null || row.expires_at <= deps.clock.now()) return undefined;
  return row;
}

/**
 * The intermediate session token a second-factor call carries: `intermediate_session_token` in the body, else
 * (when the Authorization header names no session) the SDK's cookie, which a same-site browser sends.
 */
export function intermediateSessionToken(c: ProviderContext, fromBody: string | undefined): string | undefined {
  if (fromBody !== undefined) return fromBody;
  if (c.get('auth').sessionToken !== null) return undefined;
  const cookie = getCookie(c, INTERMEDIATE_SESSION_COOKIE);
  return cookie === undefined || cookie === '' ? undefined : cookie;
}

/**
 * Completes an intermediate session with its second factor, in the caller's transaction (the one that consumed
 * the code): the intermediate session is consumed by one conditional UPDATE (used once, only while live), and a
 * session starts with the factors it proved and `factor`. A token used or expired in the meantime is refused
 * with `intermediate_session_not_found`, which rolls the caller's transaction back.
 */
export async function completeIntermediateSession(
  trx: Executor,
  c: ProviderContext,
  options: { intermediate: IntermediateSessionRow; factor: NewFactor; durationMinutes: number | undefined },
): Promise<StartedSession> {
  const now = c.get('deps').clock.now();
  const consumed = await trx
    .updateTable('intermediate_sessions')
    .set({ consumed_at: now })
    .where('intermediate_session_id', '=', options.intermediate.intermediate_session_id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new ProviderError('intermediate_session_not_found');
  return recordAuthentication(trx, c, {
    userId: options.intermediate.user_id,
    factor: options.factor,
    durationMinutes: options.durationMinutes,
    current: null,
    priorFactors: JSON.parse(options.intermediate.factors) as AuthenticationFactor[],
    // Both factors are proved: a passkey completing the sign-in is not asked for yet another factor.
    multiFactor: true,
  });
}

/**
 * The sign-in waiting for its second factor that a request without a session carries in the SDK's cookie, if it is
 * still live: `sessions/authenticate` answers it again (the SDK refreshes while it holds one), so the SDK keeps its
 * token until the intermediate session ends instead of dropping it at its first refresh.
 */
export async function pendingSignIn(c: ProviderContext): Promise<StartedSession | null> {
  const token = intermediateSessionToken(c, undefined);
  if (token === undefined) return null;
  const row = await findIntermediateSession(c.get('deps'), token);
  return row ? { row: asSessionRow(row), token, intermediate: true } : null;
}

/** Ends the intermediate session a request without a session carries in the SDK's cookie (signing out mid-way). */
export async function endPendingSignIn(c: ProviderContext): Promise<boolean> {
  const token = intermediateSessionToken(c, undefined);
  if (token === undefined) return false;
  const deps = c.get('deps');
  const ended = await deps.db
    .updateTable('intermediate_sessions')
    .set({ consumed_at: deps.clock.now() })
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', deps.config.project.projectId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) === 1;
}
