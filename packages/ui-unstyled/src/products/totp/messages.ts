import {
  TOTP_ALREADY_ENROLLED_MESSAGE,
  TOTP_INVALID_CODE_MESSAGE,
  TOTP_INVALID_RECOVERY_CODE_MESSAGE,
  TOTP_NO_USER_MESSAGE,
  TOTP_NOT_FOUND_MESSAGE,
  TOTP_QR_UNAVAILABLE_MESSAGE,
  TOTP_RECOVERY_CODE_REFUSED_MESSAGE,
  TOTP_SIGN_IN_EXPIRED_MESSAGE,
} from '@latchkey/hooks';

/**
 * The texts of the authenticator-app (TOTP) screens: the second step of a multi-factor sign-in, recovery-code entry,
 * and enrolment with its recovery codes. The specification names these screens without content: the wording is
 * ours, in the voice of the other screens. Texts the hooks also use are their constants (one copy in the bundle).
 */
export const totpMessages = {
  // Second step of the sign-in: the authenticator app's code
  'totp.title': 'Enter verification code',
  'totp.instruction': 'Enter the 6-digit code from your authenticator app.',
  'totp.codeLabel': 'Verification code',
  'totp.digitLabel': 'Digit {index} of {count}',
  'totp.verifying': 'Verifying code...',
  'totp.useRecoveryCode': 'Use a recovery code',
  // … or a passkey (a user whose only second factor is a passkey sees these title and instruction)
  'totp.passkeyTitle': "Confirm it's you",
  'totp.passkeyInstruction': 'Use your passkey to finish signing in.',
  'totp.usePasskey': 'Use a passkey',
  'totp.passkeyPending': 'Waiting for your passkey...',

  // Second step of the sign-in: a recovery code
  'totpRecovery.title': 'Enter a recovery code',
  'totpRecovery.instruction': 'Enter one of the recovery codes you saved when you set up your authenticator app.',
  'totpRecovery.label': 'Recovery code',
  'totpRecovery.placeholder': 'xxxx-xxxx-xxxx-xxxx',
  'totpRecovery.submit': 'Continue',
  'totpRecovery.submitting': 'Verifying',
  'totpRecovery.useApp': 'Use your authenticator app instead',

  // Enrolment
  'totpEnrollment.title': 'Set up an authenticator app',
  'totpEnrollment.description':
    'Protect your account with a second step at sign-in: a code from an authenticator app on your phone.',
  'totpEnrollment.start': 'Set up authenticator app',
  'totpEnrollment.starting': 'Setting up',
  'totpEnrollment.scanTitle': 'Scan the QR code',
  'totpEnrollment.scanInstruction': 'Scan this QR code with your authenticator app, then enter the code it shows.',
  'totpEnrollment.qrAlt': 'QR code to scan with your authenticator app',
  'totpEnrollment.qrUnavailable': TOTP_QR_UNAVAILABLE_MESSAGE,
  'totpEnrollment.manualKeyLabel': "Can't scan it? Enter this key in your app:",
  'totpEnrollment.copyKey': 'Copy key',
  'totpEnrollment.copied': 'Copied',
  'totpEnrollment.openInApp': 'Open in authenticator app',
  'totpEnrollment.codeLabel': 'Code from your app',
  'totpEnrollment.verify': 'Verify',
  'totpEnrollment.verifying': 'Verifying',
  'totpEnrollment.alreadyEnrolled': 'An authenticator app is set up for this account.',
  'totpEnrollment.doneTitle': 'Authenticator app set up',
  'totpEnrollment.doneDescription': 'From now on, signing in asks for a code from your authenticator app.',
  'totpEnrollment.regenerate': 'Regenerate recovery codes',
  'totpEnrollment.remove': 'Remove authenticator app',
  'totpEnrollment.removeWarning':
    'Remove the authenticator app? Signing in will no longer ask for its codes, and your recovery codes will stop working.',
  'totpEnrollment.removeConfirm': 'Remove',
  'totpEnrollment.removeCancel': 'Cancel',
  // Before removing the app or new recovery codes, when the session never gave a code (it signed in without one)
  'totpEnrollment.verifyTitle': "Confirm it's you",
  'totpEnrollment.verifyDescription': 'Enter a code from your authenticator app to continue.',
  'totpEnrollment.verifySubmit': 'Continue',
  // … when a passkey can prove the session too (its button: 'totp.usePasskey'), or only a passkey can
  'totpEnrollment.verifyCodeOrPasskeyDescription':
    'Enter a code from your authenticator app, or use a passkey, to continue.',
  'totpEnrollment.verifyPasskeyDescription': 'Use one of your passkeys to continue.',

  // Recovery codes to save
  'totpRecoveryCodes.title': 'Save your recovery codes',
  'totpRecoveryCodes.description':
    'If you lose access to your authenticator app, you can sign in with one of these codes. Each code works once. Keep them somewhere safe: they will not be shown again.',
  'totpRecoveryCodes.listLabel': 'Recovery codes',
  'totpRecoveryCodes.copy': 'Copy codes',
  'totpRecoveryCodes.copied': 'Copied',
  'totpRecoveryCodes.download': 'Download codes',
  'totpRecoveryCodes.confirm': 'I have saved these codes',
  'totpRecoveryCodes.continue': 'Continue',

  // Their errors, by error type (a wrong code and the lockout keep the error catalogue's texts)
  'error.invalid_totp_code': TOTP_INVALID_CODE_MESSAGE,
  'error.invalid_recovery_code': TOTP_INVALID_RECOVERY_CODE_MESSAGE,
  'error.recovery_code_not_found': TOTP_RECOVERY_CODE_REFUSED_MESSAGE,
  'error.intermediate_session_not_found': TOTP_SIGN_IN_EXPIRED_MESSAGE,
  'error.totp_no_user': TOTP_NO_USER_MESSAGE,
  'error.active_totp_exists': TOTP_ALREADY_ENROLLED_MESSAGE,
  'error.totp_not_found': TOTP_NOT_FOUND_MESSAGE,
} as const;
