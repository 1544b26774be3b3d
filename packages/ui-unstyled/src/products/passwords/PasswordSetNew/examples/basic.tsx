import { PasswordSetNewScreen } from '../PasswordSetNewScreen';
import { examplePasswordSetNew } from './fixtures';

/** 'Check your email!' after 'Create a password instead'. */
export default function PasswordSetNewBasicExample() {
  return (
    <PasswordSetNewScreen.Provider value={examplePasswordSetNew()}>
      <PasswordSetNewScreen.Layout />
    </PasswordSetNewScreen.Provider>
  );
}
