import { PasswordSetNewScreen } from '../PasswordSetNewScreen';
import { examplePasswordSetNew } from './fixtures';

/** The screen has no loading state (the email was sent before it shows); this is it before the email is known. */
export default function PasswordSetNewLoadingExample() {
  return (
    <PasswordSetNewScreen.Provider value={examplePasswordSetNew({ email: '' })}>
      <PasswordSetNewScreen.Layout />
    </PasswordSetNewScreen.Provider>
  );
}
