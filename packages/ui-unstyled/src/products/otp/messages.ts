import { OTP_INVALID_EMAIL_MESSAGE } from '@latchkey/hooks';

/**
 * The texts of the passcode product (the phone form, the passcode and success screens), in its chunk. Wording is
 * the specification's, verbatim.
 */
export const otpMessages = {
  // Email passcode form
  'emailForm.invalidOtpEmail': OTP_INVALID_EMAIL_MESSAGE,

  // Phone form (sms and whatsapp passcodes)
  'phoneForm.label': 'Phone number',
  'phoneForm.placeholder': '(201) 555-0123',
  'phoneForm.country': 'Country',
  'phoneForm.countryOption': '{name} (+{dialCode})',
  'phoneForm.submit': 'Continue',
  'phoneForm.sending': 'Sending',
  'phoneForm.invalidPhoneNumber': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',

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
  // The passcode that proves a new address right after a password sign-up
  'otp.verifyTitle': 'Verify your email address',
  'otp.verifyInstruction': 'To finish creating your account, enter the 6-digit passcode we sent to {destination}.',

  // Success screen
  'otpConfirmation.title': 'Success!',
  'otpConfirmation.description': 'Your passcode has been successfully verified.',

  // Its errors, by error_type
  'error.invalid_phone_number': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'error.unsubscribed_phone_number': "Phone number is unsubscribed; resubscribe by texting 'START'.",
  'error.invalid_code': 'Code format is invalid, please try again.',
  'error.invalid_phone_number_country_code': "The phone number's country code is invalid, unsupported, or disabled.",
  'error.duplicate_member_phone_number':
    'A member with the specified phone number already exists for this organization.',
} as const;
