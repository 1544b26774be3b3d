import { EMAIL_FORMAT_INVALID_MESSAGE, EML_AND_EMAIL_OTP_ERROR, PASSKEYS_ALONE_ERROR } from '@latchkey/hooks';

// Texts the hooks also use are their constants (one copy in the bundle), with the specification's wording.
/**
 * The texts of the first chunk and the shared screens (Main, the email form, method tabs, login success, the error
 * screen, the watermark, the configuration errors) and the error catalogue of spec §8 under `error.<error_type>`.
 * Each product's own screens bring their texts in their chunk (products/<key>/messages.ts). Wording is the
 * specification's, verbatim.
 */
export const mainMessages = {
  // Shared
  'common.back': 'Back',
  'common.loading': 'Loading',

  // Main screen
  'main.title': 'Sign up or log in',
  'main.logoAlt': 'Logo',
  'main.divider': 'or',
  'main.tabs.label': 'Sign-in method',
  'main.tabs.sms': 'Text',
  'main.tabs.whatsapp': 'WhatsApp',
  'main.tabs.email': 'Email',

  // Email form (magic link, email passcode, password)
  'emailForm.label': 'Email',
  'emailForm.placeholder': 'example@email.com',
  'emailForm.submit': 'Continue',
  'emailForm.sending': 'Sending',
  'emailForm.invalidEmail': EMAIL_FORMAT_INVALID_MESSAGE,

  // Success screens
  'loginSuccess.title': 'Success!',
  'loginSuccess.description': 'You have successfully logged in.',

  // Error screen
  'errorScreen.title': 'Looks like there was an error!',

  // Watermark
  'watermark.poweredBy': 'Powered by',
  'watermark.name': 'Latchkey',

  // Configuration errors (spec §2)
  'config.emlAndEmailOtp': EML_AND_EMAIL_OTP_ERROR,
  'config.passkeysAlone': PASSKEYS_ALONE_ERROR,

  // The error catalogue (spec §8), by error_type; each product's own errors are in its messages.ts
  'error.invalid_email': EMAIL_FORMAT_INVALID_MESSAGE,
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
} as const;
