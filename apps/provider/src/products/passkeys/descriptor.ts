import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { changed } from '../descriptorHelpers';
import { passkeysErrors } from './errors';

/**
 * Passkeys: the pre-hijacking reset removes the registrations and uses up the challenges not yet answered (bound to a
 * session, which the reset revokes, but used up all the same); the purge deletes expired challenges.
 */
export const passkeysDescriptor = {
  key: 'passkeys',
  accountReset: [
    {
      stage: 'factor',
      item: 'passkeys',
      holds: (eb, userId) => [
        eb.exists(eb.selectFrom('webauthn_registrations').select('user_id').where('user_id', '=', userId)),
      ],
      run: async (trx, userId) =>
        changed(await trx.deleteFrom('webauthn_registrations').where('user_id', '=', userId).executeTakeFirst()),
    },
    {
      stage: 'outstanding',
      holds: (eb, userId) => [
        eb.exists(
          eb
            .selectFrom('webauthn_challenges')
            .select('user_id')
            .where('user_id', '=', userId)
            .where('consumed_at', 'is', null),
        ),
      ],
      run: async (trx, userId, now) => {
        await trx
          .updateTable('webauthn_challenges')
          .set({ consumed_at: now })
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .execute();
        return 0;
      },
    },
  ],
  purge: [
    { table: 'webauthn_challenges', run: olderThan('webauthn_challenges', 'challenge_id', 'expires_at', expired) },
  ],
  errors: passkeysErrors,
} satisfies ProductDescriptor;
