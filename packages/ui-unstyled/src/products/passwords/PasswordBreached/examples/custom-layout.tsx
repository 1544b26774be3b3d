import { PasswordBreachedScreen } from '../PasswordBreachedScreen';
import { examplePasswordBreached } from './fixtures';

/** A re-arranged PasswordBreached: the title after the description, the back arrow last, labelled as text. */
export default function PasswordBreachedCustomLayoutExample() {
  return (
    <PasswordBreachedScreen.Provider value={examplePasswordBreached()}>
      <PasswordBreachedScreen.Root>
        <PasswordBreachedScreen.Notice />
        <PasswordBreachedScreen.Description />
        <PasswordBreachedScreen.Title />
        <PasswordBreachedScreen.Back>Use another email</PasswordBreachedScreen.Back>
      </PasswordBreachedScreen.Root>
    </PasswordBreachedScreen.Provider>
  );
}
