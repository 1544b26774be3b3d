import { productErrorMessages } from './productErrorMessages';

/**
 * The error catalogue, by `error.<error_type>` (each product's errors any screen may show are in its errorMessages.ts,
 * joined here; the errors only its own screens show are in its messages.ts;
 * `error.invalid_email`, the email form's own text, is in main.ts).
 * No Main screen can show one before the user submits, so these texts are a chunk of their own: the widget
 * fetches it right after its first render (`loadErrorMessages`, messages/index.tsx), and an error waits for it
 * rather than show another text. Wording is the specification's, verbatim, but for `error.pkce_mismatch`, which it
 * does not have.
 */
export const errorMessages = {
  // Each product's (its errorMessages.ts)
  ...productErrorMessages,
  'error.inactive_email':
    'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  'error.unauthorized_credentials': 'Unauthorized credentials.',
  'error.user_unauthenticated': 'Must have an active session to call this method. Have you logged in yet?',
  'error.email_not_found': 'Email not found.',
  'error.unauthorized_action': 'Unauthorized action.',
  'error.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'error.invalid_session_token': 'Invalid session token.',
  'error.session_not_found': 'Session not found.',
  // Not in the specification (plain English, issue 25): a link or social sign-in bound to the browser that started it
  // (PKCE) was opened in another browser or on another device, so it cannot sign anyone in here.
  'error.pkce_mismatch':
    'This sign-in was started in another browser or on another device, so it cannot finish here. Open the link in the browser where you asked for it, or start again here.',
} as const;
