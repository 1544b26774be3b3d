import { randomBytes } from 'node:crypto';
import type { AuthenticationFactor } from '@latchkey/sdk/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Hono } from 'hono';
import { z } from 'zod';
import { dialectOf } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { protectionFields, sessionDurationField } from '../../http/fields';
import { assertProductEnabled, consumeRateLimit, ipRateLimitKey, recordFailure } from '../../services/guards';
import type { IntermediateSessionRow } from '../../services/intermediateSessions';
import {
  assertSecondFactorChangeAllowed,
  completeIntermediateSession,
  findIntermediateSession,
  intermediateSessionToken,
} from '../../services/mfa';
import { newId } from '../../services/secrets';
import {
  assertRecentAuthentication,
  authenticateResponseFields,
  optionalSession,
  recordAuthentication,
  requireOpaqueSession,
  requireSession,
} from '../../services/sessions';
import { requireUser } from '../../services/users';
import { assertIdentifiersVerified } from '../../services/verification';
import { consumeChallenge, findLiveChallenge, storeChallenge } from './challenges';
import {
  MAX_CREDENTIAL_CHARS,
  MAX_CREDENTIAL_ID_BYTES,
  parseAssertionCredential,
  parseRegistrationCredential,
} from './credentials';
import { serializeWebauthnRegistration, webauthnRegistrationsUsed } from './descriptor';
import {
  defaultRegistrationName,
  findRegistrationByCredential,
  registrationNotFound,
  registrationsOf,
  transportsOf,
  webauthnFactor,
} from './registrations';
import { assertRelyingPartyId, CHALLENGE_LIFETIME_MS, SUPPORTED_ALGORITHM_IDS, webauthnOrigins } from './relyingParty';

/** WebAuthn's `user.id` may hold at most 64 bytes. */
const MAX_USER_HANDLE_BYTES = 64;

const domainField = z.string().min(1).max(253);

const registerStartSchema = z.object({
  domain: domainField,
  authenticator_type: z.enum(['platform', 'cross-platform']).optional(),
  return_passkey_credential_options: z.boolean().optional(),
  override_id: z
    .string()
    .min(1)
    .refine((value) => Buffer.byteLength(value) <= MAX_USER_HANDLE_BYTES, {
      message: `must be at most ${MAX_USER_HANDLE_BYTES} bytes`,
    })
    .optional(),
  override_name: z.string().min(1).max(256).optional(),
  override_display_name: z.string().min(1).max(256).optional(),
  user_agent: z.string().optional(),
  use_base64_url_encoding: z.boolean().optional(),
});

const credentialField = z.string().min(1).max(MAX_CREDENTIAL_CHARS);

const registerSchema = z.object({
  public_key_credential: credentialField,
  session_duration_minutes: sessionDurationField,
});

/** The token of an intermediate session, when the caller names it in the body (else the SDK's cookie is read). */
const intermediateTokenField = z.string().min(1).max(256).optional();

const authenticateStartSchema = z.object({
  domain: domainField,
  return_passkey_credential_options: z.boolean().optional(),
  intermediate_session_token: intermediateTokenField,
});

const authenticateSchema = z.object({
  public_key_credential: credentialField,
  session_duration_minutes: sessionDurationField,
  intermediate_session_token: intermediateTokenField,
  ...protectionFields,
});

// A name is shown in lists and toasts: printable text, trimmed, 1–100 characters.
const updateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
    .regex(/^[^\u0000-\u001f\u007f]*$/, { message: 'must not contain control characters' }),
});

const REGISTRATION_CHALLENGE_REFUSED =
  'The passkey could not be registered: its challenge is unknown, expired, already used or was issued to another session. Start the registration again.';
const REGISTRATION_UNVERIFIED =
  'The passkey could not be registered: the credential did not verify for this origin, relying party and challenge (a passkey must also verify the user). Start the registration again.';

