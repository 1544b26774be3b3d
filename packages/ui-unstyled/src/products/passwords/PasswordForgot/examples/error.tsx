import { PasswordForgotScreen } from '../PasswordForgotScreen';
import { examplePasswordForgot } from './fixtures';

/** The resend was refused (too many emails). */
export default function PasswordForgotErrorExample() {
  return (
    <PasswordForgotScreen.Provider
      value={examplePasswordForgot({
        error: { type: 'too_many_requests', message: 'Too many requests have been made. Please wait and try again.' },
      })}
    >
      <PasswordForgotScreen.Layout />
    </PasswordForgotScreen.Provider>
  );
}
