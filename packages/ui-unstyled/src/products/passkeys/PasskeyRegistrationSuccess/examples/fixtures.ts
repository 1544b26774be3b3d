import type { UsePasskeyRegistrationSuccessScreenReturn } from '../usePasskeyRegistrationSuccessScreen';

const noop = () => {};
const passkey = { domain: 'example.com', user_agent: 'Mozilla/5.0', authenticator_type: 'platform', verified: true };

/** A PasskeyRegistrationSuccess state for the examples (two passkeys), with `overrides` applied. */
export function exampleRegistrationSuccess(
  overrides: Partial<UsePasskeyRegistrationSuccessScreenReturn> = {},
): UsePasskeyRegistrationSuccessScreenReturn {
  return {
    passkeys: [
      {
        ...passkey,
        webauthn_registration_id: 'webauthn-registration-test-1',
        name: 'MacBook Touch ID',
        created_at: '2026-03-02T09:30:00.000Z',
      },
      {
        ...passkey,
        webauthn_registration_id: 'webauthn-registration-test-2',
        name: 'Phone',
        created_at: '2026-11-20T18:05:00.000Z',
      },
    ],
    isCreated: true,
    isEmpty: false,
    formatCreated: (item) =>
      item.created_at === undefined
        ? null
        : new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(item.created_at)),
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
    verification: null,
    ...overrides,
  };
}
