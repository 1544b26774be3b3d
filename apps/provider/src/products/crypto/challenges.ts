import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { newId, randomToken } from '../../services/secrets';
import { CHALLENGE_LIFETIME_MS, type ChallengeFields, challengeMessage, challengeNonce } from './challengeMessage';
import type { SiweFields } from './siweParams';
import type { CryptoWalletChallengesTable } from './tables';
import type { Wallet } from './wallets';

/** A stored wallet challenge. */
export type ChallengeRow = Selectable<CryptoWalletChallengesTable>;

/**
 * At most this many live challenges of one wallet are tried against a signature: those the caller's IP asked for
 * first, then the others, newest first. Anyone may ask for challenges for any address, so the cap bounds the work
 * a signature check costs, and strangers asking for many (from other addresses) cannot push the owner's out of reach.
 */
export const MAX_LIVE_CHALLENGES = 10;

/** Who a challenge is for: anyone who can sign (primary), or the session that asked (secondary). */
export interface ChallengeCaller {
  userId: string;
  sessionId: string;
}

/**
 * The new challenge's message: Sign-In with Ethereum with its fields, or Sign-In With Solana naming the cluster.
 * Either is for `origin`, the page that asked (one of the project's allowed origins).
 */
export type ChallengeContent =
  | { format: 'siwe'; origin: string; siwe: SiweFields }
  | { format: 'siws'; origin: string; solanaChainId: string };

/** The fields of a challenge's message, with the wallet's display address. */
export function messageFields(row: ChallengeRow, wallet: Wallet): ChallengeFields {
  return { ...row, displayAddress: wallet.display };
}

/** The exact message a challenge asks the wallet to sign: its fields, with the nonce derived again. */
export function messageOf(deps: ProviderDeps, row: ChallengeRow, wallet: Wallet): string {
  return challengeMessage(messageFields(row, wallet), challengeNonce(deps.hmacKey, row.nonce_salt));
}

/**
 * A new challenge row for `wallet`, live for CHALLENGE_LIFETIME_MS (not stored yet). Its nonce is new: a fresh
 * random salt (128 bits) that the nonce is derived from.
 */
export function newChallenge(
  deps: ProviderDeps,
  wallet: Wallet,
  content: ChallengeContent,
  caller: ChallengeCaller | null,
  clientIp: string,
): ChallengeRow {
  const now = deps.clock.now();
  const siwe = content.format === 'siwe' ? content.siwe : null;
  return {
    challenge_id: newId('crypto-wallet-challenge', deps.environment),
    project_id: deps.config.project.projectId,
    wallet_type: wallet.type,
    address: wallet.address,
    format: content.format,
    nonce_salt: randomToken(16),
    user_id: caller?.userId ?? null,
    session_id: caller?.sessionId ?? null,
    client_ip: clientIp,
    origin: content.origin,
    domain: siwe?.domain ?? new URL(content.origin).host,
    uri: siwe?.uri ?? content.origin,
    chain_id: siwe?.chainId ?? null,
    solana_chain_id: content.format === 'siws' ? content.solanaChainId : null,
    statement: siwe?.statement ?? null,
    request_id: siwe?.requestId ?? null,
    resources: siwe?.resources ?? null,
    not_before: siwe?.notBefore ?? null,
    issued_at: siwe?.issuedAt ?? now,
    expires_at: now + CHALLENGE_LIFETIME_MS,
    consumed_at: null,
    created_at: now,
  };
}

/** Stores a challenge, clearing the challenges that have expired on the way. */
export async function storeChallenge(deps: ProviderDeps, row: ChallengeRow): Promise<void> {
  await deps.db.deleteFrom('crypto_wallet_challenges').where('expires_at', '<=', deps.clock.now()).execute();
  await deps.db.insertInto('crypto_wallet_challenges').values(row).execute();
}

/**
 * The live (unused, unexpired) challenges of `wallet` that the caller may answer: those of a primary start, and
 * those of a secondary start by the caller's own session (`sessionId`, when the caller has one). Those the caller's
 * IP (`clientIp`) asked for come first, then the others; each newest first.
 */
export async function liveChallenges(
  deps: ProviderDeps,
  wallet: Wallet,
  sessionId: string | null,
  clientIp: string,
): Promise<ChallengeRow[]> {
  return deps.db
    .selectFrom('crypto_wallet_challenges')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('wallet_type', '=', wallet.type)
    .where('address', '=', wallet.address)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', deps.clock.now())
    .where((eb) =>
      sessionId === null
        ? eb('session_id', 'is', null)
        : eb.or([eb('session_id', 'is', null), eb('session_id', '=', sessionId)]),
    )
    .orderBy(sql`case when client_ip = ${clientIp} then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('challenge_id')
    .limit(MAX_LIVE_CHALLENGES)
    .execute();
}

/**
 * Uses a challenge up: one conditional UPDATE that changes its row only while it is unused and unexpired, so of
 * any number of parallel answers to one challenge exactly one gets `true`.
 */
export async function consumeChallenge(db: Executor, challengeId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('crypto_wallet_challenges')
    .set({ consumed_at: now })
    .where('challenge_id', '=', challengeId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
