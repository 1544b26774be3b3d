import { PasswordDedupeScreen } from '../PasswordDedupeScreen';
import { examplePasswordDedupe } from './fixtures';

/** A re-arranged PasswordDedupe: the title after the description, the back arrow last, labelled as text. */
export default function PasswordDedupeCustomLayoutExample() {
  return (
    <PasswordDedupeScreen.Provider value={examplePasswordDedupe()}>
      <PasswordDedupeScreen.Root>
        <PasswordDedupeScreen.Description />
        <PasswordDedupeScreen.Title />
        <PasswordDedupeScreen.Back>Use another email</PasswordDedupeScreen.Back>
      </PasswordDedupeScreen.Root>
    </PasswordDedupeScreen.Provider>
  );
}
