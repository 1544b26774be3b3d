import { PasskeyRegistrationStartScreen } from '../PasskeyRegistrationStartScreen';
import { exampleRegistrationStart } from './fixtures';

/** The ceremony is running: both buttons disabled, a spinner in 'Create a Passkey'. */
export default function PasskeyRegistrationStartLoadingExample() {
  return (
    <PasskeyRegistrationStartScreen.Provider value={exampleRegistrationStart({ isPending: true })}>
      <PasskeyRegistrationStartScreen.Layout />
    </PasskeyRegistrationStartScreen.Provider>
  );
}
