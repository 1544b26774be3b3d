import { EmailConfirmationScreen } from '../EmailConfirmationScreen';
import { exampleEmailConfirmation } from './fixtures';

/** 'Check your email' after a magic link was sent. */
export default function EmailConfirmationBasicExample() {
  return (
    <EmailConfirmationScreen.Provider value={exampleEmailConfirmation()}>
      <EmailConfirmationScreen.Layout />
    </EmailConfirmationScreen.Provider>
  );
}
