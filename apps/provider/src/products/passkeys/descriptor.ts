import type { AuthenticationFactor } from '@latchkey/sdk/contract';
import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { consumeOutstanding, deleteUserFactors } from '../descriptorHelpers';
import { passkeysErrors } from './errors';

/** The passkey registrations a list of factors already used (a passkey cannot be both factors of one sign-in). */
export function webauthnRegistrationsUsed(factors: readonly Pick<AuthenticationFactor, 'webauthn_factor'>[]): string[] {
  return factors.flatMap((factor) => (factor.webauthn_factor ? [factor.webauthn_factor.webauthn_registration_id] : []));
}

/**
 * Passkeys: the pre-hijacking reset removes the registrations and uses up the challenges not yet answered (bound to a
 * session, which the reset revokes, but used up all the same); the purge deletes expired challenges.
 */
export const passkeysDescriptor = {
  key: 'passkeys',
  accountReset: [
    deleteUserFactors('webauthn_registrations', 'passkeys'),
    consumeOutstanding({ table: 'webauthn_challenges', column: 'user_id' }),
  ],
  purge: [
    { table: 'webauthn_challenges', run: olderThan('webauthn_challenges', 'challenge_id', 'expires_at', expired) },
  ],
  errors: passkeysErrors,
  recentAuthentication: {
    // A signature over a fresh challenge, bound to the origin.
    strong: (factor) => factor.type === 'webauthn',
    holds: (user) => user.webauthn_registrations.length > 0,
  },
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
  },
} satisfies ProductDescriptor;
