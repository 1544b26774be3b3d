// The sample product's routes under /sdk/v1: a signed-in user sets a security question, and anyone who knows an
// account's email and its answer signs in with it (a first factor, like a password). Built from the core's services
// only: sessions, guess slots, rate limits, the identifier checks and the user answer.
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../src/http/context';
import { type ErrorType, ProviderError } from '../../src/http/errors';
import { protectionFields, sessionDurationField } from '../../src/http/fields';
import {
  assertEmail,
  consumeRateLimit,
  ipRateLimitKey,
  recordFailure,
  releaseGuessSlot,
  takeGuessSlot,
} from '../../src/services/guards';
import { newId } from '../../src/services/secrets';
import {
  assertRecentAuthentication,
  authenticateResponseFields,
  type NewFactor,
  optionalSession,
  recordAuthentication,
  requireSession,
} from '../../src/services/sessions';
import { findEmail, requireUser } from '../../src/services/users';
import { assertIdentifiersVerified } from '../../src/services/verification';
import { answerMatches, hashAnswer, normalizeAnswer, spendDummyCheck } from './answerHash';
import { answerAttemptsLimit, MAX_SECURITY_TEXT_LENGTH, securityQuestionSettings } from './config';
import type { securityQuestionErrors } from './errors';

/** The factor a security answer proves (a knowledge factor, like a password). */
export const SECURITY_QUESTION_FACTOR: NewFactor = { type: 'security_question', delivery_method: 'knowledge' };

// `ErrorType` is the union the type checker sees from the registry's list, which does not hold the sample; the
// catalogue the running provider builds does (./registry.ts, ./descriptors.ts), so the error is looked up like any product's.
const sampleError = (type: keyof typeof securityQuestionErrors) => new ProviderError(type as string as ErrorType);

const setSchema = z.object({ question: z.string(), answer: z.string() });

const authenticateSchema = z.object({
  email: z.string(),
  answer: z.string(),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

function assertEnabled(c: ProviderContext): void {
  if (!securityQuestionSettings(c.get('deps')).enabled) throw new ProviderError('method_not_enabled');
}

/**
 * `POST /security_questions/set`: the signed-in user's question and answer (a new one replaces the old). Adding a
 * factor is a sensitive change: it needs a recent authentication and verified identifiers, like a TOTP. Only the
 * answer's argon2id hash is stored.
 */
async function set(c: ProviderContext): Promise<Response> {
  assertEnabled(c);
  const deps = c.get('deps');
  const body = await readBody(c, setSchema);
  const { row } = await requireSession(c);
  const question = body.question.trim();
  const answer = normalizeAnswer(body.answer);
  const { minAnswerLength } = securityQuestionSettings(deps);
  if (
    question.length === 0 ||
    question.length > MAX_SECURITY_TEXT_LENGTH ||
    answer.length < minAnswerLength ||
    answer.length > MAX_SECURITY_TEXT_LENGTH
  ) {
    throw sampleError('invalid_security_answer');
  }
  await assertRecentAuthentication(deps, row);
  await assertIdentifiersVerified(deps.db, row.user_id);
  const answerHash = await hashAnswer(answer);
  const now = deps.clock.now();
  await deps.db
    .insertInto('security_answers')
    .values({
      security_answer_id: newId('security-answer', deps.environment),
      project_id: deps.config.project.projectId,
      user_id: row.user_id,
      question,
      answer_hash: answerHash,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ question, answer_hash: answerHash, created_at: now, updated_at: now }),
    )
    .execute();
  return ok(c, { user_id: row.user_id, __user: await requireUser(deps.db, row.user_id) });
}

/**
 * `POST /security_questions/authenticate`: `{email, answer}` signs in. The caller's IP pays one attempt first; an
 * unknown email, a user without a question and a wrong answer all answer `unauthorized_credentials` after the same
 * argon2id work (no enumeration); the guess takes one of the user's guess slots before the hash is checked (the
 * lockout every guessable factor shares), a wrong one keeps it and is recorded, a right one gives it back.
 */
async function authenticate(c: ProviderContext): Promise<Response> {
  assertEnabled(c);
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  assertEmail(body.email);
  const answer = normalizeAnswer(body.answer);
  if (answer.length === 0 || answer.length > MAX_SECURITY_TEXT_LENGTH) throw sampleError('invalid_security_answer');
  const ip = clientIp(c);
  await consumeRateLimit(deps, `securityAnswerAttemptsPerIp:${ipRateLimitKey(ip)}`, answerAttemptsLimit(deps));
  const email = await findEmail(deps.db, deps.config.project.projectId, body.email);
  const stored =
    email &&
    (await deps.db
      .selectFrom('security_answers')
      .select('answer_hash')
      .where('user_id', '=', email.user_id)
      .executeTakeFirst());
  if (!email || !stored) {
    await spendDummyCheck(answer);
    throw new ProviderError('unauthorized_credentials');
  }
  await takeGuessSlot(deps, email.user_id);
  if (!(await answerMatches(stored.answer_hash, answer))) {
    await recordFailure(deps, email.user_id);
    throw new ProviderError('unauthorized_credentials');
  }
  await releaseGuessSlot(deps.db, email.user_id);
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const current = await optionalSession(c);
  const started = await deps.db.transaction().execute((trx) =>
    recordAuthentication(trx, c, {
      userId: email.user_id,
      factor: SECURITY_QUESTION_FACTOR,
      durationMinutes: body.session_duration_minutes,
      current,
    }),
  );
  return ok(c, await authenticateResponseFields(c, started));
}

/** The sample's routes (its line of the routes registry, ./registry.ts). */
export function registerSecurityQuestionRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/security_questions/set', set);
  app.post('/sdk/v1/security_questions/authenticate', authenticate);
}
