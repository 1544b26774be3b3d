import type { AuthenticationFactor, Session, User } from '@latchkey/sdk/contract';
import type { Selectable } from 'kysely';
import { precompiled, precompiledQuery } from '../db/precompiled';
import type { Executor, SessionsTable } from '../db/schema';
import { clientIp, type ProviderContext, type ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { RECENT_SIGN_IN_WAYS } from '../products/productParts';
import {
  type DeferredChange,
  hasSecondFactor,
  isSecondFactor,
  needsSecondFactor,
  startIntermediateSession,
} from './intermediateSessions';
import { newTimeOrderedId, randomToken, sha256Hex } from './secrets';
import { SESSION_CLAIM } from './signer';
import { loadSessionWithUser, loadUser, requireUser } from './users';

export type SessionRow = Selectable<SessionsTable>;

/** Default and bounds of `session_duration_minutes` (5 minutes to one year). */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;
export const MIN_SESSION_DURATION_MINUTES = 5;
export const MAX_SESSION_DURATION_MINUTES = 527_040;
/** An impersonated session (`sessions.impersonator_id` set) never lives longer than this from its start. */
export const MAX_IMPERSONATED_SESSION_MINUTES = 60;

const iso = (ms: number) => new Date(ms).toISOString();

/** The JWT issuer and audience for this project. */
export function jwtIssuer(deps: ProviderDeps): string {
  return `latchkey/${deps.config.project.projectId}`;
}

/**
 * The session object the SDK reads. An impersonated session also carries `impersonator_id` (absent on the user's
 * own sessions, so their shape is the contract's exactly).
 */
export function serializeSession(row: SessionRow, roles: string[]): Session {
  return {
    session_id: row.session_id,
    user_id: row.user_id,
    started_at: iso(row.started_at),
    last_accessed_at: iso(row.last_accessed_at),
    expires_at: iso(row.expires_at),
    attributes: { ip_address: row.ip_address, user_agent: row.user_agent },
    authentication_factors: JSON.parse(row.factors) as AuthenticationFactor[],
    custom_claims: row.custom_claims === null ? null : (JSON.parse(row.custom_claims) as Record<string, unknown>),
    roles,
    ...(row.impersonator_id === null ? {} : { impersonator_id: row.impersonator_id }),
  };
}

/**
 * The latest expiry a session may have, whatever duration a sign-in or refresh asks for: `expiresAt` as asked, but
 * never past the session's own cap (`max_expires_at`: a session exchanged from an access token, see
 * products/sessionExchange/accessTokenExchange.ts), nor, for an impersonated session, past
 * MAX_IMPERSONATED_SESSION_MINUTES after it started.
 */
function cappedExpiry(
  row: Pick<SessionRow, 'impersonator_id' | 'started_at' | 'max_expires_at'>,
  expiresAt: number,
): number {
  let capped = row.max_expires_at === null ? expiresAt : Math.min(expiresAt, row.max_expires_at);
  if (row.impersonator_id !== null) {
    capped = Math.min(capped, row.started_at + MAX_IMPERSONATED_SESSION_MINUTES * 60_000);
  }
  return capped;
}

function isJwt(token: string): boolean {
  return token.split('.').length === 3;
}

/**
 * The live session a token names: an opaque session token, or a session JWT whose session is still
 * live. Revoked, expired and unknown tokens give undefined.
 */
const selectSessionByTokenHash = precompiled(
  (db, tokenHash, projectId) =>
    db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash as string)
      .where('project_id', '=', projectId as string),
  2,
);

const insertSession = precompiledQuery(
  (db, sessionId, userId, projectId, tokenHash, startedAt, lastAccessedAt, expiresAt, ipAddress, userAgent, factors) =>
    db.insertInto('sessions').values({
      session_id: sessionId as string,
      user_id: userId as string,
      project_id: projectId as string,
      token_hash: tokenHash as string,
      started_at: startedAt as unknown as number,
      last_accessed_at: lastAccessedAt as unknown as number,
      expires_at: expiresAt as unknown as number,
      revoked_at: null,
      ip_address: ipAddress as string,
      user_agent: userAgent as string,
      factors: factors as string,
      custom_claims: null,
      impersonator_id: null,
    }),
  10,
);

