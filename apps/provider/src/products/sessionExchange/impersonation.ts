// Impersonation: the project's back end (secret key) issues a single-use token for a user, and
// `impersonation/authenticate` trades it for a short session marked with who is acting as the user.
import { z } from 'zod';
import { ok, type ProviderContext, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { protectionFields, sessionDurationField } from '../../http/fields';
import { requireSecretKey } from '../../routes/serverSessions';
import { randomToken, sha256Hex } from '../../services/secrets';
import {
  authenticateResponseFields,
  MAX_IMPERSONATED_SESSION_MINUTES,
  type NewFactor,
  recordAuthentication,
} from '../../services/sessions';
import { requireUser } from '../../services/users';

/** How long an impersonation token can be redeemed. */
export const IMPERSONATION_TOKEN_LIFETIME_MS = 5 * 60_000;

const issueSchema = z.strictObject({
  user_id: z.string().min(1).max(128),
  /** Who will act as the user, in the host's own terms (an admin's id or email). */
  impersonator_id: z.string().min(1).max(256),
  /** Why, for the record (kept with the token). */
  reason: z.string().max(1024).optional(),
});

const authenticateSchema = z.object({
  // Ours are 43 characters.
  impersonation_token: z.string().min(1).max(256),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

/** The factor of an impersonated session: who acts as the user. */
export function impersonatedFactor(impersonatorId: string): NewFactor {
  return {
    type: 'impersonated',
    delivery_method: 'impersonation',
    impersonated_factor: { impersonator_id: impersonatorId },
  };
}

/**
 * `POST /v1/impersonation_tokens` (server call, secret key as in routes/serverSessions.ts): a token for `user_id`
 * that opens one session as that user. 256 random bits, only the SHA-256 stored, live five minutes, single use.
 * The row stays after use as the record of who impersonated whom, when and why.
 */
export async function issueImpersonationToken(c: ProviderContext): Promise<Response> {
  await requireSecretKey(c);
  const deps = c.get('deps');
  const body = await readBody(c, issueSchema);
  const projectId = deps.config.project.projectId;
  const user = await deps.db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', body.user_id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!user) throw new ProviderError('user_not_found');
  const token = randomToken(32);
  const now = deps.clock.now();
  const expiresAt = now + IMPERSONATION_TOKEN_LIFETIME_MS;
  await deps.db
    .insertInto('impersonation_tokens')
    .values({
      token_hash: sha256Hex(token),
      project_id: projectId,
      user_id: user.user_id,
      impersonator_id: body.impersonator_id,
      reason: body.reason ?? '',
      created_at: now,
      expires_at: expiresAt,
      consumed_at: null,
    })
    .execute();
  return ok(c, { impersonation_token: token, expires_at: new Date(expiresAt).toISOString() });
}

/**
 * `POST /sdk/v1/impersonation/authenticate`: uses the token up by one `UPDATE … WHERE consumed_at IS NULL AND
 * expires_at > now` that must change exactly one row, in the transaction that starts the session, so fifty
 * parallel redemptions start one session. The session is always new (never merged into the caller's), asks for no
 * second factor, lives `session_duration_minutes` but at most MAX_IMPERSONATED_SESSION_MINUTES (the default),
 * carries `impersonator_id` and the `impersonated` factor, and its JWT `act: {sub: impersonator_id}`. An unknown,
 * expired or used token is 401 `impersonation_token_not_found`, and nothing changes.
 */
export async function authenticateImpersonation(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  const now = deps.clock.now();
  const durationMinutes = Math.min(
    body.session_duration_minutes ?? MAX_IMPERSONATED_SESSION_MINUTES,
    MAX_IMPERSONATED_SESSION_MINUTES,
  );
  const started = await deps.db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('impersonation_tokens')
      .set({ consumed_at: now })
      .where('token_hash', '=', sha256Hex(body.impersonation_token))
      .where('project_id', '=', deps.config.project.projectId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'impersonator_id'])
      .execute();
    const [token] = consumed;
    if (consumed.length !== 1 || !token) return null;
    return recordAuthentication(trx, c, {
      userId: token.user_id,
      factor: impersonatedFactor(token.impersonator_id),
      durationMinutes,
      current: null,
      impersonatorId: token.impersonator_id,
    });
  });
  if (!started) throw new ProviderError('impersonation_token_not_found');
  const user = await requireUser(deps.db, started.row.user_id);
  return ok(c, { ...(await authenticateResponseFields(c, started, user)), __user: user });
}
