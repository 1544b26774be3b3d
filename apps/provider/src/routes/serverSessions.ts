import type { Hono } from 'hono';
import { z } from 'zod';
import { inAddressList } from '../http/addresses';
import { parseBasicAuth } from '../http/app';
import { clientIp, ok, type ProviderContext, type ProviderDeps, type ProviderEnv, readBody } from '../http/context';
import { ProviderError } from '../http/errors';
import { consumeRateLimit, releaseRateLimit, UNKNOWN_IP_KEY } from '../services/guards';
import { SECRET_KEY_ENV } from '../services/secretKey';
import { digestsEqual, sha256Hex } from '../services/secrets';
import { serializeSession, sessionStands, signSessionJwt } from '../services/sessions';
import { requireUser } from '../services/users';

/** The longest token looked at: ours are 43 characters, but a session JWT sent by mistake must get its own answer. */
const MAX_SESSION_TOKEN_LENGTH = 8192;

const authenticateSchema = z.strictObject({
  session_token: z.string().min(1).max(MAX_SESSION_TOKEN_LENGTH),
});

/** Why a server-side authenticate found no live session, in `error_details.reason`. */
export type SessionNotFoundReason = 'unknown' | 'expired' | 'revoked';

const NOT_FOUND_MESSAGES: Record<SessionNotFoundReason, string> = {
  unknown: 'Session not found.',
  expired: 'Session not found: it has expired.',
  revoked: 'Session not found: it was revoked.',
};

function failureBucket(ip: string): string {
  return `secretKeyFailuresPerIp:${ip}`;
}

/** This window's failures of `bucket` so far; 429 `too_many_requests` once they reached the limit (even for the right key). */
async function failuresSoFar(
  deps: ProviderDeps,
  bucket: string,
  limit: { limit: number; windowSeconds: number },
): Promise<number> {
  const now = deps.clock.now();
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await deps.db
    .selectFrom('rate_limits')
    .select(['window_start', 'count'])
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  const count = row && Number(row.window_start) === windowStart ? Number(row.count) : 0;
  if (count >= limit.limit) {
    throw new ProviderError('too_many_requests', {
      retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    });
  }
  return count;
}

/**
 * The server calls' authentication: HTTP Basic with the project id and the project's secret key, compared as
 * SHA-256 digests in constant time against the hash in the database. The public token never passes, and a
 * browser (any request with an Origin header) is never answered: the secret key must not be in one.
 *
 * Every refusal counts against the caller's exact address (`rateLimits.secretKeyFailuresPerIp`); an address that
 * reached the limit is refused (429) before its key is compared, even the right one, unless it is one of the
 * operator's `backendAddresses`: theirs is always compared at once, and only a wrong key counts and is refused. How
 * a key is compared depends on the address's failures in this window:
 * - none (an operator's server, nearly always): at once, writing nothing for a right key, so the server calls of one
 *   busy backend never wait for each other;
 * - some: the key takes a slot first (consumeRateLimit in a transaction that keeps the counter locked while the key
 *   is compared) and a right key gives it back, so from then on parallel guesses from that address are compared at
 *   most `limit` times in all.
 * The first burst of an address with no failure yet can have more keys compared than the limit, all at once: a
 * generated key holds 256 random bits (an operator's own at least 32 characters), which no burst guesses.
 */
