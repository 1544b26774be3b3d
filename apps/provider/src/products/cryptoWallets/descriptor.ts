import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { consumeOutstanding, deleteUserFactors } from '../descriptorHelpers';
import { cryptoWalletsErrors } from './errors';

/**
 * Crypto wallets: the pre-hijacking reset removes the wallets and uses up the challenges not yet answered; the purge
 * deletes expired challenges.
 */
export const cryptoWalletsDescriptor = {
  key: 'crypto',
  accountReset: [
    deleteUserFactors('crypto_wallets', 'crypto_wallets'),
    consumeOutstanding({ table: 'crypto_wallet_challenges', column: 'user_id' }),
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