/** `webauthn/register/start`: creation options for a new credential of the signed-in user. */
async function registerStart(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  assertProductEnabled(deps, 'webauthn');
  const body = await readBody(c, registerStartSchema);
  const session = await requireSession(c);
  // A new passkey is a sensitive change. Checked here so that a refused caller gets no challenge, and again by
  // `register`, which adds the passkey up to five minutes later (the challenge's lifetime).
  await assertRecentAuthentication(deps, session.row);
  await assertSecondFactorChangeAllowed(deps, session.row);
  // The owner's later proof of an unverified address would remove the new passkey: verify first (finding 7).
  await assertIdentifiersVerified(deps.db, session.row.user_id);
  const rpId = assertRelyingPartyId(project, body.domain);
  const user = await requireUser(deps.db, session.row.user_id);
  const existing = await registrationsOf(deps.db, user.user_id, rpId);
  const isPasskey = body.return_passkey_credential_options === true;
  const userHandle = Buffer.from(body.override_id ?? user.user_id, 'utf8');
  const userName = body.override_name ?? user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
  const fullName = [user.name.first_name, user.name.last_name].filter((part) => part !== '').join(' ');
  const options = await generateRegistrationOptions({
    rpName: project.name,
    rpID: rpId,
    userName,
    userID: userHandle,
    userDisplayName: body.override_display_name ?? (fullName || userName),
    challenge: randomBytes(32),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    // The browser refuses to make a second credential on an authenticator that already holds one of these.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: {
      // A passkey is discoverable (sign-in without a user name, autofill) and always verifies the user.
      residentKey: isPasskey ? 'required' : 'discouraged',
      userVerification: isPasskey ? 'required' : 'preferred',
      ...(body.authenticator_type ? { authenticatorAttachment: body.authenticator_type } : {}),
    },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
  });
  await storeChallenge(deps, options.challenge, {
    purpose: 'register',
    userId: user.user_id,
    sessionId: session.row.session_id,
    rpId,
    userVerificationRequired: isPasskey,
    isPasskey,
    userHandle: userHandle.toString('base64url'),
    authenticatorType: body.authenticator_type ?? null,
    userAgent: (body.user_agent ?? c.req.header('user-agent') ?? '').slice(0, 512),
  });
  return ok(c, { user_id: user.user_id, public_key_credential_creation_options: JSON.stringify(options) });
}

