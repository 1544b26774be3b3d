import { CryptoConfirmationScreen } from '../CryptoConfirmationScreen';

/** The success screen as `<SignIn>` shows it (no host event outside a `<SignIn>`). */
export default function CryptoConfirmationBasicExample() {
  return (
    <CryptoConfirmationScreen.Provider value={{}}>
      <CryptoConfirmationScreen.Layout />
    </CryptoConfirmationScreen.Provider>
  );
}
