// Multi-factor sign-in (project `mfa.required`). A first factor of a user who has a second factor starts an
// intermediate session instead of a session: the answer carries `intermediate_session_token` (10 minutes, like the
// SDK's cookie) and empty session tokens. A second factor presented with that token (totps/authenticate,
// totps/recover, a passkey through webauthn/authenticate/start/secondary + webauthn/authenticate) consumes it, once,
// and starts the session with both factors. A passkey whose authenticator verified the user (PIN, biometrics), and
// did when it was registered, is multi-factor on its own (something you have plus something you know or are), so it
// signs in without a second step.
//
// Whether a first factor waits for a second one, and the intermediate session it starts, are in
// intermediateSessions.ts: sessions.ts asks them when it records a first factor, and this file records the completed
// session through sessions.ts.
import type { AuthenticationFactor } from '@latchkey/sdk/contract';
import { getCookie } from 'hono/cookie';
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../db/schema';
import type { ProviderContext, ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import {
  applyDeferredChange,
  asSessionRow,
  type IntermediateSessionRow,
  productSecondFactorProof,
  SECOND_FACTOR_PROOF_WORDS,
} from './intermediateSessions';
import { sha256Hex } from './secrets';
import {
  assertSecondFactorProved,
  type NewFactor,
  recordAuthentication,
  type SessionRow,
  type StartedSession,
} from './sessions';

/**
 * The cookie the SDK keeps the token in. A browser sends it along when the provider is on the page's own site
 * (the SDK calls with `credentials: 'include'`), so a second factor finds it without the SDK naming it.
 */
export const INTERMEDIATE_SESSION_COOKIE = 'stytch_intermediate_session_token';

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
  trx: Transaction<Database>,
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
  const started = await recordAuthentication(trx, c, {
    userId: options.intermediate.user_id,
    factor: options.factor,
    durationMinutes: options.durationMinutes,
    current: null,
    priorFactors: JSON.parse(options.intermediate.factors) as AuthenticationFactor[],
    // Both factors are proved: a passkey completing the sign-in is not asked for yet another factor.
    multiFactor: true,
  });
  // What the first factor's call deferred to this point (a password reset's new password), now that both are proved.
  await applyDeferredChange(trx, c.get('deps'), options.intermediate, { sessionId: started.row.session_id, now });
  return started;
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

/**
 * Under `project.mfa.required`, adding or removing a second factor (or confirming a new one) needs a session that proved
 * the second factor when the user holds one (sessions.ts `assertSecondFactorProved`; a factor of a product that is no
 * second-factor type counts as that product's `secondFactor.proves` says). Else a session that passed the first factor
 * alone (one started before the user's second factor existed, made recent again by a first factor) could add its own
 * second factor, or remove the owner's, and complete every later sign-in. A user without a second factor yet adds her
 * first with the first factor alone; with multi-factor sign-in off these are sensitive changes like any other (a
 * recent sign-in). The refusal says how every product's second factor proves it (`secondFactor.proofWords`). `db` is
 * the caller's transaction when there is one.
 */
export async function assertSecondFactorChangeAllowed(
  deps: ProviderDeps,
  row: SessionRow,
  db: Executor = deps.db,
): Promise<void> {
  if (!deps.config.project.mfa.required) return;
  await assertSecondFactorProved(deps, row, db, {
    proves: productSecondFactorProof(db, row.user_id),
    how: SECOND_FACTOR_PROOF_WORDS,
  });
}
