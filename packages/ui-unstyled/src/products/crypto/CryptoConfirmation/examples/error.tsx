import { CryptoErrorScreen } from '../../CryptoError/CryptoErrorScreen';

/** The success screen has no error state of its own: a sign-in the provider refuses ends on CryptoError. */
export default function CryptoConfirmationErrorExample() {
  return (
    <CryptoErrorScreen.Provider
      value={{ error: { type: 'unauthorized_credentials', message: 'Unauthorized credentials.' }, back: () => {} }}
    >
      <CryptoErrorScreen.Layout />
    </CryptoErrorScreen.Provider>
  );
}
