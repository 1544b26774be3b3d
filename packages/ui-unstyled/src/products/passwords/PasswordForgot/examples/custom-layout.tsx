import { PasswordForgotScreen } from '../PasswordForgotScreen';
import { examplePasswordForgot } from './fixtures';

/** A re-arranged PasswordForgot: no back arrow, the two actions side by side under a note of the host's own. */
export default function PasswordForgotCustomLayoutExample() {
  return (
    <PasswordForgotScreen.Provider value={examplePasswordForgot()}>
      <PasswordForgotScreen.Root>
        <PasswordForgotScreen.Title />
        <PasswordForgotScreen.Description />
        <p>Did not get it? Check your spam folder first.</p>
        <div>
          <PasswordForgotScreen.Resend />
          <PasswordForgotScreen.LoginWithoutPassword />
        </div>
        <PasswordForgotScreen.Error />
      </PasswordForgotScreen.Root>
    </PasswordForgotScreen.Provider>
  );
}
