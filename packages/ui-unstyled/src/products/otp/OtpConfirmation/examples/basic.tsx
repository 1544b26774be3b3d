import { OtpConfirmationScreen } from '../OtpConfirmationScreen';

/** The success screen as `<SignIn>` shows it (no host event outside a `<SignIn>`). */
export default function OtpConfirmationBasicExample() {
  return (
    <OtpConfirmationScreen.Provider value={{}}>
      <OtpConfirmationScreen.Layout />
    </OtpConfirmationScreen.Provider>
  );
}
