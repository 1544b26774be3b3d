import type { AuthenticationFactor, WebAuthnRegistration } from '@latchkey/sdk/contract';
import type { Executor } from '../../db/schema';
import { expired, olderThan } from '../../ops/purgeRules';
import type { SecondFactorProof } from '../../services/sessions';
import type { ProductDescriptor } from '../descriptor';
import { consumeOutstanding, deleteUserFactors, fromJson } from '../descriptorHelpers';
import { passkeysProjectConfig, passkeysRateLimits } from './config';
import { passkeysErrors } from './errors';
import { passkeysMigrations } from './migrations';
import type { WebauthnRegistrationsTable } from './tables';

/** The passkey registrations a list of factors already used (a passkey cannot be both factors of one sign-in). */
export function webauthnRegistrationsUsed(factors: readonly Pick<AuthenticationFactor, 'webauthn_factor'>[]): string[] {
  return factors.flatMap((factor) => (factor.webauthn_factor ? [factor.webauthn_factor.webauthn_registration_id] : []));
}

/** What the user object shows of a passkey or security key (the columns `serializeWebauthnRegistration` reads). */
type WebauthnRegistrationShown = Pick<
  WebauthnRegistrationsTable,
  'webauthn_registration_id' | 'rp_id' | 'user_agent' | 'authenticator_type' | 'name' | 'created_at'
>;

/** A passkey or security key as the user object shows it (`webauthn_registrations[]`, `webauthn_registration`). */
export function serializeWebauthnRegistration(row: WebauthnRegistrationShown): WebAuthnRegistration {
  return {
    webauthn_registration_id: row.webauthn_registration_id,
    domain: row.rp_id,
    user_agent: row.user_agent,
    authenticator_type: row.authenticator_type,
    // Only verified registrations are stored: a credential joins the account once its registration verifies.
    verified: true,
    name: row.name,
    // Not in the contract's list: lets a passkey list tell apart passkeys that all keep the default name 'Passkey'.
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * Passkeys: the pre-hijacking reset removes the registrations and uses up the challenges not yet answered (bound to a
 * session, which the reset revokes, but used up all the same); the purge deletes expired challenges.
 */
export const passkeysDescriptor = {
  key: 'passkeys',
  signInRoutes: {
    'POST /sdk/v1/webauthn/authenticate': 'webauthn',
  },
  tables: ['webauthn_registrations', 'webauthn_challenges'],
  migrations: passkeysMigrations,
  accountReset: [
    deleteUserFactors('webauthn_registrations', 'passkeys'),
    consumeOutstanding({ table: 'webauthn_challenges', column: 'user_id' }),
  ],
  purge: [
    { table: 'webauthn_challenges', run: olderThan('webauthn_challenges', 'challenge_id', 'expires_at', expired) },
  ],
  config: { project: passkeysProjectConfig, rateLimits: passkeysRateLimits, switches: ['webauthn'] },
  errors: passkeysErrors,
  recentAuthentication: {
    // A signature over a fresh challenge, bound to the origin.
    strong: (factor) => factor.type === 'webauthn',
    holds: (user) => user.webauthn_registrations.length > 0,
  },
  verifiedIdentifiersFirst: { adding: 'a passkey' },
  secondFactor: {
    // Not a second-factor-only type: a passkey can start a sign-in (and then counts as both factors when the user was
    // verified) or complete one. A registration is stored only once its attestation verified.
    holds: async (db, userId, used) => {
      const exceptRegistrations = webauthnRegistrationsUsed(used);
      let passkeys = db
        .selectFrom('webauthn_registrations')
        .select('webauthn_registration_id')
        .where('user_id', '=', userId);
      if (exceptRegistrations.length > 0) {
        passkeys = passkeys.where('webauthn_registration_id', 'not in', [...exceptRegistrations]);
      }
      return (await passkeys.executeTakeFirst()) !== undefined;
    },
    // A passkey that verified the user proves the second factor on its own (registrations.ts).
    proves: passkeyProvesSecondFactor,
    proofWords: ['one of your passkeys'],
  },
  userAnswer: {
    columns: {
      webauthn_rows: (eb, json) =>
        json.arrayFrom(
          eb
            .selectFrom('webauthn_registrations')
            .select([
              'webauthn_registrations.webauthn_registration_id',
              'webauthn_registrations.rp_id',
              'webauthn_registrations.user_agent',
              'webauthn_registrations.authenticator_type',
              'webauthn_registrations.name',
              'webauthn_registrations.created_at',
            ])
            .whereRef('webauthn_registrations.user_id', '=', 'users.user_id')
            .orderBy('webauthn_registrations.created_at')
            .orderBy('webauthn_registrations.webauthn_registration_id'),
        ),
    },
    fill: (row, user) => {
      user.webauthn_registrations = fromJson<WebauthnRegistrationShown[]>(row.webauthn_rows).map(
        serializeWebauthnRegistration,
      );
    },
  },
} satisfies ProductDescriptor;

/**
 * Under `project.mfa.required`, whether a session's passkey factor proves a second factor (services/sessions.ts
 * `assertSecondFactorProved`): when the session holds another factor as well (the passkey completed or joined a sign-in
 * another factor started, or the other way round: only the user's own credential joins their session, and a new
 * registration, which joins it too, needs this proof first), or when it is multi-factor on its own: a passkey
 * (`is_passkey`: every assertion must verify the user) whose authenticator verified the user at registration
 * (`uv_initialized`), still the user's. A security key's factor alone does not count: whether that assertion verified
 * the user is not recorded, and without its PIN a key is a first factor. `db` is the caller's transaction when there is
 * one.
 */
function passkeyProvesSecondFactor(db: Executor, userId: string): SecondFactorProof {
  return async (factor, factors) => {
    const registrationId = factor.webauthn_factor?.webauthn_registration_id;
    if (factor.type !== 'webauthn' || registrationId === undefined) return false;
    if (factors.length > 1) return true;
    const registration = await db
      .selectFrom('webauthn_registrations')
      .select(['is_passkey', 'uv_initialized'])
      .where('webauthn_registration_id', '=', registrationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return registration?.is_passkey === 1 && registration.uv_initialized === 1;
  };
}
