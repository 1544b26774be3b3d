import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { linkExpirationField, protectionFields, sessionDurationField } from '../../http/fields';
import { consumeEmailToken, findRedeemableEmailToken } from '../../services/emailTokens';
import { assertEmail, assertProductEnabled, limitSends, resolveRedirect } from '../../services/guards';
import {
  assertAttachable,
  mayRedeemPending,
  provesAsSender,
  resolveRecipient,
  type SendMode,
} from '../../services/recipients';
import {
  authenticateResponseFields,
  emailFactor,
  optionalSession,
  recordAuthentication,
  requireSession,
} from '../../services/sessions';
import { normalizeEmail } from '../../services/users';
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES, issueMagicLink } from './magicLinks';

const sendSchema = z.object({
  email: z.string(),
  login_magic_link_url: z.string().optional(),
  signup_magic_link_url: z.string().optional(),
  login_expiration_minutes: linkExpirationField,
  signup_expiration_minutes: linkExpirationField,
  login_template_id: z.string().optional(),
  signup_template_id: z.string().optional(),
  locale: z.string().optional(),
  // S256 only: base64url of a SHA-256 digest is always 43 characters.
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 (S256) challenge')
    .optional(),
  create_user_as_pending: z.boolean().optional(),
  ...protectionFields,
});

const authenticateSchema = z.object({
  token: z.string(),
  code_verifier: z.string().optional(),
  session_duration_minutes: sessionDurationField,
});

async function sendMagicLink(c: ProviderContext, mode: SendMode): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  assertProductEnabled(deps, 'email_magic_links');
  const body = await readBody(c, sendSchema);
  assertEmail(body.email);
  const email = normalizeEmail(body.email);
  const session = mode === 'secondary' ? await requireSession(c) : null;
  if (session) await assertAttachable(deps, session.row, { kind: 'email', email }, clientIp(c));
  if (project.pkce.emailMagicLinks && body.code_challenge === undefined) throw new ProviderError('missing_pkce');
  // Both URLs are checked whichever one the email will carry: a refused URL never depends on who the user is.
  const loginUrl = resolveRedirect(project, body.login_magic_link_url, 'login');
  const signupUrl = resolveRedirect(project, body.signup_magic_link_url, 'signup');
  await limitSends(deps, email, clientIp(c));
  const owner = await resolveRecipient(
    deps,
    mode,
    { kind: 'email', email },
    { session: session?.row, status: body.create_user_as_pending === true ? 'pending' : 'active' },
  );
  const signup = mode === 'login_or_create' && owner.created;
  await issueMagicLink(deps, {
    owner,
    email,
    redirectUrl: signup ? signupUrl : loginUrl,
    expirationMinutes:
      (signup ? body.signup_expiration_minutes : body.login_expiration_minutes) ??
      DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    codeChallenge: body.code_challenge ?? null,
    signup,
  });
  return ok(c, {});
}

async function authenticateMagicLink(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  const now = deps.clock.now();
  // No product check here: the password-reset email's log-in link is redeemed through this call too, and so is
  // its reset link, for the reset form's 'Login without a password'. Whoever holds a reset link can
  // already set a password and get a session with it, so signing in with it grants nothing more; redeeming it
  // consumes it, so the same link cannot then also change the password.
  const redeemed = await findRedeemableEmailToken(deps, {
    token: body.token,
    kinds: ['magic_link', 'password_reset'],
    codeVerifier: body.code_verifier,
    // A log-in link needs a challenge when magic links are bound, a reset link when resets are (or magic links
    // are: it signs in here), so an unbound link never signs in through this call where the project binds them.
    requirePkce: {
      magic_link: deps.config.project.pkce.emailMagicLinks,
      password_reset: deps.config.project.pkce.emailMagicLinks || deps.config.project.pkce.passwordResets,
    },
  });
  const { token, email } = redeemed;
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const current = await optionalSession(c);
  // A secondary send's link adds its address to the account that asked for it: only the session that sent it can
  // redeem it, so whoever opens it elsewhere is never signed in to someone else's account, and another session of
  // the account (the owner's, after a stranger who held it left) never adds the sender's address (mayRedeemPending).
  if (
    email.pending &&
    !mayRedeemPending({ userId: token.user_id, senderSessionId: token.sender_session_id }, current)
  ) {
    throw new ProviderError('unable_to_auth_magic_link');
  }
  const started = await deps.db.transaction().execute(async (trx) => {
    const { emailId, accountReset } = await consumeEmailToken(trx, deps, redeemed, {
      now,
      sameUserSession: provesAsSender({ userId: token.user_id, senderSessionId: token.sender_session_id }, current),
    });
    const session = await recordAuthentication(trx, c, {
      userId: token.user_id,
      factor: emailFactor('magic_link', { email_id: emailId, email: email.email }),
      durationMinutes: body.session_duration_minutes,
      // The reset revoked every session of the account, the one carried too: the owner gets a new one.
      current: accountReset === undefined ? current : null,
    });
    return { session, emailId, accountReset };
  });
  return ok(c, {
    ...(await authenticateResponseFields(c, started.session)),
    method_id: started.emailId,
    ...(started.accountReset === undefined ? {} : { account_reset: started.accountReset }),
  });
}

/** The SDK's magic-link calls: login_or_create, send and authenticate. */
export function registerMagicLinkRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/magic_links/email/login_or_create', (c) => sendMagicLink(c, 'login_or_create'));
  app.post('/sdk/v1/magic_links/email/send/primary', (c) => sendMagicLink(c, 'primary'));
  app.post('/sdk/v1/magic_links/email/send/secondary', (c) => sendMagicLink(c, 'secondary'));
  app.post('/sdk/v1/magic_links/authenticate', authenticateMagicLink);
}
