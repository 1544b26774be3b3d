import { PasswordSetNewScreen } from '../PasswordSetNewScreen';
import { examplePasswordSetNew } from './fixtures';

/**
 * The screen has no error state of its own (a failed email never reaches it: the screen before shows the error);
 * this shows it with a long address, the case most likely to break a layout.
 */
export default function PasswordSetNewErrorExample() {
  return (
    <PasswordSetNewScreen.Provider
      value={examplePasswordSetNew({ email: 'a.very.long.address.for.testing.wrapping@subdomain.example.com' })}
    >
      <PasswordSetNewScreen.Layout />
    </PasswordSetNewScreen.Provider>
  );
}
