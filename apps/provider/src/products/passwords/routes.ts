import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { protectionFields, sessionDurationField } from '../../http/fields';
import { assertEmail, assertProductEnabled, limitPerIp } from '../../services/guards';
import { newId } from '../../services/secrets';
import { authenticateResponseFields, optionalSession, recordAuthentication } from '../../services/sessions';
import { findEmail, insertIdentifier, newUserRow, normalizeEmail } from '../../services/users';
import { assertPasswordUnchanged, PASSWORD_FACTOR, upsertPassword, verifyCredentials } from './passwordCredentials';
import { hashPassword, prepareDummyHash } from './passwordHash';
import { assertAcceptablePassword, assertPasswordLength, checkPasswordStrength } from './passwordStrength';
import { registerPasswordResetRoutes } from './resetRoutes';

const strengthCheckSchema = z.object({ email: z.string().optional(), password: z.string() });

/** The longest email address (RFC 5321 §4.5.3.1.3: a 256-octet path, less its angle brackets). */
const MAX_EMAIL_LENGTH = 254;

const credentialsSchema = z.object({
  email: z.string(),
  password: z.string(),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

async function strengthCheck(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  assertProductEnabled(deps, 'passwords');
  const body = await readBody(c, strengthCheckSchema);
  assertPasswordLength(body.password);
  // Before zxcvbn, which holds the event loop (and the breach range API call it may make).
  await limitPerIp(deps, 'strengthChecksPerIp', clientIp(c));
  // The address only adds words to zxcvbn's dictionary: one longer than any address (RFC 5321 §4.5.3.1.3, 254 as
  // used in a path) is no one's, and thousands of its pieces would make the check take seconds.
  const email = body.email !== undefined && body.email.length <= MAX_EMAIL_LENGTH ? body.email : undefined;
  return ok(c, await checkPasswordStrength(deps.config.project, body.password, email));
}

async function create(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  assertProductEnabled(deps, 'passwords');
  const body = await readBody(c, credentialsSchema);
  assertEmail(body.email);
  // Counted against the password attempts of the caller's IP before anything that costs or tells: the strength check
  // (zxcvbn, the breach range API), the `duplicate_email` answer (otherwise an unlimited way to learn which addresses
  // have accounts, around `userSearchesPerIp`) and the argon2id hash, user and session that a new address costs.
  await limitPerIp(deps, 'passwordAttemptsPerIp', clientIp(c));
  const email = normalizeEmail(body.email);
  await assertAcceptablePassword(project, body.password, email);
  // An early answer that spares the hash; the unique (project, email) index below is what decides.
  if (await findEmail(deps.db, project.projectId, email)) throw new ProviderError('duplicate_email');
  const hash = await hashPassword(body.password);
  const now = deps.clock.now();
  const userId = newId('user', deps.environment);
  const { started, emailId } = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(newUserRow(userId, project.projectId, now, 'active'))
      .execute();
    const inserted = await insertIdentifier(trx, deps, userId, { kind: 'email', email });
    // Never attach a password to an account someone else already holds: throwing rolls the new user back.
    if (inserted === null) throw new ProviderError('duplicate_email');
    await upsertPassword(trx, deps, userId, hash, now);
    const session = await recordAuthentication(trx, c, {
      userId,
      factor: PASSWORD_FACTOR,
      durationMinutes: body.session_duration_minutes,
      current: null,
    });
    return { started: session, emailId: inserted };
  });
  return ok(c, { ...(await authenticateResponseFields(c, started)), email_id: emailId });
}

async function authenticate(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  assertProductEnabled(deps, 'passwords');
  const body = await readBody(c, credentialsSchema);
  assertEmail(body.email);
  assertPasswordLength(body.password);
  const { email, stored } = await verifyCredentials(deps, body.email, body.password, clientIp(c));
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const current = await optionalSession(c);
  const started = await deps.db.transaction().execute(async (trx) => {
    // A reset that committed since the hash check revoked the user's sessions without seeing this one: the password
    // checked must still be the user's, and stays so until this session is in.
    await assertPasswordUnchanged(trx, stored);
    return recordAuthentication(trx, c, {
      userId: email.user_id,
      factor: PASSWORD_FACTOR,
      durationMinutes: body.session_duration_minutes,
      current,
    });
  });
  return ok(c, await authenticateResponseFields(c, started));
}

/** The SDK's password calls: strength check, create, authenticate and the three resets. */
export function registerPasswordRoutes(app: Hono<ProviderEnv>): void {
  void prepareDummyHash();
  app.post('/sdk/v1/passwords/strength_check', strengthCheck);
  app.post('/sdk/v1/passwords', create);
  app.post('/sdk/v1/passwords/authenticate', authenticate);
  registerPasswordResetRoutes(app);
}
