import { CRYPTO_CONNECT_ERROR } from '@latchkey/hooks';
import { CryptoErrorScreen } from '../CryptoErrorScreen';

/** The wallet refused to connect (the user closed its pop-up). */
export default function CryptoErrorBasicExample() {
  return (
    <CryptoErrorScreen.Provider
      value={{ error: { type: 'crypto_connect_failed', message: CRYPTO_CONNECT_ERROR }, back: () => {} }}
    >
      <CryptoErrorScreen.Layout />
    </CryptoErrorScreen.Provider>
  );
}
