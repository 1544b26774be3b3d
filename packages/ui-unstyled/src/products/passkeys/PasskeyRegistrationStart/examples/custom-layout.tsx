import { PasskeyRegistrationStartScreen } from '../PasskeyRegistrationStartScreen';
import { exampleRegistrationStart } from './fixtures';

/** A re-arranged start screen: a line of the host's own, 'Skip' reworded as a link-style button. */
export default function PasskeyRegistrationStartCustomLayoutExample() {
  return (
    <PasskeyRegistrationStartScreen.Provider value={exampleRegistrationStart()}>
      <PasskeyRegistrationStartScreen.Root>
        <PasskeyRegistrationStartScreen.Title />
        <p>Sign in next time with your fingerprint or face.</p>
        <PasskeyRegistrationStartScreen.Create />
        <PasskeyRegistrationStartScreen.Skip>Not now</PasskeyRegistrationStartScreen.Skip>
        <PasskeyRegistrationStartScreen.Error />
      </PasskeyRegistrationStartScreen.Root>
    </PasskeyRegistrationStartScreen.Provider>
  );
}
