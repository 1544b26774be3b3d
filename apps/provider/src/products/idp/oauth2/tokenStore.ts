// Access and refresh tokens (`idp_tokens`): opaque, 256 random bits, kept only as their SHA-256 (README, "Security"). Each
// belongs to a family, the authorization code it descends from: a replayed code or a reused refresh token revokes
// the whole family.
import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/schema';
import type { ProviderDeps } from '../../../http/context';
import { newId, randomToken, sha256Hex } from '../../../services/secrets';
import type { IdpTokensTable } from '../tables';

export type IdpTokenRow = Selectable<IdpTokensTable>;

/** What a family of tokens is bound to: the client, the user, the approving session and the authentication time. */
export interface TokenBinding {
  familyId: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  /** Epoch ms. */
  authTime: number;
}

export interface IssuedTokens {
  accessToken: string;
  /** Seconds (RFC 6749 §5.1 `expires_in`). */
  expiresIn: number;
  refreshToken: string | null;
}

/**
 * Issues an access token (`accessTokenMinutes`) for `accessScopes` and, when `refreshScopes` is given, a refresh token
 * (`refreshTokenDays`) for those, in the caller's transaction (the one that used up the code or the old refresh token).
 */
export async function issueTokens(
  trx: Executor,
  deps: ProviderDeps,
  binding: TokenBinding,
  accessScopes: string[],
  refreshScopes: string[] | null,
): Promise<IssuedTokens> {
  const now = deps.clock.now();
  const { idp, projectId } = deps.config.project;
  const row = (kind: 'access' | 'refresh', token: string, scopes: string[], lifetimeMs: number) => ({
    token_id: newId(`idp-${kind}-token`, deps.environment),
    project_id: projectId,
    token_hash: sha256Hex(token),
    kind,
    family_id: binding.familyId,
    client_id: binding.clientId,
    user_id: binding.userId,
    session_id: binding.sessionId,
    scopes: scopes.join(' '),
    auth_time: binding.authTime,
    created_at: now,
    expires_at: now + lifetimeMs,
    consumed_at: null,
    revoked_at: null,
  });
  // RFC 6749 §10.10: tokens must not be guessable; 256 bits from the CSPRNG.
  const accessToken = randomToken(32);
  const rows = [row('access', accessToken, accessScopes, idp.accessTokenMinutes * 60_000)];
  let refreshToken: string | null = null;
  if (refreshScopes !== null) {
    refreshToken = randomToken(32);
    rows.push(row('refresh', refreshToken, refreshScopes, idp.refreshTokenDays * 86_400_000));
  }
  await trx.insertInto('idp_tokens').values(rows).execute();
  return { accessToken, expiresIn: idp.accessTokenMinutes * 60, refreshToken };
}

/** The stored token with this value (any kind, any state), if this project issued it. */
export async function findToken(deps: ProviderDeps, token: string): Promise<IdpTokenRow | undefined> {
  return deps.db
    .selectFrom('idp_tokens')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
}

/** Is the token usable now: neither used (a rotated refresh token), revoked nor expired? */
export function isLive(row: IdpTokenRow, now: number): boolean {
  return row.consumed_at === null && row.revoked_at === null && row.expires_at > now;
}

/**
 * Uses a refresh token up for its rotation: one conditional UPDATE that changes the row only while it is live, so
 * of any number of parallel refreshes exactly one wins (README, "Security"). Run in the transaction that issues the new ones.
 */
export async function consumeRefreshToken(trx: Executor, tokenId: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('idp_tokens')
    .set({ consumed_at: now })
    .where('token_id', '=', tokenId)
    .where('kind', '=', 'refresh')
    .where('consumed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Revokes every token of a family (a replayed code, a reused refresh token, a revoked refresh token), and every
 * session exchanged from one of them (`sessions/exchange_access_token`): those end with the grant (README, "Security").
 */
export async function revokeFamily(db: Executor, familyId: string, now: number): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => revokeFamily(trx, familyId, now));
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('exchanged_token_id', 'in', (eb) =>
      eb.selectFrom('idp_tokens').select('token_id').where('family_id', '=', familyId),
    )
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('idp_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes one token, and the sessions exchanged from it: an exchanged session never outlives its token's revocation. */
export async function revokeToken(db: Executor, tokenId: string, now: number): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => revokeToken(trx, tokenId, now));
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('exchanged_token_id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('idp_tokens')
    .set({ revoked_at: now })
    .where('token_id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
}
