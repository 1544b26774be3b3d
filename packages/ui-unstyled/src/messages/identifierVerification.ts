/**
 * The texts of the address verification an enrolment refused with `identifier_not_verified` leads to
 * (products/otp/IdentifierVerification.tsx): they travel with the TOTP and passkey chunks that show it.
 */
export const identifierVerificationMessages = {
  'identifierVerification.instruction': 'Prove that {identifier} is yours first: we will send it a 6-digit passcode.',
  'identifierVerification.send': 'Send passcode',
  'identifierVerification.sending': 'Sending',
  'identifierVerification.resend': 'Send a new passcode',
  'identifierVerification.codeInstruction': 'Enter the 6-digit passcode sent to {identifier}.',
  'identifierVerification.codeLabel': 'Passcode',
  'identifierVerification.digitLabel': 'Digit {index} of {count}',
  'identifierVerification.verifying': 'Verifying passcode...',
  'identifierVerification.verified': '{identifier} is verified.',
} as const;
