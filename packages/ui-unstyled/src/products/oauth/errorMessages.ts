/**
 * This product's texts of the error catalogue (`error.<error_type>`) that any screen may show, joined into
 * messages/errors.ts (the error catalogue's own chunk, fetched after the first render) by the generated
 * messages/productErrorMessages.ts. Wording is the specification's, verbatim.
 */
export const oauthErrorMessages = {
  'error.oauth_token_not_found': 'OAuth Token could not be found.',
  'error.oauth_flow_callback_error': 'An error was encountered in the callback of the OAuth flow. Please try again.',
} as const;
