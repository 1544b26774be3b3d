import { PasskeyRegistrationSuccessScreen } from '../PasskeyRegistrationSuccessScreen';
import { exampleRegistrationSuccess } from './fixtures';

/**
 * A delete waiting for confirmation: only 'Delete' and 'Cancel' show, with the warning 'Once deleted, the passkey
 * cannot be restored.' (rename and delete failures themselves show as error toasts).
 */
export default function PasskeyRegistrationSuccessErrorExample() {
  return (
    <PasskeyRegistrationSuccessScreen.Provider
      value={exampleRegistrationSuccess({
        pendingDeleteId: 'webauthn-registration-test-2',
        warning: 'Once deleted, the passkey cannot be restored.',
      })}
    >
      <PasskeyRegistrationSuccessScreen.Layout />
    </PasskeyRegistrationSuccessScreen.Provider>
  );
}
