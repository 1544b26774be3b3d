// `POST /sdk/v1/sessions/attest`: a JWT of an issuer the project trusts (`project.trustedAuthTokens`) signs its user
// in, or adds a factor to a session of that user.
import type { AccountReset } from '@latchkey/sdk/contract';
import { z } from 'zod';
import { ok, type ProviderContext, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { protectionFields, sessionDurationField } from '../../http/fields';
import { EMAIL_PATTERN } from '../../services/guards';
import { newId, sha256Hex } from '../../services/secrets';
import {
  authenticateResponseFields,
  findLiveSession,
  type NewFactor,
  optionalSession,
  recordAuthentication,
  type SessionRow,
} from '../../services/sessions';
import { findEmail, insertIdentifier, newUserRow, normalizeEmail } from '../../services/users';
import { markIdentifierVerified } from '../../services/verification';
import { requireTrustedProfile, type TrustedAuthTokenProfile, verifyTrustedToken } from './trustedTokens';

/** The longest token or session credential looked at (a JWT with a few claims is well under 2 kB). */
const MAX_TOKEN_LENGTH = 8192;

const attestSchema = z.object({
  profile_id: z.string().max(128),
  token: z.string().max(MAX_TOKEN_LENGTH),
  session_duration_minutes: sessionDurationField,
  session_token: z.string().min(1).max(MAX_TOKEN_LENGTH).optional(),
  session_jwt: z.string().min(1).max(MAX_TOKEN_LENGTH).optional(),
  ...protectionFields,
});

type AttestBody = z.infer<typeof attestSchema>;

const isJwt = (token: string) => token.split('.').length === 3;

/** The factor a trusted issuer's token proves: which profile vouched, for which subject and address. */
export function trustedAuthTokenFactor(
  profile: TrustedAuthTokenProfile,
  subject: string | null,
  email: { email_id: string; email: string },
): NewFactor {
  return {
    type: 'trusted_auth_token',
    delivery_method: 'trusted_token_exchange',
    trusted_auth_token_factor: {
      profile_id: profile.profileId,
      subject,
      email_id: email.email_id,
      email_address: email.email,
    },
  };
}

/**
 * The session the body names with `session_token` and/or `session_jwt`, with its opaque token (the answer hands
 * it back as `session_token`). A dead session is `session_not_found`; two credentials naming different sessions, or
 * only a JWT while the request holds no opaque token of that session (Basic auth), are `invalid_session_token`.
 */
async function namedSession(c: ProviderContext, body: AttestBody): Promise<{ row: SessionRow; token: string } | null> {
  if (body.session_token === undefined && body.session_jwt === undefined) return null;
  const deps = c.get('deps');
  const byToken = body.session_token === undefined ? null : await findLiveSession(deps, body.session_token);
  const byJwt = body.session_jwt === undefined ? null : await findLiveSession(deps, body.session_jwt);
  if (byToken === undefined || byJwt === undefined) throw new ProviderError('session_not_found');
  const row = byToken ?? byJwt;
  if (!row) throw new ProviderError('session_not_found');
  if (byToken && byJwt && byToken.session_id !== byJwt.session_id) {
    throw new ProviderError('invalid_session_token', {
      message: 'Invalid session token: session_token and session_jwt name different sessions.',
    });
  }
  const opaque = [body.session_token, c.get('auth').sessionToken].find(
    (token): token is string => typeof token === 'string' && !isJwt(token) && sha256Hex(token) === row.token_hash,
  );
  if (opaque === undefined) {
    throw new ProviderError('invalid_session_token', {
      message:
        'Invalid session token: the answer must carry the opaque session token, which only its holder has. Pass session_token (the stytch_session cookie).',
    });
  }
  return { row, token: opaque };
}

/** The address in the profile's email claim, or `invalid_token`. */
function emailClaim(profile: TrustedAuthTokenProfile, payload: Record<string, unknown>): string {
  const value = payload[profile.emailClaim];
  if (typeof value !== 'string' || value.length > 254 || !EMAIL_PATTERN.test(value.trim())) {
    throw new ProviderError('invalid_token', {
      message: `The token's ${profile.emailClaim} claim (the profile's emailClaim) is not an email address.`,
    });
  }
  // The issuer says it has not proved the address (OpenID Connect Core §5.1 `email_verified`; Firebase, Auth0 and
  // Cognito issue tokens to users who signed up with any address): trusting it would sign whoever typed the address
  // into its owner's account here.
  const verified = payload.email_verified;
  if (verified === false || verified === 'false') {
    throw new ProviderError('invalid_token', {
      message:
        'The token says its email address is not verified (email_verified is false): verify it with the issuer first.',
    });
  }
  return normalizeEmail(value);
}

/**
 * Verifies the token (trustedTokens.ts), then signs in the user who owns the address in its email claim, creating
 * one if nobody does. The project trusts the issuer to have proved the address, so a new address is stored
 * verified, and an unverified one is verified here with the pre-hijack reset of a passcode sign-in
 * (services/verification.ts: when this is the account's first proof, what was attached before it goes and its
 * sessions are revoked, whatever session the request carries; the owner then gets a new session). Nothing unverified
 * is ever attached.
 *
 * With `session_token`/`session_jwt` the factor joins that session, which must be live and be the token's user's
 * (another user's is `session_user_mismatch`, checked before anything is written; so is an address no account has
 * yet, which would be a new user). Without them, the caller's own session (Basic auth) of the same user gets the
 * factor, as with any sign-in, and otherwise a new session starts (or an intermediate one, when the project
 * requires a second factor and the user has one).
 */
export async function attest(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, attestSchema);
  const profile = requireTrustedProfile(deps.config, body.profile_id);
  const payload = await verifyTrustedToken(profile, body.token, deps.clock.now());
  const email = emailClaim(profile, payload);
  const subject = typeof payload.sub === 'string' ? payload.sub : null;
  const named = await namedSession(c, body);
  const current = named ?? (await optionalSession(c));
  const projectId = deps.config.project.projectId;

  // Two rounds at most: a new address taken by a parallel sign-in in between is then an existing one.
  for (let round = 0; round < 2; round += 1) {
    const existing = await findEmail(deps.db, projectId, email);
    if (named && existing?.user_id !== named.row.user_id) throw new ProviderError('session_user_mismatch');
    const started = await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      let userId: string;
      let emailId: string;
      let accountReset: AccountReset | undefined;
      if (existing) {
        userId = existing.user_id;
        emailId = existing.email_id;
        if (existing.verified !== 1) {
          accountReset = await markIdentifierVerified(trx, {
            userId,
            kind: 'email',
            methodId: emailId,
            // Never skips the reset: a trusted token is asked for by nobody here, so no session proves it as its
            // sender (services/recipients.ts, provesAsSender), and the session the request carries (Basic auth or
            // named) proves nothing. A stranger who signed up with the owner's address and planted that session in
            // the owner's browser (a cookie tossed from a sibling subdomain, a login CSRF) would otherwise keep the
            // password and session standing through the owner's attest, and hand the owner the stranger's session
            // token: the stranger would then hold the owner's now verified account.
            sameUserSession: false,
            now,
          });
        }
      } else {
        userId = newId('user', deps.environment);
        await trx
          .insertInto('users')
          .values(newUserRow(userId, projectId, now, 'active'))
          .execute();
        const inserted = await insertIdentifier(trx, deps, userId, { kind: 'email', email }, { verified: true });
        if (inserted === null) {
          await trx.deleteFrom('users').where('user_id', '=', userId).execute();
          return null;
        }
        emailId = inserted;
      }
      return recordAuthentication(trx, c, {
        userId,
        factor: trustedAuthTokenFactor(profile, subject, { email_id: emailId, email }),
        durationMinutes: body.session_duration_minutes,
        // The reset revoked every session of the account, the one carried too: the owner gets a new one.
        current: accountReset === undefined ? current : null,
      });
    });
    if (started) return ok(c, await authenticateResponseFields(c, started));
  }
  throw new Error('The email address of an attested token could be neither found nor created');
}
