import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { linkExpirationField, protectionFields, sessionDurationField } from '../../http/fields';
import { consumeEmailToken, createEmailToken, findRedeemableEmailToken } from '../../services/emailTokens';
import {
  assertEmail,
  assertProductEnabled,
  limitPerIp,
  limitSends,
  resolveRedirect,
  tokenLink,
} from '../../services/guards';
import { provesAsSender } from '../../services/recipients';
import {
  assertRecentAuthentication,
  authenticateResponseFields,
  emailFactor,
  optionalSession,
  recordAuthentication,
  requireOpaqueSession,
  touchSession,
} from '../../services/sessions';
import { findEmail, normalizeEmail, requireUser } from '../../services/users';
import { applyPasswordChange, deferredPasswordChange, type PasswordChange } from './passwordChange';
import { PASSWORD_FACTOR, passwordChecks, verifyCredentials } from './passwordCredentials';
import { hashPassword } from './passwordHash';
import { assertAcceptablePassword, assertPasswordLength } from './passwordStrength';

/** Lifetime of the reset link when the caller names none, and of the email's log-in link (always). */
const DEFAULT_RESET_EXPIRATION_MINUTES = 30;
const LOGIN_LINK_EXPIRATION_MINUTES = 30;

const resetStartSchema = z.object({
  email: z.string(),
  login_redirect_url: z.string().optional(),
  reset_password_redirect_url: z.string().optional(),
  reset_password_expiration_minutes: linkExpirationField,
  reset_password_template_id: z.string().optional(),
  locale: z.string().optional(),
  // S256 only: base64url of a SHA-256 digest is always 43 characters.
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 (S256) challenge')
    .optional(),
  ...protectionFields,
});

const resetByEmailSchema = z.object({
  token: z.string(),
  password: z.string(),
  session_duration_minutes: sessionDurationField,
  code_verifier: z.string().optional(),
  ...protectionFields,
});

