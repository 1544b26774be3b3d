import { PasswordCreateOrLoginScreen } from '../PasswordCreateOrLoginScreen';
import { examplePasswordCreateOrLogin } from './fixtures';

/** 'Log In': an existing user, with the read-only email, the password, 'Forgot Password?' and Continue. */
export default function PasswordCreateOrLoginBasicExample() {
  return (
    <PasswordCreateOrLoginScreen.Provider value={examplePasswordCreateOrLogin({ password: 'hunter2 hunter2' })}>
      <PasswordCreateOrLoginScreen.Layout />
    </PasswordCreateOrLoginScreen.Provider>
  );
}
