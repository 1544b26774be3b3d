import { PasswordSetNewScreen } from '../PasswordSetNewScreen';
import { examplePasswordSetNew } from './fixtures';

/** A re-arranged PasswordSetNew: the title after the description, the back arrow last, labelled as text. */
export default function PasswordSetNewCustomLayoutExample() {
  return (
    <PasswordSetNewScreen.Provider value={examplePasswordSetNew()}>
      <PasswordSetNewScreen.Root>
        <PasswordSetNewScreen.Description />
        <PasswordSetNewScreen.Title />
        <PasswordSetNewScreen.Back>Use another email</PasswordSetNewScreen.Back>
      </PasswordSetNewScreen.Root>
    </PasswordSetNewScreen.Provider>
  );
}
