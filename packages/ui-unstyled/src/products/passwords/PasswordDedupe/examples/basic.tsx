import { PasswordDedupeScreen } from '../PasswordDedupeScreen';
import { examplePasswordDedupe } from './fixtures';

/** 'Check your email to set a new password!': a reset is required. */
export default function PasswordDedupeBasicExample() {
  return (
    <PasswordDedupeScreen.Provider value={examplePasswordDedupe()}>
      <PasswordDedupeScreen.Layout />
    </PasswordDedupeScreen.Provider>
  );
}
