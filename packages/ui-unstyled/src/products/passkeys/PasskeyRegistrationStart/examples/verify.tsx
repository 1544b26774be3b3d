import { exampleVerificationSource } from '../../../totp/SessionVerification/examples/fixtures';
import { PasskeyRegistrationStartScreen } from '../PasskeyRegistrationStartScreen';
import { exampleRegistrationStart } from './fixtures';

/** "Confirm it's you": a code from the authenticator app for this session before the passkey is created. */
export default function PasskeyRegistrationStartVerifyExample() {
  return (
    <PasskeyRegistrationStartScreen.Provider
      value={exampleRegistrationStart({
        verification: exampleVerificationSource(),
      })}
    >
      <PasskeyRegistrationStartScreen.Layout />
    </PasskeyRegistrationStartScreen.Provider>
  );
}
