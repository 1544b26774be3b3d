import { CRYPTO_SIGN_ERROR } from '@latchkey/hooks';
import { CryptoErrorScreen } from '../../CryptoError/CryptoErrorScreen';

/** Signing has no error state of its own: a refused signature, or a signature the provider rejects, goes to CryptoError. */
export default function CryptoSignMessageErrorExample() {
  return (
    <CryptoErrorScreen.Provider
      value={{ error: { type: 'crypto_sign_failed', message: CRYPTO_SIGN_ERROR }, back: () => {} }}
    >
      <CryptoErrorScreen.Layout />
    </CryptoErrorScreen.Provider>
  );
}
