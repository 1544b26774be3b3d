import type { ErrorCatalogue } from '../descriptor';

/** Sessions from other credentials: an access token, a trusted JWT, an impersonation token (`invalid_token` and
 * `insufficient_scope` are shared with the identity provider: core catalogue). */
export const sessionExchangeErrors = {
  invalid_access_token: {
    status: 401,
    message: 'The access token is unknown, expired or revoked. Ask the identity provider for a new one.',
  },
  trusted_auth_token_profile_not_found: {
    status: 404,
    message: 'No trusted auth token profile has this profile_id (project.trustedAuthTokens).',
  },
  session_user_mismatch: {
    status: 403,
    message:
      "The session named in the request belongs to another user than the token's. Sign out, or leave session_token and session_jwt out.",
  },
  user_not_found: { status: 404, message: 'User not found.' },
  impersonation_token_not_found: {
    status: 401,
    message: 'The impersonation token is unknown, expired or was used already. Ask for a new one.',
  },
} as const satisfies ErrorCatalogue;
