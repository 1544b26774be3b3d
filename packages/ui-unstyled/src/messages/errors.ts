/**
 * The error catalogue, by `error.<error_type>` (each product's own errors are in its messages.ts;
 * `error.invalid_email`, the email form's own text, is in main.ts).
 * No Main screen can show one before the user submits, so these texts are a chunk of their own: the widget
 * fetches it right after its first render (`loadErrorMessages`, messages/index.tsx), and an error waits for it
 * rather than show another text. Wording is the specification's, verbatim, but for `error.pkce_mismatch`, which it
 * does not have.
 */
export const errorMessages = {
  'error.inactive_email':
    'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  'error.unauthorized_credentials': 'Unauthorized credentials.',
  'error.user_unauthenticated': 'Must have an active session to call this method. Have you logged in yet?',
  'error.email_not_found': 'Email not found.',
  'error.unable_to_auth_magic_link':
    'The magic link could not be authenticated because it was either already used or expired.',
  'error.oauth_token_not_found': 'OAuth Token could not be found.',
  'error.oauth_flow_callback_error': 'An error was encountered in the callback of the OAuth flow. Please try again.',
  'error.unauthorized_action': 'Unauthorized action.',
  'error.otp_code_not_found': 'Invalid passcode, please try again.',
  'error.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'error.invalid_session_token': 'Invalid session token.',
  'error.session_not_found': 'Session not found.',
  // Not in the specification (plain English, issue 25): a link or social sign-in bound to the browser that started it
  // (PKCE) was opened in another browser or on another device, so it cannot sign anyone in here.
  'error.pkce_mismatch':
    'This sign-in was started in another browser or on another device, so it cannot finish here. Open the link in the browser where you asked for it, or start again here.',
} as const;
