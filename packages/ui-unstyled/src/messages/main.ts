/**
 * The texts of the main sign-in screens (Main, the email and phone forms, method tabs, EmailConfirmation, the
 * passcode screens, the success and error screens, the watermark, the configuration errors) and the error
 * catalogue of spec §8 under `error.<error_type>`. Wording is the specification's, verbatim.
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
  'emailForm.invalidOtpEmail': 'Invalid email address.',
  'emailForm.invalidEmail': 'Email format is invalid.',

  // Phone form (sms and whatsapp passcodes)
  'phoneForm.label': 'Phone number',
  'phoneForm.placeholder': '(201) 555-0123',
  'phoneForm.country': 'Country',
  'phoneForm.countryOption': '{name} (+{dialCode})',
  'phoneForm.submit': 'Continue',
  'phoneForm.sending': 'Sending',
  'phoneForm.invalidPhoneNumber': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',

  // Email confirmation
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.description': 'An email was sent to {email}.',
  'emailConfirmation.openGmail': 'Open in Gmail',
  'emailConfirmation.openYahoo': 'Open in Yahoo',
  'emailConfirmation.openOutlook': 'Open in Outlook',
  'emailConfirmation.tryAgain': 'Try again',
  'emailConfirmation.createPassword': 'Create a password instead',

  // Passcode entry
  'otp.title': 'Enter passcode',
  'otp.instruction': 'A 6-digit passcode was sent to you at {destination}.',
  'otp.codeLabel': 'Passcode',
  'otp.digitLabel': 'Digit {index} of {count}',
  'otp.expiresIn': 'Your code expires in {time}.',
  'otp.expired': 'Your code has expired.',
  'otp.didntGetIt': "Didn't get it?",
  'otp.resend': 'Resend code',
  'otp.resent': 'Code sent',
  'otp.verifying': 'Verifying passcode...',

  // Success screens
  'otpConfirmation.title': 'Success!',
  'otpConfirmation.description': 'Your passcode has been successfully verified.',
  'loginSuccess.title': 'Success!',
  'loginSuccess.description': 'You have successfully logged in.',

  // Error screen
  'errorScreen.title': 'Looks like there was an error!',

  // Watermark
  'watermark.poweredBy': 'Powered by',
  'watermark.name': 'Latchkey',

  // Configuration errors (spec §2)
  'config.emlAndEmailOtp': 'Error: Cannot use both EML and Email OTP',
  'config.passkeysAlone': 'Error: Cannot use Passkeys by itself, please add another product to the config.',

  // The error catalogue (spec §8), by error_type
  'error.invalid_email': 'Email format is invalid.',
  'error.invalid_phone_number': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'error.unsubscribed_phone_number': "Phone number is unsubscribed; resubscribe by texting 'START'.",
  'error.inactive_email':
    'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  'error.unauthorized_credentials': 'Unauthorized credentials.',
  'error.user_unauthenticated': 'Must have an active session to call this method. Have you logged in yet?',
  'error.email_not_found': 'Email not found.',
  'error.unable_to_auth_magic_link':
    'The magic link could not be authenticated because it was either already used or expired.',
  'error.no_user_password': 'Password not found for this user. Please try again.',
  'error.breached_password': 'Password appears in the list of breached passwords and must be reset.',
  'error.reset_password': 'Password must be reset.',
  'error.oauth_token_not_found': 'OAuth Token could not be found.',
  'error.invalid_code': 'Code format is invalid, please try again.',
  'error.member_password_not_found': 'Member password not found.',
  'error.oauth_flow_callback_error': 'An error was encountered in the callback of the OAuth flow. Please try again.',
  'error.unauthorized_action': 'Unauthorized action.',
  'error.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'error.invalid_session_token': 'Invalid session token.',
  'error.session_not_found': 'Session not found.',
  'error.invalid_phone_number_country_code': "The phone number's country code is invalid, unsupported, or disabled.",
  'error.otp_code_not_found': 'Invalid passcode, please try again.',
  'error.duplicate_member_phone_number':
    'A member with the specified phone number already exists for this organization.',
} as const;
