// The first half of a multi-factor sign-in, the part sessions.ts needs when it records a first factor: must this
// sign-in wait for a second factor, and if so the intermediate session it starts instead of a session. The second
// half (finding the intermediate session again, completing it with the second factor) is mfa.ts, which records the
// completed session through sessions.ts; this module imports only types from there, so neither file runs the other
// at load.
import type { AuthenticationFactor } from '@latchkey/sdk/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Database, Executor, IntermediateSessionsTable } from '../db/schema';
import { clientIp, type ProviderContext, type ProviderDeps } from '../http/context';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { newId, randomToken, sha256Hex } from './secrets';
import type { NewFactor, SecondFactorProof, SessionRow, StartedSession } from './sessions';

export type IntermediateSessionRow = Selectable<IntermediateSessionsTable>;

/** How long an intermediate session waits for its second factor (the SDK keeps its cookie as long). */
export const INTERMEDIATE_SESSION_LIFETIME_MS = 10 * 60_000;

/** The products that have a second factor (products/descriptor.ts): those whose factors only complete a sign-in first. */
const SECOND_FACTORS = PRODUCT_DESCRIPTORS.flatMap((product) =>
  product.secondFactor ? [product.secondFactor] : [],
).sort(
  (a, b) => Number(b.types !== undefined && b.types.length > 0) - Number(a.types !== undefined && a.types.length > 0),
);

/**
 * Factor types that are second factors (the products' `secondFactor.types`): recording one never waits for another.
 * A product whose factor can also start a sign-in (a passkey) lists none.
 */
const SECOND_FACTOR_TYPES: ReadonlySet<string> = new Set(SECOND_FACTORS.flatMap((rules) => rules.types ?? []));

/** Is this factor a second factor (it completes a sign-in rather than starting one)? */
export function isSecondFactor(factor: Pick<AuthenticationFactor, 'type'>): boolean {
  return SECOND_FACTOR_TYPES.has(factor.type);
}

/**
 * Does the user hold a second factor that can complete a sign-in, other than what gave the factors `used` (the first
 * factor)? Each product with a second factor answers, second-factor-only products first, until one holds one. Runs in
 * the caller's transaction (on SQLite it holds the only connection).
 */
export async function hasSecondFactor(db: Executor, userId: string, used: readonly NewFactor[] = []): Promise<boolean> {
  for (const rules of SECOND_FACTORS) {
    if (await rules.holds(db, userId, used)) return true;
  }
  return false;
}

/**
 * A session's proof of the second factor (sessions.ts `SecondFactorProof`) beyond the second-factor types: what any
 * product's `secondFactor.proves` counts (a passkey that verified the user). For a change that needs a session that
 * proved the second factor whatever kind the user holds, without the caller naming the products that have one.
 */
export function productSecondFactorProof(db: Executor, userId: string): SecondFactorProof {
  const proofs = SECOND_FACTORS.flatMap((rules) => (rules.proves ? [rules.proves(db, userId)] : []));
  return async (factor, factors) => {
    for (const proves of proofs) {
      if (await proves(factor, factors)) return true;
    }
    return false;
  };
}

/**
 * How a session proves the second factor, whatever kind the user holds: every product's `secondFactor.proofWords`,
 * second-factor-only products first, as one phrase ('A, B or C').
 */
export const SECOND_FACTOR_PROOF_WORDS = (() => {
  const words = SECOND_FACTORS.flatMap((rules) => rules.proofWords);
  return words.length < 2 ? (words[0] ?? 'your second factor') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
})();

/**
 * Must a new session of `userId`, proved by `factor`, wait for a second factor? Only when the project requires
 * one, the factor is a first factor that is not multi-factor on its own (`multiFactor`: a passkey that verified
 * the user, as it did at registration), and the user has a second factor to give (one without any gets a session, so they can enrol one).
 */
export async function needsSecondFactor(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  factor: NewFactor,
  multiFactor = false,
): Promise<boolean> {
  if (!deps.config.project.mfa.required || isSecondFactor(factor) || multiFactor) return false;
  return hasSecondFactor(db, userId, [factor]);
}

/** The intermediate session as a session row, for the answer's `session` (the SDK stores one). */
export function asSessionRow(row: IntermediateSessionRow): SessionRow {
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
 * A change a first-factor call makes only once the second factor is proved (a password reset's new password): `product`
 * is the key of the product whose descriptor's `afterSecondFactor` makes it, `change` what it needs (JSON).
 */
export interface DeferredChange {
  product: string;
  change: unknown;
}

/**
 * Starts an intermediate session for a first factor, in the caller's transaction (the one that consumed the
 * code, link or password check): a fresh 256-bit token, stored as its SHA-256, live for ten minutes. `deferred`: what
 * the call asked to change, kept with it until the second factor (`applyDeferredChange`).
 */
export async function startIntermediateSession(
  trx: Executor,
  c: ProviderContext,
  options: { userId: string; factor: AuthenticationFactor; deferred?: DeferredChange | undefined },
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
    deferred: options.deferred === undefined ? null : JSON.stringify(options.deferred),
  };
  await trx.insertInto('intermediate_sessions').values(row).execute();
  return { row: asSessionRow(row), token, intermediate: true };
}

/**
 * Ends every intermediate session of `userId` not used yet, expired ones included, in the caller's transaction: none of
 * them can be completed any more (a password change, the pre-hijacking reset).
 */
export async function endIntermediateSessions(trx: Executor, userId: string, now: number): Promise<void> {
  await trx
    .updateTable('intermediate_sessions')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}

/**
 * Makes the change an intermediate session's first factor deferred (`startIntermediateSession`'s `deferred`), in the
 * transaction that completed it with its second factor, once its session started: the product's `afterSecondFactor`.
 * A row without one changes nothing. A product that is no longer there refuses the completion rather than drop the
 * change silently.
 */
export async function applyDeferredChange(
  trx: Transaction<Database>,
  deps: ProviderDeps,
  row: IntermediateSessionRow,
  completed: { sessionId: string; now: number },
): Promise<void> {
  if (row.deferred === null) return;
  const deferred = JSON.parse(row.deferred) as DeferredChange;
  const apply = PRODUCT_DESCRIPTORS.find((product) => product.key === deferred.product)?.afterSecondFactor;
  if (!apply) throw new Error(`No product applies the change this sign-in deferred (${deferred.product}).`);
  await apply(trx, deps, deferred.change, { userId: row.user_id, ...completed });
}