export async function requireSecretKey(c: ProviderContext): Promise<void> {
  const deps = c.get('deps');
  const { project } = deps.config;
  const limit = deps.config.rateLimits.secretKeyFailuresPerIp;
  // Counted by the exact address, not by ipRateLimitKey's IPv6 /64: past the limit even the right key is refused, so
  // a /64 bucket let a neighbour in the operator's prefix lock its backend out with ten keyless calls a minute;
  // spreading guesses over a /64 gains nothing against a 256-bit key. An unknown address ('') counts too, under the
  // shared key.
  const ip = clientIp(c);
  const bucket = failureBucket(ip === '' ? UNKNOWN_IP_KEY : ip);
  const backend = inAddressList(deps.config.backendAddresses, ip);
  const failures = backend ? 0 : await failuresSoFar(deps, bucket, limit);
  const refuse = async (message: string): Promise<never> => {
    await consumeRateLimit(deps, bucket, limit);
    throw new ProviderError('invalid_secret_authentication', { message });
  };
  if (c.req.header('origin') !== undefined) {
    throw new ProviderError('origin_not_allowed', {
      message: 'Server calls are not answered to browsers: the secret key must never be sent from one.',
    });
  }
  const credentials = parseBasicAuth(c.req.header('authorization'));
  if (!credentials) {
    return refuse("This call needs HTTP Basic credentials: the project id and the project's secret key.");
  }
  if (credentials.user === project.publicToken || credentials.secret === project.publicToken) {
    return refuse("The public token cannot make server calls: use the project id and the project's secret key.");
  }
  // Read before any transaction: on SQLite a transaction holds the only connection.
  const stored = await deps.db
    .selectFrom('projects')
    .select('secret_key_hash')
    .where('project_id', '=', project.projectId)
    .executeTakeFirst();
  if (!stored?.secret_key_hash) {
    return refuse(`This provider has no secret key yet: set ${SECRET_KEY_ENV} and restart it.`);
  }
  const storedHash = stored.secret_key_hash;
  // Both sides are hashed first, so the comparison takes the same time whatever the presented key's length.
  const isRight = () =>
    digestsEqual(sha256Hex(credentials.secret), storedHash) && credentials.user === project.projectId;
  const wrong = "Unauthorized credentials: the project id and secret key do not match this project's.";
  if (failures === 0) {
    if (!isRight()) return refuse(wrong);
    return;
  }
  const matches = await deps.db.transaction().execute(async (trx) => {
    // Throws too_many_requests when no slot is left, rolling the transaction back: the key is not compared.
    await consumeRateLimit(deps, bucket, limit, 1, trx);
    const right = isRight();
    // A right key gives its slot back; a wrong one keeps it.
    if (right) await releaseRateLimit(trx, bucket);
    return right;
  });
  if (!matches) throw new ProviderError('invalid_secret_authentication', { message: wrong });
}

/**
 * `POST /v1/sessions/authenticate`: the user's own server asks whether an opaque session token is live, with the
 * project's secret key. It reads and never writes: the session is not extended and `last_accessed_at` stays.
 * It answers the session, the user and a fresh session JWT (which never outlives the session).
 */
export function registerServerSessionRoutes(app: Hono<ProviderEnv>): void {
  app.post('/v1/sessions/authenticate', async (c) => {
    await requireSecretKey(c);
    const body = await readBody(c, authenticateSchema);
    const deps = c.get('deps');
    if (body.session_token.split('.').length === 3) {
      throw new ProviderError('invalid_session_token', {
        message:
          'Invalid session token: this call takes the opaque session token (the stytch_session cookie); verify session JWTs locally against /.well-known/jwks.json.',
      });
    }
    const row = await deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', sha256Hex(body.session_token))
      .where('project_id', '=', deps.config.project.projectId)
      .executeTakeFirst();
    const reason: SessionNotFoundReason | null = !row
      ? 'unknown'
      : // A product's rule ended it (an exchanged session whose client was configured out): revoked, for the caller.
        row.revoked_at !== null || !sessionStands(deps, row)
        ? 'revoked'
        : row.expires_at <= deps.clock.now()
          ? 'expired'
          : null;
    if (reason !== null || !row) {
      const why = reason ?? 'unknown';
      throw new ProviderError('session_not_found', { message: NOT_FOUND_MESSAGES[why], details: { reason: why } });
    }
    const user = await requireUser(deps.db, row.user_id);
    const session = serializeSession(row, user.roles);
    return ok(c, { user_id: user.user_id, session, user, session_jwt: await signSessionJwt(deps, session) });
  });
}
