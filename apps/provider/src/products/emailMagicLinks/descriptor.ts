import type { ProductDescriptor } from '../descriptor';

/**
 * Magic links: their switch and their redirect flow's browser binding (their links are the shared e-mail tokens,
 * services/emailTokens.ts, which the core purges).
 */
export const emailMagicLinksDescriptor = {
  key: 'emailMagicLinks',
  signInRoutes: {
    'POST /sdk/v1/magic_links/authenticate': 'magic_link',
  },
  config: {
    switches: ['email_magic_links'],
    pkceFlows: { emailMagicLinks: 'magic links' },
  },
} satisfies ProductDescriptor;