/** `webauthn/register`: verifies the new credential against its challenge and adds it to the session's user. */
async function register(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { project } = deps.config;
  assertProductEnabled(deps, 'webauthn');
  const body = await readBody(c, registerSchema);
  // The answer hands the session token back, so only the opaque token will do.
  const current = await requireOpaqueSession(c);
  const { credential, challenge, crossOrigin } = parseRegistrationCredential(body.public_key_credential);
  const row = await findLiveChallenge(deps, challenge, 'register');
  // Bound to the session that asked: a challenge of another session (even of the same user) is refused.
  if (!row || row.session_id !== current.row.session_id || row.user_id !== current.row.user_id) {
    throw new ProviderError('unable_to_register_webauthn', { message: REGISTRATION_CHALLENGE_REFUSED });
  }
  const now = deps.clock.now();
  const registrationId = newId('webauthn-registration', deps.environment);
  // One transaction: the start call's checks run again, then the challenge is used up (whatever follows, it cannot
  // be answered again), then the credential is verified and stored and the session records the factor. A refusal
  // after the use commits only the use.
  const outcome = await deps.db.transaction().execute(async (trx) => {
    // As of now, not as of the start: its challenge lives five minutes, by which time the sign-in may no longer be
    // recent, or an unverified address may have joined the account. These throw, rolling everything back, so the
    // challenge is not used up.
    await assertRecentAuthentication(deps, current.row, trx);
    await assertSecondFactorChangeAllowed(deps, current.row, trx);
    await assertIdentifiersVerified(trx, current.row.user_id);
    if (!(await consumeChallenge(trx, row.challenge_id, now))) {
      return { refused: 'unable_to_register_webauthn' as const, message: REGISTRATION_CHALLENGE_REFUSED };
    }
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: webauthnOrigins(project),
        expectedRPID: row.rp_id,
        requireUserPresence: true,
        requireUserVerification: row.user_verification_required === 1,
        supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
      });
    } catch {
      return { refused: 'unable_to_register_webauthn' as const, message: REGISTRATION_UNVERIFIED };
    }
    if (!verified.verified) {
      return { refused: 'unable_to_register_webauthn' as const, message: REGISTRATION_UNVERIFIED };
    }
    // WebAuthn L3 §7.1 step 10: a `topOrigin` (created in a frame not same-origin with its ancestors) needs a
    // relying party that expects to be framed by that page. The provider names no such page, so a credential whose
    // client data says `crossOrigin: true` (Safari sends no `topOrigin`) or names a `topOrigin` is refused.
    // `verifyRegistrationResponse` does not look at either (its authentication twin refuses a `topOrigin`).
    if (crossOrigin) {
      return { refused: 'unable_to_register_webauthn' as const, message: REGISTRATION_UNVERIFIED };
    }
    const info = verified.registrationInfo;
    // The id stored is the one the authenticator data names, not the one the client sent: it must be the
    // credential's `id`/`rawId` (whose length the schema caps; the library checks `id === rawId`), or the stored
    // passkey could never sign in, and at most 1023 bytes (WebAuthn L3 §7.1 step 25; a longer one also overflows
    // PostgreSQL's unique index).
    if (
      info.credential.id !== credential.rawId ||
      Buffer.byteLength(info.credential.id, 'base64url') > MAX_CREDENTIAL_ID_BYTES
    ) {
      return { refused: 'unable_to_register_webauthn' as const, message: REGISTRATION_UNVERIFIED };
    }
    const registration = {
      webauthn_registration_id: registrationId,
      user_id: current.row.user_id,
      project_id: project.projectId,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      sign_count: info.credential.counter,
      transports: JSON.stringify(credential.response.transports ?? []),
      user_handle: row.user_handle ?? '',
      rp_id: row.rp_id,
      user_agent: row.user_agent ?? '',
      authenticator_type: credential.authenticatorAttachment ?? row.authenticator_type ?? '',
      is_passkey: row.is_passkey,
      // WebAuthn L3 §4 `uvInitialized`: whether its user-verified flag may count as a factor later (authenticate).
      uv_initialized: info.userVerified ? 1 : 0,
      name: defaultRegistrationName(row.is_passkey === 1),
      created_at: now,
    };
    // One credential id belongs to one user: the unique (project, credential id) index decides, races included.
    const inserted = await trx
      .insertInto('webauthn_registrations')
      .values(registration)
      .onConflict((conflict) => conflict.columns(['project_id', 'credential_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) {
      return { refused: 'duplicate_webauthn_registration' as const };
    }
    const session = await recordAuthentication(trx, c, {
      userId: current.row.user_id,
      factor: webauthnFactor(registration),
      durationMinutes: body.session_duration_minutes,
      current,
    });
    return { session };
  });
  if (outcome.refused !== undefined) throw new ProviderError(outcome.refused, { message: outcome.message });
  return ok(c, { ...(await authenticateResponseFields(c, outcome.session)), webauthn_registration_id: registrationId });
}

/** Who a secondary challenge is for: the signed-in session, or a sign-in waiting for its second factor. */
type SecondaryCaller =
  | { kind: 'session'; userId: string; sessionId: string }
  | { kind: 'intermediate'; userId: string; intermediate: IntermediateSessionRow };

/**
 * The caller of a secondary start: an intermediate session when its token is in the body (or, without a session
 * in the Authorization header, in the SDK's cookie), else the session of the Authorization header.
 */
async function secondaryCaller(c: ProviderContext, bodyToken: string | undefined): Promise<SecondaryCaller> {
  const token = intermediateSessionToken(c, bodyToken);
  if (token !== undefined) {
    const intermediate = await findIntermediateSession(c.get('deps'), token);
    if (!intermediate) throw new ProviderError('intermediate_session_not_found');
    return { kind: 'intermediate', userId: intermediate.user_id, intermediate };
  }
  const { row } = await requireSession(c);
  return { kind: 'session', userId: row.user_id, sessionId: row.session_id };
}

/** Each unauthenticated start stores a row: limited per client IP. */
async function limitChallenges(c: ProviderContext): Promise<void> {
  const deps = c.get('deps');
  // An unknown address counts too, under one shared key (services/guards.ts ipRateLimitKey).
  const ipKey = ipRateLimitKey(clientIp(c));
  await consumeRateLimit(deps, `webauthnChallengesPerIp:${ipKey}`, deps.config.rateLimits.webauthnChallengesPerIp);
}

/**
 * `webauthn/authenticate/start/primary` and `/secondary`: request options. A primary start (nobody signed in)
 * allows any discoverable credential of the relying party, for passkey sign-in without a user name and for
 * autofill (conditional mediation); a secondary start lists the user's credentials and binds the challenge to
 * the session that asked, or to the intermediate session of a sign-in waiting for its second factor (its token in
 * the body or the SDK's cookie), whose first-factor passkey is left out (one passkey is not two factors).
 */
