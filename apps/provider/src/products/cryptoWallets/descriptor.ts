import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { changed } from '../descriptorHelpers';
import { cryptoWalletsErrors } from './errors';

/**
 * Crypto wallets: the pre-hijacking reset removes the wallets and uses up the challenges not yet answered; the purge
 * deletes expired challenges.
 */
export const cryptoWalletsDescriptor = {
  key: 'crypto',
  accountReset: [
    {
      stage: 'factor',
      item: 'crypto_wallets',
      holds: (eb, userId) => [
        eb.exists(eb.selectFrom('crypto_wallets').select('user_id').where('user_id', '=', userId)),
      ],
      run: async (trx, userId) =>
        changed(await trx.deleteFrom('crypto_wallets').where('user_id', '=', userId).executeTakeFirst()),
    },
    {
      stage: 'outstanding',
      holds: (eb, userId) => [
        eb.exists(
          eb
            .selectFrom('crypto_wallet_challenges')
            .select('user_id')
            .where('user_id', '=', userId)
            .where('consumed_at', 'is', null),
        ),
      ],
      run: async (trx, userId, now) => {
        await trx
          .updateTable('crypto_wallet_challenges')
          .set({ consumed_at: now })
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .execute();
        return 0;
      },
    },
  ],
  purge: [
    {
      table: 'crypto_wallet_challenges',
      run: olderThan('crypto_wallet_challenges', 'challenge_id', 'expires_at', expired),
    },
  ],
  errors: cryptoWalletsErrors,
  recentAuthentication: {
    // A signature over a fresh single-use challenge naming the page.
    strong: (factor) => factor.type === 'crypto',
    holds: (user) => user.crypto_wallets.length > 0,
  },
} satisfies ProductDescriptor;
