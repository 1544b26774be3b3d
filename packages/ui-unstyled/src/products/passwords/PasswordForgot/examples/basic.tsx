import { PasswordForgotScreen } from '../PasswordForgotScreen';
import { examplePasswordForgot } from './fixtures';

/** 'Forgot password?' after the reset link was sent. */
export default function PasswordForgotBasicExample() {
  return (
    <PasswordForgotScreen.Provider value={examplePasswordForgot()}>
      <PasswordForgotScreen.Layout />
    </PasswordForgotScreen.Provider>
  );
}