export async function findLiveSession(deps: ProviderDeps, token: string): Promise<SessionRow | undefined> {
  const now = deps.clock.now();
  if (!isJwt(token)) {
    // The refresh path: one precompiled lookup by the token's hash.
    const [row] = await selectSessionByTokenHash(deps.db, sha256Hex(token), deps.config.project.projectId);
    return row && row.revoked_at === null && row.expires_at > now && sessionStands(deps, row) ? row : undefined;
  }
  const payload = await deps.signer.verify(token, {
    audience: deps.config.project.projectId,
    issuer: jwtIssuer(deps),
    nowMs: now,
  });
  const claim = payload?.[SESSION_CLAIM] as { id?: unknown } | undefined;
  if (typeof claim?.id !== 'string') return undefined;
  const row = await deps.db
    .selectFrom('sessions')
    .selectAll()
    .where('session_id', '=', claim.id)
    .where('project_id', '=', deps.config.project.projectId)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.expires_at <= now || !sessionStands(deps, row)) return undefined;
  return row;
}

/** The products' rules for a live session (descriptor `sessionStands`). */
const SESSION_RULES = PRODUCT_DESCRIPTORS.flatMap((product) => (product.sessionStands ? [product.sessionStands] : []));

/** Whether a live session still stands by every product's rule (descriptor `sessionStands`); no query. */
export function sessionStands(deps: ProviderDeps, row: SessionRow): boolean {
  return SESSION_RULES.every((stands) => stands(deps.config, row));
}

/** The products' rules for a recent authentication (products/descriptor.ts). */
const RECENT_AUTHENTICATION = PRODUCT_DESCRIPTORS.flatMap((product) =>
  product.recentAuthentication ? [product.recentAuthentication] : [],
);

/**
 * The kinds of factor that count as a recent authentication for any user: an email address (passcode or link: a
 * factor delivered to an email address), and each product's strong kind (`recentAuthentication.strong`: a password, a
 * passkey or security key, a crypto wallet, a social sign-in).
 */
function isStrongFactor(factor: AuthenticationFactor): boolean {
  return factor.delivery_method === 'email' || RECENT_AUTHENTICATION.some((rules) => rules.strong?.(factor) === true);
}

/** A factor that counts only for a user who holds nothing stronger (`recentAuthentication.weak`: a phone passcode). */
function isWeakFactor(factor: AuthenticationFactor): boolean {
  return RECENT_AUTHENTICATION.some((rules) => rules.weak?.(factor) === true);
}

/**
 * Does the user hold a sign-in method stronger than a phone number: a verified email, or a product's strong method
 * (`recentAuthentication.holds`: a password, passkey, wallet or social identity)?
 */
async function holdsStrongerThanPhone(db: Executor, userId: string): Promise<boolean> {
  const user = await loadUser(db, userId);
  if (!user) return false;
  return (
    user.emails.some((email) => email.verified) || RECENT_AUTHENTICATION.some((rules) => rules.holds?.(user) === true)
  );
}

/**
 * Refuses a sensitive change (a password set by session, an identifier added or removed, a passkey, TOTP or wallet
 * added or removed) with `reauthentication_required` unless the session proved, within the last
 * `recentAuthenticationMinutes`, the strongest kind of factor the user holds (README, "Security"): a password, an email
 * address (passcode or link), a passkey, a crypto wallet or a social identity always counts; a phone passcode (SMS,
 * WhatsApp) counts only while the user holds none of a verified email, a password, a passkey, a wallet or a social
 * identity, so a user who signed up by SMS can add their first email, passkey, authenticator app or wallet. `db` is
 * the caller's transaction when there is one (on SQLite it holds the only connection).
 */
export async function assertRecentAuthentication(
  deps: ProviderDeps,
  row: SessionRow,
  db: Executor = deps.db,
): Promise<void> {
  const minutes = deps.config.recentAuthenticationMinutes;
  const since = deps.clock.now() - minutes * 60_000;
  const factors = JSON.parse(row.factors) as AuthenticationFactor[];
  const recent = factors.filter((factor) => Date.parse(factor.last_authenticated_at) >= since);
  if (recent.some(isStrongFactor)) return;
  if (recent.some(isWeakFactor) && !(await holdsStrongerThanPhone(db, row.user_id))) return;
  throw new ProviderError('reauthentication_required', {
    message: `This change needs a recent sign-in: authenticate with your ${RECENT_SIGN_IN_WAYS} within the last ${minutes} minute${minutes === 1 ? '' : 's'}, then try again.`,
  });
}

