// Access and refresh tokens (`idp_tokens`): opaque, 256 random bits, kept only as their SHA-256 (README, "Security"). Each
// belongs to a family, the authorization code it descends from: a replayed code or a reused refresh token revokes
// the whole family.
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Database, Executor } from '../../../db/schema';
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
 * Revokes every token `which` selects, those a rotation in flight issues included; run in the caller's transaction,
 * before it revokes the sessions exchanged from them.
 *
 * At READ COMMITTED each statement sees the rows committed when it started (PostgreSQL manual, "Read Committed
 * Isolation Level"). A rotation in flight (the token endpoint's transaction: consumeRefreshToken, then issueTokens
 * with the same family) holds the row lock of the refresh token it used up: the UPDATE waits for it and then revokes
 * that token, but the successor it inserted was not in the UPDATE's snapshot and would stay live, and keep rotating.
 * So the UPDATE runs again, each time with a new snapshot, until it finds nothing left to revoke: a successor is
 * committed before the statement that waited for its rotation ends, so the next one revokes it, and once every token
 * is revoked and locked by this transaction, a rotation that starts waits for it and then finds its token revoked.
 * On SQLite the transaction has the only connection: the second UPDATE finds nothing.
 *
 * The same lock waits for an exchange in flight (`sessions/exchange_access_token` reads its token `FOR SHARE` in the
 * transaction that starts the session): the sessions are revoked after this, by a statement that sees that session.
 */
export async function revokeTokens(
  trx: Executor,
  now: number,
  which: (eb: ExpressionBuilder<Database, 'idp_tokens'>) => Expression<SqlBool>,
): Promise<void> {
  for (;;) {
    const result = await trx
      .updateTable('idp_tokens')
      .set({ revoked_at: now })
      .where(which)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return;
  }
}

/**
 * Revokes every token of a family (a replayed code, a reused refresh token, a revoked refresh token), and every
 * session exchanged from one of them (`sessions/exchange_access_token`): those end with the grant (README, "Security").
 * The tokens first (revokeTokens): a rotation or an exchange in flight commits first, so neither the successor it
 * issues nor the session it starts escapes.
 */
export async function revokeFamily(db: Executor, familyId: string, now: number): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => revokeFamily(trx, familyId, now));
  await revokeTokens(db, now, (eb) => eb('family_id', '=', familyId));
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('exchanged_token_id', 'in', (eb) =>
      eb.selectFrom('idp_tokens').select('token_id').where('family_id', '=', familyId),
    )
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes one token, and the sessions exchanged from it: an exchanged session never outlives its token's revocation.
 * The token first: an exchange in flight holds it `FOR SHARE`, so the UPDATE waits until its session is committed,
 * and the next statement, with a new snapshot (PostgreSQL manual, "Read Committed Isolation Level"), revokes that
 * session too; an exchange that comes later waits for this transaction and finds the token revoked.
 */
export async function revokeToken(db: Executor, tokenId: string, now: number): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => revokeToken(trx, tokenId, now));
  await db
    .updateTable('idp_tokens')
    .set({ revoked_at: now })
    .where('token_id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('exchanged_token_id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
}
