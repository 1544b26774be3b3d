import { PasskeyRegistrationSuccessScreen } from '../PasskeyRegistrationSuccessScreen';
import { exampleRegistrationSuccess } from './fixtures';

/** 'Passkey successfully created!' with two existing passkeys, 'Set up another Passkey' and 'Done'. */
export default function PasskeyRegistrationSuccessBasicExample() {
  return (
    <PasskeyRegistrationSuccessScreen.Provider value={exampleRegistrationSuccess()}>
      <PasskeyRegistrationSuccessScreen.Layout />
    </PasskeyRegistrationSuccessScreen.Provider>
  );
}