/**
 * A product's rule for its own factors on a session (`assertSecondFactorProved`'s `proves`): does `factor`, one of the
 * session's `factors`, prove a second factor? Asked only of factors that are not of a second-factor type.
 */
export type SecondFactorProof = (
  factor: AuthenticationFactor,
  factors: readonly AuthenticationFactor[],
) => boolean | Promise<boolean>;

/**
 * Did the session prove a second factor, at any time since it started? One of its factors is of a second-factor type
 * (`isSecondFactor`: a factor that only completes a sign-in), or `proves` (the calling product's rule) counts one. No
 * query unless `proves` makes one.
 */
export async function provedSecondFactor(row: SessionRow, proves?: SecondFactorProof): Promise<boolean> {
  const factors = JSON.parse(row.factors) as AuthenticationFactor[];
  if (factors.some(isSecondFactor)) return true;
  if (proves === undefined) return false;
  for (const factor of factors) {
    if (await proves(factor, factors)) return true;
  }
  return false;
}

/**
 * The refusal of a change to a second factor from a session that never proved one: `reauthentication_required`
 * (403, the recent sign-in's error, so a client steps up the same way), saying how to prove it (`how`, the calling
 * product's words). `error_details.reason: 'second_factor'` tells it apart from a sign-in that is not recent (which
 * needs a new sign-in, not a code on this session) without reading the message.
 */
export function secondFactorRequired(how = 'your second factor'): ProviderError {
  return new ProviderError('reauthentication_required', {
    message: `This change needs a session verified with your second factor: verify this session with ${how}, then try again.`,
    details: { reason: 'second_factor' },
  });
}

/**
 * Refuses a change to a second factor (removing or adding one, new recovery codes) with `reauthentication_required`
 * unless the session proved a second factor (`provedSecondFactor`), when the user holds one. A recent sign-in
 * (`assertRecentAuthentication`, asked first) proves a first factor only: a session of the same user that never
 * passed the second factor (one started before it existed, or with the first factor alone while the project does not
 * require a second) would otherwise replace or mint the very factor that guards the account. `holds: true` when the
 * caller already knows the user holds one (the factor it changes); otherwise the user must hold a second factor other
 * than what the session's own factors gave (`hasSecondFactor`, as a multi-factor sign-in asks: a user whose only one
 * gave the session needs no other proof). `db` is the caller's transaction when there is one (on SQLite it holds the
 * only connection), and the one `proves` must query.
 */
export async function assertSecondFactorProved(
  deps: ProviderDeps,
  row: SessionRow,
  db: Executor = deps.db,
  options: { proves?: SecondFactorProof; holds?: boolean; how?: string } = {},
): Promise<void> {
  if (await provedSecondFactor(row, options.proves)) return;
  if (options.holds !== true) {
    const factors = JSON.parse(row.factors) as AuthenticationFactor[];
    if (!(await hasSecondFactor(db, row.user_id, factors))) return;
  }
  throw secondFactorRequired(options.how);
}

/** A factor as routes build it; recordAuthentication stamps the time. */
export type NewFactor = Omit<AuthenticationFactor, 'last_authenticated_at'>;

/** A factor as a session holds it: proved at `now`. */
export function factorAt(factor: NewFactor, now: number): AuthenticationFactor {
  return { ...factor, last_authenticated_at: iso(now) } as AuthenticationFactor;
}

/** The factor an emailed passcode or link proves: the user reads this address. */
export function emailFactor(type: AuthenticationFactor['type'], email: { email_id: string; email: string }): NewFactor {
  return { type, delivery_method: 'email', email_factor: { email_id: email.email_id, email_address: email.email } };
}

/** The caller's live session, or a refusal: `user_unauthenticated` without a token, `session_not_found` for a dead one. */
export async function requireSession(c: ProviderContext): Promise<{ row: SessionRow; token: string }> {
  const { sessionToken } = c.get('auth');
  if (sessionToken === null) throw new ProviderError('user_unauthenticated');
  const row = await findLiveSession(c.get('deps'), sessionToken);
  if (!row) throw new ProviderError('session_not_found');
  return { row, token: sessionToken };
}

/**
 * Like requireSession, for calls that answer with the session token: only the opaque token will do, since
 * only its hash is stored and a session JWT cannot be handed back as `session_token`.
 */
