import { EMAIL_FORMAT_INVALID_MESSAGE } from '@latchkey/hooks';
import { productConfigMessages } from './productConfigMessages';

// Texts the hooks also use are their constants (one copy in the bundle), with the specification's wording.
/**
 * The texts of the first chunk and the shared screens (Main, the email form, method tabs, login success, the error
 * screen, the watermark, the configuration errors). The error catalogue (`error.<error_type>`) is in
 * messages/errors.ts, its own chunk; each product's own screens bring their texts in their chunk
 * (products/<key>/messages.ts). Wording is the specification's, verbatim.
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

  // Configuration errors (each product's `configMessages.ts`)
  ...productConfigMessages,

  // The error catalogue is in errors.ts, its own chunk, but for the email form's own text
  'error.invalid_email': EMAIL_FORMAT_INVALID_MESSAGE,
} as const;
