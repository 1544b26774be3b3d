import { CRYPTO_SIGN_ERROR } from '@latchkey/hooks';
import { CryptoErrorScreen } from '../CryptoErrorScreen';

/** The wallet refused to sign the challenge: the same screen (the reason went to the host's `onError`). */
export default function CryptoErrorErrorExample() {
  return (
    <CryptoErrorScreen.Provider
      value={{ error: { type: 'crypto_sign_failed', message: CRYPTO_SIGN_ERROR }, back: () => {} }}
    >
      <CryptoErrorScreen.Layout />
    </CryptoErrorScreen.Provider>
  );
}
