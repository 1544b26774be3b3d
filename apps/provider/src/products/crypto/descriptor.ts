import type { UserCryptoWallet } from '@latchkey/sdk/contract';
import { getAddress } from 'viem';
import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { consumeOutstanding, deleteUserFactors, fromJson } from '../descriptorHelpers';
import { cryptoWalletsProjectConfig, cryptoWalletsRateLimits } from './config';
import { cryptoWalletsErrors } from './errors';
import { cryptoWalletsMigrations } from './migrations';
import type { CryptoWalletsTable } from './tables';

/** A wallet address as it is shown: Ethereum in its EIP-55 checksummed form, Solana base58 as stored. */
export function walletAddressForDisplay(walletType: string, address: string): string {
  return walletType === 'ethereum' ? getAddress(address) : address;
}

/** A crypto wallet as the user object shows it (`crypto_wallets[]`). */
export function serializeCryptoWallet(
  row: Pick<CryptoWalletsTable, 'crypto_wallet_id' | 'wallet_type' | 'address'>,
): UserCryptoWallet {
  return {
    crypto_wallet_id: row.crypto_wallet_id,
    crypto_wallet_address: walletAddressForDisplay(row.wallet_type, row.address),
    crypto_wallet_type: row.wallet_type,
    // Only verified wallets are stored: a wallet joins the account once its signature verifies.
    verified: true,
  };
}

/**
 * Crypto wallets: the pre-hijacking reset removes the wallets and uses up the challenges not yet answered; the purge
 * deletes expired challenges.
 */
export const cryptoWalletsDescriptor = {
  key: 'crypto',
  // Ethereum challenges are always Sign-In with Ethereum: the SDK then sends the page as `siwe_params.uri`.
  bootstrap: [{ after: 'rbac_policy', fields: () => ({ siwe_required_for_crypto_wallets: true }) }],
  // The contract's `PUT /users/me` answer repeats the wallets.
  users: { updateAnswer: ['crypto_wallets'] },
  signInRoutes: {
    'POST /sdk/v1/crypto_wallets/authenticate': 'crypto_wallet',
  },
  tables: ['crypto_wallets', 'crypto_wallet_challenges'],
  migrations: cryptoWalletsMigrations,
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
  config: { project: cryptoWalletsProjectConfig, rateLimits: cryptoWalletsRateLimits },
  errors: cryptoWalletsErrors,
  verifiedIdentifiersFirst: { adding: 'a wallet' },
  recentAuthentication: {
    // A signature over a fresh single-use challenge naming the page.
    strong: (factor) => factor.type === 'crypto',
    holds: (user) => user.crypto_wallets.length > 0,
  },
  userAnswer: {
    columns: {
      crypto_wallet_rows: (eb, json) =>
        json.arrayFrom(
          eb
            .selectFrom('crypto_wallets')
            .select(['crypto_wallets.crypto_wallet_id', 'crypto_wallets.wallet_type', 'crypto_wallets.address'])
            .whereRef('crypto_wallets.user_id', '=', 'users.user_id')
            .orderBy('crypto_wallets.created_at')
            .orderBy('crypto_wallets.crypto_wallet_id'),
        ),
    },
    fill: (row, user) => {
      user.crypto_wallets = fromJson<Pick<CryptoWalletsTable, 'crypto_wallet_id' | 'wallet_type' | 'address'>[]>(
        row.crypto_wallet_rows,
      ).map(serializeCryptoWallet);
    },
  },
} satisfies ProductDescriptor;
