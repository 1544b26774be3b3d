import { PasskeyRegistrationStartScreen } from '../PasskeyRegistrationStartScreen';
import { exampleRegistrationStart } from './fixtures';

/** "Confirm it's you": a code from the authenticator app for this session before the passkey is created. */
export default function PasskeyRegistrationStartVerifyExample() {
  return (
    <PasskeyRegistrationStartScreen.Provider
      value={exampleRegistrationStart({
        verification: {
          error: null,
          isVerifying: false,
          verifyAndRetry: async () => false,
          recoverAndRetry: async () => false,
          cancelVerification: () => {},
        },
      })}
    >
      <PasskeyRegistrationStartScreen.Layout />
    </PasskeyRegistrationStartScreen.Provider>
  );
}
