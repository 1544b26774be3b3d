import { PasswordForgotScreen } from '../PasswordForgotScreen';
import { examplePasswordForgot } from './fixtures';

/** 'Resend email' while the email goes out. */
export default function PasswordForgotLoadingExample() {
  return (
    <PasswordForgotScreen.Provider value={examplePasswordForgot({ resendStatus: 'sending' })}>
      <PasswordForgotScreen.Layout />
    </PasswordForgotScreen.Provider>
  );
}
