import { PasswordBreachedScreen } from '../PasswordBreachedScreen';
import { examplePasswordBreached } from './fixtures';

/** The screen has no loading state (the email was sent before it shows); this is it before the email is known. */
export default function PasswordBreachedLoadingExample() {
  return (
    <PasswordBreachedScreen.Provider value={examplePasswordBreached({ email: '' })}>
      <PasswordBreachedScreen.Layout />
    </PasswordBreachedScreen.Provider>
  );
}
