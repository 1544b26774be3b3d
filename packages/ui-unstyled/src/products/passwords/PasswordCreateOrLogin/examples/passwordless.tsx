import { PasswordCreateOrLoginScreen } from '../PasswordCreateOrLoginScreen';
import { examplePasswordCreateOrLogin } from './fixtures';

/** A user without a password: the automatic login email is going out; 'Create a password instead'. */
export default function PasswordCreateOrLoginPasswordlessExample() {
  return (
    <PasswordCreateOrLoginScreen.Provider value={examplePasswordCreateOrLogin({ variant: 'passwordless' })}>
      <PasswordCreateOrLoginScreen.Layout />
    </PasswordCreateOrLoginScreen.Provider>
  );
}