export async function requireOpaqueSession(c: ProviderContext): Promise<{ row: SessionRow; token: string }> {
  const { sessionToken } = c.get('auth');
  if (sessionToken !== null && isJwt(sessionToken)) throw new ProviderError('invalid_session_token');
  return requireSession(c);
}

/**
 * requireOpaqueSession and the session's user (as loadUser loads it) in one statement (two when this instance does not
 * hold the user's methods at their current version): for the refresh, which answers with both on every call.
 */
export async function requireOpaqueSessionWithUser(
  c: ProviderContext,
): Promise<{ row: SessionRow; token: string; user: User }> {
  const { sessionToken } = c.get('auth');
  if (sessionToken === null) throw new ProviderError('user_unauthenticated');
  if (isJwt(sessionToken)) throw new ProviderError('invalid_session_token');
  const deps = c.get('deps');
  // The user's methods come from this instance's copy when the database answers its version (services/users.ts).
  const found = await loadSessionWithUser(deps.db, sha256Hex(sessionToken), deps.config.project.projectId, deps);
  // Live as findLiveSession has it: not revoked, not expired.
  if (
    !found ||
    found.session.revoked_at !== null ||
    found.session.expires_at <= deps.clock.now() ||
    !sessionStands(deps, found.session)
  ) {
    throw new ProviderError('session_not_found');
  }
  return { row: found.session, token: sessionToken, user: found.user };
}

/**
 * The caller's live session if the request carries its opaque token; a stale token is ignored, as if
 * signed out. A session JWT is ignored too: the answer must carry the opaque token, which only the caller has.
 */
export async function optionalSession(c: ProviderContext): Promise<{ row: SessionRow; token: string } | null> {
  const { sessionToken } = c.get('auth');
  if (sessionToken === null || isJwt(sessionToken)) return null;
  const row = await findLiveSession(c.get('deps'), sessionToken);
  return row ? { row, token: sessionToken } : null;
}

function mergeFactor(factors: AuthenticationFactor[], factor: AuthenticationFactor): AuthenticationFactor[] {
  const key = (item: AuthenticationFactor) => JSON.stringify({ ...item, last_authenticated_at: undefined });
  return [...factors.filter((item) => key(item) !== key(factor)), factor];
}

export interface StartedSession {
  row: SessionRow;
  token: string;
  /**
   * The first factor was proved but the project requires a second one (intermediateSessions.ts): `row` is the
   * intermediate session, shaped like a session, and `token` its `intermediate_session_token`.
   */
  intermediate?: true;
  /**
   * The session was started by this request: no earlier answer carries a JWT of it, so its JWT is signed without
   * being kept for an identical request in the same second (SessionSigner.sign's `keep`).
   */
  started?: true;
}

/**
 * A new session's row and its token (a fresh 256-bit token, kept only as its SHA-256): what recordAuthentication
 * inserts, and what a sign-in written as one statement inserts (products/otp/redeemInOneStatement.ts).
 */
export function newSessionRow(
  c: ProviderContext,
  options: { userId: string; factors: AuthenticationFactor[]; durationMinutes: number; now: number },
): { row: SessionRow; token: string } {
  const deps = c.get('deps');
  const { now } = options;
  const token = randomToken(32);
  const row: SessionRow = {
    session_id: newTimeOrderedId('session', deps.environment, now),
    user_id: options.userId,
    project_id: deps.config.project.projectId,
    token_hash: sha256Hex(token),
    started_at: now,
    last_accessed_at: now,
    expires_at: now + options.durationMinutes * 60_000,
    revoked_at: null,
    ip_address: clientIp(c),
    user_agent: (c.req.header('user-agent') ?? '').slice(0, 512),
    factors: JSON.stringify(options.factors),
    custom_claims: null,
    impersonator_id: null,
    exchanged_token_id: null,
    exchanged_client_id: null,
    max_expires_at: null,
  };
  return { row, token };
}

/**
 * Records a successful authentication, inside the caller's transaction (the one that consumed the code).
 * With a live session of the same user the factor is added to it and, when a duration is asked for, its
 * expiry is set to now + duration (`session_not_found` when that session was revoked or expired since the route
 * read it); otherwise a new session starts with a fresh 256-bit token, holding
 * `priorFactors` (those of a completed intermediate session) and the factor. When the project requires a
 * second factor and the user has one, a first factor starts an intermediate session instead (intermediateSessions.ts).
 */
