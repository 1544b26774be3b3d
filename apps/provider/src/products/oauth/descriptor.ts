import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { consumeOutstanding, deleteUserFactors } from '../descriptorHelpers';
import { oauthErrors } from './errors';

/**
 * Social sign-in: the pre-hijacking reset removes the social identities and uses up the attach tokens and the flows
 * they started (bearer tokens: their start needs no session); the purge deletes the expired flows, tokens, attach
 * tokens and One Tap nonces.
 */
export const oauthDescriptor = {
  key: 'oauth',
  accountReset: [
    deleteUserFactors('oauth_registrations', 'oauth_identities'),
    consumeOutstanding(
      { table: 'oauth_attach_tokens', column: 'user_id' },
      { table: 'oauth_transactions', column: 'attach_user_id' },
    ),
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