async function authenticateStart(c: ProviderContext, mode: 'primary' | 'secondary'): Promise<Response> {
  const deps = c.get('deps');
  assertProductEnabled(deps, 'webauthn');
  const body = await readBody(c, authenticateStartSchema);
  const rpId = assertRelyingPartyId(deps.config.project, body.domain);
  const caller = mode === 'secondary' ? await secondaryCaller(c, body.intermediate_session_token) : null;
  let allowCredentials: { id: string; transports: string[] }[] = [];
  if (caller) {
    if (caller.kind === 'intermediate') await limitChallenges(c);
    const used =
      caller.kind === 'intermediate'
        ? webauthnRegistrationsUsed(JSON.parse(caller.intermediate.factors) as AuthenticationFactor[])
        : [];
    const registrations = (await registrationsOf(deps.db, caller.userId, rpId)).filter(
      (row) => !used.includes(row.webauthn_registration_id),
    );
    if (registrations.length === 0) throw new ProviderError('webauthn_registration_not_found');
    allowCredentials = registrations.map((row) => ({ id: row.credential_id, transports: transportsOf(row) }));
  } else {
    // Anyone may ask.
    await limitChallenges(c);
  }
  const userVerificationRequired = body.return_passkey_credential_options === true;
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    allowCredentials,
    challenge: randomBytes(32),
    timeout: CHALLENGE_LIFETIME_MS,
    userVerification: userVerificationRequired ? 'required' : 'preferred',
  });
  await storeChallenge(deps, options.challenge, {
    purpose: 'authenticate',
    userId: caller?.userId ?? null,
    sessionId: caller?.kind === 'session' ? caller.sessionId : null,
    intermediateSessionId: caller?.kind === 'intermediate' ? caller.intermediate.intermediate_session_id : null,
    rpId,
    userVerificationRequired,
  });
  return ok(c, { public_key_credential_request_options: JSON.stringify(options) });
}

/**
 * `webauthn/authenticate`: verifies an assertion and signs its user in (or adds the factor to the caller's
 * session of the same user, or completes the intermediate session its challenge was bound to). The challenge is
 * used up first; then, like a password, the check takes a slot of the user's lockout count before it runs, a
 * failure keeps it and a success gives it back. Under `mfa.required` an assertion whose authenticator verified the
 * user is both factors at once, if it also did so at registration (`uv_initialized`); any other (a security key
 * without PIN, or one whose PIN was set after registration) is a first factor like a password.
 */
