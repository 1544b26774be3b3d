import type { AccountReset } from '@latchkey/sdk/contract';
import type { Hono } from 'hono';
import { z } from 'zod';
import { dialectOf } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { type ErrorType, ProviderError } from '../../http/errors';
import { sessionDurationField } from '../../http/fields';
import { pkceMatches, randomToken, sha256Hex } from '../../services/secrets';
import {
  assertRecentAuthentication,
  authenticateResponseFields,
  optionalSession,
  recordAuthentication,
  requireSession,
  type StartedSession,
} from '../../services/sessions';
import { requireUser } from '../../services/users';
import type { OAuthProvider } from './config';
import { decryptProviderValues, emptyProviderValues } from './flowSecrets';
import { completeLink, IdentityRefused, oauthFactor, type RegistrationRow } from './identities';
import {
  consumeSocialToken,
  findLiveSocialToken,
  OAUTH_TOKEN_LIFETIME_MS,
  type PendingLink,
  type SocialTokenRow,
} from './oauthTokens';
import { registerOneTapRoutes } from './oneTap';
import { callback, start } from './redirectFlow';
import { checkProvider } from './startParams';

const authenticateSchema = z.object({
  token: z.string().max(256),
  code_verifier: z.string().max(256).optional(),
  session_duration_minutes: sessionDurationField,
});

const attachSchema = z.object({ provider: z.string().max(64) });

/** `pkce_mismatch` of a social sign-in: the app URL was opened in another browser than the one that started. */
export const OTHER_BROWSER_SIGN_IN =
  'This sign-in was started in a different browser (this browser does not hold its PKCE code_verifier), so it cannot sign you in here. Sign in again from this browser.';

/**
 * `oauth/authenticate`: redeems the token of the redirect back. An unknown, used or expired token is
 * `oauth_token_not_found`; an error token is used up and answers its error (`oauth_flow_callback_error`, a linking
 * refusal). A token bound to a PKCE challenge needs its verifier (`pkce_mismatch`, the token stays usable). The token
 * is used up by one conditional UPDATE in the transaction that starts the session (or, with MFA, the intermediate
 * session), so fifty parallel redemptions start one session. An attach flow's token links its identity only when a
 * session of the user who asked for the link redeems it (`oauth_link_session_mismatch` otherwise, the token used up).
 */
async function authenticate(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  const row = await findLiveSocialToken(deps, body.token);
  if (!row) throw new ProviderError('oauth_token_not_found');
  const now = deps.clock.now();
  if (row.error_type !== null) {
    if (!(await consumeSocialToken(deps.db, row.token_id, now))) throw new ProviderError('oauth_token_not_found');
    throw new ProviderError(row.error_type as ErrorType, { message: row.error_message ?? undefined });
  }
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const current = await optionalSession(c);
  const link = row.pending_link === null ? null : (JSON.parse(row.pending_link) as PendingLink);
  // An attach flow's identity joins only the account that asked for the link, redeemed by a session of that account:
  // whoever else reaches the app page with the token (sent a start URL carrying someone's attach token) links nothing,
  // and the token is used up. Checked before PKCE: whoever sent such a start URL chose its challenge, so the victim's
  // browser cannot prove it, and a token left usable by a `pkce_mismatch` would be the sender's to redeem.
  if (link !== null && (current === null || current.row.user_id !== row.user_id)) {
    await consumeSocialToken(deps.db, row.token_id, now);
    throw new ProviderError('oauth_link_session_mismatch');
  }
  if (row.code_challenge !== null) {
    // The token is bound to the browser that started (README, "Security": every final redirect token is browser-bound):
    // an attacker's app URL opened by someone else signs nobody in, and the token stays usable where it started.
    if (body.code_verifier === undefined || !pkceMatches(row.code_challenge, body.code_verifier)) {
      throw new ProviderError('pkce_mismatch', { message: OTHER_BROWSER_SIGN_IN });
    }
  } else if (deps.config.project.pkce.oauth) {
    throw new ProviderError('missing_pkce');
  }
  let outcome: { session: StartedSession; registration: RegistrationRow } | null;
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      // Linking is a sensitive change: the sign-in must still be recent now, as when the attach token was asked for
      // (the flow at the upstream may have taken minutes). Refused, it rolls back: the token stays usable once the
      // user has signed in again.
      if (link !== null && current !== null) await assertRecentAuthentication(deps, current.row, trx);
      if (!(await consumeSocialToken(trx, row.token_id, now))) return null;
      const registration =
        link !== null
          ? await completeLink(trx, deps, { userId: row.user_id ?? '', provider: row.provider as OAuthProvider, link })
          : await registrationToSignIn(trx, row);
      // Unlinked between the callback and now: nothing to sign in with.
      if (!registration) return null;
      const session = await recordAuthentication(trx, c, {
        userId: registration.user_id,
        factor: oauthFactor(registration),
        durationMinutes: body.session_duration_minutes,
        current,
      });
      return { session, registration };
    });
  } catch (error) {
    if (!(error instanceof IdentityRefused)) throw error;
    // Another user took the identity since the callback: the link is refused and its token used up.
    await consumeSocialToken(deps.db, row.token_id, now);
    throw error.error;
  }
  if (!outcome) throw new ProviderError('oauth_token_not_found');
  const registration: RegistrationRow = outcome.registration;
  const providerValues =
    row.provider_values === null
      ? emptyProviderValues()
      : decryptProviderValues(deps.encryptionKey, row.token_id, row.provider_values);
  return ok(c, {
    ...(await authenticateResponseFields(c, outcome.session)),
    provider_subject: registration.provider_subject,
    provider_type: registration.provider,
    profile_picture_url: registration.profile_picture_url,
    locale: registration.locale,
    provider_values: providerValues,
    ...(row.account_reset === null ? {} : { account_reset: JSON.parse(row.account_reset) as AccountReset }),
  });
}

