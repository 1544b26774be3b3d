import type { ErrorCatalogue } from '../descriptor';

/**
 * Magic links' error types. `unable_to_auth_magic_link` is also what the passwords' reset tokens answer (their kind's
 * `notRedeemable`: the contract's type for any e-mail token that cannot be redeemed).
 */
export const emailMagicLinksErrors = {
  unable_to_auth_magic_link: {
    status: 401,
    message: 'The magic link could not be authenticated because it was either already used or expired.',
  },
} as const satisfies ErrorCatalogue;