async function authenticate(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  assertProductEnabled(deps, 'webauthn');
  const body = await readBody(c, authenticateSchema);
  const { credential, challenge, crossOrigin } = parseAssertionCredential(body.public_key_credential);
  const row = await findLiveChallenge(deps, challenge, 'authenticate');
  if (!row) throw new ProviderError('unable_to_auth_webauthn_registration');
  const now = deps.clock.now();
  const registration = await findRegistrationByCredential(deps, credential.id);
  if (!registration) {
    // The credential is unknown (deleted from the account but still in the password manager): the challenge
    // has been answered, so it is used up all the same.
    await consumeChallenge(deps.db, row.challenge_id, now);
    throw new ProviderError('webauthn_registration_not_found');
  }
  // A second-factor challenge is answered only with the token of the intermediate session it was bound to, and
  // never by the passkey that gave the first factor.
  let intermediate: IntermediateSessionRow | undefined;
  if (row.intermediate_session_id !== null) {
    const token = intermediateSessionToken(c, body.intermediate_session_token);
    intermediate = token === undefined ? undefined : await findIntermediateSession(deps, token);
    if (intermediate?.intermediate_session_id !== row.intermediate_session_id) {
      throw new ProviderError('intermediate_session_not_found');
    }
    const used = webauthnRegistrationsUsed(JSON.parse(intermediate.factors) as AuthenticationFactor[]);
    if (used.includes(registration.webauthn_registration_id)) {
      throw new ProviderError('unable_to_auth_webauthn_registration');
    }
  }
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const current = intermediate ? null : await optionalSession(c);
  // A secondary challenge is for the session that asked and its user's credentials only.
  const foreign =
    (row.session_id !== null && current?.row.session_id !== row.session_id) ||
    (row.user_id !== null && registration.user_id !== row.user_id) ||
    registration.rp_id !== row.rp_id;
  if (foreign) throw new ProviderError('unable_to_auth_webauthn_registration');
  const userId = registration.user_id;

  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeChallenge(trx, row.challenge_id, now))) return { refused: true as const };
    // No guess slot of the user, taken or checked: an assertion cannot be guessed (the authenticator's PIN, if any, is
    // guessed on the authenticator, which locks itself), so the lockout, which caps guesses at passwords and codes, does
    // not apply. Held to it, a passkey let anyone who knew the owner's address lock her out of her one unguessable way in
    // by typing ten wrong passcodes an hour (failures against someone else's identifier must not lock its owner out of
    // everything). Each refusal is still recorded (auth_failures), and each uses up a challenge, which
    // `rateLimits.webauthnChallengesPerIp` caps.
    let newCounter: number;
    let userVerified: boolean;
    try {
      const verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: webauthnOrigins(deps.config.project),
        expectedRPID: registration.rp_id,
        credential: {
          id: registration.credential_id,
          publicKey: Buffer.from(registration.public_key, 'base64url'),
          // A counter that does not go up (a cloned authenticator) is refused by the check.
          counter: registration.sign_count,
        },
        // A passkey always verifies the user, whatever the start call asked.
        requireUserVerification: row.user_verification_required === 1 || registration.is_passkey === 1,
      });
      // WebAuthn L3 §7.2 step 6: when the user was not identified before the ceremony (a primary challenge, bound
      // to no user), `userHandle` must be present and name the credential's owner; when they were (a secondary
      // challenge), it may be absent (a non-discoverable credential), and if present it must name them too.
      const userHandle = credential.response.userHandle ?? undefined;
      const handleMatches = userHandle === undefined ? row.user_id !== null : userHandle === registration.user_handle;
      // A ceremony run in a cross-origin frame is refused here as at registration (WebAuthn L3 §7.2 step 12; the
      // library refuses only a `topOrigin`, not Safari's `crossOrigin: true` without one).
      if (!verified.verified || !handleMatches || crossOrigin) throw new Error('not verified');
      newCounter = verified.authenticationInfo.newCounter;
      userVerified = verified.authenticationInfo.userVerified;
    } catch {
      await recordFailure(deps, userId, trx);
      return { refused: true as const };
    }
    const raisesCounter = newCounter > 0 || registration.sign_count > 0;
    const startsUv = intermediate !== undefined && userVerified && registration.uv_initialized !== 1;
    if (!(await holdRegistration(trx, registration, { raisesCounter, startsUv }))) {
      return { refused: true as const, notFound: true as const };
    }
    if (raisesCounter) {
      // Two answers racing with counters read before either was stored: only a counter that still goes up wins.
      const raised = await trx
        .updateTable('webauthn_registrations')
        .set({ sign_count: newCounter })
        .where('webauthn_registration_id', '=', registration.webauthn_registration_id)
        .where('sign_count', '<', newCounter)
        .executeTakeFirst();
      if (Number(raised.numUpdatedRows) !== 1) {
        await recordFailure(deps, userId, trx);
        return { refused: true as const };
      }
    }
    const factor = webauthnFactor(registration);
    const durationMinutes = body.session_duration_minutes;
    // WebAuthn L3 §4 and §7.2: the user-verified flag is a factor only if the authenticator verified the user at
    // registration. Anyone holding a security key registered without a PIN can set one on it (CTAP2), after which it
    // reports the flag: without this, the key alone would be both factors.
    const multiFactor = userVerified && registration.uv_initialized === 1;
    // Completing an intermediate session uses it up (once: a second use throws and rolls all of this back).
    const session = intermediate
      ? await completeIntermediateSession(trx, c, { intermediate, factor, durationMinutes })
      : await recordAuthentication(trx, c, { userId, factor, durationMinutes, current, multiFactor });
    if (intermediate && userVerified && registration.uv_initialized !== 1) {
      // WebAuthn L3 §7.2: uvInitialized may become true after a ceremony otherwise authenticated by another factor, as this one
      // was (the first factor of the intermediate session, never this credential): from now on its flag counts.
      await trx
        .updateTable('webauthn_registrations')
        .set({ uv_initialized: 1 })
        .where('webauthn_registration_id', '=', registration.webauthn_registration_id)
        .execute();
    }
    return { session };
  });
  if (outcome.refused) {
    throw new ProviderError(
      outcome.notFound === true ? 'webauthn_registration_not_found' : 'unable_to_auth_webauthn_registration',
    );
  }
  return ok(c, {
    ...(await authenticateResponseFields(c, outcome.session)),
    webauthn_registration_id: registration.webauthn_registration_id,
  });
}

