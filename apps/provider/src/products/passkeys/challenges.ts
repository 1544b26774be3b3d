import type { Selectable } from 'kysely';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { newId, sha256Hex } from '../../services/secrets';
import { CHALLENGE_LIFETIME_MS } from './relyingParty';
import type { WebauthnChallengesTable } from './tables';

export type ChallengeRow = Selectable<WebauthnChallengesTable>;

/** What a challenge is bound to, besides its purpose: the caller, the relying party and the ceremony's options. */
export interface ChallengeBinding {
  purpose: 'register' | 'authenticate';
  userId: string | null;
  sessionId: string | null;
  /** The intermediate session a second-factor challenge completes (services/mfa.ts). */
  intermediateSessionId?: string | null;
  rpId: string;
  userVerificationRequired: boolean;
  isPasskey?: boolean;
  userHandle?: string | null;
  authenticatorType?: string | null;
  userAgent?: string | null;
}

/**
 * Stores a challenge the options just carried (base64url, 256 random bits) as its SHA-256, for five minutes,
 * bound to `binding`. Challenges that have expired are cleared on the way.
 */
export async function storeChallenge(deps: ProviderDeps, challenge: string, binding: ChallengeBinding): Promise<void> {
  const now = deps.clock.now();
  await deps.db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await deps.db
    .insertInto('webauthn_challenges')
    .values({
      challenge_id: newId('webauthn-challenge', deps.environment),
      project_id: deps.config.project.projectId,
      challenge_hash: sha256Hex(challenge),
      purpose: binding.purpose,
      user_id: binding.userId,
      session_id: binding.sessionId,
      intermediate_session_id: binding.intermediateSessionId ?? null,
      rp_id: binding.rpId,
      user_verification_required: binding.userVerificationRequired ? 1 : 0,
      is_passkey: binding.isPasskey ? 1 : 0,
      user_handle: binding.userHandle ?? null,
      authenticator_type: binding.authenticatorType ?? null,
      user_agent: binding.userAgent ?? null,
      expires_at: now + CHALLENGE_LIFETIME_MS,
      consumed_at: null,
      created_at: now,
    })
    .execute();
}

/** The live (unused, unexpired) challenge of `purpose` whose text the client data names, if any. */
export async function findLiveChallenge(
  deps: ProviderDeps,
  challenge: string,
  purpose: ChallengeRow['purpose'],
): Promise<ChallengeRow | undefined> {
  return deps.db
    .selectFrom('webauthn_challenges')
    .selectAll()
    .where('challenge_hash', '=', sha256Hex(challenge))
    .where('project_id', '=', deps.config.project.projectId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
}

/**
 * Uses a challenge up: one conditional UPDATE that changes its row only while it is unused and unexpired, so of
 * any number of parallel answers to one challenge exactly one gets `true`.
 */
export async function consumeChallenge(db: Executor, challengeId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('webauthn_challenges')
    .set({ consumed_at: now })
    .where('challenge_id', '=', challengeId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
