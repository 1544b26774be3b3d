import { EmailConfirmationScreen } from '../EmailConfirmationScreen';
import { exampleEmailConfirmation } from './fixtures';

/** The passwordless flow while the set-password email is sent. */
export default function EmailConfirmationLoadingExample() {
  return (
    <EmailConfirmationScreen.Provider
      value={exampleEmailConfirmation({ canCreatePassword: true, isCreatingPassword: true })}
    >
      <EmailConfirmationScreen.Layout />
    </EmailConfirmationScreen.Provider>
  );
}
