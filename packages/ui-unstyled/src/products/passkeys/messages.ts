import {
  PASSKEY_DELETE_WARNING,
  PASSKEY_DUPLICATE_MESSAGE,
  PASSKEY_NO_USER_MESSAGE,
  PASSKEY_NOT_CREATED_MESSAGE,
  PASSKEY_NOT_FOUND_MESSAGE,
  PASSKEY_UNKNOWN_ERROR_MESSAGE,
} from '@latchkey/hooks';

/**
 * The texts of the passkey product (Main's 'Login with a Passkey' and warning banner, PasskeyConfirmation,
 * PasskeyRegistrationStart, PasskeyRegistrationSuccess), in its chunk. Wording is the specification's, verbatim.
 */
export const passkeyMessages = {
  // Main screen
  'passkeyLogin.button': 'Login with a Passkey',

  // PasskeyConfirmation
  'passkeyConfirmation.title': 'Success!',
  'passkeyConfirmation.description': 'Your Passkey has been successfully authenticated.',

  // PasskeyRegistrationStart
  'passkeyRegistrationStart.title': 'Set up a new Passkey',
  'passkeyRegistrationStart.create': 'Create a Passkey',
  'passkeyRegistrationStart.skip': 'Skip',
  'passkeyRegistrationStart.identifierVerified': '{identifier} is verified. Create your passkey now.',

  // PasskeyRegistrationSuccess
  'passkeyRegistrationSuccess.title': 'Passkey successfully created!',
  'passkeyRegistrationSuccess.existing': 'Existing Passkeys',
  // Ours (the spec has no text for them): a list with no passkey, and each passkey's creation date
  'passkeyRegistrationSuccess.empty': 'You have no passkeys yet.',
  'passkeyRegistrationSuccess.created': 'Created {date}',
  'passkeyRegistrationSuccess.rename': 'Rename',
  'passkeyRegistrationSuccess.renameLabel': 'Rename {name}',
  'passkeyRegistrationSuccess.nameLabel': 'Passkey name',
  'passkeyRegistrationSuccess.save': 'Save',
  'passkeyRegistrationSuccess.delete': 'Delete',
  'passkeyRegistrationSuccess.deleteLabel': 'Delete {name}',
  'passkeyRegistrationSuccess.cancel': 'Cancel',
  'passkeyRegistrationSuccess.warning': PASSKEY_DELETE_WARNING,
  'passkeyRegistrationSuccess.setUpAnother': 'Set up another Passkey',
  'passkeyRegistrationSuccess.done': 'Done',

  // Its errors, by the error type the passkey hooks report
  'error.duplicate_webauthn_registration': PASSKEY_DUPLICATE_MESSAGE,
  'error.passkey_not_created': PASSKEY_NOT_CREATED_MESSAGE,
  'error.passkey_unknown_error': PASSKEY_UNKNOWN_ERROR_MESSAGE,
  'error.webauthn_registration_not_found': PASSKEY_NOT_FOUND_MESSAGE,
  'error.passkey_no_user': PASSKEY_NO_USER_MESSAGE,
} as const;
