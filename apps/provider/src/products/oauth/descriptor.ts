import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { consumeOutstanding, deleteUserFactors, fromJson } from '../descriptorHelpers';
import { checkSocialConfig, oauthProjectConfig, oauthRateLimits, settleSocialConfig } from './config';
import { oauthErrors } from './errors';
import { oauthMigrations } from './migrations';
import type { OauthRegistrationsTable } from './tables';

/**
 * Social sign-in: the pre-hijacking reset removes the social identities and uses up the attach tokens, the flows they
 * started (bearer tokens: their start needs no session) and the tokens their callbacks issued; the purge deletes the
 * expired flows, tokens, attach tokens and One Tap nonces.
 */
export const oauthDescriptor = {
  key: 'oauth',
  // Whether a social sign-in's token needs the PKCE verifier (project.pkce).
  bootstrap: [
    {
      after: 'email_domains',
      fields: (project) => ({ pkce_required_for_oauth: (project.pkce as Record<string, boolean>).oauth }),
    },
  ],
  signInRoutes: {
    'POST /sdk/v1/oauth/authenticate': 'oauth',
  },
  tables: ['oauth_registrations', 'oauth_transactions', 'oauth_tokens', 'oauth_attach_tokens', 'oauth_onetap_nonces'],
  migrations: oauthMigrations,
  // The upstream's callback: Apple posts it as a form (`response_mode=form_post`) from its own origin, which a browser
  // names in `Origin`; the state and the binding cookie protect it (redirectFlow.ts).
  http: { navigationPaths: ['/v1/public/oauth/callback'] },
  accountReset: [
    deleteUserFactors('oauth_registrations', 'oauth_identities'),
    consumeOutstanding(
      { table: 'oauth_attach_tokens', column: 'user_id' },
      { table: 'oauth_transactions', column: 'attach_user_id' },
      // The tokens those flows' callbacks issued (a pending link waits in one until a session of the user redeems
      // it): one left live would let the owner's own session link the stranger's identity after the reset.
      { table: 'oauth_tokens', column: 'user_id' },
    ),
  ],
  purge: [
    { table: 'oauth_transactions', run: olderThan('oauth_transactions', 'transaction_id', 'expires_at', expired) },
    { table: 'oauth_tokens', run: olderThan('oauth_tokens', 'token_id', 'expires_at', expired) },
    { table: 'oauth_attach_tokens', run: olderThan('oauth_attach_tokens', 'token_hash', 'expires_at', expired) },
    { table: 'oauth_onetap_nonces', run: olderThan('oauth_onetap_nonces', 'nonce_hash', 'expires_at', expired) },
  ],
  config: {
    project: oauthProjectConfig,
    rateLimits: oauthRateLimits,
    check: checkSocialConfig,
    settle: settleSocialConfig,
    // Its redirect sign-in and One Tap end in an oauth token the app redeems.
    pkceFlows: { oauth: 'social sign-in' },
  },
  errors: oauthErrors,
  recentAuthentication: {
    // The upstream vouched for the identity just now, for a single-use state and code.
    strong: (factor) => factor.type === 'oauth',
    holds: (user) => user.providers.length > 0,
  },
  userAnswer: {
    columns: {
      oauth_rows: (eb, json) =>
        json.arrayFrom(
          eb
            .selectFrom('oauth_registrations')
            .select([
              'oauth_registrations.oauth_user_registration_id',
              'oauth_registrations.provider',
              'oauth_registrations.provider_subject',
              'oauth_registrations.profile_picture_url',
              'oauth_registrations.locale',
            ])
            .whereRef('oauth_registrations.user_id', '=', 'users.user_id')
            .orderBy('oauth_registrations.created_at')
            .orderBy('oauth_registrations.oauth_user_registration_id'),
        ),
    },
    fill: (row, user) => {
      user.providers = fromJson<
        Pick<
          OauthRegistrationsTable,
          'oauth_user_registration_id' | 'provider' | 'provider_subject' | 'profile_picture_url' | 'locale'
        >[]
      >(row.oauth_rows).map((identity) => ({
        oauth_user_registration_id: identity.oauth_user_registration_id,
        provider_subject: identity.provider_subject,
        provider_type: identity.provider,
        profile_picture_url: identity.profile_picture_url,
        locale: identity.locale,
      }));
    },
  },
} satisfies ProductDescriptor;
