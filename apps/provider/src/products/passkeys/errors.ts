import type { ErrorCatalogue } from '../descriptor';

/** Passkeys' (WebAuthn) error types. The two texts the widget shows for them are the widget specification's. */
export const passkeysErrors = {
  duplicate_webauthn_registration: {
    status: 409,
    message:
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  },
  webauthn_registration_not_found: {
    status: 404,
    message:
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  },
  invalid_public_key_credential: {
    status: 400,
    message: 'Invalid public key credential: pass the JSON text of the credential the browser returned.',
  },
  invalid_webauthn_domain: {
    status: 400,
    message: "The domain is not one of the project's WebAuthn relying-party ids.",
  },
  unable_to_register_webauthn: {
    status: 400,
    message: 'The passkey could not be registered. Start the registration again.',
  },
  unable_to_auth_webauthn_registration: {
    status: 401,
    message: 'The passkey could not be authenticated. Please try again.',
  },
} as const satisfies ErrorCatalogue;
