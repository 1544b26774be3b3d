import { PasskeyRegistrationStartScreen } from '../PasskeyRegistrationStartScreen';
import { exampleRegistrationStart } from './fixtures';

/** 'Set up a new Passkey' with 'Create a Passkey' and 'Skip'. */
export default function PasskeyRegistrationStartBasicExample() {
  return (
    <PasskeyRegistrationStartScreen.Provider value={exampleRegistrationStart()}>
      <PasskeyRegistrationStartScreen.Layout />
    </PasskeyRegistrationStartScreen.Provider>
  );
}
