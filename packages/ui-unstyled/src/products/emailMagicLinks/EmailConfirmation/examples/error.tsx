import { EmailConfirmationScreen } from '../EmailConfirmationScreen';
import { exampleEmailConfirmation } from './fixtures';

/** The passwordless flow after the set-password email failed. */
export default function EmailConfirmationErrorExample() {
  return (
    <EmailConfirmationScreen.Provider
      value={exampleEmailConfirmation({
        canCreatePassword: true,
        error: { type: 'too_many_requests', message: 'Too many requests have been made. Please wait and try again.' },
      })}
    >
      <EmailConfirmationScreen.Layout />
    </EmailConfirmationScreen.Provider>
  );
}
