import { PasskeyRegistrationSuccessScreen } from '../PasskeyRegistrationSuccessScreen';
import { exampleRegistrationSuccess } from './fixtures';

/** A re-arranged success screen: the list under a heading of the host's own, only 'Done' below it. */
export default function PasskeyRegistrationSuccessCustomLayoutExample() {
  const value = exampleRegistrationSuccess();
  return (
    <PasskeyRegistrationSuccessScreen.Provider value={value}>
      <PasskeyRegistrationSuccessScreen.Root>
        <PasskeyRegistrationSuccessScreen.Title />
        <h3>Your devices</h3>
        <PasskeyRegistrationSuccessScreen.List />
        <PasskeyRegistrationSuccessScreen.Actions>
          <button type="button" onClick={value.done}>
            Back to settings
          </button>
        </PasskeyRegistrationSuccessScreen.Actions>
      </PasskeyRegistrationSuccessScreen.Root>
    </PasskeyRegistrationSuccessScreen.Provider>
  );
}
