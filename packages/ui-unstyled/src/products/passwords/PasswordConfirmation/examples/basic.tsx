import { PasswordConfirmationScreen } from '../PasswordConfirmationScreen';

/** The success screen after a password login (no host event outside a `<SignIn>`). */
export default function PasswordConfirmationBasicExample() {
  return (
    <PasswordConfirmationScreen.Provider value={{}}>
      <PasswordConfirmationScreen.Layout />
    </PasswordConfirmationScreen.Provider>
  );
}
