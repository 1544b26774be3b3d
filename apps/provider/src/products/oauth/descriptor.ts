import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { changed } from '../descriptorHelpers';
import { oauthErrors } from './errors';

/**
 * Social sign-in: the pre-hijacking reset removes the social identities and uses up the attach tokens and the flows
 * they started (bearer tokens: their start needs no session); the purge deletes the expired flows, tokens, attach
 * tokens and One Tap nonces.
 */
export const oauthDescriptor = {
  key: 'oauth',
  accountReset: [
    {
      stage: 'factor',
      item: 'oauth_identities',
      holds: (eb, userId) => [
        eb.exists(eb.selectFrom('oauth_registrations').select('user_id').where('user_id', '=', userId)),
      ],
      run: async (trx, userId) =>
        changed(await trx.deleteFrom('oauth_registrations').where('user_id', '=', userId).executeTakeFirst()),
    },
    {
      stage: 'outstanding',
      holds: (eb, userId) => [
        eb.exists(
          eb
            .selectFrom('oauth_attach_tokens')
            .select('user_id')
            .where('user_id', '=', userId)
            .where('consumed_at', 'is', null),
        ),
        eb.exists(
          eb
            .selectFrom('oauth_transactions')
            .select('attach_user_id')
            .where('attach_user_id', '=', userId)
            .where('consumed_at', 'is', null),
        ),
      ],
      run: async (trx, userId, now) => {
        await trx
          .updateTable('oauth_attach_tokens')
          .set({ consumed_at: now })
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .updateTable('oauth_transactions')
          .set({ consumed_at: now })
          .where('attach_user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .execute();
        return 0;
      },
    },
  ],
  purge: [
    { table: 'oauth_transactions', run: olderThan('oauth_transactions', 'transaction_id', 'expires_at', expired) },
    { table: 'oauth_tokens', run: olderThan('oauth_tokens', 'token_id', 'expires_at', expired) },
    { table: 'oauth_attach_tokens', run: olderThan('oauth_attach_tokens', 'token_hash', 'expires_at', expired) },
    { table: 'oauth_onetap_nonces', run: olderThan('oauth_onetap_nonces', 'nonce_hash', 'expires_at', expired) },
  ],
  errors: oauthErrors,
  recentAuthentication: {
    // The upstream vouched for the identity just now, for a single-use state and code.
    strong: (factor) => factor.type === 'oauth',
    holds: (user) => user.providers.length > 0,
  },
} satisfies ProductDescriptor;
