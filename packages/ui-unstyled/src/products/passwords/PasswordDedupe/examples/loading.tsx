import { PasswordDedupeScreen } from '../PasswordDedupeScreen';
import { examplePasswordDedupe } from './fixtures';

/** The screen has no loading state (the email was sent before it shows); this is it before the email is known. */
export default function PasswordDedupeLoadingExample() {
  return (
    <PasswordDedupeScreen.Provider value={examplePasswordDedupe({ email: '' })}>
      <PasswordDedupeScreen.Layout />
    </PasswordDedupeScreen.Provider>
  );
}
