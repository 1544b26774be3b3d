import { PASSKEY_UNKNOWN_ERROR_MESSAGE } from '@latchkey/hooks';
import { PasskeyLoginForm } from '../../PasskeyLogin';

/**
 * The success screen has no error state of its own: a failed passkey sign-in stays on Main, where the warning
 * banner shows the passkey error.
 */
export default function PasskeyConfirmationErrorExample() {
  return (
    <PasskeyLoginForm.Provider
      value={{
        showButton: true,
        isPending: false,
        warning: { type: 'passkey_unknown_error', message: PASSKEY_UNKNOWN_ERROR_MESSAGE },
        login: () => {},
      }}
    >
      <PasskeyLoginForm.Layout />
    </PasskeyLoginForm.Provider>
  );
}
