import type { ProductDescriptor } from '../descriptor';
import { emailMagicLinksErrors } from './errors';
// Its kind of the shared e-mail tokens, merged into the core's EmailTokenKinds (type-only).
import type {} from './tables';

/**
 * Magic links: their switch and their redirect flow's browser binding (their links are the shared e-mail tokens,
 * services/emailTokens.ts, which the core purges).
 */
export const emailMagicLinksDescriptor = {
  key: 'emailMagicLinks',
  // The bootstrap tells the SDK whether the link's token needs the PKCE verifier (project.pkce).
  bootstrap: [
    {
      after: 'email_domains',
      fields: (project) => ({
        pkce_required_for_email_magic_links: (project.pkce as Record<string, boolean>).emailMagicLinks,
      }),
    },
  ],
  signInRoutes: {
    'POST /sdk/v1/magic_links/authenticate': 'magic_link',
  },
  emailTokens: { magic_link: { idPrefix: 'magic-link', notRedeemable: 'unable_to_auth_magic_link' } },
  errors: emailMagicLinksErrors,
  config: {
    switches: ['email_magic_links'],
    pkceFlows: { emailMagicLinks: 'magic links' },
  },
} satisfies ProductDescriptor;
