import { PASSKEY_NOT_CREATED_MESSAGE } from '@latchkey/hooks';
import { PasskeyRegistrationStartScreen } from '../PasskeyRegistrationStartScreen';
import { exampleRegistrationStart } from './fixtures';

/** The authenticator refused: 'Your Passkey was not created. …', the buttons ready to try again or skip. */
export default function PasskeyRegistrationStartErrorExample() {
  return (
    <PasskeyRegistrationStartScreen.Provider
      value={exampleRegistrationStart({ error: { type: 'passkey_not_created', message: PASSKEY_NOT_CREATED_MESSAGE } })}
    >
      <PasskeyRegistrationStartScreen.Layout />
    </PasskeyRegistrationStartScreen.Provider>
  );
}
