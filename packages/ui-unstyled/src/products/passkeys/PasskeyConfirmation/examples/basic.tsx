import { PasskeyConfirmationScreen } from '../PasskeyConfirmationScreen';

/** The success screen as `<SignIn>` shows it (no host event outside a `<SignIn>`). */
export default function PasskeyConfirmationBasicExample() {
  return (
    <PasskeyConfirmationScreen.Provider value={{}}>
      <PasskeyConfirmationScreen.Layout />
    </PasskeyConfirmationScreen.Provider>
  );
}