/**
 * The registration an identity token signs in with, if it is still its user's. On PostgreSQL the row stays locked
 * (`FOR SHARE`) until the session is committed: a pre-hijacking reset of the account (its owner proving the address
 * by a code, a link or an upstream that asserts it verified) deletes the registration first and revokes the sessions
 * after, so it waits for this sign-in and then revokes its session; unlocked, the reset's revocations ran before this
 * session was committed and it outlived the reset (a stranger kept a session in the owner's account).
 */
async function registrationToSignIn(
  trx: Executor,
  row: Pick<SocialTokenRow, 'oauth_user_registration_id' | 'user_id'>,
): Promise<RegistrationRow | undefined> {
  return trx
    .selectFrom('oauth_registrations')
    .selectAll()
    .where('oauth_user_registration_id', '=', row.oauth_user_registration_id ?? '')
    .where('user_id', '=', row.user_id ?? '')
    .$if(dialectOf(trx) === 'postgres', (query) => query.forShare())
    .executeTakeFirst();
}

/**
 * `oauth/attach`: a single-use token (10 minutes) that makes the next start of `provider` link the identity to the
 * caller instead of signing in. Linking is a sensitive change: it needs a recent authentication.
 */
async function attach(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, attachSchema);
  const provider = checkProvider(deps.config.project, body.provider);
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  const token = randomToken(32);
  const now = deps.clock.now();
  await deps.db.deleteFrom('oauth_attach_tokens').where('expires_at', '<=', now).execute();
  await deps.db
    .insertInto('oauth_attach_tokens')
    .values({
      token_hash: sha256Hex(token),
      project_id: deps.config.project.projectId,
      user_id: row.user_id,
      provider,
      created_at: now,
      expires_at: now + OAUTH_TOKEN_LIFETIME_MS,
      consumed_at: null,
    })
    .execute();
  return ok(c, { oauth_attach_token: token });
}

/** `DELETE /users/oauth/{id}`: unlinks one of the caller's own social identities (a sensitive change). */
async function remove(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  // Only the caller's own: another user's id is "not found", never deleted.
  const deleted = await deps.db
    .deleteFrom('oauth_registrations')
    .where('oauth_user_registration_id', '=', c.req.param('id') ?? '')
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw new ProviderError('oauth_registration_not_found');
  const user = await requireUser(deps.db, row.user_id);
  return ok(c, { user_id: user.user_id, __user: user });
}

/**
 * Social sign-in: the browser's start and the upstream's callback under `/v1/public/oauth` (navigations, no Basic
 * auth), and the SDK's OAuth calls, its unlink of a provider from the user and Google One Tap under `/sdk/v1`.
 */
export function registerSocialRoutes(app: Hono<ProviderEnv>): void {
  app.get('/v1/public/oauth/callback', callback);
  app.post('/v1/public/oauth/callback', callback);
  app.get('/v1/public/oauth/:provider/start', start);
  app.post('/sdk/v1/oauth/authenticate', authenticate);
  app.post('/sdk/v1/oauth/attach', attach);
  app.delete('/sdk/v1/users/oauth/:id', remove);
  registerOneTapRoutes(app);
}
