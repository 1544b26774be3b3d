import { PasswordResetFormScreen } from '../PasswordResetFormScreen';
import { examplePasswordResetForm } from './fixtures';

/** A login link (`stytch_token_type=login`) being exchanged: 'Logging in...'. */
export default function PasswordResetFormLoadingExample() {
  return (
    <PasswordResetFormScreen.Provider
      value={examplePasswordResetForm({
        view: 'logging-in',
        status: 'logging_in',
        tokenType: 'login',
        isLoggingIn: true,
      })}
    >
      <PasswordResetFormScreen.Layout />
    </PasswordResetFormScreen.Provider>
  );
}
