import { PasskeyRegistrationSuccessScreen } from '../PasskeyRegistrationSuccessScreen';
import { exampleRegistrationSuccess } from './fixtures';

/** A passkey being renamed inline: 'Set up another Passkey' and 'Done' are disabled meanwhile. */
export default function PasskeyRegistrationSuccessLoadingExample() {
  return (
    <PasskeyRegistrationSuccessScreen.Provider
      value={exampleRegistrationSuccess({ editingId: 'webauthn-registration-test-1', isRenaming: true })}
    >
      <PasskeyRegistrationSuccessScreen.Layout />
    </PasskeyRegistrationSuccessScreen.Provider>
  );
}
