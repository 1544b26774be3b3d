import { LoginSuccessScreen } from '../LoginSuccessScreen';

/** The success screen as `<SignIn>` shows it (no host event outside a `<SignIn>`). */
export default function LoginSuccessBasicExample() {
  return (
    <LoginSuccessScreen.Provider value={{}}>
      <LoginSuccessScreen.Layout />
    </LoginSuccessScreen.Provider>
  );
}
