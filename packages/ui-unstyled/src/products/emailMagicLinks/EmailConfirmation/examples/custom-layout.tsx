import { EmailConfirmationScreen } from '../EmailConfirmationScreen';
import { exampleEmailConfirmation } from './fixtures';

/** A re-arranged EmailConfirmation: only Gmail, and 'Try again' worded as a question. */
export default function EmailConfirmationCustomLayoutExample() {
  return (
    <EmailConfirmationScreen.Provider value={exampleEmailConfirmation()}>
      <EmailConfirmationScreen.Root>
        <EmailConfirmationScreen.Title />
        <EmailConfirmationScreen.Link provider="gmail" />
        <EmailConfirmationScreen.Description />
        <p>
          Wrong address? <EmailConfirmationScreen.TryAgain>Use another email</EmailConfirmationScreen.TryAgain>
        </p>
      </EmailConfirmationScreen.Root>
    </EmailConfirmationScreen.Provider>
  );
}
