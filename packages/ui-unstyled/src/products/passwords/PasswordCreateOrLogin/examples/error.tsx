import { PasswordCreateOrLoginScreen } from '../PasswordCreateOrLoginScreen';
import { examplePasswordCreateOrLogin } from './fixtures';

/** A wrong password: the provider's refusal under the field. */
export default function PasswordCreateOrLoginErrorExample() {
  return (
    <PasswordCreateOrLoginScreen.Provider
      value={examplePasswordCreateOrLogin({
        password: 'not my password',
        error: { type: 'unauthorized_credentials', message: 'Unauthorized credentials.', status: 401 },
      })}
    >
      <PasswordCreateOrLoginScreen.Layout />
    </PasswordCreateOrLoginScreen.Provider>
  );
}
