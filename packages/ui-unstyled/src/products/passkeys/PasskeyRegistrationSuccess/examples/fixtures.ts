import type { UsePasskeyRegistrationSuccessScreenReturn } from '../usePasskeyRegistrationSuccessScreen';

const noop = () => {};
const passkey = { domain: 'example.com', user_agent: 'Mozilla/5.0', authenticator_type: 'platform', verified: true };

/** A PasskeyRegistrationSuccess state for the examples (two passkeys), with `overrides` applied. */
export function exampleRegistrationSuccess(
  overrides: Partial<UsePasskeyRegistrationSuccessScreenReturn> = {},
): UsePasskeyRegistrationSuccessScreenReturn {
  return {
    passkeys: [
      { ...passkey, webauthn_registration_id: 'webauthn-registration-test-1', name: 'MacBook Touch ID' },
      { ...passkey, webauthn_registration_id: 'webauthn-registration-test-2', name: 'Phone' },
    ],
    editingId: null,
    isRenaming: false,
    pendingDeleteId: null,
    warning: null,
    startRename: noop,
    cancelRename: noop,
    rename: noop,
    requestDelete: noop,
    cancelDelete: noop,
    confirmDelete: noop,
    setUpAnother: noop,
    done: noop,
    ...overrides,
  };
}
