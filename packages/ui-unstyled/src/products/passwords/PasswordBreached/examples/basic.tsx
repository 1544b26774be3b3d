import { PasswordBreachedScreen } from '../PasswordBreachedScreen';
import { examplePasswordBreached } from './fixtures';

/** 'Check your email to set a new password' with the breached notice. */
export default function PasswordBreachedBasicExample() {
  return (
    <PasswordBreachedScreen.Provider value={examplePasswordBreached()}>
      <PasswordBreachedScreen.Layout />
    </PasswordBreachedScreen.Provider>
  );
}
