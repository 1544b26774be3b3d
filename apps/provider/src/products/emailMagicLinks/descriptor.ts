import type { ProductDescriptor } from '../descriptor';

/**
 * Magic links: nothing of their own for the core (their links are the shared e-mail tokens, services/emailTokens.ts,
 * which the core purges).
 */
export const emailMagicLinksDescriptor = {
  key: 'emailMagicLinks',
} satisfies ProductDescriptor;