/**
 * In the transaction of a passkey sign-in, before its session: whether the registration it signs in with (read before
 * the transaction) is still its user's, holding what keeps a pre-hijacking reset of the account (its owner proving the
 * address: services/verification.ts) from running beside it on PostgreSQL. The reset deletes the passkeys and then
 * revokes the sessions; without a lock a sign-in in flight inserted its session after that revocation (a stranger
 * kept a session in the owner's account), and one that began after the reset committed still signed in with the
 * registration it had read. Two ways, as the sign-in will write the registration or not:
 * - it reads it (`FOR SHARE` on PostgreSQL) until the session is committed: the reset's DELETE waits for this commit,
 *   and its revocation, a later statement, then ends the session; a reset that committed first left nothing to read;
 * - it will write it (a counter raised, `uv_initialized` set: its trigger bumps `users.methods_version`), so it takes
 *   the user's row first (`FOR NO KEY UPDATE`, as the trigger would), the order the reset takes them in: the write's
 *   row lock taken before the trigger's deadlocked with a reset holding the user's row and deleting the passkeys (a
 *   500). Held, the reset waits at its first statement for this commit; the conditional write then refuses a
 *   registration a reset that committed first deleted. SQLite's transaction holds the only writing connection.
 */
async function holdRegistration(
  trx: Executor,
  registration: { webauthn_registration_id: string; user_id: string },
  writes: { raisesCounter: boolean; startsUv: boolean },
): Promise<boolean> {
  const postgres = dialectOf(trx) === 'postgres';
  if (postgres && (writes.raisesCounter || writes.startsUv)) {
    await trx
      .selectFrom('users')
      .select('user_id')
      .where('user_id', '=', registration.user_id)
      .forNoKeyUpdate()
      .execute();
  }
  // The counter's conditional UPDATE finds the registration or refuses: no read needed.
  if (writes.raisesCounter) return true;
  const held = await trx
    .selectFrom('webauthn_registrations')
    .select('webauthn_registration_id')
    .where('webauthn_registration_id', '=', registration.webauthn_registration_id)
    .where('user_id', '=', registration.user_id)
    .$if(postgres, (query) => query.forShare())
    .executeTakeFirst();
  return held !== undefined;
}

/** `PUT webauthn/update/{id}`: renames one of the caller's own registrations. */
async function update(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, updateSchema);
  const { row } = await requireSession(c);
  const updated = await deps.db
    .updateTable('webauthn_registrations')
    .set({ name: body.name })
    .where('webauthn_registration_id', '=', c.req.param('id') ?? '')
    .where('user_id', '=', row.user_id)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw registrationNotFound();
  return ok(c, { webauthn_registration: serializeWebauthnRegistration(updated) });
}

/**
 * `DELETE users/webauthn_registrations/{id}`: removes one of the caller's own registrations (a sensitive change; under
 * `mfa.required`, a change to a second factor).
 */
async function remove(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  await assertSecondFactorChangeAllowed(deps, row);
  const deleted = await deps.db
    .deleteFrom('webauthn_registrations')
    .where('webauthn_registration_id', '=', c.req.param('id') ?? '')
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw registrationNotFound();
  const user = await requireUser(deps.db, row.user_id);
  return ok(c, { user_id: user.user_id, __user: user });
}

/** The SDK's passkey (WebAuthn) calls, and its delete of a registration from the user. */
export function registerWebAuthnRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/webauthn/register/start', registerStart);
  app.post('/sdk/v1/webauthn/register', register);
  app.post('/sdk/v1/webauthn/authenticate/start/primary', (c) => authenticateStart(c, 'primary'));
  app.post('/sdk/v1/webauthn/authenticate/start/secondary', (c) => authenticateStart(c, 'secondary'));
  app.post('/sdk/v1/webauthn/authenticate', authenticate);
  app.put('/sdk/v1/webauthn/update/:id', update);
  app.delete('/sdk/v1/users/webauthn_registrations/:id', remove);
}