export async function recordAuthentication(
  trx: Executor,
  c: ProviderContext,
  options: {
    userId: string;
    factor: NewFactor;
    durationMinutes: number | undefined;
    current: { row: SessionRow; token: string } | null;
    priorFactors?: AuthenticationFactor[];
    /**
     * No second factor is asked for: the factor is multi-factor on its own (a passkey that verified the user), or
     * it completes an intermediate session.
     */
    multiFactor?: boolean;
    /**
     * Opens an impersonated session (`impersonation/authenticate`): always a new session (never `current`, never an
     * intermediate one), with `impersonator_id` set in the same transaction and a lifetime of at most
     * MAX_IMPERSONATED_SESSION_MINUTES.
     */
    impersonatorId?: string;
    /**
     * Opens a session exchanged from an identity-provider access token (`sessions/exchange_access_token`): always a new
     * session, linked to the token and its client in the same transaction, that never lasts past `maxExpiresAt`.
     */
    exchangedFrom?: { tokenId: string; clientId: string; maxExpiresAt: number };
    /**
     * What the call changes once the user is signed in (a password reset's new password): when the sign-in must wait
     * for a second factor, it is kept with the intermediate session and made only when that completes
     * (services/mfa.ts). The caller makes it itself when the answer is not `intermediate`.
     */
    deferred?: DeferredChange;
  },
): Promise<StartedSession> {
  const deps = c.get('deps');
  const now = deps.clock.now();
  const factor = factorAt(options.factor, now);
  const duration = options.durationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;
  const { impersonatorId, exchangedFrom } = options;
  const current = impersonatorId === undefined && exchangedFrom === undefined ? options.current : null;
  if (current && current.row.user_id === options.userId) {
    const factors = mergeFactor(JSON.parse(current.row.factors) as AuthenticationFactor[], factor);
    const expiresAt =
      options.durationMinutes === undefined
        ? current.row.expires_at
        : cappedExpiry(current.row, now + duration * 60_000);
    const updated = await trx
      .updateTable('sessions')
      .set({ factors: JSON.stringify(factors), last_accessed_at: now, expires_at: expiresAt })
      .where('session_id', '=', current.row.session_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    // The session was revoked or expired since the route read it live: refusing rolls the caller's transaction back
    // (nothing consumed). Starting a fresh session instead would hand a signed-out caller a new one, holding only
    // this factor (a TOTP code alone would make a full session). A token already dead when read never gets here:
    // optionalSession drops it, and such a sign-in starts a session as if signed out.
    if (!updated) throw new ProviderError('session_not_found');
    return { row: updated, token: current.token };
  }
  if (
    impersonatorId === undefined &&
    exchangedFrom === undefined &&
    (await needsSecondFactor(trx, deps, options.userId, factor, options.multiFactor))
  ) {
    return startIntermediateSession(trx, c, { userId: options.userId, factor, deferred: options.deferred });
  }
  const { row, token } = newSessionRow(c, {
    userId: options.userId,
    factors: [...(options.priorFactors ?? []), factor],
    durationMinutes: duration,
    now,
  });
  await insertSession(
    trx,
    row.session_id,
    row.user_id,
    row.project_id,
    row.token_hash,
    row.started_at,
    row.last_accessed_at,
    row.expires_at,
    row.ip_address,
    row.user_agent,
    row.factors,
  );
  if (impersonatorId !== undefined) {
    // The precompiled insert writes null; the same transaction marks the session and caps its lifetime.
    const impersonated = await trx
      .updateTable('sessions')
      .set({
        impersonator_id: impersonatorId,
        expires_at: cappedExpiry(
          { impersonator_id: impersonatorId, started_at: now, max_expires_at: null },
          row.expires_at,
        ),
      })
      .where('session_id', '=', row.session_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: impersonated, token, started: true };
  }
  if (exchangedFrom !== undefined) {
    // Likewise: the link to the token and the cap are written in the transaction that made the session.
    const exchanged = await trx
      .updateTable('sessions')
      .set({
        exchanged_token_id: exchangedFrom.tokenId,
        exchanged_client_id: exchangedFrom.clientId,
        max_expires_at: exchangedFrom.maxExpiresAt,
        expires_at: Math.min(row.expires_at, exchangedFrom.maxExpiresAt),
      })
      .where('session_id', '=', row.session_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: exchanged, token, started: true };
  }
  return { row, token, started: true };
}

/**
 * How stale `last_accessed_at` may get before a refresh writes it again. The SDK refreshes every few minutes
 * per tab, so recording every call would cost one durable write per refresh for a time nobody needs to the
 * millisecond; the absolute expiry never depends on it.
 */
export const LAST_ACCESS_WRITE_INTERVAL_MS = 60_000;

/**
 * Marks a session used now. Only an explicit duration moves its expiry, to now + that duration: a refresh
 * never extends a session. Without a duration, `last_accessed_at` is written only when it is at least
 * LAST_ACCESS_WRITE_INTERVAL_MS old, so most refreshes write nothing. A session revoked or expired in the meantime
 * (since `row` was read) is `session_not_found` whenever it writes; `confirmLive` makes it always write, for a change
 * that must not outlive a revocation that came while it worked (a password set by the session: a reset revoking it
 * during the hash must win), and on PostgreSQL the row then stays locked until `db`'s transaction ends.
 */
export async function touchSession(
  db: Executor,
  deps: ProviderDeps,
  row: SessionRow,
  durationMinutes: number | undefined,
  confirmLive = false,
): Promise<SessionRow> {
  const now = deps.clock.now();
  if (!confirmLive && durationMinutes === undefined && now - row.last_accessed_at < LAST_ACCESS_WRITE_INTERVAL_MS) {
    return row;
  }
  const updated = await db
    .updateTable('sessions')
    .set({
      last_accessed_at: now,
      expires_at: durationMinutes === undefined ? row.expires_at : cappedExpiry(row, now + durationMinutes * 60_000),
    })
    .where('session_id', '=', row.session_id)
    .where('revoked_at', 'is', null)
    // Expired since it was read: a duration must not revive it (recordAuthentication's rule).
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ProviderError('session_not_found');
  return updated;
}

/**
 * Signs the five-minute session JWT for a session. An impersonated session's JWT names the impersonator as the
 * actor, `act: {sub: impersonator_id}` (RFC 8693 §4.1), next to `sub` = the impersonated user.
 */
export async function signSessionJwt(
  deps: ProviderDeps,
  session: Session,
  options: { keep?: boolean } = {},
): Promise<string> {
  const { last_accessed_at, started_at, expires_at, attributes, authentication_factors } = session;
  return deps.signer.sign({
    ...(options.keep === false ? { keep: false } : {}),
    subject: session.user_id,
    audience: deps.config.project.projectId,
    issuer: jwtIssuer(deps),
    nowMs: deps.clock.now(),
    expiresAtMs: Date.parse(expires_at),
    claims: {
      [SESSION_CLAIM]: {
        id: session.session_id,
        started_at,
        last_accessed_at,
        expires_at,
        attributes,
        authentication_factors,
      },
      roles: session.roles,
      ...(session.impersonator_id === undefined ? {} : { act: { sub: session.impersonator_id } }),
    },
  });
}

/**
 * The AuthenticateResponse fields: user_id, session_token, session_jwt, session, user. For an
 * intermediate session: both tokens empty (the SDK then writes no session cookie), the intermediate session
 * as `session`, and `intermediate_session_token`.
 */
export async function authenticateResponseFields(
  c: ProviderContext,
  started: StartedSession,
  user?: User,
): Promise<{
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: Session;
  user: User;
  intermediate_session_token?: string;
}> {
  const deps = c.get('deps');
  const fullUser = user ?? (await requireUser(deps.db, started.row.user_id));
  const session = serializeSession(started.row, fullUser.roles);
  if (started.intermediate) {
    return {
      user_id: fullUser.user_id,
      session_token: '',
      session_jwt: '',
      session,
      user: fullUser,
      intermediate_session_token: started.token,
    };
  }
  return {
    user_id: fullUser.user_id,
    session_token: started.token,
    session_jwt: await signSessionJwt(deps, session, { keep: started.started !== true }),
    session,
    user: fullUser,
  };
}

/** Revokes every live session of a user except `keepSessionId` (a password reset does this). */
export async function revokeOtherSessions(
  trx: Executor,
  userId: string,
  keepSessionId: string | null,
  now: number,
): Promise<void> {
  let query = trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('session_id', '!=', keepSessionId);
  await query.execute();
}