const resetByExistingSchema = z.object({
  email: z.string(),
  existing_password: z.string(),
  new_password: z.string(),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

const resetBySessionSchema = z.object({
  password: z.string(),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

async function resetByEmailStart(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  assertProductEnabled(deps, 'passwords');
  const body = await readBody(c, resetStartSchema);
  assertEmail(body.email);
  const address = normalizeEmail(body.email);
  if (project.pkce.passwordResets && body.code_challenge === undefined) throw new ProviderError('missing_pkce');
  const resetUrl = resolveRedirect(project, body.reset_password_redirect_url, 'resetPassword');
  const loginUrl = resolveRedirect(project, body.login_redirect_url, 'login');
  // Counted before the lookup, so probing for accounts costs sends like any other request.
  await limitSends(deps, address, clientIp(c));
  const email = await findEmail(deps.db, project.projectId, address);
  if (!email) throw new ProviderError('email_not_found');

  const resetMinutes = body.reset_password_expiration_minutes ?? DEFAULT_RESET_EXPIRATION_MINUTES;
  const codeChallenge = body.code_challenge ?? null;
  const owner = { userId: email.user_id, emailId: email.email_id, codeChallenge };
  const resetToken = await createEmailToken(deps, {
    ...owner,
    kind: 'password_reset',
    expirationMinutes: resetMinutes,
  });
  // When magic links need PKCE, a log-in link without a challenge could never be redeemed (and must not be):
  // the email then offers only the reset link.
  const offerLoginLink = !project.pkce.emailMagicLinks || codeChallenge !== null;
  const loginToken = offerLoginLink
    ? await createEmailToken(deps, { ...owner, kind: 'magic_link', expirationMinutes: LOGIN_LINK_EXPIRATION_MINUTES })
    : null;

  const resetLink = tokenLink(resetUrl, 'reset_password', resetToken);
  const loginLink = loginToken === null ? null : tokenLink(loginUrl, 'login', loginToken);
  const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;
  const loginLines =
    loginLink === null
      ? []
      : [
          `Or log in without a password (the link expires in ${minutes(LOGIN_LINK_EXPIRATION_MINUTES)}):`,
          loginLink,
          '',
        ];
  await deps.outbox.send({
    channel: 'email',
    to: email.email,
    subject: `Reset your ${project.name} password`,
    text: [
      `Someone asked to reset the password of your ${project.name} account.`,
      '',
      `Set a new password (the link expires in ${minutes(resetMinutes)} and works once):`,
      resetLink,
      '',
      ...loginLines,
      'If you did not ask for this, you can ignore this email: your password has not changed.',
    ].join('\n'),
    links: loginLink === null ? [resetLink] : [resetLink, loginLink],
    codes: [],
  });
  return ok(c, {});
}

async function resetByEmail(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  assertProductEnabled(deps, 'passwords');
  const body = await readBody(c, resetByEmailSchema);
  assertPasswordLength(body.password);
  // Counted like every other password route, before the strength check (zxcvbn holds the event loop for up to
  // 150 ms on a long password) and the argon2id hash: a refused weak password leaves the link usable, so one link
  // would otherwise buy unlimited strength checks until it expires.
  await limitPerIp(deps, 'passwordAttemptsPerIp', clientIp(c));
  const now = deps.clock.now();
  // Only a reset token: the same email's log-in (magic-link) token must not set a password. Bound to the browser
  // that asked (PKCE): a reset link an attacker sends for their own account sets no password for anyone else.
  const redeemed = await findRedeemableEmailToken(deps, {
    token: body.token,
    kinds: ['password_reset'],
    codeVerifier: body.code_verifier,
    requirePkce: { password_reset: project.pkce.passwordResets },
  });
  const { token, email } = redeemed;
  await assertAcceptablePassword(project, body.password, email.email);
  const hash = await passwordChecks.hashPassword(body.password);
  // Read only to tell whether the link's sender redeems it (provesAsSender); the reset never keeps it (below).
  const current = await optionalSession(c);

  const change: PasswordChange = { hash, replaces: null };
  const started = await deps.db.transaction().execute(async (trx) => {
    const { emailId, accountReset } = await consumeEmailToken(trx, deps, redeemed, {
      now,
      sameUserSession: provesAsSender({ userId: token.user_id, senderSessionId: token.sender_session_id }, current),
    });
    const session = await recordAuthentication(trx, c, {
      userId: token.user_id,
      factor: emailFactor('magic_link', { email_id: emailId, email: email.email }),
      durationMinutes: body.session_duration_minutes,
      // Always a new session, never the one the request carried: a reset is what an owner does who suspects someone
      // else, and a session planted in (or stolen from) this browser must not outlive it. applyPasswordChange keeps
      // only this new session and revokes every other, the carried one too (as the pre-hijacking reset does).
      current: null,
      deferred: deferredPasswordChange(change),
    });
    // A sign-in that waits for its second factor changes the password only when that completes (passwordChange.ts).
    if (!session.intermediate) await applyPasswordChange(trx, deps, token.user_id, change, session.row.session_id, now);
    return { session, accountReset };
  });
  return ok(c, {
    ...(await authenticateResponseFields(c, started.session)),
    ...(started.accountReset === undefined ? {} : { account_reset: started.accountReset }),
  });
}

async function resetByExistingPassword(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  assertProductEnabled(deps, 'passwords');
  const body = await readBody(c, resetByExistingSchema);
  assertEmail(body.email);
  assertPasswordLength(body.existing_password);
  assertPasswordLength(body.new_password);
  const { email, stored } = await verifyCredentials(deps, body.email, body.existing_password, clientIp(c));
  await assertAcceptablePassword(deps.config.project, body.new_password, email.email);
  const hash = await hashPassword(body.new_password);
  const now = deps.clock.now();
  // Only the password that was just verified is replaced; a concurrent change wins and this one fails.
  const change: PasswordChange = { hash, replaces: stored.hash };
  const started = await deps.db.transaction().execute(async (trx) => {
    const session = await recordAuthentication(trx, c, {
      userId: email.user_id,
      factor: PASSWORD_FACTOR,
      durationMinutes: body.session_duration_minutes,
      // Always a new session, never the one the request carried (see resetByEmail): every older one is revoked.
      current: null,
      deferred: deferredPasswordChange(change),
    });
    // The old password alone changes nothing while a required second factor is still to come (passwordChange.ts).
    if (!session.intermediate) await applyPasswordChange(trx, deps, email.user_id, change, session.row.session_id, now);
    return session;
  });
  return ok(c, await authenticateResponseFields(c, started));
}

async function resetBySession(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  assertProductEnabled(deps, 'passwords');
  const body = await readBody(c, resetBySessionSchema);
  const current = await requireOpaqueSession(c);
  await assertRecentAuthentication(deps, current.row);
  assertPasswordLength(body.password);
  // Counted before the strength check and the hash, as resetByEmail: one fresh session could otherwise ask for them
  // without limit, and every sign-in's hash waits behind them on the hashing worker.
  await limitPerIp(deps, 'passwordAttemptsPerIp', clientIp(c));
  const userId = current.row.user_id;
  const user = await requireUser(deps.db, userId);
  await assertAcceptablePassword(deps.config.project, body.password, user.emails[0]?.email);
  const hash = await passwordChecks.hashPassword(body.password);
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    // Like a refresh: only an explicit duration moves the expiry. Confirmed live in this transaction: the session was
    // read before the hash, and a reset that revoked it meanwhile (the pre-hijacking reset of a stranger's account)
    // must win, not be undone by the stranger's password.
    const session = await touchSession(trx, deps, current.row, body.session_duration_minutes, true);
    await applyPasswordChange(trx, deps, userId, { hash, replaces: null }, session.session_id, now);
    return session;
  });
  return ok(c, await authenticateResponseFields(c, { row, token: current.token }));
}

/** The SDK's password reset calls: by email (start, then the link), by existing password, by session. */
export function registerPasswordResetRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/passwords/email/reset/start', resetByEmailStart);
  app.post('/sdk/v1/passwords/email/reset', resetByEmail);
  app.post('/sdk/v1/passwords/existing_password/reset', resetByExistingPassword);
  app.post('/sdk/v1/passwords/session/reset', resetBySession);
}
